import { describeDate } from '../../common/text/dates';
import { OPEN_SWAP_STATUSES, type SwapStatus } from './entities/request-status';
import type { Person } from './request-people';

/** The states in which a swap can still change, as a list `includes` accepts any status of. */
export const OPEN_SWAPS = OPEN_SWAP_STATUSES as readonly SwapStatus[];

/** A duty other than the Duty Manager duty, as a swap names it: "Break — Playground, 10:40–11:00". */
export interface SwapDuty {
  id: string;
  name: string;
  place: string | null;
  startTime: string | null;
  endTime: string | null;
}

/** "Break — Playground, 10:40–11:00": the duty's name, place and times (those it has). */
export function dutyLabel(duty: SwapDuty): string {
  return `${duty.name}${duty.place ? ` — ${duty.place}` : ''}${duty.startTime && duty.endTime ? `, ${duty.startTime}–${duty.endTime}` : ''}`;
}

/**
 * The day of a swap's duty as messages name it: the date alone for the Duty Manager duty (its
 * wording as before), else "Thursday 3 December 2026 (Break — Playground, 10:40–11:00)".
 */
export function dutyDay(date: string, duty: SwapDuty | null | undefined): string {
  return duty ? `${describeDate(date)} (${dutyLabel(duty)})` : describeDate(date);
}

/** A swap request with its people, as the rules, the messages and the audit see it. */
export interface SwapPlan {
  id: string;
  requester: Person;
  /** Null only for an open request nobody has taken. */
  target: Person | null;
  originalDate: string;
  swapDate: string;
  reason: string;
  /** The requester's duty on originalDate; null for the Duty Manager duty. */
  duty: SwapDuty | null;
  /** The target's duty on swapDate that a trade gives back (`duty` for a cover); null for the Duty Manager duty. */
  swapDuty: SwapDuty | null;
}

/** A plan with the colleague who takes the duty. */
export type TakenPlan = SwapPlan & { target: Person };

/** The audit summary's opening: who covers or trades whose duty on which day. */
export function describeSwap(plan: SwapPlan): string {
  const original = dutyDay(plan.originalDate, plan.duty);
  if (!plan.target) return `Swap: ${plan.requester.name} offers their duty on ${original} to anyone`;
  return plan.swapDate === plan.originalDate
    ? `Swap: ${plan.target.name} covers ${plan.requester.name} on ${original}`
    : `Swap: ${plan.requester.name} (${original}) and ${plan.target.name} (${dutyDay(plan.swapDate, plan.swapDuty)}) trade duties`;
}
