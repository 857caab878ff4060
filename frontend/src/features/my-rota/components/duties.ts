import type { MyDutyDto, RotaDayDto } from '@/features/rota/api';
import type { StaffDto } from '@/features/staff/api';
import { dutyTitle, dutyTimes } from '@/shared/lib/duty-labels';
import { peopleOnDuty } from '@/shared/lib/rota-day';

/** docs/product.md#screens: what a colleague without a known name reads as. */
export const UNKNOWN_NAME = 'Unknown';

export interface Duty {
  /** The rota day's id. */
  id: string;
  /** `yyyy-MM-dd`. */
  date: string;
  /** Who else is on duty that day, in slot order; empty for a solo duty. */
  colleagues: string[];
  /**
   * Which duty it is, for a school that runs more than the Duty Manager duty
   * (docs/product.md#duties); absent where the Duty Manager duty is the only one.
   */
  post?: DutyPost;
}

/** A duty as My Rota names it: "Lunch — Canteen", "12:30–13:10" and what the post involves. */
export interface DutyPost {
  title: string;
  times: string;
  /** The post's instructions; null when the duty has none. */
  description: string | null;
  isDutyManager: boolean;
  /** What the calendar export writes (docs/product.md#export-to-calendar): the duty, its place and `HH:mm` times (null: all day). */
  dutyId: string;
  place: string | null;
  startTime: string | null;
  endTime: string | null;
  /** On a day marked wet, the duty is at its wet-weather post (`place` is that post; docs/product.md#duties). */
  wet?: boolean;
}

interface OnDuty {
  id: string;
  name: string | undefined;
}

/** Everyone on duty on a day, once each, in slot order; a blank name is no name. */
function peopleOn(day: RotaDayDto): OnDuty[] {
  return peopleOnDuty(day).map((person) => ({ id: person.id, name: person.name || undefined }));
}

/**
 * The days `staffId` is on duty, in date order, each with the colleagues sharing it. A colleague
 * the day does not name is looked up in `names` (staff id → name), else reads "Unknown".
 */
export function dutiesOf(
  days: readonly RotaDayDto[],
  staffId: string,
  names: ReadonlyMap<string, string>,
): Duty[] {
  const duties: Duty[] = [];
  for (const day of days) {
    const people = peopleOn(day);
    if (!people.some((person) => person.id === staffId)) continue;
    duties.push({
      id: day.id,
      date: day.date,
      colleagues: people
        .filter((person) => person.id !== staffId)
        .map((person) => person.name ?? names.get(person.id) ?? UNKNOWN_NAME),
    });
  }
  // ISO dates sort as strings.
  return duties.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The signed-in person's duties of every kind (GET /api/rota/mine, in date then time order), each
 * named with its place and times; a Duty Manager day keeps the colleagues `dutyManagerDays`
 * (from `dutiesOf`) gives it.
 */
export function dutiesWithPosts(
  mine: readonly MyDutyDto[],
  dutyManagerDays: readonly Duty[],
): Duty[] {
  const colleaguesOn = new Map(dutyManagerDays.map((duty) => [duty.date, duty.colleagues]));
  return mine.map((duty) => ({
    id: `${duty.date}|${duty.dutyId}`,
    date: duty.date,
    colleagues: (duty.isDutyManager && colleaguesOn.get(duty.date)) || [],
    post: {
      title: dutyTitle(duty),
      times: dutyTimes(duty),
      description: duty.description || null,
      isDutyManager: duty.isDutyManager,
      dutyId: duty.dutyId,
      place: duty.place,
      startTime: duty.startTime,
      endTime: duty.endTime,
      ...(duty.wet ? { wet: true } : {}),
    },
  }));
}

/** How many different days the duties fall on. */
export function dayCount(duties: readonly Duty[]): number {
  return new Set(duties.map((duty) => duty.date)).size;
}

/** "Solo duty" when nobody else is on that day, else "With Bob Stone" ("With A and B"). */
export function companyText(colleagues: readonly string[]): string {
  return colleagues.length === 0 ? 'Solo duty' : `With ${colleagues.join(' and ')}`;
}

/** Active staff, sorted by name as people read it (case and accents aside). */
export function activeStaffByName(staff: readonly StaffDto[]): StaffDto[] {
  return staff
    .filter((person) => person.isActive)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB', { sensitivity: 'base' }));
}
