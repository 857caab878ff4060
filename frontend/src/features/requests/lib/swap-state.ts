import type { SwapRequestDto, SwapStatus } from '../api';
import { personName } from './request-format';

/** The states in which a swap can still change (docs/product.md#requests). */
const ACTIVE: readonly SwapStatus[] = ['awaiting_colleague', 'pending'];

export function isActiveSwap(request: SwapRequestDto): boolean {
  return ACTIVE.includes(request.status);
}

/** An open request nobody has taken yet: offered to every colleague who can take it. */
export function isUntakenOpen(request: SwapRequestDto): boolean {
  return request.open && request.status === 'awaiting_colleague' && request.targetId === null;
}

const FINISHED_WORDS: Record<Exclude<SwapStatus, 'awaiting_colleague' | 'pending'>, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/**
 * Where a swap stands, in words: "Waiting for Tom Colleague", "Open to anyone", "Waiting for
 * approval", then "Approved", "Rejected", "Declined", "Withdrawn" or "Expired".
 */
export function swapStateText(request: SwapRequestDto): string {
  if (request.status === 'awaiting_colleague') {
    return isUntakenOpen(request) ? 'Open to anyone' : `Waiting for ${personName(request.target)}`;
  }
  if (request.status === 'pending') return 'Waiting for approval';
  return FINISHED_WORDS[request.status];
}

export const SWAP_STATE_COLOURS: Record<SwapStatus, string> = {
  awaiting_colleague: 'blue',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  declined: 'volcano',
  withdrawn: 'default',
  expired: 'default',
};

export interface SwapGroups {
  /** What the signed-in person can act on now: answer it, or (approvers) approve or reject it. */
  waitingForMe: SwapRequestDto[];
  /** Their own requests still in progress, and ones they accepted that wait for approval. */
  mine: SwapRequestDto[];
  /** Approvers only: other people's requests still waiting for a colleague. */
  others: SwapRequestDto[];
  /** Over: approved, rejected, declined, withdrawn or expired. */
  history: SwapRequestDto[];
}

/**
 * Sorts the requests the server sent (approvers get everyone's; staff get theirs and the open
 * offers) into the screen's tabs, each in the server's order. `ownStaffId` is the signed-in
 * person's staff record, if any.
 */
export function groupSwaps(
  requests: readonly SwapRequestDto[] | undefined,
  ownStaffId: string | undefined,
  canDecide: boolean,
): SwapGroups {
  const groups: SwapGroups = { waitingForMe: [], mine: [], others: [], history: [] };
  for (const request of requests ?? []) {
    if (!isActiveSwap(request)) groups.history.push(request);
    else if (request.canAnswer || (canDecide && request.status === 'pending')) {
      groups.waitingForMe.push(request);
    } else if (
      !canDecide ||
      (ownStaffId !== undefined &&
        (request.requesterId === ownStaffId || request.targetId === ownStaffId))
    ) {
      groups.mine.push(request);
    } else groups.others.push(request);
  }
  return groups;
}

export type SwapTab = 'waiting' | 'mine' | 'others' | 'history';

/** The tab a request is listed in, for `/swaps?request=<id>`. */
export function tabOf(
  groups: SwapGroups,
  requestId: string | null | undefined,
): SwapTab | undefined {
  if (!requestId) return undefined;
  const has = (list: SwapRequestDto[]) => list.some((request) => request.id === requestId);
  if (has(groups.waitingForMe)) return 'waiting';
  if (has(groups.mine)) return 'mine';
  if (has(groups.others)) return 'others';
  if (has(groups.history)) return 'history';
  return undefined;
}
