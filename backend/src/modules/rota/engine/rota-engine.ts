/**
 * The rota engine: given the days to plan, the staff, holidays, unavailability, the existing
 * assignments and the year-to-date counts, it decides who is on duty. It is pure — no
 * database, no framework, no clock — so its rules can be tested exhaustively and it returns
 * the same rota for the same input.
 *
 * Hard rules (never broken, docs/product.md#hard-rules): weekdays only; never on a holiday or a
 * day outside term (both given as `holidays`); never an inactive or unavailable person, nor on a
 * weekday outside their working pattern; never the same person twice on a day; at most
 * `slotsPerDay` per day; at most a person's weekly cap in one Monday–Sunday week.
 * Soft rules, in order (docs/product.md#who-gets-a-slot): fair share — each person's duties
 * against their target for the year, the year's duties shared by availability (`fairShare`);
 * the teaching/non-teaching mix per `mixMode`; preferences (weekdays a person would rather not
 * do), when that costs no fairness beyond one duty; spread each person over the weekdays; keep
 * existing assignments unless the mode is to reshuffle them. The plan is made in phases over one
 * `PlanState`: greedy (in `planRota`), rebalance, preferences.
 */

import { isWeekday, mondayOf, weekdayIndex } from '../../../common/clock/academic-year';

/** A calendar date, `yyyy-MM-dd`. */
export type IsoDate = string;

export interface EngineStaff {
  id: string;
  isTeaching: boolean;
  isActive: boolean;
  /** The weekdays they work, 0 = Monday … 4 = Friday; every weekday when absent. */
  workingDays?: readonly number[];
  /** Contract fraction, 0 < fte ≤ 1; their working days ÷ 5 when absent. Weighs their fair share. */
  fte?: number | null;
  /** At most this many duties in one Monday–Sunday week; no cap when absent. */
  weeklyCap?: number | null;
  /** Weekdays they would rather not do (0 = Monday): honoured when it costs no fairness. */
  avoidDays?: readonly number[];
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

/**
 * The teaching/non-teaching mix (docs/product.md#who-gets-a-slot): `always` pairs the two kinds
 * whenever both can be had; `when_fair` only while the person of the missing kind would not end
 * more than one duty above their fair share so far; `never` ignores the kinds.
 */
export type MixMode = 'always' | 'when_fair' | 'never';

/**
 * The academic year the fair shares are measured over (docs/product.md#fair-share): its school
 * days (weekdays in term, not holidays) and who is away on which of them. A person's target is
 * the year's duties (school days × slots) shared by availability: the school days they can do
 * (working pattern, leave) weighted by their contract fraction where set.
 */
export interface FairShareYear {
  schoolDays: readonly IsoDate[];
  /** Unavailability over the whole year (the planned days' own is in `unavailability`). */
  unavailability: readonly Unavailability[];
  /**
   * The first day still to plan. Before it the year's duties are the ones held (`doneBefore`), not
   * the slots: a past day left short is not a duty anybody can still do, so it is nobody's share.
   */
  from?: IsoDate;
  /** Duties held on the days before `from`, by everyone (those of people who have left included). */
  doneBefore?: number;
}

export interface EngineInput {
  /** The days to plan, any order; weekends and holidays among them are left empty. */
  days: IsoDate[];
  slotsPerDay: number;
  staff: EngineStaff[];
  /** Closed days: holidays and, when the year has term dates, the days outside term. */
  holidays: DateSpan[];
  unavailability: Unavailability[];
  /** Current assignments of the days being planned (days not listed have none). */
  existing: Record<IsoDate, DaySlots>;
  /** Duties this academic year on days *not* being planned, per staff id. */
  priorCounts: Record<string, number>;
  /** Of those, per weekday (index 0 = Monday … 4 = Friday), per staff id. */
  priorWeekdayCounts?: Record<string, number[]>;
  /** Duties on days not being planned, per staff id and Monday of the week: what weekly caps count too. */
  priorWeekCounts?: Record<string, Record<IsoDate, number>>;
  mode: EngineMode;
  /** `always` when absent. */
  mixMode?: MixMode;
  /** Without it everyone's share is equal: fewest duties first. */
  fairShare?: FairShareYear;
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

/**
 * A date's weekday and week, remembered: the planning loops ask for the same few hundred dates
 * millions of times (2,000 people × 365 days), and parsing them each time was half the run.
 * Cleared past 10,000 dates, so a long-running server never grows it without bound.
 */
const dayFacts = new Map<IsoDate, { weekday: number; monday: IsoDate }>();
function factsOf(date: IsoDate): { weekday: number; monday: IsoDate } {
  let facts = dayFacts.get(date);
  if (!facts) {
    if (dayFacts.size >= 10_000) dayFacts.clear();
    facts = { weekday: weekdayIndex(date), monday: mondayOf(date) };
    dayFacts.set(date, facts);
  }
  return facts;
}
const weekdayOf = (date: IsoDate) => factsOf(date).weekday;
const weekOf = (date: IsoDate) => factsOf(date).monday;
const isSchoolWeekday = (date: IsoDate) => weekdayOf(date) < 5;

const within = (date: IsoDate, span: DateSpan) => span.start <= date && date <= span.end;

const ALL_WEEKDAYS = [0, 1, 2, 3, 4] as const;

/** Whether the person works on that weekday (their working pattern). */
export function worksOn(staff: EngineStaff, date: IsoDate): boolean {
  return (staff.workingDays ?? ALL_WEEKDAYS).includes(weekdayOf(date));
}

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

/**
 * Each active person's fair share of the year's duties (docs/product.md#fair-share): the year's
 * duties — its school days × `slotsPerDay` (fewer on a day fewer people can do), less those done
 * by people no longer active — shared
 * in proportion to availability: the school days the person can do (their working pattern, not
 * away), weighted by their contract fraction relative to their pattern where it is set. Without
 * a year, everyone's share is 1 (only the order matters then).
 */
export function fairShares(
  staff: readonly EngineStaff[],
  slotsPerDay: number,
  year: FairShareYear | undefined,
  doneByInactive = 0,
): Map<string, number> {
  const active = staff.filter((s) => s.isActive);
  if (!year) return new Map(active.map((s) => [s.id, 1]));
  const away = new Map<string, Unavailability[]>();
  for (const u of year.unavailability) (away.get(u.staffId) ?? away.set(u.staffId, []).get(u.staffId)!).push(u);
  const can = (s: EngineStaff, day: IsoDate) =>
    (s.workingDays ?? ALL_WEEKDAYS).includes(weekdayOf(day)) && !away.get(s.id)?.some((u) => within(day, u));
  const weights = new Map<string, number>(active.map((s) => [s.id, 0]));
  // The year's duties: those held before `from`, then each school day's slots, or fewer on a day
  // fewer people can do. Availability weighs the whole year, past days included.
  let duties = year.doneBefore ?? 0;
  for (const day of year.schoolDays) {
    let available = 0;
    for (const s of active) {
      if (!can(s, day)) continue;
      available += 1;
      weights.set(s.id, weights.get(s.id)! + 1);
    }
    if (!year.from || day >= year.from) duties += Math.min(slotsPerDay, available);
  }
  for (const s of active) {
    const patternFraction = (s.workingDays ?? ALL_WEEKDAYS).length / 5;
    const fteWeight = s.fte && patternFraction > 0 ? s.fte / patternFraction : 1;
    weights.set(s.id, weights.get(s.id)! * fteWeight);
  }
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const toShare = Math.max(0, duties - doneByInactive);
  return new Map([...weights].map(([id, w]) => [id, total > 0 ? (toShare * w) / total : 0]));
}

/**
 * A plan in the making, which the engine's phases (greedy, rebalance, preferences, spread) take in
 * turn: the days and their slots, and per person — by index into `staff`, the active people — what
 * the rules look at. Arrays rather than maps, as the greedy pass's inner loop runs for every person
 * on every slot of every day (2,000 people × 5 slots × 190 days).
 */
export interface PlanState {
  slotsPerDay: number;
  mixMode: MixMode;
  /** The people who may be planned: the active staff. */
  staff: readonly EngineStaff[];
  index: ReadonlyMap<string, number>;
  /** The school days being planned, in date order, and their slots. */
  days: readonly IsoDate[];
  planned: Map<IsoDate, DaySlots>;
  /** The slots this run filled, in the order it filled them: the only ones a later phase may give to someone else. */
  placedNow: [IsoDate, number][];
  /** Duties this academic year, those outside the planned days included. */
  counts: Float64Array;
  /** Of those, per weekday (0 = Monday). */
  weekdayCounts: number[][];
  /** Of those, per week (by its Monday): what weekly caps count. */
  weekCounts: Map<IsoDate, number>[];
  /** Per planned day, 1 for each person who may be on it: it is one of their working days and they are not away. */
  available: Map<IsoDate, Uint8Array>;
  teaching: readonly boolean[];
  /** Per person and weekday: whether it is one of their working days, one they would rather avoid. */
  works: readonly boolean[][];
  avoids: readonly boolean[][];
  caps: readonly number[];
}

/**
 * The plan before any phase: the days to plan (weekdays that are not closed, in order) with, in
 * fill mode, the assignments kept, counted before anything new is placed so the people already
 * on duty in the period are not picked again first; in reshuffle mode every slot empty.
 */
export function planState(input: EngineInput): PlanState {
  const slotsPerDay = Math.max(1, Math.min(5, Math.floor(input.slotsPerDay)));
  const staff = input.staff.filter((s) => s.isActive);
  const n = staff.length;
  const counts = new Float64Array(n);
  staff.forEach((s, i) => (counts[i] = input.priorCounts[s.id] ?? 0));
  const works = staff.map((s) => {
    const pattern = s.workingDays ?? ALL_WEEKDAYS;
    return [0, 1, 2, 3, 4].map((d) => pattern.includes(d));
  });
  const days = [...new Set(input.days)].filter((d) => isSchoolWeekday(d) && !input.holidays.some((h) => within(d, h))).sort();
  // Who is away on each planned day, looked up once rather than per candidate and slot.
  const away = new Map<IsoDate, Set<string>>(days.map((d) => [d, new Set()]));
  for (const u of input.unavailability) {
    for (const day of days) if (within(day, u)) away.get(day)!.add(u.staffId);
  }
  const available = new Map<IsoDate, Uint8Array>();
  for (const day of days) {
    const can = new Uint8Array(n);
    const out = away.get(day)!;
    for (let i = 0; i < n; i += 1) if (works[i]![weekdayOf(day)] && !out.has(staff[i]!.id)) can[i] = 1;
    available.set(day, can);
  }
  const state: PlanState = {
    slotsPerDay,
    mixMode: input.mixMode ?? 'always',
    staff,
    index: new Map(staff.map((s, i) => [s.id, i])),
    days,
    planned: new Map(),
    placedNow: [],
    counts,
    weekdayCounts: staff.map((s) => [...(input.priorWeekdayCounts?.[s.id] ?? [0, 0, 0, 0, 0])]),
    weekCounts: staff.map((s) => new Map(Object.entries(input.priorWeekCounts?.[s.id] ?? {}))),
    available,
    teaching: staff.map((s) => s.isTeaching),
    works,
    avoids: staff.map((s) => [0, 1, 2, 3, 4].map((d) => s.avoidDays?.includes(d) ?? false)),
    caps: staff.map((s) => s.weeklyCap ?? Infinity),
  };
  for (const day of days) {
    const kept = input.mode === 'fill' ? normalise(input.existing[day], slotsPerDay) : new Array<string | null>(slotsPerDay).fill(null);
    state.planned.set(day, kept);
    for (const id of kept) {
      const i = id === null ? undefined : state.index.get(id);
      if (i !== undefined) tally(state, i, day, 1);
    }
  }
  return state;
}

/** Puts a person in an empty slot as this run's choice: later phases may give the slot to someone else. */
export function assign(state: PlanState, day: IsoDate, slot: number, staffId: string): void {
  state.planned.get(day)![slot] = staffId;
  const i = state.index.get(staffId);
  if (i !== undefined) tally(state, i, day, 1);
  state.placedNow.push([day, slot]);
}

/** One duty more (or fewer) for person `i` on `day`, in every count the rules read. */
function tally(state: PlanState, i: number, day: IsoDate, delta: 1 | -1): void {
  state.counts[i]! += delta;
  state.weekdayCounts[i]![weekdayOf(day)]! += delta;
  const week = weekOf(day);
  state.weekCounts[i]!.set(week, (state.weekCounts[i]!.get(week) ?? 0) + delta);
}

export function planRota(input: EngineInput): EngineResult {
  const state = planState(input);
  const { slotsPerDay: slots, mixMode, staff: active, index, days, planned, placedNow, counts, weekdayCounts, weekCounts, available } = state;
  const { teaching, avoids, caps } = state;
  const n = active.length;
  const byId = new Map(input.staff.map((s) => [s.id, s]));
  const doneByInactive = input.staff.filter((s) => !s.isActive).reduce((sum, s) => sum + (input.priorCounts[s.id] ?? 0), 0);
  const shareMap = fairShares(input.staff, slots, input.fairShare, doneByInactive);
  const shares = active.map((s) => shareMap.get(s.id) ?? 0);
  // How far into the year's duties the plan is: a person's share so far is share × progress.
  const yearDuties = shares.reduce((a, b) => a + b, 0);
  let placed = counts.reduce((a, b) => a + b, 0);
  const canDo = (i: number, day: IsoDate) => available.get(day)![i] === 1;

  // Each person's share by the end of the planned days: their year's share times the part of the
  // year's duties those days complete.
  const horizon = yearDuties > 0 ? Math.min(1, (placed + days.length * slots) / yearDuties) : 1;
  // The planned days each person can still be put on (working pattern, not away), from the day
  // being planned on: what is left to reach their share.
  const remaining = new Float64Array(n);
  for (const day of days) {
    const can = available.get(day)!;
    for (let i = 0; i < n; i += 1) remaining[i]! += can[i]!;
  }

  const onDay = new Uint8Array(n);
  const tie = new Float64Array(n);
  for (const day of days) {
    const daySlots = planned.get(day)!;
    const open = input.mode === 'fill' ? input.fillable?.[day] : undefined;
    const weekday = weekdayOf(day);
    const week = weekOf(day);
    const can = available.get(day)!;
    tie.fill(NaN);
    /**
     * Fair share first: the person furthest below their share by the end of the planned days, for
     * the days they have left — someone who can only do Thursdays comes before a full-timer equally
     * behind. Then the weekday spread, then a stable tie-break.
     */
    const urgency = (i: number) => (shares[i]! * horizon - counts[i]!) / Math.max(1, remaining[i]!);
    const better = (a: number, b: number): boolean => {
      const ua = urgency(a);
      const ub = urgency(b);
      if (ua !== ub) return ua > ub;
      const wa = weekdayCounts[a]![weekday]!;
      const wb = weekdayCounts[b]![weekday]!;
      if (wa !== wb) return wa < wb;
      if (Number.isNaN(tie[a]!)) tie[a] = tieBreak(active[a]!.id, day);
      if (Number.isNaN(tie[b]!)) tie[b] = tieBreak(active[b]!.id, day);
      return tie[a]! < tie[b]!;
    };
    for (let slot = 0; slot < slots; slot += 1) {
      if (daySlots[slot] !== null || (open && !open.includes(slot))) continue;
      onDay.fill(0);
      let teachingOnDay = 0;
      let peopleOnDay = 0;
      for (const id of daySlots) {
        if (id === null) continue;
        peopleOnDay += 1;
        const i = index.get(id);
        if (i !== undefined) onDay[i] = 1;
        if (byId.get(id)?.isTeaching) teachingOnDay += 1;
      }
      // One pass: the fairest eligible person of each kind.
      const bestOf = [-1, -1]; // [non-teaching, teaching]
      for (let i = 0; i < n; i += 1) {
        if (onDay[i] || !can[i] || shares[i]! <= 0) continue;
        if ((weekCounts[i]!.get(week) ?? 0) >= caps[i]!) continue;
        const kind = teaching[i] ? 1 : 0;
        if (bestOf[kind]! < 0 || better(i, bestOf[kind]!)) bestOf[kind] = i;
      }
      if (bestOf[0]! < 0 && bestOf[1]! < 0) continue;

      const progress = yearDuties > 0 ? Math.min(1, (placed + 1) / yearDuties) : 1;
      /** How many duties above their share so far the person would be with this one. */
      const drift = (i: number) => counts[i]! + 1 - shares[i]! * progress;
      let chosen = bestOf[0]! < 0 ? bestOf[1]! : bestOf[1]! < 0 ? bestOf[0]! : better(bestOf[0]!, bestOf[1]!) ? bestOf[0]! : bestOf[1]!;
      // The mix: the kind the day lacks, when both kinds can still be had.
      if (mixMode !== 'never' && teachingOnDay * 2 !== peopleOnDay) {
        const ofKind = bestOf[teachingOnDay * 2 < peopleOnDay ? 1 : 0]!;
        if (ofKind >= 0 && (mixMode === 'always' || drift(ofKind) <= 1)) chosen = ofKind;
      }
      assign(state, day, slot, active[chosen]!.id);
      placed += 1;
    }
    for (let i = 0; i < n; i += 1) remaining[i]! -= can[i]!;
  }

  rebalance();
  honourPreferences();

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

  /**
   * The greedy pass decides day by day; it cannot see that a capped or part-time person needed a
   * later day of the week more. Once the rota is planned, duties move from whoever is furthest above
   * their share to whoever is further below, while that brings the two closer (the sum of squared
   * differences falls, so this ends): directly, when the person below may take the day, or through a
   * third person who takes one of their other days that week when their weekly cap is in the way.
   * Every hard rule holds after each move. Under "Always pair" a duty moves only to someone of the
   * same kind, so each day keeps its mix; otherwise fairness beyond one duty comes before the mix.
   */
  function rebalance() {
    if (!input.fairShare) return;
    const diff = (i: number) => counts[i]! - shares[i]!;
    // "Always pair" keeps each day's mix; otherwise fairness beyond one duty comes before it.
    const sameKind = (a: number, b: number) => mixMode !== 'always' || teaching[a] === teaching[b];
    const holders = new Map<number, [IsoDate, number][]>();
    const holdingsOf = (i: number) => holders.get(i) ?? holders.set(i, []).get(i)!;
    for (const [day, slot] of placedNow) holdingsOf(index.get(planned.get(day)![slot]!)!).push([day, slot]);
    const mayTake = (i: number, day: IsoDate, ignoreCap = false) =>
      canDo(i, day) && shares[i]! > 0 && !planned.get(day)!.includes(active[i]!.id) && (ignoreCap || (weekCounts[i]!.get(weekOf(day)) ?? 0) < caps[i]!);
    const move = (from: number, to: number, day: IsoDate, slot: number) => {
      planned.get(day)![slot] = active[to]!.id;
      const list = holdingsOf(from);
      list.splice(list.findIndex(([d, s]) => d === day && s === slot), 1);
      holdingsOf(to).push([day, slot]);
      tally(state, from, day, -1);
      tally(state, to, day, 1);
    };
    const order = [...Array(n).keys()];
    for (let round = 0; round < 10 * n + 100; round += 1) {
      order.sort((a, b) => diff(b) - diff(a));
      let moved = false;
      for (const over of order) {
        if (diff(over) <= 1) break;
        for (const under of [...order].reverse()) {
          // Moving one duty helps only while the two are more than one apart after it.
          if (diff(under) + 1 >= diff(over) || !sameKind(over, under)) continue;
          for (const [day, slot] of holdingsOf(over)) {
            if (mayTake(under, day)) {
              move(over, under, day, slot);
              moved = true;
              break;
            }
            // The cap is in the way: someone else takes one of `under`'s days that week first.
            if (!mayTake(under, day, true)) continue;
            const week = weekOf(day);
            for (const [otherDay, otherSlot] of holdingsOf(under)) {
              if (weekOf(otherDay) !== week || otherDay === day) continue;
              const third = order.find((t) => t !== over && t !== under && sameKind(t, under) && diff(t) + 1 < diff(over) && mayTake(t, otherDay));
              if (third === undefined) continue;
              move(under, third, otherDay, otherSlot);
              move(over, under, day, slot);
              moved = true;
              break;
            }
            if (moved) break;
          }
          if (moved) break;
        }
        if (moved) break;
      }
      if (!moved) return;
    }
  }

  /**
   * Preferences (soft), once everyone's load is set: a person on a weekday they would rather not
   * do trades that duty with someone of the same kind on a day that suits both. A trade changes no
   * one's number of duties (so fairness is exactly as planned), nor any day's mix, and keeps every
   * hard rule (working pattern, leave, one slot a day, weekly caps). Only slots this run filled move.
   */
  function honourPreferences() {
    const slotOf = (day: IsoDate, slot: number) => planned.get(day)![slot]!;
    const weekCount = (i: number, day: IsoDate) => weekCounts[i]!.get(weekOf(day)) ?? 0;
    for (const [dayX, slotX] of placedNow) {
      const a = index.get(slotOf(dayX, slotX) ?? '')!;
      if (a === undefined || !avoids[a]![weekdayOf(dayX)]) continue;
      for (const [dayY, slotY] of placedNow) {
        if (dayY === dayX) continue;
        const b = index.get(slotOf(dayY, slotY) ?? '');
        if (b === undefined || b === a || teaching[a] !== teaching[b]) continue;
        if (avoids[a]![weekdayOf(dayY)] || avoids[b]![weekdayOf(dayX)]) continue;
        if (!canDo(a, dayY) || !canDo(b, dayX)) continue;
        if (planned.get(dayY)!.includes(active[a]!.id) || planned.get(dayX)!.includes(active[b]!.id)) continue;
        if (weekOf(dayX) !== weekOf(dayY) && (weekCount(a, dayY) + 1 > caps[a]! || weekCount(b, dayX) + 1 > caps[b]!)) continue;
        planned.get(dayX)![slotX] = active[b]!.id;
        planned.get(dayY)![slotY] = active[a]!.id;
        for (const [i, from, to] of [[a, dayX, dayY], [b, dayY, dayX]] as const) {
          tally(state, i, from, -1);
          tally(state, i, to, 1);
        }
        break;
      }
    }
  }
}

/** The day's slots at the configured length: extra slots dropped, missing ones empty. */
function normalise(slotsOfDay: DaySlots | undefined, length: number): DaySlots {
  const out = new Array<string | null>(length).fill(null);
  slotsOfDay?.slice(0, length).forEach((id, i) => (out[i] = id ?? null));
  return out;
}
