/**
 * Rebalance with the fewest changes (design 43 "rebalance"; docs/product.md#pinned-duties-and-rebalancing): keep
 * every assignment, fill the empty fillable slots as fill does, then move the fewest assignments
 * that bring every active person's gap |load − target| within one duty — or, where that is
 * impossible, to the smallest largest gap reachable — preferring moves on later days. A pinned
 * slot never moves, nor one on a day up to `frozenThrough`; every hard rule is the multi-duty
 * engine's (`mayTake` over one `DutiesState`). Under "Always pair" a move keeps a day's
 * one-of-each where it had it. A slot this run filled may go to someone else at no cost: filling
 * is not a move. Pure and deterministic.
 *
 * Two passes over the same facts: the first finds the largest gap reachable (`lowerLargestGap`:
 * the person furthest from their target gives or takes a duty while that lowers the largest gap),
 * the second, from the plan as it was, makes the fewest moves that bring everyone within it
 * (`bringWithin`: the move that most lowers the total excess over that bound, the cheapest and
 * latest first). A move is one slot handed over, or — when none can be — two: a chain (A's slot
 * to C and one of C's to B) or an exchange through the person furthest off (they hand one duty
 * on and take one of another weight that week). The first pass is skipped when everyone can be
 * brought within one duty straight away.
 */

import { weekdayIndex } from '../../../common/clock/academic-year';
import { fillDutiesGreedily } from './duties-phases';
import { dutiesResult, dutiesState, type DutiesState, mayTake, tally } from './duties-state';
import { type DutiesInput, type DutiesResult, needsOn } from './duties-types';

/** A slot a rebalance may give to someone else: one this run filled (`fresh`, free to move) or an unpinned one of a day after the frozen ones. */
interface Movable {
  t: number;
  d: number;
  k: number;
  fresh: boolean;
  /** Who held it in the input (index into staff; -1 for a fresh one). */
  was: number;
  /** Who holds it now. */
  holder: number;
}

/** One slot to a new holder. */
interface Step {
  m: number;
  to: number;
}

/** A move found: its steps (one, or a chain of two), what it costs in changed assignments and how it scores. */
interface Found {
  steps: Step[];
  cost: number;
  score: number;
  /** The earliest day it touches (index): the later the better. */
  day: number;
  /** How much nearer their targets everyone involved ends: the fall in Σ gap² (higher is better). */
  spread: number;
}

const EPS = 1e-7;
/** People looked at as the other end of a chain of two. */
const CHAIN_ENDS = 10;

interface Rebalance {
  s: DutiesState;
  /** One duty, in the state's weight units. */
  unit: number;
  slots: Movable[];
  /** Per person, the movable slots they hold. */
  held: Set<number>[];
  /** Per week (index into the state's weeks), the movable slots. */
  inWeek: number[][];
  /** The largest gap before the fill, in duties. */
  before: number;
}

/**
 * "One duty" (docs/product.md#bulk-tools): the average weight of a duty over the fair-share year's
 * slots, in the state's units; 1 for a single duty.
 */
export function oneDuty(input: DutiesInput, s: DutiesState): number {
  let weight = 0;
  let count = 0;
  for (const day of input.fairShare?.schoolDays ?? s.days) {
    const wd = weekdayIndex(day);
    if (wd > 4) continue;
    for (const duty of input.duties) {
      const need = needsOn(duty, wd);
      weight += duty.weight * need;
      count += need;
    }
  }
  return count > 0 ? weight / count / s.unit : 1;
}

const gapOf = (s: DutiesState, i: number) => s.load[i]! - s.target[i]!;

/** The largest |load − target| of an active person, in duties. */
function largest(s: DutiesState, unit: number): number {
  let top = 0;
  for (let i = 0; i < s.staff.length; i += 1) top = Math.max(top, Math.abs(gapOf(s, i)));
  return top / unit;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The largest gap of the input's existing slots, in duties (2 decimals): what a rebalance would start from. 0 without a fair-share year. */
export function largestGapOf(input: DutiesInput): number {
  if (!input.fairShare || !input.duties.some((d) => input.plan.includes(d.id))) return 0;
  const s = dutiesState({ ...input, mode: 'rebalance' });
  return round2(largest(s, oneDuty(input, s)));
}

/** Rebalance mode (see the file's comment). Always sets `largestGap`. */
export function rebalanceWithFewestChanges(input: DutiesInput): DutiesResult {
  if (!input.duties.some((d) => input.plan.includes(d.id))) return { days: {}, changedDays: 0, changedSlots: 0, largestGap: { before: 0, after: 0 } };
  const start = filled(input);
  const before = input.fairShare ? round2(start.before) : 0;
  if (!start.s.sharesOfYear) return { ...dutiesResult(start.s, input.existing), largestGap: { before, after: 0 } };
  // Within one duty when it can be; else first how low the largest gap can go, then the fewest moves that reach it.
  let r = copyOf(start);
  if (!bringWithin(r, r.unit + EPS, true)) {
    const probe = copyOf(start);
    lowerLargestGap(probe);
    r = start;
    bringWithin(r, Math.max(r.unit, largest(probe.s, 1)) + EPS);
    lowerLargestGap(r);
  }
  return { ...dutiesResult(r.s, input.existing), largestGap: { before, after: round2(largest(r.s, r.unit)) } };
}

/** A copy to try moves on: what a move changes is copied, the facts are shared. */
function copyOf(r: Rebalance): Rebalance {
  const { s } = r;
  return {
    ...r,
    s: {
      ...s,
      slots: s.slots.map((byDuty) => byDuty.map((holders) => [...holders])),
      held: s.held.map((a) => a.slice()),
      heldCount: s.heldCount.map((a) => a.slice()),
      daily: s.daily.map((a) => a.slice()),
      weekdayCounts: s.weekdayCounts.slice(),
      load: s.load.slice(),
      dutyCount: s.dutyCount.slice(),
      weekCount: s.weekCount.slice(),
      placedNow: [...s.placedNow],
    },
    slots: r.slots.map((p) => ({ ...p })),
    held: r.held.map((h) => new Set(h)),
  };
}

/** The plan as it is with its empty fillable slots filled, and what may move. */
function filled(input: DutiesInput): Rebalance {
  const s = dutiesState({ ...input, mode: 'rebalance' });
  const unit = oneDuty(input, s);
  const before = largest(s, unit);
  fillDutiesGreedily(s);
  const fresh = new Set(s.placedNow.map((p) => (p.t * s.duties.length + p.d) * 64 + p.slot));
  const slots: Movable[] = [];
  const held = s.staff.map(() => new Set<number>());
  s.days.forEach((day, t) => {
    const frozen = input.frozenThrough !== undefined && day <= input.frozenThrough;
    s.duties.forEach((duty, d) => {
      if (!s.planned[d]) return;
      s.slots[t]![d]!.forEach((id, k) => {
        const i = id === null ? undefined : s.index.get(id);
        if (i === undefined) return;
        const isFresh = fresh.has((t * s.duties.length + d) * 64 + k);
        if (!isFresh && (frozen || input.existing[duty.id]?.[day]?.[k]?.pinned)) return;
        held[i]!.add(slots.length);
        slots.push({ t, d, k, fresh: isFresh, was: isFresh ? -1 : i, holder: i });
      });
    });
  });
  const inWeek: number[][] = s.mondays.map(() => []);
  slots.forEach((p, m) => inWeek[s.week[p.t]!]!.push(m));
  return { s, unit, slots, held, inWeek, before };
}

const holderOf = (r: Rebalance, m: number): number => r.slots[m]!.holder;

/** Changed assignments a step adds (moving a slot back to who had it takes one away). */
const costOf = (r: Rebalance, m: number, from: number, to: number): number => {
  const p = r.slots[m]!;
  return p.fresh ? 0 : (to !== p.was ? 1 : 0) - (from !== p.was ? 1 : 0);
};

/** Under "Always pair", whether slot m may go from `from` to `to`: its day keeps both kinds where it had them. */
function mixOk(r: Rebalance, m: number, from: number, to: number): boolean {
  const { s } = r;
  const p = r.slots[m]!;
  if (s.mixMode !== 'always' || !s.duties[p.d]!.pairsTeaching || s.teaching[from] === s.teaching[to]) return true;
  let people = 0;
  let teachers = 0;
  for (const id of s.slots[p.t]![p.d]!) {
    if (id === null) continue;
    people += 1;
    if (s.teachingIds.has(id)) teachers += 1;
  }
  const after = teachers + (s.teaching[from] ? -1 : 1);
  return !(teachers > 0 && teachers < people) || (after > 0 && after < people);
}

/** Whether `to` may take slot m from its holder (every hard rule, the mix). */
function mayGive(r: Rebalance, m: number, from: number, to: number): boolean {
  const p = r.slots[m]!;
  return to !== from && r.s.target[to]! > 0 && mayTake(r.s, to, p.t, p.d) && mixOk(r, m, from, to);
}

function apply(r: Rebalance, { m, to }: Step): void {
  const p = r.slots[m]!;
  const from = holderOf(r, m);
  r.s.slots[p.t]![p.d]![p.k] = r.s.staff[to]!.id;
  tally(r.s, from, p.t, p.d, -1);
  tally(r.s, to, p.t, p.d, 1);
  r.held[from]!.delete(m);
  r.held[to]!.add(m);
  p.holder = to;
}

/**
 * Whether move a beats b. For the fewest moves: the cheapest, then the larger gain, the later, the nearer everyone ends;
 * for the lowest largest gap (`lowest`): the larger gain, then the nearer everyone ends, the cheapest, the later.
 */
function better(a: Found, b: Found | undefined, lowest: boolean): boolean {
  if (!b) return true;
  // Key by key without building lists of them: a rebalance asks this once per candidate slot.
  if (lowest) {
    if (!near(a.score, b.score)) return a.score > b.score;
    if (!near(a.spread, b.spread)) return a.spread > b.spread;
    if (!near(a.cost, b.cost)) return a.cost < b.cost;
    if (!near(a.day, b.day)) return a.day > b.day;
    return false;
  }
  if (!near(a.cost, b.cost)) return a.cost < b.cost;
  if (!near(a.score, b.score)) return a.score > b.score;
  if (!near(a.day, b.day)) return a.day > b.day;
  if (!near(a.spread, b.spread)) return a.spread > b.spread;
  return false;
}

const near = (x: number, y: number) => Math.abs(x - y) <= 1e-9;

/**
 * Whether a move costing `cost` can't beat `best` whatever it gains: for the fewest moves, cost is
 * compared first (`better`), so a dearer one loses before its gain is worked out.
 */
const dearer = (cost: number, best: Found | undefined, lowest: boolean): boolean =>
  !lowest && best !== undefined && !near(cost, best.cost) && cost > best.cost;

/** The fall in Σ gap² of the people a move changes. */
function spreadOf(s: DutiesState, changes: [number, number][]): number {
  let fall = 0;
  for (const [i, delta] of merged(changes)) fall += gapOf(s, i) ** 2 - (gapOf(s, i) + delta) ** 2;
  return fall;
}

/** `spreadOf(s, [[a, da], [b, db]])` for two different people, without the lists (the same sums in the same order). */
function spreadOf2(s: DutiesState, a: number, da: number, b: number, db: number): number {
  let fall = 0;
  fall += gapOf(s, a) ** 2 - (gapOf(s, a) + da) ** 2;
  fall += gapOf(s, b) ** 2 - (gapOf(s, b) + db) ** 2;
  return fall;
}

/**
 * How a move is judged: `gain(changes)` — per person involved, their load change — is what it gains (above 0 to be
 * made at all), or undefined when it may not be made; `lowest` picks the order of `better`.
 */
interface Judge {
  gain: (changes: [number, number][]) => number | undefined;
  /**
   * `gain([[a, da], [b, db]])` for two different people, without building the lists: a single
   * hand-over, judged for every holder on every search (the same sums in the same order).
   */
  gain2: (a: number, da: number, b: number, db: number) => number | undefined;
  lowest: boolean;
}

/** The best single hand-over that involves person v (giving when above target, taking when below). */
function bestDirect(r: Rebalance, v: number, judge: Judge): Found | undefined {
  const { s } = r;
  const n = s.staff.length;
  let best: Found | undefined;
  if (gapOf(s, v) > 0) {
    for (const m of r.held[v]!) {
      const p = r.slots[m]!;
      const w = s.weight[p.d]!;
      for (let to = 0; to < n; to += 1) {
        if (dearer(costOf(r, m, v, to), best, judge.lowest) || !mayGive(r, m, v, to)) continue;
        const score = judge.gain2(v, -w, to, w);
        if (score === undefined) continue;
        const found = {
          steps: [{ m, to }],
          cost: costOf(r, m, v, to),
          score,
          day: p.t,
          spread: spreadOf2(s, v, -w, to, w),
        };
        if (better(found, best, judge.lowest)) best = found;
      }
    }
  } else {
    // Whether v may take the duty that day is the same for all its slots there: asked once per day and duty.
    const D = s.duties.length;
    const may = new Int8Array(s.days.length * D).fill(-1);
    if (s.target[v]! <= 0) return undefined;
    // What taking a slot gains, and how near it leaves both, depends only on its holder and its
    // duty: judged once per holder and duty (NaN: not yet; -Infinity: no gain), not once per slot
    // of the year. A Found is made only for a slot that beats the best so far.
    const gains = new Float64Array(n * D).fill(NaN);
    const spreads = new Float64Array(n * D);
    const candidate: Found = { steps: [], cost: 0, score: 0, day: 0, spread: 0 };
    const available = s.available;
    for (let m = 0; m < r.slots.length; m += 1) {
      const p = r.slots[m]!;
      if (!available[p.t]![v]) continue;
      const key = p.t * D + p.d;
      if (may[key] === -1) may[key] = mayTake(s, v, p.t, p.d) ? 1 : 0;
      const from = p.holder;
      if (!may[key] || from === v) continue;
      const cost = costOf(r, m, from, v);
      if (dearer(cost, best, judge.lowest) || !mixOk(r, m, from, v)) continue;
      const judged = from * D + p.d;
      if (Number.isNaN(gains[judged]!)) {
        const w = s.weight[p.d]!;
        const score = judge.gain2(from, -w, v, w);
        gains[judged] = score ?? -Infinity;
        if (score !== undefined) spreads[judged] = spreadOf2(s, from, -w, v, w);
      }
      if (gains[judged] === -Infinity) continue;
      candidate.cost = cost;
      candidate.score = gains[judged]!;
      candidate.day = p.t;
      candidate.spread = spreads[judged]!;
      if (better(candidate, best, judge.lowest)) best = { ...candidate, steps: [{ m, to: v }] };
    }
  }
  return best;
}

/**
 * The best chain of two from `a` (giving) to `b` (taking): someone c takes one of a's slots and b takes one of c's.
 * Per c, the slots c may take and the ones b may take from c are found once; one c may take only once a slot of its own
 * that week or day is gone is tried with that slot.
 */
function bestChain(r: Rebalance, a: number, b: number, judge: Judge): Found | undefined {
  const { s } = r;
  const n = s.staff.length;
  let best: Found | undefined;
  const consider = (c: number, p: number, q: number) => {
    const P = r.slots[p]!;
    const Q = r.slots[q]!;
    if (P.t === Q.t && P.d === Q.d) return;
    if (!mixOk(r, p, a, c) || !mixOk(r, q, c, b)) return;
    const wp = s.weight[P.d]!;
    const wq = s.weight[Q.d]!;
    const changes: [number, number][] = [
      [a, -wp],
      [c, wp - wq],
      [b, wq],
    ];
    const score = judge.gain(changes);
    if (score === undefined) return;
    const found = {
      steps: [
        { m: q, to: b },
        { m: p, to: c },
      ],
      cost: costOf(r, p, a, c) + costOf(r, q, c, b),
      score,
      day: Math.min(P.t, Q.t),
      spread: spreadOf(s, changes),
    };
    if (better(found, best, judge.lowest)) best = found;
  };
  const mine = [...r.held[a]!];
  const byWeek = new Map<number, number[]>();
  for (const p of mine) {
    const w = s.week[r.slots[p]!.t]!;
    (byWeek.get(w) ?? byWeek.set(w, []).get(w)!).push(p);
  }
  for (let c = 0; c < n; c += 1) {
    if (c === a || c === b || s.target[c]! <= 0) continue;
    const all = [...r.held[c]!].filter((q) => mayGive(r, q, c, b));
    if (!all.length) continue;
    const gives = fewOf(r, [...all], c, b);
    const takes = fewOf(
      r,
      mine.filter((p) => mayGive(r, p, a, c)),
      a,
      c,
    );
    for (const q of gives) for (const p of takes) consider(c, p, q);
    // With q gone, c may take one of a's slots in its week that the daily maximum or the cap kept off: every q, as
    // only some weeks have such a slot.
    for (const q of all) {
      const Q = r.slots[q]!;
      if (!byWeek.has(s.week[Q.t]!)) continue;
      tally(s, c, Q.t, Q.d, -1);
      const freed = (byWeek.get(s.week[Q.t]!) ?? []).filter((p) => mayGive(r, p, a, c));
      tally(s, c, Q.t, Q.d, 1);
      for (const p of freed) consider(c, p, q);
    }
  }
  return best;
}

/** Of slots going from `from` to `to`, per weight the two cheapest, latest first: all a chain needs to choose from. */
function fewOf(r: Rebalance, list: number[], from: number, to: number): number[] {
  const key = (m: number) => costOf(r, m, from, to) * 1e6 - r.slots[m]!.t;
  const sorted = list.sort((x, y) => key(x) - key(y) || x - y);
  const kept = new Map<number, number>();
  return sorted.filter((m) => {
    const w = r.s.weight[r.slots[m]!.d]!;
    const count = kept.get(w) ?? 0;
    kept.set(w, count + 1);
    return count < 2;
  });
}

/**
 * The best exchange through person v: v hands one of their slots y to someone c and takes a slot x of another weight
 * from its holder a in the same week — heavier when v is below their target, lighter when above — which the daily
 * maximum, an overlap or the weekly cap kept v from taking beside y. Per y, the few people with the most room who may take it,
 * and x's holder when the two may trade.
 */
function bestThrough(r: Rebalance, v: number, judge: Judge): Found | undefined {
  const { s } = r;
  const n = s.staff.length;
  const over = gapOf(s, v) > 0;
  let best: Found | undefined;
  for (const y of r.held[v]!) {
    const Y = r.slots[y]!;
    const wy = s.weight[Y.d]!;
    const takers: number[] = [];
    for (let c = 0; c < n; c += 1) if (mayGive(r, y, v, c)) takers.push(c);
    takers.sort((a, b) => (over ? gapOf(s, a) - gapOf(s, b) : gapOf(s, b) - gapOf(s, a)) || a - b);
    tally(s, v, Y.t, Y.d, -1);
    /** Per slot x v may take: its holder, and whether they may take y in its place (a trade of the two, as on a full day). */
    const xs: [number, number, boolean][] = [];
    for (const x of r.inWeek[s.week[Y.t]!]!) {
      const X = r.slots[x]!;
      const wx = s.weight[X.d]!;
      if (x === y || (over ? wx >= wy : wx <= wy) || (X.t === Y.t && X.d === Y.d)) continue;
      const a = holderOf(r, x);
      if (a < 0 || !mayGive(r, x, a, v)) continue;
      tally(s, a, X.t, X.d, -1);
      const trade = mayGive(r, y, v, a);
      tally(s, a, X.t, X.d, 1);
      if (takers.length || trade) xs.push([x, a, trade]);
    }
    tally(s, v, Y.t, Y.d, 1);
    for (const [x, a, trade] of xs) {
      const X = r.slots[x]!;
      const wx = s.weight[X.d]!;
      for (const c of [...takers.slice(0, 3), ...(trade ? [a] : [])]) {
        const changes: [number, number][] = [
          [a, -wx],
          [v, wx - wy],
          [c, wy],
        ];
        const score = judge.gain(changes);
        if (score === undefined) continue;
        const found = {
          steps: [
            { m: y, to: c },
            { m: x, to: v },
          ],
          cost: costOf(r, y, v, c) + costOf(r, x, a, v),
          score,
          day: Math.min(X.t, Y.t),
          spread: spreadOf(s, changes),
        };
        if (better(found, best, judge.lowest)) best = found;
      }
    }
  }
  return best;
}

/** The best move for person v: a hand-over, else a chain of two with the people furthest the other way, or an exchange through v. */
function bestMove(r: Rebalance, v: number, judge: Judge): Found | undefined {
  const direct = bestDirect(r, v, judge);
  if (direct) return direct;
  const { s } = r;
  const over = gapOf(s, v) > 0;
  const others = [...Array(s.staff.length).keys()]
    .filter((i) => i !== v)
    .sort((x, y) => (over ? gapOf(s, x) - gapOf(s, y) : gapOf(s, y) - gapOf(s, x)) || x - y)
    .slice(0, CHAIN_ENDS);
  let best = bestThrough(r, v, judge);
  for (const o of others) {
    const found = over ? bestChain(r, v, o, judge) : bestChain(r, o, v, judge);
    if (found && better(found, best, judge.lowest)) best = found;
  }
  return best;
}

/** Per person, the sum of their changes (one person may be at both ends of a move). */
function merged(changes: [number, number][]): [number, number][] {
  let distinct = true;
  for (let x = 0; x < changes.length && distinct; x += 1)
    for (let y = x + 1; y < changes.length; y += 1) if (changes[x]![0] === changes[y]![0]) distinct = false;
  if (distinct) return changes;
  const out: [number, number][] = [];
  for (const [i, delta] of changes) {
    const same = out.find(([j]) => j === i);
    if (same) same[1] += delta;
    else out.push([i, delta]);
  }
  return out;
}

/**
 * Lowers the largest gap while it can: the person furthest from their target gives (or takes) a duty when everyone
 * involved ends nearer than that gap; stops at one duty, or when nobody furthest can be brought nearer.
 */
function lowerLargestGap(r: Rebalance): void {
  const { s } = r;
  const n = s.staff.length;
  for (let round = 0; round < 20 * n + 1000; round += 1) {
    let v = -1;
    for (let i = 0; i < n; i += 1) if (v < 0 || Math.abs(gapOf(s, i)) > Math.abs(gapOf(s, v)) + 1e-9) v = i;
    if (v < 0) return;
    const top = Math.abs(gapOf(s, v));
    if (top <= r.unit + EPS) return;
    const judge: Judge = {
      gain: (changes) => {
        let worst = 0;
        for (const [i, delta] of merged(changes)) worst = Math.max(worst, Math.abs(gapOf(s, i) + delta));
        return worst < top - 1e-6 ? top - worst : undefined;
      },
      gain2: (a, da, b, db) => {
        const worst = Math.max(0, Math.abs(gapOf(s, a) + da), Math.abs(gapOf(s, b) + db));
        return worst < top - 1e-6 ? top - worst : undefined;
      },
      lowest: true,
    };
    const move = bestMove(r, v, judge);
    if (!move) return;
    for (const step of move.steps) apply(r, step);
  }
}

/**
 * The fewest moves that bring everyone within `bound` (state units): while someone is beyond it, the one furthest
 * beyond makes the move that most lowers the total excess over the bound — the cheapest first (a slot this run filled
 * costs nothing), then the latest. Someone no move helps is left until they take part in a move, or until everyone
 * beyond is left and moves were made since (then all are looked at again). With `giveUp`, the first one no move helps
 * ends it. Returns whether everyone is within.
 */
function bringWithin(r: Rebalance, bound: number, giveUp = false): boolean {
  const { s } = r;
  const n = s.staff.length;
  const excess = (x: number) => Math.max(0, Math.abs(x) - bound);
  const judge: Judge = {
    gain: (changes) => {
      let gain = 0;
      for (const [i, delta] of merged(changes)) gain += excess(gapOf(s, i)) - excess(gapOf(s, i) + delta);
      return gain > 1e-6 ? gain : undefined;
    },
    gain2: (a, da, b, db) => {
      let gain = 0;
      gain += excess(gapOf(s, a)) - excess(gapOf(s, a) + da);
      gain += excess(gapOf(s, b)) - excess(gapOf(s, b) + db);
      return gain > 1e-6 ? gain : undefined;
    },
    lowest: false,
  };
  const stuck = new Uint8Array(n);
  let movedSince = false;
  for (let round = 0; round < 20 * n + 1000; round += 1) {
    let v = -1;
    let left = false;
    for (let i = 0; i < n; i += 1) {
      if (excess(gapOf(s, i)) <= 0) continue;
      if (stuck[i]) left = true;
      else if (v < 0 || excess(gapOf(s, i)) > excess(gapOf(s, v)) + 1e-9) v = i;
    }
    if (v < 0) {
      if (!left) return true;
      if (!movedSince) return false;
      stuck.fill(0);
      movedSince = false;
      continue;
    }
    const move = bestMove(r, v, judge);
    if (!move) {
      if (giveUp) return false;
      stuck[v] = 1;
      continue;
    }
    for (const step of move.steps) {
      stuck[holderOf(r, step.m)] = 0;
      apply(r, step);
      stuck[step.to] = 0;
    }
    movedSince = true;
  }
  return false;
}
