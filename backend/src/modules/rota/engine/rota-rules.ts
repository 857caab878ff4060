/**
 * The rota's hard rules, checked on days that are already planned (docs/product.md#the-rota-stays-true).
 * The engine follows the same rules when it plans; this module finds the assignments that break
 * them after a fact changed (a holiday added, term dates set, someone deactivated or away, fewer
 * duty managers per day), and decides what each such day becomes. Pure: no database, no clock.
 *
 * A day is closed — nobody may be on it — on a weekend, a holiday or outside term time. On an
 * open day a person may not be on duty when inactive or away, on a weekday outside their working
 * pattern, above their weekly cap (the week's later duties go), nor twice, and a day has at most
 * `slotsPerDay` people. A duty given by hand with a confirmation outside the pattern or the cap stands. When a day has more people than slots, the ones who break a rule go
 * first; among the others the day keeps a teaching/non-teaching mix where it has one, then the
 * people with the fewest duties this year, then the lower slot numbers.
 */

import { isWeekday, mondayOf, weekdayIndex } from '../../../common/clock/academic-year';
import type { Closure } from '../../holidays/term-dates';
import type { DaySlots, IsoDate, Slot } from './rota-engine';

export type { Closure };

export interface RuleStaff {
  id: string;
  isActive: boolean;
  isTeaching: boolean;
  /** The weekdays they work, 0 = Monday … 4 = Friday; every weekday when absent. */
  workingDays?: readonly number[];
  /** At most this many duties in one Monday–Sunday week (theirs, or the organisation's default). */
  weeklyCap?: number | null;
}

/** One person away from `start` to `end`, with what to tell them. */
export interface AwaySpan {
  staffId: string;
  start: IsoDate;
  end: IsoDate;
  /** "Annual Leave: family wedding". */
  label: string;
  /** The stored unavailability period behind it, when there is one. */
  periodId?: string;
}

/** The hard rules an assignment can break (docs/product.md#hard-rules). */
export const RULES_BROKEN = [
  /** Saturday or Sunday. */
  'weekend',
  'holiday',
  'out_of_term',
  /** Deactivated (or no longer in the organisation's staff list). */
  'inactive',
  'unavailable',
  /** The same person in two slots of one day. */
  'twice',
  /** A weekday outside the person's working pattern. */
  'not_working_day',
  /** More duties in a week than the person's weekly cap. */
  'over_cap',
  /** More people than the day has slots. */
  'over_capacity',
] as const;
export type RuleBroken = (typeof RULES_BROKEN)[number];

/** An assignment that breaks a hard rule. */
export interface Violation {
  date: IsoDate;
  /** Slot number, from 1. */
  position: number;
  staffId: string;
  rule: RuleBroken;
  /** Why, for the person's history and their email: "Holiday: Snow closure, Other". */
  reason: string;
  /** For `unavailable`: the stored period. */
  periodId?: string;
}

export interface DayVerdict {
  date: IsoDate;
  /** The day's slots once the violations are gone (`slotsPerDay` long; people above it moved down). */
  slots: DaySlots;
  violations: Violation[];
  /** Slot indexes (from 0) freed by a person who may no longer be there, on a day that stays open: the ones a refill may fill. */
  refillable: number[];
  /** Why the whole day is closed, when it is. */
  closed?: string;
}

export interface RotaFacts {
  slotsPerDay: number;
  staff: RuleStaff[];
  closures: Closure[];
  away: AwaySpan[];
  /** Duties this academic year per person: who stays when a day has too many people. */
  counts?: Record<string, number>;
  /** Duties on days before the checked ones, per person and Monday of the week: what weekly caps count too. */
  weekCounts?: Record<string, Record<IsoDate, number>>;
}

const WEEKDAY_NAMES = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays'];

const covers = (span: { start: IsoDate; end: IsoDate }, date: IsoDate) => span.start <= date && date <= span.end;

/** Why nobody may be on duty on `date`, or undefined on a school day. */
export function closedBecause(date: IsoDate, closures: Closure[]): { rule: RuleBroken; reason: string } | undefined {
  if (!isWeekday(date)) return { rule: 'weekend', reason: 'Weekend: duties are on weekdays only' };
  const closure = closures.find((c) => covers(c, date) && c.kind === 'holiday') ?? closures.find((c) => covers(c, date));
  if (!closure) return undefined;
  return closure.kind === 'holiday'
    ? { rule: 'holiday', reason: `Holiday: ${closure.label}` }
    : { rule: 'out_of_term', reason: `Outside term time: ${closure.label}` };
}

/**
 * Checks planned days against the hard rules. Returns a verdict for each day that breaks one,
 * in date order; days that keep every rule are left out.
 */
export function checkRota(days: Record<IsoDate, DaySlots>, facts: RotaFacts): DayVerdict[] {
  const slotsPerDay = Math.max(1, Math.min(5, Math.floor(facts.slotsPerDay)));
  const staff = new Map(facts.staff.map((s) => [s.id, s]));
  const awayByStaff = new Map<string, AwaySpan[]>();
  for (const a of facts.away) (awayByStaff.get(a.staffId) ?? awayByStaff.set(a.staffId, []).get(a.staffId)!).push(a);
  const verdicts: DayVerdict[] = [];
  const weekCounts = new Map<string, number>();
  for (const [staffId, weeks] of Object.entries(facts.weekCounts ?? {})) {
    for (const [monday, n] of Object.entries(weeks)) weekCounts.set(`${staffId}|${monday}`, n);
  }

  for (const date of Object.keys(days).sort()) {
    const before = days[date]!;
    const people = before.flatMap((slot, i) => (slot ? [{ id: slot.staffId, index: i, slot }] : []));
    if (!people.length) continue;

    const closed = closedBecause(date, facts.closures);
    if (closed) {
      verdicts.push({
        date,
        slots: new Array<Slot | null>(slotsPerDay).fill(null),
        violations: people.map((p) => ({ date, position: p.index + 1, staffId: p.id, rule: closed.rule, reason: closed.reason })),
        refillable: [],
        closed: closed.reason,
      });
      continue;
    }

    const violations: Violation[] = [];
    const personal = new Set<number>();
    const seen = new Set<string>();
    const stay: Seated[] = [];
    const weekday = weekdayIndex(date);
    const week = mondayOf(date);
    for (const p of people) {
      const person = staff.get(p.id);
      const away = awayByStaff.get(p.id)?.find((a) => covers(a, date));
      // A duty given by hand outside the pattern or cap, with a confirmation, stands.
      const overridden = p.slot.override;
      const weekKey = `${p.id}|${week}`;
      let broken: Omit<Violation, 'date' | 'position' | 'staffId'> | undefined;
      if (seen.has(p.id)) broken = { rule: 'twice', reason: 'Already on duty that day' };
      else if (!person?.isActive) broken = { rule: 'inactive', reason: 'No longer active' };
      else if (away) broken = { rule: 'unavailable', reason: away.label, ...(away.periodId ? { periodId: away.periodId } : {}) };
      else if (!overridden && person.workingDays && !person.workingDays.includes(weekday)) {
        broken = { rule: 'not_working_day', reason: `Doesn't work on ${WEEKDAY_NAMES[weekday]}` };
      } else if (!overridden && person.weeklyCap != null && (weekCounts.get(weekKey) ?? 0) >= person.weeklyCap) {
        broken = { rule: 'over_cap', reason: `At most ${person.weeklyCap === 1 ? '1 duty' : `${person.weeklyCap} duties`} a week` };
      }
      if (!broken) weekCounts.set(weekKey, (weekCounts.get(weekKey) ?? 0) + 1);
      seen.add(p.id);
      if (broken) {
        violations.push({ date, position: p.index + 1, staffId: p.id, ...broken });
        personal.add(p.index);
      } else {
        stay.push(p);
      }
    }

    const keep = stay.length > slotsPerDay ? chooseWhoStays(stay, slotsPerDay, staff, facts.counts ?? {}) : stay;
    const kept = new Set(keep.map((p) => p.index));
    for (const p of stay) {
      if (!kept.has(p.index)) {
        violations.push({ date, position: p.index + 1, staffId: p.id, rule: 'over_capacity', reason: `Fewer duty managers per day (${slotsPerDay})` });
      }
    }
    const moved = keep.some((p) => p.index >= slotsPerDay);
    if (!violations.length && !moved) continue;

    const slots = new Array<Slot | null>(slotsPerDay).fill(null);
    for (const p of keep) if (p.index < slotsPerDay) slots[p.index] = p.slot;
    for (const p of keep) {
      if (p.index < slotsPerDay) continue;
      const free = slots.findIndex((slot, i) => slot === null && !personal.has(i));
      slots[free >= 0 ? free : slots.indexOf(null)] = p.slot;
    }
    const refillable = [...personal].filter((i) => i < slotsPerDay && slots[i] === null).sort((a, b) => a - b);
    verdicts.push({ date, slots, violations: violations.sort((a, b) => a.position - b.position), refillable });
  }
  return verdicts;
}

/** A person on a day being checked: their duty and the slot index (from 0) it is in. */
interface Seated {
  id: string;
  index: number;
  slot: Slot;
}

/** Who keeps a slot on a day with more people than slots (the rule in the module comment). */
function chooseWhoStays(people: Seated[], slotsPerDay: number, staff: Map<string, RuleStaff>, counts: Record<string, number>): Seated[] {
  const ranked = [...people].sort((a, b) => (counts[a.id] ?? 0) - (counts[b.id] ?? 0) || a.index - b.index);
  const keep: Seated[] = [];
  // A mix first, when the day has both kinds: the best-ranked of each kind.
  const kinds = new Set(ranked.map((p) => staff.get(p.id)?.isTeaching));
  if (kinds.size === 2 && slotsPerDay >= 2) {
    for (const teaching of [true, false]) keep.push(ranked.find((p) => staff.get(p.id)?.isTeaching === teaching)!);
  }
  for (const p of ranked) if (keep.length < slotsPerDay && !keep.includes(p)) keep.push(p);
  return keep.sort((a, b) => a.index - b.index);
}
