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
 * do), when that costs no fairness beyond one duty; spread each person over the weeks and their
 * weekdays; keep existing assignments unless the mode is to reshuffle them (a pinned one is kept
 * even then). The plan is made in
 * phases over one `PlanState`: `fillGreedily`, `rebalance`, `honourPreferences`, `spreadDuties`.
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

/**
 * One duty: the person in a slot of a day, and how they came to be there. What a duty is travels
 * here, from the repository through the engine and the rules to the API's shapes, not beside it.
 */
export interface Slot {
  staffId: string;
  /** Given by hand outside the person's working pattern or weekly cap, with a confirmation (RotaSlot.override): the hard-rule check lets it stand. */
  override: boolean;
  /**
   * Agreed and kept (an approved swap, an accepted cover, a hand edit, an override; RotaSlot.pinned): no engine mode
   * moves or empties it — reshuffle and fill keep it exactly and plan the rest around it. Unpinned when absent.
   */
  pinned?: boolean;
}

/** The slots of one day, in order (slot number = index + 1); `null` is an empty slot. */
export type DaySlots = (Slot | null)[];

/** Who holds each slot of a day while the engine plans it: ids only, as its inner loops compare them. */
type Holders = (string | null)[];

export type EngineMode =
  /** Keep every existing assignment; fill only the empty slots. */
  | 'fill'
  /** Plan every slot of the given days afresh, the pinned ones kept. */
  | 'reshuffle'
  /**
   * Keep every assignment, fill the empty slots as `fill` does, then move the fewest assignments that bring every
   * gap to fair share within one duty, or to the best reachable (`rebalanceWithFewestChanges`, multi-duty engine only).
   */
  | 'rebalance';

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
  planned: Map<IsoDate, Holders>;
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
  /** Each person's fair share of the year's duties (`fairShares`); all 1 without a year. */
  shares: readonly number[];
  /** Whether the shares are measured over a year (`EngineInput.fairShare`): without one, rebalancing has nothing to aim at. */
  sharesOfYear: boolean;
  /** Everyone who teaches, inactive people included: a kept assignment of theirs still counts in a day's mix. */
  teachingIds: ReadonlySet<string>;
  /** Fill mode only: the slots of a day that may be filled (`EngineInput.fillable`). */
  fillable?: Readonly<Record<IsoDate, number[]>>;
}

/**
 * The plan before any phase: the days to plan (weekdays that are not closed, in order) with, in
 * fill mode, the assignments kept, counted before anything new is placed so the people already
 * on duty in the period are not picked again first; in reshuffle mode every slot empty but the
 * pinned ones, kept where they are (counted alike: they weigh in loads, caps and the day's mix).
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
  const doneByInactive = input.staff.filter((s) => !s.isActive).reduce((sum, s) => sum + (input.priorCounts[s.id] ?? 0), 0);
  const shareMap = fairShares(input.staff, slotsPerDay, input.fairShare, doneByInactive);
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
    shares: staff.map((s) => shareMap.get(s.id) ?? 0),
    sharesOfYear: input.fairShare !== undefined,
    teachingIds: new Set(input.staff.filter((s) => s.isTeaching).map((s) => s.id)),
    fillable: input.mode !== 'reshuffle' ? input.fillable : undefined,
  };
  for (const day of days) {
    // Fill keeps every assignment; reshuffle only the pinned ones, which it plans around.
    const kept = input.mode !== 'reshuffle' ? normalise(input.existing[day], slotsPerDay) : pinnedOf(input.existing[day], slotsPerDay);
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

/**
 * Plans the days of `input` in phases over one plan state: the greedy pass decides day by day,
 * rebalancing evens out what it could not see coming, preferences trade duties off weekdays people
 * would rather avoid, and the spread exchanges duties so that nobody bunches over the weeks or
 * weekdays. Each phase keeps every hard rule and only moves what this run placed.
 */
export function planRota(input: EngineInput): EngineResult {
  const state = planState(input);
  fillGreedily(state);
  rebalance(state);
  honourPreferences(state);
  spreadDuties(state);
  return engineResult(state, input.existing);
}

/** The planned days, and how many days and slots differ from `existing`. */
function engineResult(state: PlanState, existing: Record<IsoDate, DaySlots>): EngineResult {
  let changedDays = 0;
  let changedSlots = 0;
  const result: Record<IsoDate, DaySlots> = {};
  for (const day of state.days) {
    const after = state.planned.get(day)!;
    const before = normalise(existing[day], state.slotsPerDay);
    const diff = after.filter((id, i) => id !== before[i]).length;
    if (diff) changedDays += 1;
    changedSlots += diff;
    // A slot the plan kept keeps its record; one it filled is a new, unmarked duty.
    result[day] = after.map((id, i) => (id === null ? null : id === before[i] ? existing[day]![i]! : { staffId: id, override: false }));
  }
  return { days: result, changedDays, changedSlots };
}

/**
 * The greedy phase: day by day in date order, each empty slot (of those `fillable`) goes to the
 * eligible person furthest below their share by the end of the planned days, for the days they
 * have left; the kind the day lacks first under the mix. Returns how many slots it filled.
 */
export function fillGreedily(state: PlanState): number {
  const { slotsPerDay: slots, mixMode, staff: active, index, days, planned, counts, weekdayCounts, weekCounts, available } = state;
  const { teaching, caps, shares, teachingIds, fillable } = state;
  const n = active.length;
  // How far into the year's duties the plan is: a person's share so far is share × progress.
  const yearDuties = shares.reduce((a, b) => a + b, 0);
  let placed = counts.reduce((a, b) => a + b, 0);
  const placedBefore = placed;

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
    const open = fillable?.[day];
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
        if (teachingIds.has(id)) teachingOnDay += 1;
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
  return placed - placedBefore;
}

/**
 * The rebalance phase. The greedy pass decides day by day; it cannot see that a capped or
 * part-time person needed a later day of the week more. Once the rota is planned, duties move from
 * whoever is furthest above their share to whoever is further below, while that brings the two
 * closer (the sum of squared differences falls, so this ends): directly, when the person below may
 * take the day, or through a third person who takes one of their other days that week when their
 * weekly cap is in the way. Every hard rule holds after each move. Under "Always pair" a duty moves
 * only to someone of the same kind, so each day keeps its mix; otherwise fairness beyond one duty
 * comes before the mix. Without a year to measure shares over there is nothing to aim at. Returns
 * how many duties it moved.
 */
export function rebalance(state: PlanState): number {
  if (!state.sharesOfYear) return 0;
  const { mixMode, staff: active, index, planned, placedNow, counts, weekCounts, available, teaching, caps, shares } = state;
  const n = active.length;
  const canDo = (i: number, day: IsoDate) => available.get(day)![i] === 1;
  const diff = (i: number) => counts[i]! - shares[i]!;
  // "Always pair" keeps each day's mix; otherwise fairness beyond one duty comes before it.
  const sameKind = (a: number, b: number) => mixMode !== 'always' || teaching[a] === teaching[b];
  const holders = new Map<number, [IsoDate, number][]>();
  const holdingsOf = (i: number) => holders.get(i) ?? holders.set(i, []).get(i)!;
  for (const [day, slot] of placedNow) holdingsOf(index.get(planned.get(day)![slot]!)!).push([day, slot]);
  const mayTake = (i: number, day: IsoDate, ignoreCap = false) =>
    canDo(i, day) && shares[i]! > 0 && !planned.get(day)!.includes(active[i]!.id) && (ignoreCap || (weekCounts[i]!.get(weekOf(day)) ?? 0) < caps[i]!);
  let moves = 0;
  const move = (from: number, to: number, day: IsoDate, slot: number) => {
    planned.get(day)![slot] = active[to]!.id;
    const list = holdingsOf(from);
    list.splice(
      list.findIndex(([d, s]) => d === day && s === slot),
      1,
    );
    holdingsOf(to).push([day, slot]);
    tally(state, from, day, -1);
    tally(state, to, day, 1);
    moves += 1;
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
    if (!moved) break;
  }
  return moves;
}

/**
 * The preferences phase (soft), once everyone's load is set: a person on a weekday they would
 * rather not do trades that duty with someone of the same kind on a day that suits both. A trade
 * changes no one's number of duties (so fairness is exactly as planned), nor any day's mix, and
 * keeps every hard rule (working pattern, leave, one slot a day, weekly caps). Only slots this run
 * filled move. Returns how many trades it made.
 */
export function honourPreferences(state: PlanState): number {
  const { staff: active, index, planned, placedNow, weekCounts, available, teaching, avoids, caps } = state;
  const canDo = (i: number, day: IsoDate) => available.get(day)![i] === 1;
  const slotOf = (day: IsoDate, slot: number) => planned.get(day)![slot]!;
  const weekCount = (i: number, day: IsoDate) => weekCounts[i]!.get(weekOf(day)) ?? 0;
  let trades = 0;
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
      for (const [i, from, to] of [
        [a, dayX, dayY],
        [b, dayY, dayX],
      ] as const) {
        tally(state, i, from, -1);
        tally(state, i, to, 1);
      }
      trades += 1;
      break;
    }
  }
  return trades;
}

/**
 * Spread (soft, after preferences; docs/product.md#who-gets-a-slot): each person's duties over the
 * weeks and over their weekdays. People exchange duties when that lowers, for those involved
 * together and in this order: their runs (duties on two school days in a row, a Friday and the
 * Monday after included); how unevenly each is spread over their weekdays (the sum of the squares
 * of their weekday counts, this year's earlier duties included, over their number of duties: one
 * Tuesday too many is more of the year of someone with four duties than of someone with twelve);
 * and their pairs of duties in one week. An exchange is a trade between two people or, for someone
 * whose weekdays no trade evens out, a ring of three (A takes B's day, B takes C's, C takes A's).
 * It changes nobody's number of duties — so fair share stays exactly as planned; under "Always
 * pair" everyone in it is of the same kind, so each day keeps its mix, and under "Pair when it is
 * fair" as many days have both kinds after it as before; it puts nobody on a weekday they would
 * rather avoid from one they would not, keeps every hard rule, and moves only slots this run
 * filled. Each exchange lowers the total of those measures, so the phase ends: when none is left.
 * Returns how many it made.
 */
export function spreadDuties(state: PlanState): number {
  if (state.placedNow.length < 2) return 0;
  const spread = spreadState(state);
  let made = 0;
  for (let round = 0; round < 100; round += 1) {
    let changed = false;
    for (let k = 0; k < spread.m; k += 1) {
      if (!improveSpreadOf(spread, k)) continue;
      made += 1;
      changed = true;
    }
    if (!changed) break;
  }
  return made;
}

/**
 * Positions on a line of weekdays, where two school days in a row are 1 apart (Friday and Monday
 * too) and a week is positions 5w … 5w+4. A position is free on both sides, so its neighbours are
 * always on the line: `first` is the position before the first planned day.
 */
interface DayLine {
  first: number;
  /** Positions on the line, and the weeks they cover. */
  span: number;
  firstWeek: number;
  weeks: number;
  posOf: ReadonlyMap<IsoDate, number>;
}

/** A school day's number on the line of weekdays counted from 1970-01-05, a Monday. */
function weekdaySerial(day: IsoDate): number {
  const sinceMonday = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000) - 4;
  return Math.floor(sinceMonday / 7) * 5 + weekdayOf(day);
}

/** The line of weekdays the planned days (in date order, at least one) lie on. */
function dayLine(days: readonly IsoDate[]): DayLine {
  const first = weekdaySerial(days[0]!) - 1;
  const span = weekdaySerial(days[days.length - 1]!) - first + 2;
  const firstWeek = Math.floor(first / 5);
  const weeks = Math.floor((first + span) / 5) - firstWeek + 1;
  return { first, span, firstWeek, weeks, posOf: new Map(days.map((d) => [d, weekdaySerial(d) - first])) };
}

const weekOfPosition = (line: DayLine, pos: number) => Math.floor((pos + line.first) / 5) - line.firstWeek;

/**
 * Per person, as flat arrays (an exchange is judged by a few look-ups, and a year of a small
 * school judges a few hundred thousand): who is on which position; duties per week and per
 * weekday (this year's earlier ones included) and in all, which no exchange changes; the weekdays
 * they work and would rather avoid; their group — their kind under "Always pair", everyone
 * otherwise. Per position: how many are on duty, and how many of them teach.
 */
interface SpreadTallies {
  on: Uint8Array;
  perWeek: Int32Array;
  perWeekday: Int32Array;
  total: Int32Array;
  works: Uint8Array;
  avoids: Uint8Array;
  group: Int8Array;
  teaches: Uint8Array;
  onDuty: Int32Array;
  teachers: Int32Array;
}

function spreadTallies(state: PlanState, line: DayLine): SpreadTallies {
  const { planned, index, mixMode } = state;
  const { span, weeks, first, posOf } = line;
  const n = state.staff.length;
  const t: SpreadTallies = {
    on: new Uint8Array(n * span),
    perWeek: new Int32Array(n * weeks),
    perWeekday: new Int32Array(n * 5),
    total: new Int32Array(n),
    works: new Uint8Array(n * 5),
    avoids: new Uint8Array(n * 5),
    group: Int8Array.from(state.teaching, (teaching) => (mixMode === 'always' && teaching ? 1 : 0)),
    teaches: Uint8Array.from(state.teaching, (teaching) => (teaching ? 1 : 0)),
    onDuty: new Int32Array(span),
    teachers: new Int32Array(span),
  };
  for (const day of state.days) {
    const pos = posOf.get(day)!;
    for (const id of planned.get(day)!) {
      const i = id === null ? undefined : index.get(id);
      if (i === undefined) continue;
      t.on[i * span + pos] = 1;
      t.onDuty[pos]! += 1;
      t.teachers[pos]! += t.teaches[i]!;
    }
  }
  for (let i = 0; i < n; i += 1) {
    for (const [monday, count] of state.weekCounts[i]!) {
      const w = weekOfPosition(line, weekdaySerial(monday) - first);
      if (w >= 0 && w < weeks) t.perWeek[i * weeks + w] = count;
    }
    for (let d = 0; d < 5; d += 1) {
      t.perWeekday[i * 5 + d] = state.weekdayCounts[i]![d]!;
      t.total[i]! += state.weekdayCounts[i]![d]!;
      t.works[i * 5 + d] = state.works[i]![d] ? 1 : 0;
      t.avoids[i * 5 + d] = state.avoids[i]![d] ? 1 : 0;
    }
  }
  return t;
}

/**
 * The slots that may move (this run's, `placedNow`), by number k: their day, slot, position, week,
 * weekday, who may be on their day, and their holder (-1: none); grouped by position, by week and
 * weekday, and by weekday for the searches.
 */
interface MovableSlots {
  m: number;
  mDay: IsoDate[];
  mSlot: number[];
  mPos: Int32Array;
  mWeek: Int32Array;
  mWeekday: Int32Array;
  mAvailable: Uint8Array[];
  mHolder: Int32Array;
  byPos: number[][];
  byWeekAndWeekday: number[][];
  byWeekday: number[][];
}

function movableSlots(state: PlanState, line: DayLine): MovableSlots {
  const { placedNow, planned, index, available } = state;
  const m = placedNow.length;
  const mDay = placedNow.map(([day]) => day);
  const mPos = Int32Array.from(mDay, (day) => line.posOf.get(day)!);
  const mWeek = Int32Array.from(mPos, (pos) => weekOfPosition(line, pos));
  const mWeekday = Int32Array.from(mDay, (day) => weekdayOf(day));
  const byPos: number[][] = Array.from({ length: line.span }, () => []);
  const byWeekAndWeekday: number[][] = Array.from({ length: line.weeks * 5 }, () => []);
  const byWeekday: number[][] = [[], [], [], [], []];
  for (let k = 0; k < m; k += 1) {
    byPos[mPos[k]!]!.push(k);
    byWeekAndWeekday[mWeek[k]! * 5 + mWeekday[k]!]!.push(k);
    byWeekday[mWeekday[k]!]!.push(k);
  }
  return {
    m,
    mDay,
    mSlot: placedNow.map(([, slot]) => slot),
    mPos,
    mWeek,
    mWeekday,
    mAvailable: mDay.map((day) => available.get(day)!),
    mHolder: Int32Array.from(placedNow, ([day, slot]) => index.get(planned.get(day)![slot] ?? '') ?? -1),
    byPos,
    byWeekAndWeekday,
    byWeekday,
  };
}

/**
 * What the spread phase works on beside the plan: the line of weekdays, the tallies, the movable
 * slots; per group, its members, their largest number of duties and the weekday skew
 * (`measureSkew`); what the last move judged changes (`judgeMove`); the best exchange found for the
 * duty being looked at; and the rings' budget and their thirds.
 */
export interface SpreadState extends DayLine, SpreadTallies, MovableSlots {
  plan: PlanState;
  caps: readonly number[];
  mixMode: MixMode;
  members: number[][];
  most: number[];
  /** Per group, per weekday e and d: the largest w[e] − w[d] of anyone who could take a d for an e. */
  skew: Int32Array[];
  /** What person's move, judged last by `judgeMove`, changes for them: runs, unevenness over weekdays, pairs in a week. */
  runs: number;
  uneven: number;
  pairs: number;
  /**
   * The best exchange found for the duty being looked at (negative is better): its holder takes
   * slot `bestL`'s day and that slot's holder takes theirs, or, in a ring, slot `bestO`'s day,
   * whose holder takes theirs.
   */
  bestRuns: number;
  bestUneven: number;
  bestPairs: number;
  bestL: number;
  bestO: number;
  /**
   * Rings are looked for within a budget: a school whose weekdays are uneven by its patterns (more
   * part-timers on some days) offers many rings that cannot help, and a hundred looks per slot find
   * the ones that can. Who could be a ring's third is kept per weekday f (`thirds[f]` of them from
   * f × m on), with what it changes for them.
   */
  looks: number;
  thirdSlot: Int32Array;
  thirdRuns: Float64Array;
  thirdUneven: Float64Array;
  thirdPairs: Float64Array;
  thirds: Int32Array;
}

export function spreadState(state: PlanState): SpreadState {
  const line = dayLine(state.days);
  const tallies = spreadTallies(state, line);
  const slots = movableSlots(state, line);
  const n = state.staff.length;
  const m = slots.m;
  const members = [0, 1].map((g) => [...Array(n).keys()].filter((i) => tallies.group[i] === g));
  const spread: SpreadState = {
    ...line,
    ...tallies,
    ...slots,
    plan: state,
    caps: state.caps,
    mixMode: state.mixMode,
    members,
    most: members.map((g) => g.reduce((top, i) => Math.max(top, tallies.total[i]!), 1)),
    skew: [new Int32Array(25), new Int32Array(25)],
    runs: 0,
    uneven: 0,
    pairs: 0,
    bestRuns: 0,
    bestUneven: 0,
    bestPairs: 0,
    bestL: -1,
    bestO: -1,
    looks: 100 * m,
    thirdSlot: new Int32Array(5 * m),
    thirdRuns: new Float64Array(5 * m),
    thirdUneven: new Float64Array(5 * m),
    thirdPairs: new Float64Array(5 * m),
    thirds: new Int32Array(5),
  };
  measureSkew(spread, 0);
  measureSkew(spread, 1);
  return spread;
}

/**
 * For group g, the largest w[e] − w[d] of the weekday counts of anyone who could take a d for an e
 * (works both, doesn't avoid d more than e). A trade from weekday d to e evens its two people out
 * only if the partner has e far enough above d, and a ring only if its others have e above d: most
 * weekdays need no look. Measured again after each exchange, for the group that made it.
 */
function measureSkew(s: SpreadState, g: number): void {
  const { works, avoids, perWeekday } = s;
  const largest = s.skew[g]!.fill(-1e9);
  for (const i of s.members[g]!) {
    for (let e = 0; e < 5; e += 1) {
      if (!works[i * 5 + e]) continue;
      for (let d = 0; d < 5; d += 1) {
        if (!works[i * 5 + d] || (avoids[i * 5 + d] && !avoids[i * 5 + e])) continue;
        largest[e * 5 + d] = Math.max(largest[e * 5 + d]!, perWeekday[i * 5 + e]! - perWeekday[i * 5 + d]!);
      }
    }
  }
}

/**
 * Looks for the best exchange for slot k's duty — the trades that make its holder better off at
 * some level (fewer runs, a more even spread over the weekdays, fewer pairs in a week), else a
 * ring — and makes it. A trade that makes the two better off together makes one of them better off
 * at its first level that changes, so looking from every duty's holder finds every such trade (for
 * the weeks: every one between days of a weekday). Returns whether it made one.
 */
export function improveSpreadOf(s: SpreadState, k: number): boolean {
  const a = s.mHolder[k]!;
  if (a < 0) return false;
  s.bestRuns = 0;
  s.bestUneven = 0;
  s.bestPairs = 0;
  s.bestL = -1;
  s.bestO = -1;
  findTradesEndingRuns(s, a, k);
  findTradesEveningWeekdays(s, a, k);
  findTradesSpreadingWeeks(s, a, k);
  if (s.bestL < 0 && s.looks > 0 && ringCouldEvenOut(s, a, k)) findRings(s, a, k);
  if (s.bestL < 0) return false;
  makeBestExchange(s, a, k);
  measureSkew(s, s.group[a]!);
  return true;
}

/** Neighbours on duty around `pos`, not counting the position `leaving` they give up. */
function neighbours(s: SpreadState, i: number, pos: number, leaving: number): number {
  const { on, span } = s;
  return (pos - 1 !== leaving ? on[i * span + pos - 1]! : 0) + (pos + 1 !== leaving ? on[i * span + pos + 1]! : 0);
}

/** Whether person `i` may leave slot k's day for slot l's (the hard rules, preferences); sets what it changes (`runs`, `uneven`, `pairs`). */
function judgeMove(s: SpreadState, i: number, k: number, l: number): boolean {
  const { mPos, mWeekday, mWeek, avoids, perWeek, perWeekday, weeks } = s;
  const q = mPos[l]!;
  if (s.on[i * s.span + q] || !s.mAvailable[l]![i]) return false;
  const d = mWeekday[k]!;
  const e = mWeekday[l]!;
  if (avoids[i * 5 + e] && !avoids[i * 5 + d]) return false;
  s.pairs = 0;
  if (mWeek[k] !== mWeek[l]) {
    const inQ = perWeek[i * weeks + mWeek[l]!]!;
    if (inQ + 1 > s.caps[i]!) return false;
    // A duty joining a week with c others adds c pairs; one leaving it takes c − 1 away.
    s.pairs = inQ - perWeek[i * weeks + mWeek[k]!]! + 1;
  }
  const p = mPos[k]!;
  s.runs = neighbours(s, i, q, p) - neighbours(s, i, p, -1);
  // (x + 1)² − x² = 2x + 1 and (x − 1)² − x² = −2x + 1.
  s.uneven = d === e ? 0 : (2 * (perWeekday[i * 5 + e]! - perWeekday[i * 5 + d]!) + 2) / s.total[i]!;
  return true;
}

/** Keeps the exchange (l, o) when it beats the best so far: fewer runs, then less uneven, then fewer pairs. */
function considerExchange(s: SpreadState, r: number, u: number, w: number, l: number, o: number): void {
  if (r < s.bestRuns || (r === s.bestRuns && (u < s.bestUneven || (u === s.bestUneven && w < s.bestPairs)))) {
    s.bestRuns = r;
    s.bestUneven = u;
    s.bestPairs = w;
    s.bestL = l;
    s.bestO = o;
  }
}

/** Whether a position with `t` teachers among its people has both kinds. */
const paired = (s: SpreadState, pos: number, t: number) => (t > 0 && t < s.onDuty[pos]! ? 1 : 0);

/**
 * Under "Pair when it is fair", people of different kinds may exchange when as many of their days
 * have both kinds after as before: which days are paired may move, never how many. Slot k goes
 * from `a` to `c`, slot l from `b` to `a`, slot o (a ring's third, or -1) from `c` to `b`.
 */
function keepsPairs(s: SpreadState, a: number, k: number, b: number, l: number, c: number, o: number): boolean {
  const { teaches, teachers, mPos } = s;
  if (s.mixMode !== 'when_fair' || (teaches[a] === teaches[b] && teaches[b] === teaches[c])) return true;
  const p = mPos[k]!;
  const q = mPos[l]!;
  let before = paired(s, p, teachers[p]!) + paired(s, q, teachers[q]!);
  let after = paired(s, p, teachers[p]! + teaches[c]! - teaches[a]!) + paired(s, q, teachers[q]! + teaches[a]! - teaches[b]!);
  if (o >= 0) {
    const r = mPos[o]!;
    before += paired(s, r, teachers[r]!);
    after += paired(s, r, teachers[r]! + teaches[b]! - teaches[c]!);
  }
  return after >= before;
}

/** Considers a trade: `a` (on slot k) and the holder of slot l swap days. */
function considerTrade(s: SpreadState, a: number, k: number, l: number): void {
  const b = s.mHolder[l]!;
  if (b < 0 || b === a || s.group[a] !== s.group[b] || !judgeMove(s, a, k, l)) return;
  const r = s.runs;
  const u = s.uneven;
  const w = s.pairs;
  if (judgeMove(s, b, l, k) && keepsPairs(s, a, k, b, l, b, -1)) considerExchange(s, r + s.runs, u + s.uneven, w + s.pairs, l, -1);
}

/** The trades that end a run of `a`'s: slots whose day has fewer of a's duties beside it. */
export function findTradesEndingRuns(s: SpreadState, a: number, k: number): void {
  const p = s.mPos[k]!;
  const inRun = neighbours(s, a, p, -1);
  if (inRun === 0) return;
  const { byPos, span } = s;
  for (let q = 1; q < span - 1; q += 1) if (byPos[q]!.length && neighbours(s, a, q, p) < inRun) for (const l of byPos[q]!) considerTrade(s, a, k, l);
}

/** Whether `a` could move a duty from weekday d to e and be more even: two or more fewer on e, worked, not avoided. */
function emptier(s: SpreadState, a: number, d: number, e: number): boolean {
  const { perWeekday, works, avoids } = s;
  return perWeekday[a * 5 + d]! - perWeekday[a * 5 + e]! >= 2 && works[a * 5 + e] === 1 && (!avoids[a * 5 + e] || avoids[a * 5 + d] === 1);
}

/** The trades that even out `a`'s weekdays: a duty on a weekday e where `a` has two or more fewer than on slot k's. */
function findTradesEveningWeekdays(s: SpreadState, a: number, k: number): void {
  const { perWeekday, total, mHolder, byWeekday } = s;
  const d = s.mWeekday[k]!;
  const partners = s.skew[s.group[a]!]!;
  for (let e = 0; e < 5; e += 1) {
    if (!emptier(s, a, d, e)) continue;
    // Better for the two only with a partner b who has e more than 1 − (w[d] − w[e] − 1) × b's duties ÷ a's above d.
    const gain = (perWeekday[a * 5 + d]! - perWeekday[a * 5 + e]! - 1) / total[a]!;
    if (partners[e * 5 + d]! <= 1 - gain * s.most[s.group[a]!]!) continue;
    for (const l of byWeekday[e]!) {
      const b = mHolder[l]!;
      if (b >= 0 && perWeekday[b * 5 + e]! - perWeekday[b * 5 + d]! > 1 - gain * total[b]!) considerTrade(s, a, k, l);
    }
  }
}

/** Fewer pairs in a week, weekdays as they are: the same weekday in a week where `a` has two fewer. */
export function findTradesSpreadingWeeks(s: SpreadState, a: number, k: number): void {
  const { perWeek, weeks, byWeekAndWeekday } = s;
  const inWeek = perWeek[a * weeks + s.mWeek[k]!]!;
  if (inWeek < 2) return;
  const d = s.mWeekday[k]!;
  for (let v = 0; v < weeks; v += 1)
    if (perWeek[a * weeks + v]! <= inWeek - 2) for (const l of byWeekAndWeekday[v * 5 + d]!) considerTrade(s, a, k, l);
}

/** Whether someone of the group could be a ring's third, giving up an f for a d. */
const hasThird = (partners: Int32Array, d: number, f: number) => f === d || partners[f * 5 + d]! >= 1;

/** Whether a ring could even out `a` from weekday d to e: someone gives up an e for an f, someone else an f for a d. */
function ringTo(s: SpreadState, a: number, d: number, e: number): boolean {
  if (!emptier(s, a, d, e)) return false;
  const partners = s.skew[s.group[a]!]!;
  for (let f = 0; f < 5; f += 1) if (f !== e && partners[e * 5 + f]! >= 1 && hasThird(partners, d, f)) return true;
  return false;
}

/** Whether a ring could even out `a`'s weekdays from slot k's to any other. */
function ringCouldEvenOut(s: SpreadState, a: number, k: number): boolean {
  const d = s.mWeekday[k]!;
  let rings = false;
  for (let e = 0; e < 5 && !rings; e += 1) rings = ringTo(s, a, d, e);
  return rings;
}

/**
 * No trade evens out `a`'s weekdays: a ring where nobody else's get less even — b gives a a day on
 * e and takes one on f where b has fewer (or on d), whose holder c has more on f than on d (or f is
 * d) and takes a's. Who could be c depends on f alone, so it is found once per f (`collectThirds`).
 */
function findRings(s: SpreadState, a: number, k: number): void {
  collectThirds(s, a, k);
  const { perWeekday, mHolder, group, byWeekday, thirds } = s;
  const d = s.mWeekday[k]!;
  for (let e = 0; e < 5; e += 1) {
    if (!ringTo(s, a, d, e)) continue;
    for (const l of byWeekday[e]!) {
      const b = mHolder[l]!;
      if (b < 0 || b === a || group[b] !== group[a]) continue;
      let any = false;
      for (let f = 0; f < 5 && !any; f += 1) any = f !== e && perWeekday[b * 5 + f]! < perWeekday[b * 5 + e]! && thirds[f]! > 0;
      if (!any || !judgeMove(s, a, k, l)) continue;
      considerRingsThrough(s, a, k, b, l, e);
    }
  }
}

/** Who could be a ring's third for `a`'s duty on slot k, per weekday f they give up: with what taking a's day changes for them. */
function collectThirds(s: SpreadState, a: number, k: number): void {
  const { perWeekday, mHolder, group, byWeekday, thirds, m } = s;
  const d = s.mWeekday[k]!;
  const partners = s.skew[group[a]!]!;
  for (let f = 0; f < 5; f += 1) {
    thirds[f] = 0;
    if (!hasThird(partners, d, f)) continue;
    s.looks -= byWeekday[f]!.length;
    for (const o of byWeekday[f]!) {
      const c = mHolder[o]!;
      if (c < 0 || c === a || group[c] !== group[a] || (f !== d && perWeekday[c * 5 + f]! - perWeekday[c * 5 + d]! < 1)) continue;
      if (!judgeMove(s, c, o, k)) continue;
      const t = f * m + thirds[f]!;
      s.thirdSlot[t] = o;
      s.thirdRuns[t] = s.runs;
      s.thirdUneven[t] = s.uneven;
      s.thirdPairs[t] = s.pairs;
      thirds[f]! += 1;
    }
  }
}

/** The rings where `a` takes slot l's day on weekday e (just judged), its holder `b` a third's on a weekday where b has fewer. */
function considerRingsThrough(s: SpreadState, a: number, k: number, b: number, l: number, e: number): void {
  const { perWeekday, mHolder, thirds, thirdSlot, m } = s;
  const ra = s.runs;
  const ua = s.uneven;
  const wa = s.pairs;
  for (let f = 0; f < 5; f += 1) {
    if (f === e || perWeekday[b * 5 + f]! >= perWeekday[b * 5 + e]!) continue;
    s.looks -= thirds[f]!;
    for (let t = f * m; t < f * m + thirds[f]!; t += 1) {
      const o = thirdSlot[t]!;
      if (mHolder[o] === b || !judgeMove(s, b, l, o) || !keepsPairs(s, a, k, b, l, mHolder[o]!, o)) continue;
      considerExchange(s, ra + s.runs + s.thirdRuns[t]!, ua + s.uneven + s.thirdUneven[t]!, wa + s.pairs + s.thirdPairs[t]!, l, o);
    }
  }
}

/** Makes the best exchange found for `a`'s duty on slot k: the trade, or the ring. */
export function makeBestExchange(s: SpreadState, a: number, k: number): void {
  const { bestL, bestO, mHolder } = s;
  const b = mHolder[bestL]!;
  if (bestO < 0) {
    shiftDuty(s, a, k, bestL);
    shiftDuty(s, b, bestL, k);
  } else {
    const c = mHolder[bestO]!;
    shiftDuty(s, a, k, bestL);
    shiftDuty(s, b, bestL, bestO);
    shiftDuty(s, c, bestO, k);
  }
}

/** Person `i` leaves slot k's day for slot l's, which they now hold: in the plan and every tally. */
function shiftDuty(s: SpreadState, i: number, k: number, l: number): void {
  const { mPos, mDay, mWeek, mWeekday, teachers, teaches, on, span, perWeek, weeks, perWeekday } = s;
  s.mHolder[l] = i;
  teachers[mPos[k]!]! -= teaches[i]!;
  teachers[mPos[l]!]! += teaches[i]!;
  s.plan.planned.get(mDay[l]!)![s.mSlot[l]!] = s.plan.staff[i]!.id;
  on[i * span + mPos[k]!] = 0;
  on[i * span + mPos[l]!] = 1;
  perWeek[i * weeks + mWeek[k]!]! -= 1;
  perWeek[i * weeks + mWeek[l]!]! += 1;
  perWeekday[i * 5 + mWeekday[k]!]! -= 1;
  perWeekday[i * 5 + mWeekday[l]!]! += 1;
  tally(s.plan, i, mDay[k]!, -1);
  tally(s.plan, i, mDay[l]!, 1);
}

/** The day's pinned slots, at the configured length, every other slot empty. */
export function pinnedOf(slotsOfDay: DaySlots | undefined, length: number): Holders {
  const out = new Array<string | null>(length).fill(null);
  slotsOfDay?.slice(0, length).forEach((slot, i) => (out[i] = slot?.pinned ? slot.staffId : null));
  return out;
}

/** Who holds the day's slots, at the configured length: extra slots dropped, missing ones empty. */
function normalise(slotsOfDay: DaySlots | undefined, length: number): Holders {
  const out = new Array<string | null>(length).fill(null);
  slotsOfDay?.slice(0, length).forEach((slot, i) => (out[i] = slot?.staffId ?? null));
  return out;
}
