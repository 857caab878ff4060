/**
 * The plan state of the multi-duty engine: per planned day, the slots of every duty running that
 * day, and per person what the hard rules and the soft ones read — the duties they hold each day,
 * their weighted load, their count per duty, per weekday and per week. Arrays rather than maps, as
 * the greedy pass asks `mayTake` for every person on every slot (150 people × 35 slots × 190 days).
 */

import { addDays, mondayOf, weekdayIndex } from '../../../common/clock/academic-year';
import { dutyFairShares } from './duty-shares';
import { allowedOn, awayFrom, countsTowardMax, type DutiesInput, type DutiesResult, dutiesOverlap, type EngineDuty, needsOn } from './duties-types';
import { type DaySlots, type EngineStaff, type IsoDate, type MixMode, pinnedOf } from './rota-engine';

/** A slot this run filled: the only ones a later phase may give to someone else. */
export interface PlacedSlot {
  /** Index into `days`. */
  t: number;
  /** Index into `duties`. */
  d: number;
  slot: number;
}

export interface DutiesState {
  duties: readonly EngineDuty[];
  /** Per duty: whether it is planned here. */
  planned: Uint8Array;
  /** Per duty: its weight over the lightest planned duty's, so the lightest weighs exactly 1. */
  weight: Float64Array;
  /** The lightest planned duty's weight: what `weight` is measured in. */
  unit: number;
  timed: Uint8Array;
  /** Per duty: whether it counts toward the daily maximum. */
  counting: Uint8Array;
  /** Per pair of duties (d × D + e): whether one person can't hold both on a day (their windows overlap). */
  overlap: Uint8Array;
  mixMode: MixMode;
  maxPerDay: number;
  /** The people who may be planned: the active staff. */
  staff: readonly EngineStaff[];
  index: ReadonlyMap<string, number>;
  /** The school days being planned, in date order; per day its weekday and week (index into `mondays`). */
  days: readonly IsoDate[];
  weekday: Int32Array;
  week: Int32Array;
  mondays: readonly IsoDate[];
  /** Per day and duty, who holds its slots (`[]` where the duty doesn't run that day). */
  slots: (string | null)[][][];
  /** Per day, per person × duty: 1 where the person holds the duty. */
  held: Uint8Array[];
  /** Per day and person: duties held, and of those the ones counting toward the daily maximum. */
  heldCount: Uint8Array[];
  daily: Uint8Array[];
  /** Per day, 1 for each person who may be on a duty: one of their working days, not away all day. */
  available: Uint8Array[];
  /** Per day, person × duty pairs kept off by a block or by timed unavailability overlapping the duty. */
  blocked: Set<number>[];
  /** Per person × duty: allowed on it. */
  eligible: Uint8Array;
  /** Weighted load this year (in `unit`s), days not planned included. */
  load: Float64Array;
  /** Per person × duty: duties held this year. */
  dutyCount: Float64Array;
  /** Per person × weekday: days with a duty this year. */
  weekdayCounts: Float64Array;
  /** Per person × planned week: duties of every kind (what weekly caps count). */
  weekCount: Int32Array;
  caps: Float64Array;
  /** Each person's target load (in `unit`s), and per duty their share of it as a number of duties. */
  target: Float64Array;
  dutyShare: Float64Array;
  sharesOfYear: boolean;
  teaching: Uint8Array;
  teachingIds: ReadonlySet<string>;
  works: readonly boolean[][];
  avoids: readonly boolean[][];
  placedNow: PlacedSlot[];
  /** Fill mode only: per duty index and day index, the slots that may be filled. */
  fillable: (Map<number, number[]> | undefined)[];
}

const ALL_WEEKDAYS = [0, 1, 2, 3, 4] as const;

/** Who holds the slots of a duty's day, `length` long: extra slots dropped, missing ones empty. */
export function holdersOf(slots: DaySlots | undefined, length: number): (string | null)[] {
  const out = new Array<string | null>(length).fill(null);
  slots?.slice(0, length).forEach((slot, i) => (out[i] = slot?.staffId ?? null));
  return out;
}

/**
 * The plan before any phase: the planned days (weekdays not closed, in order), each running duty's
 * slots — the unplanned duties' as they are, the planned ones' kept in fill and rebalance mode and
 * empty in reshuffle mode but for the pinned ones — and everything counted, so the people already
 * on duty are not picked first. Kept slots are not `placedNow`: no phase moves them.
 */
export function dutiesState(input: DutiesInput): DutiesState {
  const duties = input.duties;
  const D = duties.length;
  const planSet = new Set(input.plan);
  const planned = Uint8Array.from(duties, (d) => (planSet.has(d.id) ? 1 : 0));
  const unit = Math.min(...duties.filter((d) => planSet.has(d.id)).map((d) => d.weight));
  const weight = Float64Array.from(duties, (d) => d.weight / unit);
  const overlap = new Uint8Array(D * D);
  for (let d = 0; d < D; d += 1) for (let e = 0; e < D; e += 1) overlap[d * D + e] = d !== e && dutiesOverlap(duties[d]!, duties[e]!) ? 1 : 0;

  const staff = input.staff.filter((s) => s.isActive);
  const n = staff.length;
  const index = new Map(staff.map((s, i) => [s.id, i]));
  // Each date's weekday worked out once, and its Monday once a week (the days are in order): a
  // repair's year is 300 dates, and parsing each a few times was a tenth of its engine time.
  const weekdayOf = new Map<IsoDate, number>();
  for (const d of input.days) if (!weekdayOf.has(d)) weekdayOf.set(d, weekdayIndex(d));
  const days = [...weekdayOf.keys()].filter((d) => weekdayOf.get(d)! < 5 && !input.holidays.some((h) => h.start <= d && d <= h.end)).sort();
  const weekday = new Int32Array(days.length);
  const week = new Int32Array(days.length);
  const mondays: IsoDate[] = [];
  let sunday = '';
  days.forEach((d, t) => {
    weekday[t] = weekdayOf.get(d)!;
    if (d > sunday) {
      const monday = mondayOf(d);
      mondays.push(monday);
      sunday = addDays(monday, 6);
    }
    week[t] = mondays.length - 1;
  });
  const W = mondays.length;
  const works = staff.map((s) => ALL_WEEKDAYS.map((d) => (s.workingDays ?? ALL_WEEKDAYS).includes(d)));

  // Who is away on each planned day: all day, or only from the duties a timed absence overlaps.
  // Per day a copy of its weekday's row (a typed array built element by element through
  // `Uint8Array.from(list, fn)` walks an iterator and calls back per person: 60,000 calls a year).
  const worksOn = ALL_WEEKDAYS.map((wd) => {
    const row = new Uint8Array(n);
    for (let i = 0; i < n; i += 1) row[i] = works[i]![wd] ? 1 : 0;
    return row;
  });
  const available = days.map((_, t) => worksOn[weekday[t]!]!.slice());
  const blocked = days.map(() => new Set<number>());
  const dayIndex = new Map(days.map((d, t) => [d, t]));
  for (const u of input.unavailability) {
    const i = index.get(u.staffId);
    if (i === undefined) continue;
    for (let t = 0; t < days.length; t += 1) {
      const day = days[t]!;
      if (day < u.start || day > u.end) continue;
      if (!u.window) available[t]![i] = 0;
      else for (let d = 0; d < D; d += 1) if (awayFrom(u, duties[d]!)) blocked[t]!.add(i * D + d);
    }
  }
  const dutyIndex = new Map(duties.map((d, k) => [d.id, k]));
  for (const b of input.blocks ?? []) {
    const i = index.get(b.staffId);
    const t = dayIndex.get(b.date);
    const d = dutyIndex.get(b.dutyId);
    if (i !== undefined && t !== undefined && d !== undefined) blocked[t]!.add(i * D + d);
  }

  const inactiveLoad = input.staff.filter((s) => !s.isActive).reduce((sum, s) => sum + (input.priorLoad[s.id] ?? 0), 0);
  const year = input.fairShare && {
    ...input.fairShare,
    doneBefore: input.fairShare.doneBefore === undefined ? undefined : input.fairShare.doneBefore / unit,
  };
  const unitDuties = duties.map((d, k) => ({ ...d, weight: weight[k]! }));
  const shares = dutyFairShares(input.staff, unitDuties, year, inactiveLoad / unit);

  const state: DutiesState = {
    duties,
    planned,
    weight,
    unit,
    timed: Uint8Array.from(duties, (d) => (d.window ? 1 : 0)),
    counting: Uint8Array.from(duties, (d) => (countsTowardMax(d, input.allDayCounts) ? 1 : 0)),
    overlap,
    mixMode: input.mixMode ?? 'always',
    maxPerDay: Math.max(1, Math.min(5, Math.floor(input.maxPerDay))),
    staff,
    index,
    days,
    weekday,
    week,
    mondays,
    slots: days.map((day, t) =>
      duties.map((duty, d) => {
        const length = needsOn(duty, weekday[t]!);
        // Unplanned duties and fill (and rebalance, which starts from the plan as it is) keep every assignment; reshuffle
        // only the pinned ones, which it plans around.
        const kept = !planned[d] || input.mode !== 'reshuffle';
        return kept ? holdersOf(input.existing[duty.id]?.[day], length) : pinnedOf(input.existing[duty.id]?.[day], length);
      }),
    ),
    held: days.map(() => new Uint8Array(n * D)),
    heldCount: days.map(() => new Uint8Array(n)),
    daily: days.map(() => new Uint8Array(n)),
    available,
    blocked,
    eligible: perPerson(new Uint8Array(n * D), D, (i, d) => (allowedOn(duties[d]!, staff[i]!.id) ? 1 : 0)),
    load: Float64Array.from(staff, (s) => (input.priorLoad[s.id] ?? 0) / unit),
    dutyCount: perPerson(new Float64Array(n * D), D, (i, d) => input.priorDutyCounts?.[staff[i]!.id]?.[duties[d]!.id] ?? 0),
    weekdayCounts: perPerson(new Float64Array(n * 5), 5, (i, wd) => input.priorWeekdayCounts?.[staff[i]!.id]?.[wd] ?? 0),
    weekCount: perPerson(new Int32Array(n * W), W, (i, w) => input.priorWeekCounts?.[staff[i]!.id]?.[mondays[w]!] ?? 0),
    caps: Float64Array.from(staff, (s) => s.weeklyCap ?? Infinity),
    target: Float64Array.from(staff, (s) => shares.target.get(s.id) ?? 0),
    dutyShare: perPerson(new Float64Array(n * D), D, (i, d) => (shares.perDuty.get(staff[i]!.id)?.get(duties[d]!.id) ?? 0) / weight[d]!),
    sharesOfYear: input.fairShare !== undefined,
    teaching: Uint8Array.from(staff, (s) => (s.isTeaching ? 1 : 0)),
    teachingIds: new Set(input.staff.filter((s) => s.isTeaching).map((s) => s.id)),
    works,
    avoids: staff.map((s) => ALL_WEEKDAYS.map((d) => s.avoidDays?.includes(d) ?? false)),
    placedNow: [],
    fillable: duties.map((duty, d) => {
      const open = input.mode !== 'reshuffle' && planned[d] ? input.fillable?.[duty.id] : undefined;
      if (!open) return undefined;
      return new Map(Object.entries(open).flatMap(([day, list]) => (dayIndex.has(day) ? [[dayIndex.get(day)!, list]] : [])));
    }),
  };
  days.forEach((_, t) =>
    state.slots[t]!.forEach((holders, d) => {
      for (const id of holders) {
        const i = id === null ? undefined : index.get(id);
        if (i !== undefined && !state.held[t]![i * D + d]) tally(state, i, t, d, 1);
      }
    }),
  );
  return state;
}

/** `out` (people × `width`) with element i × width + j set to `value(i, j)`, in a plain loop (see `available` above). */
function perPerson<A extends Uint8Array | Int32Array | Float64Array>(out: A, width: number, value: (i: number, j: number) => number): A {
  const people = width > 0 ? out.length / width : 0;
  for (let i = 0, k = 0; i < people; i += 1) for (let j = 0; j < width; j += 1, k += 1) out[k] = value(i, j);
  return out;
}

/** One duty d more (or fewer) for person `i` on day t, in every count the rules read. */
export function tally(s: DutiesState, i: number, t: number, d: number, delta: 1 | -1): void {
  const D = s.duties.length;
  s.held[t]![i * D + d] = delta > 0 ? 1 : 0;
  if (s.counting[d]) s.daily[t]![i]! += delta;
  const before = s.heldCount[t]![i]!;
  s.heldCount[t]![i] = before + delta;
  // A duty-day: the first duty of a day adds one, the last one leaving takes it away.
  if ((delta > 0 && before === 0) || (delta < 0 && before === 1)) s.weekdayCounts[i * 5 + s.weekday[t]!]! += delta;
  s.load[i]! += delta * s.weight[d]!;
  s.dutyCount[i * D + d]! += delta;
  s.weekCount[i * s.mondays.length + s.week[t]!]! += delta;
}

/**
 * The hard rules for giving person `i` duty d on day t (docs/product.md#hard-rules): the duty runs
 * (the caller's slot), the person works that weekday and is not away all day, is allowed on it,
 * not on it already, holds no timed duty overlapping it, has fewer than the daily maximum of
 * counting duties when it counts, fewer duties this week than their cap (unless `ignoreCap`), and
 * is neither blocked from it nor away at its time.
 */
export function mayTake(s: DutiesState, i: number, t: number, d: number, ignoreCap = false): boolean {
  const D = s.duties.length;
  if (!s.available[t]![i] || !s.eligible[i * D + d]) return false;
  const held = s.held[t]!;
  if (held[i * D + d]) return false;
  if (s.timed[d] && s.heldCount[t]![i]) {
    for (let e = 0; e < D; e += 1) if (held[i * D + e] && s.overlap[d * D + e]) return false;
  }
  if (s.counting[d] && s.daily[t]![i]! >= s.maxPerDay) return false;
  if (!ignoreCap && s.weekCount[i * s.mondays.length + s.week[t]!]! >= s.caps[i]!) return false;
  return !s.blocked[t]!.has(i * D + d);
}

/** Puts a person in an empty slot as this run's choice: later phases may give it to someone else. */
export function assignDuty(s: DutiesState, t: number, d: number, slot: number, i: number): void {
  s.slots[t]![d]![slot] = s.staff[i]!.id;
  tally(s, i, t, d, 1);
  s.placedNow.push({ t, d, slot });
}

/** Hands a slot this run filled from `from` to `to`. */
export function moveDuty(s: DutiesState, p: PlacedSlot, from: number, to: number): void {
  s.slots[p.t]![p.d]![p.slot] = s.staff[to]!.id;
  tally(s, from, p.t, p.d, -1);
  tally(s, to, p.t, p.d, 1);
}

/** Who holds a slot this run filled, by index (-1: nobody, or someone not active). */
export function holderOf(s: DutiesState, p: PlacedSlot): number {
  const id = s.slots[p.t]![p.d]![p.slot];
  return id === null || id === undefined ? -1 : (s.index.get(id) ?? -1);
}

/** The planned duties' days, and how many dates and slots differ from `existing`. */
export function dutiesResult(state: DutiesState, existing: DutiesInput['existing']): DutiesResult {
  const days: Record<string, Record<IsoDate, DaySlots>> = {};
  const changed = new Set<IsoDate>();
  let changedSlots = 0;
  state.duties.forEach((duty, d) => {
    if (!state.planned[d]) return;
    const out: Record<IsoDate, DaySlots> = (days[duty.id] = {});
    state.days.forEach((day, t) => {
      const after = state.slots[t]![d]!;
      if (!after.length) return;
      const records = existing[duty.id]?.[day];
      const before = after.map((_, k) => records?.[k]?.staffId ?? null);
      const diff = after.filter((id, k) => id !== before[k]).length;
      if (diff) changed.add(day);
      changedSlots += diff;
      // A slot the plan kept keeps its record; one it filled is a new, unmarked duty.
      out[day] = after.map((id, k) => (id === null ? null : id === before[k] ? records![k]! : { staffId: id, override: false }));
    });
  });
  return { days, changedDays: changed.size, changedSlots };
}
