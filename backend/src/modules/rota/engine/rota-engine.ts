/**
 * The rota engine: given the days to plan, the staff, holidays, unavailability, the existing
 * assignments and the year-to-date counts, it decides who is on duty. It is pure — no
 * database, no framework, no clock — so its rules can be tested exhaustively and it returns
 * the same rota for the same input.
 *
 * Hard rules (never broken): weekdays only; never on a holiday; never an inactive or
 * unavailable person; never the same person twice on a day; at most `slotsPerDay` per day.
 * Soft rules, in order (docs/product.md#who-gets-a-slot): one teaching and one non-teaching person per day where
 * both are available; fewest duties first (counts move inside the run, across the academic
 * year); spread each person's duties over the weekdays; keep existing assignments unless the
 * mode is to reshuffle them.
 */

import { isWeekday, weekdayIndex } from '../../../common/clock/academic-year';

/** A calendar date, `yyyy-MM-dd`. */
export type IsoDate = string;

export interface EngineStaff {
  id: string;
  isTeaching: boolean;
  isActive: boolean;
}

export interface DateSpan {
  start: IsoDate;
  end: IsoDate;
}

export interface Unavailability extends DateSpan {
  staffId: string;
}

/** The slots of one day, in order; `null` is an empty slot. */
export type DaySlots = (string | null)[];

export type EngineMode =
  /** Keep every existing assignment; fill only the empty slots. */
  | 'fill'
  /** Plan every slot of the given days afresh. */
  | 'reshuffle';

export interface EngineInput {
  /** The days to plan, any order; weekends and holidays among them are left empty. */
  days: IsoDate[];
  slotsPerDay: number;
  staff: EngineStaff[];
  holidays: DateSpan[];
  unavailability: Unavailability[];
  /** Current assignments of the days being planned (days not listed have none). */
  existing: Record<IsoDate, DaySlots>;
  /** Duties this academic year on days *not* being planned, per staff id. */
  priorCounts: Record<string, number>;
  /** Of those, per weekday (index 0 = Monday … 4 = Friday), per staff id. */
  priorWeekdayCounts?: Record<string, number[]>;
  mode: EngineMode;
  /**
   * Fill mode only: the slot indexes (0-based) of a day that may be filled. Days not listed
   * have every empty slot fillable. A backfill names the one slot it freed, so the day's other
   * empty slots stay as they were.
   */
  fillable?: Record<IsoDate, number[]>;
}

export interface EngineResult {
  /** The planned slots of every weekday among `days` that is not a holiday. */
  days: Record<IsoDate, DaySlots>;
  /** Days whose slots differ from `existing`. */
  changedDays: number;
  /** Slots that differ from `existing`. */
  changedSlots: number;
}

export { isWeekday, weekdayIndex };

const within = (date: IsoDate, span: DateSpan) => span.start <= date && date <= span.end;

/** A stable, well-mixed tie-breaker, so ties don't always favour the same names. */
function tieBreak(staffId: string, date: IsoDate): number {
  let hash = 0x811c9dc5;
  const text = `${staffId}|${date}`;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function planRota(input: EngineInput): EngineResult {
  const slots = Math.max(1, Math.min(5, Math.floor(input.slotsPerDay)));
  const active = input.staff.filter((s) => s.isActive);
  const byId = new Map(input.staff.map((s) => [s.id, s]));
  const counts = new Map<string, number>(active.map((s) => [s.id, input.priorCounts[s.id] ?? 0]));
  const weekdayCounts = new Map<string, number[]>(
    active.map((s) => [s.id, [...(input.priorWeekdayCounts?.[s.id] ?? [0, 0, 0, 0, 0])]]),
  );
  const days = [...new Set(input.days)]
    .filter((d) => isWeekday(d) && !input.holidays.some((h) => within(d, h)))
    .sort();
  // Who is away on each planned day, looked up once rather than per candidate and slot.
  const away = new Map<IsoDate, Set<string>>(days.map((d) => [d, new Set()]));
  for (const u of input.unavailability) {
    for (const day of days) if (within(day, u)) away.get(day)!.add(u.staffId);
  }
  const unavailableOn = (staffId: string, date: IsoDate) => away.get(date)!.has(staffId);

  // In fill mode the kept assignments count before anything new is placed, so the people
  // already on duty in the period are not picked again first.
  const planned = new Map<IsoDate, DaySlots>();
  for (const day of days) {
    const current = normalise(input.existing[day], slots);
    const kept = input.mode === 'fill' ? current : new Array<string | null>(slots).fill(null);
    planned.set(day, kept);
    for (const id of kept) if (id) bump(id, day);
  }

  for (const day of days) {
    const daySlots = planned.get(day)!;
    const open = input.mode === 'fill' ? input.fillable?.[day] : undefined;
    for (let i = 0; i < slots; i += 1) {
      if (daySlots[i] !== null || (open && !open.includes(i))) continue;
      const onDay = new Set(daySlots.filter((id): id is string => id !== null));
      const teachingOnDay = [...onDay].filter((id) => byId.get(id)?.isTeaching).length;
      const nonTeachingOnDay = onDay.size - teachingOnDay;
      const eligible = active.filter((s) => !onDay.has(s.id) && !unavailableOn(s.id, day));
      if (!eligible.length) continue;
      const kindsAvailable = new Set(eligible.map((s) => s.isTeaching));
      // The kind this day lacks most, when both kinds can still be had.
      const wanted =
        kindsAvailable.size === 2 && teachingOnDay !== nonTeachingOnDay ? teachingOnDay < nonTeachingOnDay : undefined;
      const weekday = weekdayIndex(day);
      let best: EngineStaff | undefined;
      let bestKey: number[] = [];
      for (const s of eligible) {
        const key = [
          wanted === undefined || s.isTeaching === wanted ? 0 : 1,
          counts.get(s.id)!,
          weekdayCounts.get(s.id)![weekday]!,
          tieBreak(s.id, day),
        ];
        if (!best || lexLess(key, bestKey)) {
          best = s;
          bestKey = key;
        }
      }
      daySlots[i] = best!.id;
      bump(best!.id, day);
    }
  }

  let changedDays = 0;
  let changedSlots = 0;
  const result: Record<IsoDate, DaySlots> = {};
  for (const day of days) {
    const after = planned.get(day)!;
    const before = normalise(input.existing[day], slots);
    const diff = after.filter((id, i) => id !== before[i]).length;
    if (diff) changedDays += 1;
    changedSlots += diff;
    result[day] = after;
  }
  return { days: result, changedDays, changedSlots };

  function bump(id: string, day: IsoDate) {
    if (!counts.has(id)) return;
    counts.set(id, counts.get(id)! + 1);
    weekdayCounts.get(id)![weekdayIndex(day)]! += 1;
  }
}

/** The day's slots at the configured length: extra slots dropped, missing ones empty. */
function normalise(slotsOfDay: DaySlots | undefined, length: number): DaySlots {
  const out = new Array<string | null>(length).fill(null);
  slotsOfDay?.slice(0, length).forEach((id, i) => (out[i] = id ?? null));
  return out;
}

function lexLess(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]!;
  }
  return false;
}
