import { describeDate } from '../../common/text/dates';
import { OPEN_SWAP_STATUSES, type SwapStatus } from './entities/request-status';
import type { Person } from './request-people';

/** The states in which a swap can still change, as a list `includes` accepts any status of. */
export const OPEN_SWAPS = OPEN_SWAP_STATUSES as readonly SwapStatus[];

/** A swap request with its people, as the rules, the messages and the audit see it. */
export interface SwapPlan {
  id: string;
  requester: Person;
  /** Null only for an open request nobody has taken. */
  target: Person | null;
  originalDate: string;
  swapDate: string;
  reason: string;
}

/** A plan with the colleague who takes the duty. */
export type TakenPlan = SwapPlan & { target: Person };

/** The audit summary's opening: who covers or trades whose duty on which day. */
export function describeSwap(plan: SwapPlan): string {
  if (!plan.target) return `Swap: ${plan.requester.name} offers their duty on ${describeDate(plan.originalDate)} to anyone`;
  return plan.swapDate === plan.originalDate
    ? `Swap: ${plan.target.name} covers ${plan.requester.name} on ${describeDate(plan.originalDate)}`
    : `Swap: ${plan.requester.name} (${describeDate(plan.originalDate)}) and ${plan.target.name} (${describeDate(plan.swapDate)}) trade duties`;
}
