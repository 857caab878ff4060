/**
 * Where a duty can go (docs/product.md#editing-the-rota-directly, "Move to another day"): the
 * school days with a free slot that the person may take, and the full days on which someone may
 * trade with them. The hard rules are rota-rules.ts's, asked of one person and one day at a time,
 * with the duty the person leaves not counting towards their weekly cap. Pure: no database, no clock.
 */

import { mondayOf, weekdayIndex } from '../../../common/clock/academic-year';
import { type AwaySpan, type Closure, closedBecause, type RuleStaff } from './rota-rules';
import type { IsoDate, Slot } from './rota-engine';

export interface MoveFacts {
  slotsPerDay: number;
  staff: RuleStaff[];
  closures: Closure[];
  away: AwaySpan[];
  /** The planned slots by date, of whole Monday–Sunday weeks around the days asked about (weekly caps count them): who is on them is enough. */
  days: Record<IsoDate, readonly (Pick<Slot, 'staffId'> | null)[]>;
}

/** A day the duty can go to: a free slot, or (on a full day) the people there who may trade. */
export interface MoveOption {
  date: IsoDate;
  freeSlots: number;
  /** On a full day, who may take the duty left behind in exchange; empty on a day with a free slot. */
  tradeWith: string[];
}

/**
 * Whether `staffId` may be put on `date`, giving up their duty on `leaving` (it then no longer
 * counts towards that week's cap): the day is open, they are active, not already on it, not away,
 * it is one of their working days, and their week stays within their cap.
 */
export function mayTake(facts: MoveFacts, staffId: string, date: IsoDate, leaving?: IsoDate): boolean {
  if (closedBecause(date, facts.closures)) return false;
  const person = facts.staff.find((s) => s.id === staffId);
  if (!person?.isActive) return false;
  if ((facts.days[date] ?? []).some((slot) => slot?.staffId === staffId)) return false;
  if (facts.away.some((a) => a.staffId === staffId && a.start <= date && date <= a.end)) return false;
  if (person.workingDays && !person.workingDays.includes(weekdayIndex(date))) return false;
  if (person.weeklyCap != null) {
    const monday = mondayOf(date);
    const inWeek = Object.entries(facts.days).filter(
      ([day, slots]) => day !== leaving && mondayOf(day) === monday && slots.some((slot) => slot?.staffId === staffId),
    ).length;
    if (inWeek >= person.weeklyCap) return false;
  }
  return true;
}

/**
 * The days of `dates` that `staffId`'s duty on `from` can go to, in date order: each school day
 * they may take that has a free slot, and each full one with someone on it who may take `from`
 * in exchange. Days offering neither are left out.
 */
export function moveOptions(facts: MoveFacts, staffId: string, from: IsoDate, dates: readonly IsoDate[]): MoveOption[] {
  const options: MoveOption[] = [];
  for (const date of [...dates].sort()) {
    if (date === from || !mayTake(facts, staffId, date, from)) continue;
    const slots = facts.days[date] ?? [];
    const taken = slots.filter((slot) => slot !== null).length;
    const freeSlots = Math.max(0, facts.slotsPerDay - taken);
    if (freeSlots > 0) {
      options.push({ date, freeSlots, tradeWith: [] });
      continue;
    }
    const tradeWith = slots.flatMap((slot) => (slot !== null && mayTake(facts, slot.staffId, from, date) ? [slot.staffId] : []));
    if (tradeWith.length) options.push({ date, freeSlots: 0, tradeWith });
  }
  return options;
}
