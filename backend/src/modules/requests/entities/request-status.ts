/** docs/product.md#requests: a request starts pending and is decided once, to approved or rejected. */
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const DECISIONS = ['approved', 'rejected'] as const;
export type Decision = (typeof DECISIONS)[number];

/**
 * A swap's life (docs/product.md#swap-requests): it first waits for the colleague
 * (`awaiting_colleague`), who accepts (→ `pending`, for approvers) or declines (`declined`); the
 * requester may withdraw it until it is decided (`withdrawn`); one for a day that has passed
 * `expired`. Approvers decide a pending one as before (`approved`, `rejected`).
 */
export const SWAP_STATUSES = ['awaiting_colleague', 'pending', 'approved', 'rejected', 'declined', 'withdrawn', 'expired'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];
/** The states in which a swap can still change. */
export const OPEN_SWAP_STATUSES = ['awaiting_colleague', 'pending'] as const satisfies readonly SwapStatus[];
