/**
 * Fair targets over weighted load (docs/product.md#fair-share, for several duties): the year's
 * load — each duty's weight times the people it gets — shared by availability, as `fairShares`
 * shares the Duty Manager duties. For one duty that everyone may take this is `fairShares` times
 * the duty's weight.
 */

import { weekdayIndex } from '../../../common/clock/academic-year';
import { allowedOn, awayFrom, type DutiesFairShareYear, type EngineDuty, needsOn, type TimedUnavailability } from './duties-types';
import type { EngineStaff } from './rota-engine';

export interface DutyShares {
  /** Each active person's target load for the year (Σ weight), by staff id. */
  target: Map<string, number>;
  /** Of it, per duty they may take, their expected part (weighted load; they add up to `target`). */
  perDuty: Map<string, Map<string, number>>;
}

const ALL_WEEKDAYS = [0, 1, 2, 3, 4] as const;

/**
 * Each active person's target: the year's load `W = Σ_d weight_d × (Σ_t min(needs_{d,t},
 * candidates_{d,t}))` — on days from `from` on; before it the load held (`doneBefore`) — less the
 * load of people no longer active, shared in proportion to availability: the school days on which
 * they may take at least one running duty they are allowed on (working pattern, not away), times
 * their contract fraction relative to their pattern. Someone not allowed on every duty is capped at
 * the load of all the duties they may take on their days; what a cap leaves over goes to the
 * others by availability (water-filling). Someone allowed on every duty is never capped. Per duty,
 * a person's target is split in proportion to their expected part of each duty they may take
 * (Σ_t weight × needs ÷ candidates). Without a year everyone's target is 1, split evenly.
 */
export function dutyFairShares(
  staff: readonly EngineStaff[],
  duties: readonly EngineDuty[],
  year: DutiesFairShareYear | undefined,
  doneByInactive = 0,
): DutyShares {
  const active = staff.filter((s) => s.isActive);
  const allowed = active.map((s) => duties.map((d) => allowedOn(d, s.id)));
  if (!year) {
    return {
      target: new Map(active.map((s) => [s.id, 1])),
      perDuty: new Map(
        active.map((s, i) => {
          const mine = duties.filter((_, d) => allowed[i]![d]);
          return [s.id, new Map(mine.map((d) => [d.id, 1 / mine.length]))];
        }),
      ),
    };
  }
  const D = duties.length;
  const n = active.length;
  const index = new Map(active.map((s, i) => [s.id, i]));
  // Per person (by index: looked up for every person on every school day), their time away.
  const away: (TimedUnavailability[] | undefined)[] = new Array(n);
  for (const u of year.unavailability) {
    const i = index.get(u.staffId);
    if (i !== undefined) (away[i] ??= []).push(u);
  }
  const availability = new Float64Array(n);
  const cap = new Float64Array(n);
  const expected = new Float64Array(n * D);
  const can = new Uint8Array(n * D);
  const candidates = new Int32Array(D);
  const allowedFlat = new Uint8Array(n * D);
  for (let i = 0; i < n; i += 1) for (let d = 0; d < D; d += 1) allowedFlat[i * D + d] = allowed[i]![d] ? 1 : 0;
  const needs = [0, 1, 2, 3, 4].map((weekday) => duties.map((d) => needsOn(d, weekday)));
  const works = active.map((s) => [0, 1, 2, 3, 4].map((weekday) => (s.workingDays ?? ALL_WEEKDAYS).includes(weekday)));
  let load = year.doneBefore ?? 0;
  for (const day of year.schoolDays) {
    const weekday = weekdayIndex(day);
    if (weekday > 4) continue;
    const need = needs[weekday]!;
    can.fill(0);
    candidates.fill(0);
    for (let i = 0; i < n; i += 1) {
      if (!works[i]![weekday]) continue;
      const mine = away[i]?.filter((u) => u.start <= day && day <= u.end);
      let any = false;
      for (let d = 0; d < D; d += 1) {
        if (!need[d] || !allowedFlat[i * D + d] || (mine?.length && mine.some((u) => awayFrom(u, duties[d]!)))) continue;
        can[i * D + d] = 1;
        candidates[d]! += 1;
        any = true;
      }
      if (any) availability[i]! += 1;
    }
    const counted = !year.from || day >= year.from;
    for (let d = 0; d < D; d += 1) {
      const filled = Math.min(need[d]!, candidates[d]!);
      const weight = duties[d]!.weight;
      if (counted) load += weight * filled;
      if (!filled) continue;
      const part = (weight * filled) / candidates[d]!;
      for (let i = 0; i < n; i += 1) {
        if (!can[i * D + d]) continue;
        cap[i]! += weight * filled;
        expected[i * D + d]! += part;
      }
    }
  }
  for (let i = 0; i < n; i += 1) {
    const s = active[i]!;
    const patternFraction = (s.workingDays ?? ALL_WEEKDAYS).length / 5;
    availability[i]! *= s.fte && patternFraction > 0 ? s.fte / patternFraction : 1;
  }
  const toShare = Math.max(0, load - doneByInactive);
  const target = waterFill(
    toShare,
    availability,
    cap,
    allowed.map((row) => !row.every(Boolean)),
  );
  return {
    target: new Map(active.map((s, i) => [s.id, target[i]!])),
    perDuty: new Map(
      active.map((s, i) => {
        let total = 0;
        for (let d = 0; d < D; d += 1) total += expected[i * D + d]!;
        const mine = new Map<string, number>();
        for (let d = 0; d < D; d += 1) if (allowed[i]![d]) mine.set(duties[d]!.id, total > 0 ? (target[i]! * expected[i * D + d]!) / total : 0);
        return [s.id, mine];
      }),
    ),
  };
}

/**
 * `total` shared in proportion to `weights`, no cappable person above their cap: those whose share
 * would pass it get their cap, and the rest is shared again among the others, until nobody passes.
 * With no cap reached this is `total × weight ÷ Σ weights` exactly, as `fairShares` computes it.
 */
function waterFill(total: number, weights: Float64Array, cap: Float64Array, cappable: boolean[]): Float64Array {
  const n = weights.length;
  const out = new Float64Array(n);
  const capped = new Uint8Array(n);
  for (;;) {
    let rest = total;
    let weight = 0;
    for (let i = 0; i < n; i += 1) {
      if (capped[i]) rest -= cap[i]!;
      else weight += weights[i]!;
    }
    rest = Math.max(0, rest);
    let more = false;
    for (let i = 0; i < n; i += 1) {
      if (capped[i]) {
        out[i] = cap[i]!;
        continue;
      }
      out[i] = weight > 0 ? (rest * weights[i]!) / weight : 0;
      if (cappable[i] && out[i]! > cap[i]! + 1e-9) {
        capped[i] = 1;
        more = true;
      }
    }
    if (!more) return out;
  }
}
