import { trimmed } from '@/shared/lib/text';

import type { CreateSwapRequestDto, SwapColleagueDto } from '../api';

/*
 * The choice of who takes a duty, shared by the Swap Requests page's create dialog and the duty
 * dialog's swap form (docs/product.md#swap-requests).
 */

/** The target choice that offers the duty to every colleague who can take it (an open cover). */
export const ASK_ANYONE = 'anyone';
export const ASK_ANYONE_LABEL = 'Ask anyone';
/** What the target list says when the options arrived with no colleague in them. */
export const NOBODY_CAN_TAKE_DUTY = 'Nobody else can take this duty';

/**
 * The target list for one duty: "Ask anyone" first, then the colleagues the server says can take
 * it (`GET /api/swap-requests/options`), in its order. With nobody to ask, "Ask anyone" is left
 * out too: the server would refuse it.
 */
export function swapTargetOptions(
  colleagues: readonly SwapColleagueDto[],
): { value: string; label: string }[] {
  if (colleagues.length === 0) return [];
  return [
    { value: ASK_ANYONE, label: ASK_ANYONE_LABEL },
    ...colleagues.map((person) => ({ value: person.id, label: person.name })),
  ];
}

export interface SwapChoice {
  requesterId: string;
  /** A colleague's staff id, or ASK_ANYONE. */
  targetId: string;
  /** `yyyy-MM-dd`, the requester's duty. */
  originalDate: string;
  /** `yyyy-MM-dd`: the original date (a cover) or one of the colleague's trade dates. */
  swapDate: string;
  reason: string;
}

/** The request body: "Ask anyone" is an open cover, so it names no target and swaps the same day. */
export function swapRequestBody(choice: SwapChoice): CreateSwapRequestDto {
  const { requesterId, targetId, originalDate, swapDate, reason } = choice;
  const common = { requesterId, originalDate, reason: trimmed(reason) };
  return targetId === ASK_ANYONE
    ? { ...common, open: true, swapDate: originalDate }
    : { ...common, targetId, swapDate };
}
