import { LockMode, ref } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { User } from '../auth/entities/user.entity';
import { Duty } from '../duties/entities/duty.entity';
import { Staff } from '../staff/entities/staff.entity';
import type { CancelRequestDto } from './dto/cancel-request.dto';
import { CancelRequest } from './entities/cancel-request.entity';
import { COMPLETED_SHOWN } from './request-rules';
import { jsonParam } from '../../database/json-param';

/** A cancel request as lists show it: the request with its people's and decider's names. */
export interface CancelRow {
  id: string;
  staff_id: string;
  staff_name: string | null;
  date: string;
  reason: string;
  status: CancelRequestDto['status'];
  source: CancelRequestDto['source'];
  processed_automatically: boolean;
  replacement_id: string | null;
  replacement_name: string | null;
  decided_by_id: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The duty it is of: null for the Duty Manager duty. */
  duty_id: string | null;
  duty_name: string | null;
  duty_place: string | null;
  duty_start_time: string | null;
  duty_end_time: string | null;
}

/** The duty's columns, all null for the Duty Manager duty (whose requests read as the spec has them). */
const DUTY_COLUMNS = ['id', 'name', 'place', 'start_time', 'end_time']
  .map((column) => `case when dt.is_duty_manager then null else dt.${column} end as duty_${column}`)
  .join(', ');

const CANCEL_SELECT = `
  select r.id, r.staff_id, st.name as staff_name, to_char(r.date, 'YYYY-MM-DD') as date, r.reason, r.status, r.source,
         r.processed_automatically, r.replacement_id, rp.name as replacement_name,
         r.decided_by_id, du.name as decided_by_name, r.decided_at, r.created_at, r.updated_at,
         ${DUTY_COLUMNS}
    from cancel_requests r
    join duties dt on dt.id = r.duty_id and dt.organization_id = r.organization_id
    left join staff st on st.id = r.staff_id and st.organization_id = r.organization_id
    left join staff rp on rp.id = r.replacement_id and rp.organization_id = r.organization_id
    left join users du on du.id = r.decided_by_id and du.organization_id = r.organization_id`;

/** With no viewer (a decider or manager) everyone's requests; otherwise those of the viewer's user. */
const SEEN_BY = `(?::uuid is null or st.user_id = ?::uuid)`;

/** Pending, by day and then as asked. */
const PENDING_SEEN = `${CANCEL_SELECT}
  where r.organization_id = ? and ${SEEN_BY} and r.status = 'pending'
  order by r.date, r.created_at`;

/**
 * The most recently updated decided ones, COMPLETED_SHOWN of those people asked for and as many of
 * those the app recorded (rota changes and edits, unavailability), in one statement: a term's rota
 * changes never push a person's request out of the list.
 */
const DECIDED_SEEN = `(${CANCEL_SELECT}
  where r.organization_id = ? and ${SEEN_BY} and r.status <> 'pending' and r.source = 'request'
  order by r.updated_at desc, r.id limit ?)
  union all
  (${CANCEL_SELECT}
  where r.organization_id = ? and ${SEEN_BY} and r.status <> 'pending' and r.source <> 'request'
  order by r.updated_at desc, r.id limit ?)`;

const BY_ID = `${CANCEL_SELECT} where r.organization_id = ? and r.id = ?`;

/** Every request (or record of a removal) of a person, naming them as the replacement, or made or decided by them, oldest first (their own data). */
const INVOLVING = `${CANCEL_SELECT}
  where r.organization_id = ? and (r.staff_id = ?::uuid or r.replacement_id = ?::uuid or r.decided_by_id = ?::uuid or r.created_by_id = ?::uuid)
  order by r.created_at, r.id`;

/** The cancel_requests table of the current organisation: people's requests and the app's records of removals. */
@Injectable()
export class CancelRequestsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The requests `viewerUserId` may see (null: every request): all pending ones, then the most recently decided. */
  async seenBy(viewerUserId: string | null): Promise<CancelRow[]> {
    const org = TenantContext.require();
    const pending = await this.em.execute<CancelRow[]>(PENDING_SEEN, [org, viewerUserId, viewerUserId]);
    const decided = await this.em.execute<CancelRow[]>(DECIDED_SEEN, [
      ...[org, viewerUserId, viewerUserId, COMPLETED_SHOWN],
      ...[org, viewerUserId, viewerUserId, COMPLETED_SHOWN],
    ]);
    return [...pending, ...decided];
  }

  /** Every request of the staff record or naming it as the replacement, and every one the user made or decided, oldest first. */
  involving(staffId: string | null, userId: string | null): Promise<CancelRow[]> {
    return this.em.execute<CancelRow[]>(INVOLVING, [TenantContext.require(), staffId, staffId, userId, userId]);
  }

  async rowById(id: string): Promise<CancelRow | undefined> {
    const [row] = await this.em.execute<CancelRow[]>(BY_ID, [TenantContext.require(), id]);
    return row;
  }

  /** Whether the person already has a pending request for their duty `dutyId` on `date`. */
  async hasPendingFor(staffId: string, date: IsoDate, dutyId: string): Promise<boolean> {
    const [duplicate] = await this.em.execute<{ id: string }[]>(
      `select id from cancel_requests where organization_id = ? and staff_id = ? and date = ? and duty_id = ? and status = 'pending' limit 1`,
      [TenantContext.require(), staffId, date, dutyId],
    );
    return !!duplicate;
  }

  /** A person's request, pending; written with the transaction's next flush. */
  addRequest(fields: { duty: string; staff: string; date: IsoDate; reason: string; createdBy: string }): CancelRequest {
    return this.em.create(CancelRequest, { ...fields, duty: ref(Duty, fields.duty) });
  }

  /** The request, held until the transaction ends (two deciders queue on it). */
  lockById(id: string): Promise<CancelRequest | null> {
    return this.em.findOne(CancelRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The person's history keeps why an edit of the rota took them off the day: an approved cancellation made by the editor. */
  addRotaEditRemoval(fields: {
    duty: string;
    staff: string;
    date: IsoDate;
    reason: string;
    replacement: string | null;
    editor: string;
    decidedAt: Date;
  }): void {
    this.em.create(CancelRequest, {
      duty: ref(Duty, fields.duty),
      staff: fields.staff,
      date: fields.date,
      reason: fields.reason.slice(0, 500),
      status: 'approved',
      source: 'rota_edit',
      replacement: fields.replacement ? ref(Staff, fields.replacement) : null,
      processedAutomatically: false,
      createdBy: ref(User, fields.editor),
      decidedBy: ref(User, fields.editor),
      decidedAt: fields.decidedAt,
    });
  }

  /**
   * The duties the rota's repair took off (RotaIntegrityService), in one statement: each an approved
   * cancellation naming why, the unavailability period behind it if any, and who was given the
   * slot, made by `actor`. One insert from a JSON list rather than an entity each: a change such as
   * fewer duty managers per day removes hundreds, and the unit of work's bookkeeping of that many
   * new entities cost more than the rest of the repair.
   */
  async addRepairRemovals(
    removals: { duty: string; staff: string; date: IsoDate; reason: string; unavailability: string | null; replacement: string | null }[],
    actor: string | null,
    decidedAt: Date,
  ): Promise<void> {
    if (!removals.length) return;
    const now = new Date();
    await this.em.execute(
      `insert into cancel_requests (id, organization_id, duty_id, staff_id, date, reason, status, source, unavailability_id, replacement_id,
         processed_automatically, created_by_id, decided_by_id, decided_at, created_at, updated_at)
       select gen_random_uuid(), ?, r.duty, r.staff, r.date, r.reason, 'approved', case when r.unavailability is null then 'rota_change' else 'unavailability' end,
         r.unavailability, r.replacement, true, ?, ?, ?, ?, ?
       from jsonb_to_recordset(?::jsonb) as r(duty uuid, staff uuid, date date, reason text, unavailability uuid, replacement uuid)`,
      [TenantContext.require(), actor, actor, decidedAt, now, now, jsonParam(removals.map((r) => ({ ...r, reason: r.reason.slice(0, 500) })))],
    );
  }

  /** Erasure: replaces a person's names and addresses (`pattern`, whole words, any case) by their pseudonym in every cancel request's reason; how many rows changed. */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    return (
      await this.em.execute<{ id: string }[]>(
        `update cancel_requests set reason = regexp_replace(reason, ?, ?, 'gi') where organization_id = ? and (reason ~* ?) returning id`,
        [pattern, pseudonym, TenantContext.require(), pattern],
      )
    ).length;
  }

  /** Erasure: clears the reasons of the person's cancel requests; how many. The requests stay, for history and fairness. */
  async clearReasonsOf(staffId: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update cancel_requests set reason = '' where organization_id = ? and staff_id = ? and reason <> '' returning id`,
      [TenantContext.require(), staffId],
    );
    return rows.length;
  }

  /** How many cancel requests the person made. */
  async countOf(staffId: string): Promise<number> {
    const [row] = await this.em.execute<{ n: number }[]>(
      'select count(*)::int as n from cancel_requests where organization_id = ? and staff_id = ?',
      [TenantContext.require(), staffId],
    );
    return row?.n ?? 0;
  }
}
