import { LockMode, ref } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import type { SwapStatus } from './entities/request-status';
import { SwapRequest } from './entities/swap-request.entity';
import { COMPLETED_SHOWN } from './request-rules';
import { Duty } from '../duties/entities/duty.entity';

/** A swap request as lists show it: the request with its people's and decider's names. */
export interface SwapRow {
  id: string;
  requester_id: string;
  target_id: string | null;
  open: boolean;
  original_date: string;
  swap_date: string;
  reason: string;
  status: SwapStatus;
  answered_at: Date | null;
  approved_unanswered: boolean;
  processed_automatically: boolean;
  decided_by_id: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
  requester_name: string | null;
  requester_user_id: string | null;
  target_name: string | null;
  target_user_id: string | null;
  /** The requester's duty: null (with its fields) for the Duty Manager duty. */
  duty_id: string | null;
  duty_name: string | null;
  duty_place: string | null;
  duty_start_time: string | null;
  duty_end_time: string | null;
  /** The target's duty a trade gives back: null (with its fields) for the Duty Manager duty. */
  swap_duty_id: string | null;
  swap_duty_name: string | null;
  swap_duty_place: string | null;
  swap_duty_start_time: string | null;
  swap_duty_end_time: string | null;
}

/** A duty's columns, all null for the Duty Manager duty (whose requests read as before). */
function dutyColumns(alias: string, prefix: string): string {
  return ['id', 'name', 'place', 'start_time', 'end_time']
    .map((column) => `case when ${alias}.is_duty_manager then null else ${alias}.${column} end as ${prefix}_${column}`)
    .join(', ');
}

const SWAP_SELECT = `
  select r.id, r.requester_id, r.target_id, r.open, to_char(r.original_date, 'YYYY-MM-DD') as original_date,
         to_char(r.swap_date, 'YYYY-MM-DD') as swap_date, r.reason, r.status, r.answered_at, r.approved_unanswered,
         r.processed_automatically, r.decided_by_id, du.name as decided_by_name, r.decided_at, r.created_at, r.updated_at,
         rq.name as requester_name, rq.user_id as requester_user_id, tg.name as target_name, tg.user_id as target_user_id,
         ${dutyColumns('dt', 'duty')}, ${dutyColumns('sd', 'swap_duty')}
    from swap_requests r
    join duties dt on dt.id = r.duty_id and dt.organization_id = r.organization_id
    join duties sd on sd.id = r.swap_duty_id and sd.organization_id = r.organization_id
    left join staff rq on rq.id = r.requester_id and rq.organization_id = r.organization_id
    left join staff tg on tg.id = r.target_id and tg.organization_id = r.organization_id
    left join users du on du.id = r.decided_by_id and du.organization_id = r.organization_id`;

/**
 * Who sees a request: with no viewer (a decider) everyone's; otherwise the ones the viewer's user
 * asked or was asked for, and the open ones waiting for a colleague that someone else offers.
 */
const SEEN_BY = `(?::uuid is null or ?::uuid in (rq.user_id, tg.user_id)
    or (r.open and r.status = 'awaiting_colleague' and rq.user_id is distinct from ?::uuid))`;

/** Waiting for the colleague or for approval, newest first. */
const OPEN_SEEN = `${SWAP_SELECT}
  where r.organization_id = ? and ${SEEN_BY} and r.status in ('awaiting_colleague', 'pending')
  order by r.created_at desc`;

/** Decided, expired or withdrawn: the most recently updated COMPLETED_SHOWN. */
const CLOSED_SEEN = `${SWAP_SELECT}
  where r.organization_id = ? and ${SEEN_BY} and r.status not in ('awaiting_colleague', 'pending')
  order by r.updated_at desc, r.id limit ?`;

const BY_ID = `${SWAP_SELECT} where r.organization_id = ? and r.id = ?`;

/** Every request a person made, was asked for, or decided, oldest first (their own data). */
const INVOLVING = `${SWAP_SELECT}
  where r.organization_id = ? and (r.requester_id = ?::uuid or r.target_id = ?::uuid or r.decided_by_id = ?::uuid or r.created_by_id = ?::uuid)
  order by r.created_at, r.id`;

/** The swap_requests table of the current organisation. */
@Injectable()
export class SwapRequestsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The requests `viewerUserId` may see (null: every request): all open ones, newest first, then
   * the most recently updated closed ones (COMPLETED_SHOWN).
   */
  async seenBy(viewerUserId: string | null): Promise<SwapRow[]> {
    const viewer = [viewerUserId, viewerUserId, viewerUserId];
    const open = await this.em.execute<SwapRow[]>(OPEN_SEEN, [TenantContext.require(), ...viewer]);
    const closed = await this.em.execute<SwapRow[]>(CLOSED_SEEN, [TenantContext.require(), ...viewer, COMPLETED_SHOWN]);
    return [...open, ...closed];
  }

  /** Every request the staff record made or was asked for, and every one the user made or decided, oldest first. */
  involving(staffId: string | null, userId: string | null): Promise<SwapRow[]> {
    return this.em.execute<SwapRow[]>(INVOLVING, [TenantContext.require(), staffId, staffId, userId, userId]);
  }

  async rowById(id: string): Promise<SwapRow | undefined> {
    const [row] = await this.em.execute<SwapRow[]>(BY_ID, [TenantContext.require(), id]);
    return row;
  }

  /** Whether the requester already has an open request for their duty `dutyId` on `originalDate`. */
  async hasOpenFor(requesterId: string, originalDate: IsoDate, dutyId: string): Promise<boolean> {
    const [duplicate] = await this.em.execute<{ id: string }[]>(
      `select id from swap_requests
        where organization_id = ? and requester_id = ? and original_date = ? and duty_id = ? and status in ('awaiting_colleague', 'pending') limit 1`,
      [TenantContext.require(), requesterId, originalDate, dutyId],
    );
    return !!duplicate;
  }

  /** A new request, written with the transaction's next flush. */
  add(fields: {
    requester: string;
    target: string | null;
    open: boolean;
    originalDate: IsoDate;
    swapDate: IsoDate;
    reason: string;
    createdBy: string;
    duty: string;
    swapDuty: string;
  }): SwapRequest {
    return this.em.create(SwapRequest, { ...fields, duty: ref(Duty, fields.duty), swapDuty: ref(Duty, fields.swapDuty) });
  }

  /** The request, read afresh and held until the transaction ends (deciders and colleagues queue on it). */
  lockById(id: string): Promise<SwapRequest | null> {
    return this.em.findOne(SwapRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /**
   * Whether an open request's day (or either day of a trade) is before the organisation's today at
   * `now`, in one statement.
   */
  async anyPassed(now: Date): Promise<boolean> {
    const [row] = await this.em.execute<{ due: boolean }[]>(
      `select exists (
         select 1 from swap_requests r join organizations o on o.id = r.organization_id
          where r.organization_id = ? and r.status in ('awaiting_colleague', 'pending')
            and least(r.original_date, r.swap_date) < (?::timestamptz at time zone o.timezone)::date) as due`,
      [TenantContext.require(), now.toISOString()],
    );
    return !!row?.due;
  }

  /**
   * Marks expired the open requests whose day (or either day of a trade) is before `today` and
   * returns them. Two callers at once expire each request once: the second's update waits for the
   * first's row locks and then finds those requests no longer open.
   */
  async expireBefore(today: IsoDate): Promise<SwapRequest[]> {
    const expired = await this.em.execute<{ id: string }[]>(
      `update swap_requests set status = 'expired', updated_at = now()
        where organization_id = ? and status in ('awaiting_colleague', 'pending') and least(original_date, swap_date) < ?
        returning id`,
      [TenantContext.require(), today],
    );
    if (!expired.length) return [];
    // One read for all of them, in the update's order (each expiry's notices follow it).
    const loaded = await this.em.find(SwapRequest, { id: { $in: expired.map((e) => e.id) } }, { refresh: true });
    const byId = new Map(loaded.map((r) => [r.id, r]));
    return expired.map(({ id }) => byId.get(id)!);
  }

  /** Erasure: replaces a person's names and addresses (`pattern`, whole words, any case) by their pseudonym in every swap request's reason; how many rows changed. */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    return (
      await this.em.execute<{ id: string }[]>(
        `update swap_requests set reason = regexp_replace(reason, ?, ?, 'gi') where organization_id = ? and (reason ~* ?) returning id`,
        [pattern, pseudonym, TenantContext.require(), pattern],
      )
    ).length;
  }

  /** Erasure: clears the reasons of the swap requests the person made or was asked in; how many. The requests stay, for history and fairness. */
  async clearReasonsOf(staffId: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update swap_requests set reason = '' where organization_id = ? and (requester_id = ? or target_id = ?) and reason <> '' returning id`,
      [TenantContext.require(), staffId, staffId],
    );
    return rows.length;
  }

  /** How many swap requests the person made or was asked in. */
  async countOf(staffId: string): Promise<number> {
    const [row] = await this.em.execute<{ n: number }[]>(
      'select count(*)::int as n from swap_requests where organization_id = ? and (requester_id = ? or target_id = ?)',
      [TenantContext.require(), staffId, staffId],
    );
    return row?.n ?? 0;
  }
}
