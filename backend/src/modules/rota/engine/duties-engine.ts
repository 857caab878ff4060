/**
 * The rota engine for every duty a school runs (docs/product.md#duties): one plan over several
 * duties, each with its window, its people per weekday and who may take it, fair over the weighted
 * load of all of them together. Pure and deterministic, like `planRota`.
 *
 * Hard rules, besides the single-duty engine's (weekdays in term, not a holiday, active, working
 * that weekday, not away, the weekly cap over every duty): the duty runs that weekday; the person
 * is allowed on it; never twice on one duty a day; never on two duties whose windows overlap
 * (back to back doesn't); at most `maxPerDay` counting duties a day (timed ones, and all-day ones
 * when `allDayCounts`); a timed absence keeps the person off only the timed duties it overlaps;
 * never on a duty they are blocked from that day.
 *
 * Phases over one `DutiesState`: `fillDutiesGreedily`, `rebalanceLoads`, `exchangeWithinDuties`
 * (preferences and spread per duty), `spreadAcrossDuties`. A plan of one duty that everyone may
 * take, as many people every weekday, with no other duty running, is exactly today's Duty Manager
 * rota: it is handed to `planRota` as it is, so its plans stay byte for byte the single-duty engine's.
 */

import { dutiesResult, dutiesState } from './duties-state';
import { rebalanceWithFewestChanges } from './fewest-changes';
import { exchangeWithinDuties, fillDutiesGreedily, rebalanceLoads, spreadAcrossDuties } from './duties-phases';
import { awayFrom, type DutiesInput, type DutiesResult, needsOn, type TimedUnavailability } from './duties-types';
import { type EngineInput, planRota, type Unavailability } from './rota-engine';

export * from './duties-types';
export { dutyFairShares, type DutyShares } from './duty-shares';

/**
 * Plans the planned duties of `input` over its days. Mode `rebalance` goes to
 * `rebalanceWithFewestChanges` (every school, one duty or several). Otherwise a single duty that
 * everyone may take, the same number of people every weekday, with no other duty running or held
 * and no block, goes to `planRota` unchanged (`asSingleDuty`); anything else to the multi-duty phases.
 */
export function planDuties(input: DutiesInput): DutiesResult {
  if (input.mode === 'rebalance') return rebalanceWithFewestChanges(input);
  const single = asSingleDuty(input);
  if (single) {
    const result = planRota(single);
    return { days: { [input.plan[0]!]: result.days }, changedDays: result.changedDays, changedSlots: result.changedSlots };
  }
  return planDutiesInPhases(input);
}

/** The multi-duty phases on any input (`planDuties` without the single-duty hand-over). */
export function planDutiesInPhases(input: DutiesInput): DutiesResult {
  if (!input.duties.some((d) => input.plan.includes(d.id))) return { days: {}, changedDays: 0, changedSlots: 0 };
  const state = dutiesState(input);
  fillDutiesGreedily(state);
  rebalanceLoads(state);
  exchangeWithinDuties(state);
  spreadAcrossDuties(state);
  return dutiesResult(state, input.existing);
}

/**
 * The single-duty engine's input for a plan it makes exactly: one duty planned, allowed to
 * everyone, needing the same 1–5 people every weekday, no block on it, and no other duty that runs
 * or is held on the planned days. Loads become counts (÷ the weight: one duty weighs 1); a timed
 * absence keeps someone off the duty only where it overlaps its window (then all day, as `planRota`
 * reads it).
 */
export function asSingleDuty(input: DutiesInput): EngineInput | undefined {
  if (input.plan.length !== 1) return undefined;
  const duty = input.duties.find((d) => d.id === input.plan[0]);
  if (!duty || duty.eligible !== null) return undefined;
  const need = needsOn(duty, 0);
  if (need < 1 || need > 5 || [1, 2, 3, 4].some((wd) => needsOn(duty, wd) !== need)) return undefined;
  if (input.blocks?.some((b) => b.dutyId === duty.id)) return undefined;
  // Another duty that runs would count in everyone's target (the load of all duties is shared), one held on the
  // planned days in the hard rules: either way not planRota's plan.
  const days = new Set(input.days);
  for (const other of input.duties) {
    if (other.id === duty.id) continue;
    if ([0, 1, 2, 3, 4].some((wd) => needsOn(other, wd) > 0)) return undefined;
    const held = input.existing[other.id] ?? {};
    if (Object.entries(held).some(([day, slots]) => days.has(day) && slots.some(Boolean))) return undefined;
  }
  const w = duty.weight;
  const counts = (loads: Record<string, number>) => Object.fromEntries(Object.entries(loads).map(([id, load]) => [id, load / w]));
  const whole = (list: readonly TimedUnavailability[]): Unavailability[] =>
    list.filter((u) => awayFrom(u, duty)).map((u) => ({ staffId: u.staffId, start: u.start, end: u.end }));
  return {
    days: input.days,
    slotsPerDay: need,
    staff: input.staff,
    holidays: input.holidays,
    unavailability: whole(input.unavailability),
    existing: input.existing[duty.id] ?? {},
    priorCounts: counts(input.priorLoad),
    ...(input.priorWeekdayCounts ? { priorWeekdayCounts: input.priorWeekdayCounts } : {}),
    ...(input.priorWeekCounts ? { priorWeekCounts: input.priorWeekCounts } : {}),
    mode: input.mode,
    mixMode: duty.pairsTeaching ? (input.mixMode ?? 'always') : 'never',
    ...(input.fairShare
      ? {
          fairShare: {
            schoolDays: input.fairShare.schoolDays,
            unavailability: whole(input.fairShare.unavailability),
            ...(input.fairShare.from !== undefined ? { from: input.fairShare.from } : {}),
            ...(input.fairShare.doneBefore !== undefined ? { doneBefore: input.fairShare.doneBefore / w } : {}),
          },
        }
      : {}),
    ...(input.fillable?.[duty.id] ? { fillable: input.fillable[duty.id] } : {}),
  };
}
