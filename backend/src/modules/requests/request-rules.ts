import { ConflictException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/roles';
import type { RequestStatus, SwapStatus } from './entities/request-status';

/** How many decided requests a list returns (the most recently updated); pending ones all. */
export const COMPLETED_SHOWN = 200;

/** A timestamp as the API gives it (ISO 8601, UTC); null stays null. */
export function toIsoTimestamp(date: Date | string | null): string | null {
  if (date === null) return null;
  return (date instanceof Date ? date : new Date(date)).toISOString();
}

/** A request is decided once: a second decision is a conflict, never a second change. */
export function alreadyDecided(kind: 'swap' | 'cancel', status: RequestStatus | SwapStatus): ConflictException {
  return new ConflictException({
    message: `This ${kind} request has already been ${STATUS_WORDS[status]}; a decided request can't change again`,
    code: 'already_decided',
  });
}

/** A status as the end of "has already been …". */
export const STATUS_WORDS: Record<RequestStatus | SwapStatus, string> = {
  pending: 'accepted and waits for approval',
  awaiting_colleague: 'sent and waits for the colleague',
  approved: 'approved',
  rejected: 'rejected',
  declined: 'declined',
  withdrawn: 'withdrawn',
  expired: 'expired (its day has passed)',
};

/** Whose requests a list shows: null (everyone's) for those who decide requests, else the actor's user id. */
export function listViewer(actor: AuthUser): string | null {
  return hasPermission(actor.role, 'requests.decide') ? null : actor.id;
}
