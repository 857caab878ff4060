/**
 * The hard rules of several duties, checked on days already planned (docs/product.md#duties): what
 * `checkRota` checks for the Duty Manager duty, per duty, and what holding several duties adds —
 * the duty runs that weekday and needs that many people, the person is allowed on it, holds no
 * other duty whose window overlaps it, and no more counting duties a day than the school's daily
 * maximum. When two of a person's duties clash (overlap, daily maximum) the one earlier in the
 * school's order of duties is kept and the later one is flagged. Pure: no database, no clock.
 */

import { mondayOf, weekdayIndex } from '../../../common/clock/academic-year';
import { allowedOn, awayFrom, countsTowardMax, dutiesOverlap, type DutyWindow, type EngineDuty, needsOn } from './duties-types';
import type { DaySlots, IsoDate } from './rota-engine';
import { type AwaySpan, type Closure, closedBecause, type RuleBroken, type RuleStaff, type Violation } from './rota-rules';

/** The rules only several duties can break (added to `RULES_BROKEN` by the API's contract, not here). */
export const DUTY_RULES_BROKEN = [
  /** The duty doesn't run on that weekday. */
  'duty_not_running',
  /** The person is not among those allowed on the duty. */
  'not_allowed',
  /** The person holds a duty earlier in the school's order whose window overlaps this one. */
  'overlap',
  /** More counting duties that day than the school's daily maximum. */
  'daily_max',
] as const;
export type DutyRuleBroken = (typeof DUTY_RULES_BROKEN)[number];

/** A duty as the rules read it: the engine's duty and its name, for the reasons. */
export interface RuleDuty extends Pick<EngineDuty, 'id' | 'window' | 'needs' | 'eligible'> {
  name: string;
}

export interface DutiesFacts {
  /** Every duty, in the school's order: a clash keeps the earlier one. */
  duties: RuleDuty[];
  staff: RuleStaff[];
  closures: Closure[];
  /** Away spans; one with a window keeps the person off only the timed duties it overlaps. */
  away: (AwaySpan & { window?: DutyWindow })[];
  /** At most this many counting duties a person a day, 1..5. */
  maxPerDay: number;
  /** Whether all-day duties count toward `maxPerDay`. */
  allDayCounts: boolean;
  /** Duties (all kinds) on days before the checked ones, per person and Monday of the week: what weekly caps count too. */
  weekCounts?: Record<string, Record<IsoDate, number>>;
}

/** A slot of a duty that breaks a hard rule. */
export interface DutyViolation extends Omit<Violation, 'rule'> {
  dutyId: string;
  rule: RuleBroken | DutyRuleBroken;
}

const WEEKDAY_NAMES = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays'];
const covers = (span: { start: IsoDate; end: IsoDate }, date: IsoDate) => span.start <= date && date <= span.end;

/**
 * Checks planned slots of several duties (per duty id, per date) against the hard rules. Returns
 * the slots that break one, by date, then the school's order of duties, then slot. Per person and
 * day the duties are read in the school's order, and one that breaks a rule is not counted for
 * the ones after it: a clash flags the later duty, never the earlier.
 */
export function checkDuties(days: Record<string, Record<IsoDate, DaySlots>>, facts: DutiesFacts): DutyViolation[] {
  const maxPerDay = Math.max(1, Math.min(5, Math.floor(facts.maxPerDay)));
  const staff = new Map(facts.staff.map((s) => [s.id, s]));
  const awayByStaff = new Map<string, DutiesFacts['away']>();
  for (const a of facts.away) (awayByStaff.get(a.staffId) ?? awayByStaff.set(a.staffId, []).get(a.staffId)!).push(a);
  const weekCounts = new Map<string, number>();
  for (const [staffId, weeks] of Object.entries(facts.weekCounts ?? {})) {
    for (const [monday, n] of Object.entries(weeks)) weekCounts.set(`${staffId}|${monday}`, n);
  }
  // The duties in the school's order, then any the facts don't know (they run nowhere).
  const known = new Set(facts.duties.map((d) => d.id));
  const order: RuleDuty[] = [
    ...facts.duties,
    ...Object.keys(days)
      .filter((id) => !known.has(id))
      .sort()
      .map((id) => ({ id, name: id, window: null, needs: [0, 0, 0, 0, 0], eligible: null })),
  ];
  const dates = [...new Set(Object.values(days).flatMap((byDate) => Object.keys(byDate)))].sort();
  const violations: DutyViolation[] = [];

  for (const date of dates) {
    const closed = closedBecause(date, facts.closures);
    const weekday = weekdayIndex(date);
    const week = mondayOf(date);
    /** Per person, the duties kept so far that day. */
    const kept = new Map<string, RuleDuty[]>();
    for (const duty of order) {
      const slots = days[duty.id]?.[date];
      if (!slots) continue;
      const needs = closed ? 0 : needsOn(duty, weekday);
      const onDuty = new Set<string>();
      slots.forEach((slot, index) => {
        if (!slot) return;
        const id = slot.staffId;
        const flag = (rule: DutyViolation['rule'], reason: string, periodId?: string) =>
          violations.push({ date, dutyId: duty.id, position: index + 1, staffId: id, rule, reason, ...(periodId ? { periodId } : {}) });
        if (closed) return flag(closed.rule, closed.reason);
        if (!needs) return flag('duty_not_running', `${duty.name} doesn't run on ${WEEKDAY_NAMES[weekday]}`);
        const person = staff.get(id);
        const mine = kept.get(id) ?? [];
        const away = awayByStaff.get(id)?.find((a) => covers(a, date) && awayFrom(a, duty));
        const weekKey = `${id}|${week}`;
        const twice = onDuty.has(id);
        onDuty.add(id);
        if (twice) return flag('twice', `Already on ${duty.name} that day`);
        if (!person?.isActive) return flag('inactive', 'No longer active');
        if (away) return flag('unavailable', away.label, away.periodId);
        if (!slot.override && person.workingDays && !person.workingDays.includes(weekday)) {
          return flag('not_working_day', `Doesn't work on ${WEEKDAY_NAMES[weekday]}`);
        }
        if (!allowedOn(duty, id)) return flag('not_allowed', `Not allowed on ${duty.name}`);
        const clash = mine.find((other) => dutiesOverlap(other, duty));
        if (clash) return flag('overlap', `Overlaps ${clash.name}`);
        const counting = (d: RuleDuty) => countsTowardMax(d, facts.allDayCounts);
        if (counting(duty) && mine.filter(counting).length >= maxPerDay) {
          return flag('daily_max', `At most ${maxPerDay === 1 ? '1 duty' : `${maxPerDay} duties`} a day`);
        }
        if (!slot.override && person.weeklyCap != null && (weekCounts.get(weekKey) ?? 0) >= person.weeklyCap) {
          return flag('over_cap', `At most ${person.weeklyCap === 1 ? '1 duty' : `${person.weeklyCap} duties`} a week`);
        }
        if (index >= needs) return flag('over_capacity', `Fewer people needed on ${duty.name} (${needs})`);
        weekCounts.set(weekKey, (weekCounts.get(weekKey) ?? 0) + 1);
        kept.set(id, [...mine, duty]);
      });
    }
  }
  const rank = new Map(order.map((d, k) => [d.id, k]));
  return violations.sort((a, b) => a.date.localeCompare(b.date) || rank.get(a.dutyId)! - rank.get(b.dutyId)! || a.position - b.position);
}
