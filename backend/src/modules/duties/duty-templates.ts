import type { DutyTemplateDto, DutyTemplateDutyDto, DutyTemplateKey } from './dto/duty-template.dto';
import type { DutyEligibility } from './entities/duty.entity';

const EVERY_WEEKDAY = [1, 2, 3, 4, 5];

/** A template duty: its minutes are its weight. */
function duty(
  name: string,
  place: string,
  startTime: string,
  endTime: string,
  people: number,
  description: string,
  options: { weekdays?: number[]; eligible?: DutyEligibility } = {},
): DutyTemplateDutyDto {
  return {
    name,
    place,
    description,
    startTime,
    endTime,
    weekdays: (options.weekdays ?? EVERY_WEEKDAY).map((weekday) => ({ weekday, people })),
    eligible: options.eligible ?? 'everyone',
    weight: minutesBetween(startTime, endTime),
    pairsTeaching: false,
  };
}

/** Minutes from `start` to `end`, both `HH:mm`. */
export function minutesBetween(start: string, end: string): number {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return minutes(end) - minutes(start);
}

const lunch = (sitting: 1 | 2, place: string, people: number, description: string, eligible?: DutyEligibility) =>
  duty(`Lunch ${sitting} — ${place}`, place, sitting === 1 ? '12:20' : '12:55', sitting === 1 ? '12:55' : '13:30', people, description, { eligible });

/**
 * The duties a school can start from (docs/product.md#duties), besides the Duty Manager duty it
 * has: a primary school's and a secondary school's usual posts, each a duty the school then edits.
 */
export const DUTY_TEMPLATES: readonly DutyTemplateDto[] = [
  {
    key: 'primary',
    name: 'Primary school',
    duties: [
      duty('Gate before school', 'Main gate', '08:30', '08:50', 1, 'Open the gate, greet families and close it at the bell.'),
      duty('Break — Playground', 'Playground', '10:30', '10:45', 2, 'Watch the playground; whistle at the end of break.'),
      duty('Lunch — Hall', 'Hall', '12:00', '12:30', 1, 'Help with the first sitting and keep the queue moving.'),
      duty('Lunch — Playground', 'Playground', '12:30', '13:00', 2, 'Watch the playground until the bell.'),
      duty('After school — Gate', 'Main gate', '15:15', '15:30', 1, 'See every child handed to a known adult; keep late pick-ups in the office.'),
    ],
  },
  {
    key: 'secondary',
    name: 'Secondary school',
    duties: [
      duty('Gate — Main', 'Main gate', '08:20', '08:45', 2, 'Greet students, check uniform, close the gate at the bell.'),
      duty('Gate — Back', 'Back gate', '08:20', '08:45', 1, 'Watch the back gate and the bike shed; close it at the bell.'),
      duty('Break — Canteen', 'Canteen', '10:50', '11:10', 2, 'Keep the queue orderly and the tables clear.'),
      duty('Break — Field', 'Field', '10:50', '11:10', 2, 'Walk the field; keep students off the out-of-bounds areas.'),
      duty('Break — Quad', 'Quad', '10:50', '11:10', 1, 'Watch the quad and the toilets by the main block.'),
      duty('Break — Corridors', 'Corridors', '10:50', '11:10', 1, 'Keep the corridors clear and the classrooms locked.'),
      lunch(1, 'Canteen', 2, 'Keep the queue orderly and the tables clear.'),
      lunch(1, 'Field', 2, 'Walk the field; keep students off the out-of-bounds areas.'),
      lunch(1, 'Sports hall', 1, 'A first aider: supervise the sports hall.'),
      lunch(1, 'Library', 1, 'Supervise the library.', 'non_teaching'),
      lunch(2, 'Canteen', 2, 'Keep the queue orderly and the tables clear.'),
      lunch(2, 'Field', 2, 'Walk the field; keep students off the out-of-bounds areas.'),
      lunch(2, 'Sports hall', 1, 'A first aider: supervise the sports hall.'),
      lunch(2, 'Library', 1, 'Supervise the library.', 'non_teaching'),
      duty('Buses', 'Bus bays', '15:10', '15:35', 2, 'See students onto the buses; stay until the last one leaves.'),
      duty('Detention', 'Room 101', '15:15', '16:15', 1, 'Run the after-school detention; record who attended.', {
        weekdays: [2, 4],
        eligible: 'teaching',
      }),
    ],
  },
];

export function dutyTemplate(key: string): DutyTemplateDto | undefined {
  return DUTY_TEMPLATES.find((template) => template.key === (key as DutyTemplateKey));
}
