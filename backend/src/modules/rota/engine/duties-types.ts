/**
 * What the multi-duty engine (`planDuties`) and its checker (`checkDuties`) read: the duties a
 * school runs, with their windows, the people they need per weekday and who may take them. One
 * duty with everyone allowed is today's Duty Manager rota (`planRota`).
 */

import type { DateSpan, DaySlots, EngineMode, EngineStaff, IsoDate, MixMode, Unavailability } from './rota-engine';

/** A time of day: minutes since midnight, [start, end). */
export interface DutyWindow {
  start: number;
  end: number;
}

export interface EngineDuty {
  id: string;
  /** Fairness weight, 1..600 (minutes by default). */
  weight: number;
  /** Minutes since midnight [start, end); null = all day (no window). */
  window: DutyWindow | null;
  /** People needed per weekday, index 0 = Monday … 4 = Friday; 0 = the duty doesn't run then. */
  needs: readonly number[];
  /** Staff ids allowed; null = everyone. */
  eligible: ReadonlySet<string> | null;
  /** The teaching/non-teaching mix applies (the school's mixMode) — Duty Manager: true. */
  pairsTeaching: boolean;
}

/** Away from `start` to `end`: the whole day without a window; with one, only the timed duties it overlaps. */
export interface TimedUnavailability extends Unavailability {
  window?: DutyWindow;
}

/** The year the weighted fair shares are measured over (`dutyFairShares`), as `FairShareYear` for one duty. */
export interface DutiesFairShareYear {
  schoolDays: readonly IsoDate[];
  /** Unavailability over the whole year (the planned days' own is in `unavailability`). */
  unavailability: readonly TimedUnavailability[];
  /** The first day still to plan: before it the year's load is the one held (`doneBefore`). */
  from?: IsoDate;
  /** Weighted load (Σ weight of the duties held) on the days before `from`, by everyone. */
  doneBefore?: number;
}

export interface DutiesInput {
  /** The days to plan, any order; weekends and holidays among them are left empty. */
  days: IsoDate[];
  /** Every duty of the school, in the school's order (Duty Manager first): a clash keeps the earlier one. */
  duties: EngineDuty[];
  /** Ids of the duties to plan; the others' `existing` stay fixed and count. */
  plan: readonly string[];
  staff: EngineStaff[];
  holidays: DateSpan[];
  /** No window = the whole day; a window blocks only the timed duties it overlaps. */
  unavailability: TimedUnavailability[];
  /** Current assignments of the days being planned, per duty id and date (all duties: the unplanned ones count and stay). */
  existing: Record<string, Record<IsoDate, DaySlots>>;
  /** Fill (and rebalance) mode: per duty and day, the slot indexes (0-based) that may be filled; days not listed have every empty slot fillable. */
  fillable?: Record<string, Record<IsoDate, number[]>>;
  /** A person who may not take that duty that day (an approved cancellation, a duty given up). */
  blocks?: { staffId: string; date: IsoDate; dutyId: string }[];
  /** At most this many counting duties a person a day, 1..5. */
  maxPerDay: number;
  /** Whether all-day duties count toward `maxPerDay` (timed duties always do). */
  allDayCounts: boolean;
  /** Weighted load (Σ weight) this year on days not planned, per staff id. */
  priorLoad: Record<string, number>;
  /** Per staff id and duty id: duties this year on days not planned. */
  priorDutyCounts?: Record<string, Record<string, number>>;
  /** Duty-days per weekday (all duties) on days not planned, per staff id. */
  priorWeekdayCounts?: Record<string, number[]>;
  /** Duties (all kinds) per staff id and Monday on days not planned: what weekly caps count too. */
  priorWeekCounts?: Record<string, Record<IsoDate, number>>;
  mode: EngineMode;
  /**
   * Rebalance only: the last of the frozen days (the next N school days). No assignment on or before it moves; an empty
   * slot there may still be filled.
   */
  frozenThrough?: IsoDate;
  /** `always` when absent. */
  mixMode?: MixMode;
  /** Without it everyone's target is equal: lightest load first. */
  fairShare?: DutiesFairShareYear;
}

export interface DutiesResult {
  /** Per planned duty, the slots of every day among `days` it runs on (school days only). */
  days: Record<string, Record<IsoDate, DaySlots>>;
  /** Dates on which any planned duty's slots differ from `existing`. */
  changedDays: number;
  /** Slots (over all planned duties) that differ from `existing`. */
  changedSlots: number;
  /**
   * Rebalance only: the largest gap |load − target| of an active person, in duties (the year's average weight of a
   * duty), rounded to 2 decimals — `before` on the input's slots, `after` on the result.
   */
  largestGap?: { before: number; after: number };
}

/** Whether two windows overlap: `s1 < e2 && s2 < e1` (back to back doesn't). */
export const windowsOverlap = (a: DutyWindow, b: DutyWindow) => a.start < b.end && b.start < a.end;

/** Whether two duties can't be held by one person on one day because of their times. */
export const dutiesOverlap = (a: Pick<EngineDuty, 'window'>, b: Pick<EngineDuty, 'window'>) =>
  a.window !== null && b.window !== null && windowsOverlap(a.window, b.window);

/** Whether the duty counts toward the daily maximum: timed ones always, all-day ones when the school says so. */
export const countsTowardMax = (duty: Pick<EngineDuty, 'window'>, allDayCounts: boolean) => duty.window !== null || allDayCounts;

/** Whether an unavailability keeps the person off `duty` (its day is already known to be covered): no window = every duty. */
export const awayFrom = (away: { window?: DutyWindow }, duty: Pick<EngineDuty, 'window'>) =>
  !away.window || (duty.window !== null && windowsOverlap(away.window, duty.window));

/** Whether the person may be given the duty at all. */
export const allowedOn = (duty: Pick<EngineDuty, 'eligible'>, staffId: string) => duty.eligible === null || duty.eligible.has(staffId);

/** People the duty needs on a weekday (0 = Monday); 0 on weekends and where it doesn't run. */
export const needsOn = (duty: Pick<EngineDuty, 'needs'>, weekday: number) => (weekday < 5 ? Math.max(0, Math.floor(duty.needs[weekday] ?? 0)) : 0);
