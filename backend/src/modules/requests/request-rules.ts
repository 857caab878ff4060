import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/roles';
import { TenantContext } from '../../tenancy/tenant-context';
import { ConflictException } from '@nestjs/common';
import type { RequestStatus, SwapStatus } from './entities/request-status';

/** How many decided requests a list returns (the most recently updated); pending ones all. */
export const COMPLETED_SHOWN = 200;

export function iso(date: Date | string | null): string | null {
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

/**
 * A request list as `actor` may see it: every request for admins and managers, otherwise those
 * `mine` selects (a condition with one `?`, the signed-in user's id).
 * All pending ones in `pendingOrder`, then the most recently updated decided ones: COMPLETED_SHOWN
 * of them, or that many of each of `completedGroups` (one or two conditions without parameters),
 * so that one kind of entry never crowds another out of the list.
 */
export async function visibleRequests<Row extends object>(
  em: EntityManager,
  actor: AuthUser,
  query: {
    select: string;
    mine: string;
    pendingOrder: string;
    openStatuses?: readonly string[];
    mineParams?: number;
    completedGroups?: readonly [string] | readonly [string, string];
  },
): Promise<Row[]> {
  const everyone = hasPermission(actor.role, 'requests.decide');
  const mine = everyone ? '' : ` and (${query.mine})`;
  const userIds = everyone ? [] : Array<string>(query.mineParams ?? 1).fill(actor.id);
  const open = `r.status in (${(query.openStatuses ?? ['pending']).map((st) => `'${st}'`).join(', ')})`;
  const where = `where r.organization_id = ?${mine}`;
  const org = TenantContext.require();
  const pending = await em.execute<Row[]>(
    `${query.select} ${where} and ${open} order by ${query.pendingOrder}`,
    [org, ...userIds],
  );
  // One statement, a limited part per group: each group's most recent, group after group.
  const [first, second] = query.completedGroups ?? ['true'];
  const decided = (group: string) => `(${query.select} ${where} and not ${open} and (${group}) order by r.updated_at desc, r.id limit ?)`;
  const params = [org, ...userIds, COMPLETED_SHOWN];
  const completed = await em.execute<Row[]>(
    second === undefined ? decided(first) : `${decided(first)} union all ${decided(second)}`,
    second === undefined ? params : [...params, ...params],
  );
  return [...pending, ...completed];
}
