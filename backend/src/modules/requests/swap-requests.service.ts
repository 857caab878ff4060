import { LockMode, ref } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { describeDate } from '../../common/text/dates';
import { AuditService } from '../audit/audit.service';
import { AvailabilityRepository } from '../availability/availability.repository';
import { User } from '../auth/entities/user.entity';
import { OutboxService } from '../mail/outbox.service';
import { RotaPlanner } from '../rota/rota-planner';
import { type LockedDay, RotaService } from '../rota/rota.service';
import { SystemSettingsRepository } from '../settings/system-settings.repository';
import { organizationToday } from '../tenants/organization-today';
import type { CreateSwapRequestDto, SwapRequestDto, SwapRequestResultDto } from './dto/requests.dto';
import type { Decision } from './entities/request-status';
import { SwapRequest } from './entities/swap-request.entity';
import { swapDecidedEmails } from './request-emails';
import { assertActsFor, loadPeople, type Person } from './request-people';
import { alreadyDecided, iso, visibleRequests } from './request-rules';

interface SwapRow {
  id: string;
  requester_id: string;
  target_id: string;
  original_date: string;
  swap_date: string;
  reason: string;
  status: SwapRequestDto['status'];
  processed_automatically: boolean;
  decided_by_id: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
  requester_name: string | null;
  target_name: string | null;
}

const SWAP_SELECT = `
  select r.id, r.requester_id, r.target_id, to_char(r.original_date, 'YYYY-MM-DD') as original_date,
         to_char(r.swap_date, 'YYYY-MM-DD') as swap_date, r.reason, r.status, r.processed_automatically,
         r.decided_by_id, du.name as decided_by_name, r.decided_at, r.created_at, r.updated_at,
         rq.name as requester_name, tg.name as target_name
    from swap_requests r
    left join staff rq on rq.id = r.requester_id and rq.organization_id = r.organization_id
    left join staff tg on tg.id = r.target_id and tg.organization_id = r.organization_id
    left join users du on du.id = r.decided_by_id and du.organization_id = r.organization_id`;

function toDto(row: SwapRow): SwapRequestDto {
  return {
    id: row.id,
    requesterId: row.requester_id,
    targetId: row.target_id,
    requester: row.requester_name === null ? null : { id: row.requester_id, name: row.requester_name },
    target: row.target_name === null ? null : { id: row.target_id, name: row.target_name },
    originalDate: row.original_date,
    swapDate: row.swap_date,
    kind: row.original_date === row.swap_date ? 'cover' : 'trade',
    reason: row.reason,
    status: row.status,
    processedAutomatically: row.processed_automatically,
    decidedBy: row.decided_by_id && row.decided_by_name !== null ? { id: row.decided_by_id, name: row.decided_by_name } : null,
    decidedAt: iso(row.decided_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

interface SwapPlan {
  requester: Person;
  target: Person;
  originalDate: string;
  swapDate: string;
  reason: string;
}

/**
 * Swap requests (docs/product.md#swap-requests): a cover when swapDate = originalDate, otherwise a
 * trade. The rules are checked when the request is made and again when it is approved, on
 * locked rota days, because the rota may have changed in between.
 */
@Injectable()
export class SwapRequestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly rota: RotaService,
    private readonly settings: SystemSettingsRepository,
    private readonly availability: AvailabilityRepository,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly planner: RotaPlanner,
  ) {}

  /**
   * Deciders see every request; others the ones they are part of. Pending ones all, newest
   * first; of the decided ones the most recently updated.
   */
  async list(actor: AuthUser): Promise<SwapRequestDto[]> {
    const rows = await visibleRequests<SwapRow>(this.em, actor, {
      select: SWAP_SELECT,
      mine: '? in (rq.user_id, tg.user_id)',
      pendingOrder: 'r.created_at desc',
    });
    return rows.map(toDto);
  }

  async create(actor: AuthUser, dto: CreateSwapRequestDto): Promise<SwapRequestResultDto> {
    if (dto.requesterId === dto.targetId) {
      throw new BadRequestException('Please choose someone other than the requester to swap with');
    }
    const result = await this.em.transactional(async (em) => {
      const people = await loadPeople(em, [dto.requesterId, dto.targetId]);
      const requester = people.get(dto.requesterId);
      const target = people.get(dto.targetId);
      if (!requester || !target) throw new NotFoundException('Staff member not found');
      assertActsFor(actor, requester, 'requests.decide', 'You can only ask for swaps of your own duties');

      const plan: SwapPlan = { requester, target, originalDate: dto.originalDate, swapDate: dto.swapDate, reason: dto.reason };
      const days = await this.lockAndCheck(em, plan);
      const [duplicate] = await em.execute<{ id: string }[]>(
        `select id from swap_requests where organization_id = ? and requester_id = ? and original_date = ? and status = 'pending' limit 1`,
        [TenantContext.require(), requester.id, plan.originalDate],
      );
      if (duplicate) {
        throw new ConflictException(`A swap request for ${requester.name}'s duty on ${describeDate(plan.originalDate)} is already pending`);
      }

      const request = em.create(SwapRequest, {
        requester: requester.id,
        target: target.id,
        originalDate: plan.originalDate,
        swapDate: plan.swapDate,
        reason: plan.reason,
        createdBy: actor.id,
      });
      await em.flush();
      this.audit.record(em, actor, {
        kind: 'request',
        action: 'swap.requested',
        entityId: request.id,
        summary: `${describe(plan)}: requested`,
        after: { requesterId: requester.id, targetId: target.id, originalDate: plan.originalDate, swapDate: plan.swapDate, reason: plan.reason },
      });

      const { swaps: automatic } = await this.settings.autoApproval(em);
      if (automatic) await this.apply(em, actor, request, plan, days, 'approved', true);
      await em.flush();
      return { id: request.id, automatic, plan };
    });
    const [request] = await this.em.execute<SwapRow[]>(`${SWAP_SELECT} where r.organization_id = ? and r.id = ?`, [TenantContext.require(), result.id]);
    const { plan } = result;
    return {
      request: toDto(request!),
      processedAutomatically: result.automatic,
      message: result.automatic
        ? `The swap was approved automatically: ${plan.target.name} is now on duty on ${describeDate(plan.originalDate)}` +
          (plan.swapDate !== plan.originalDate ? ` and ${plan.requester.name} on ${describeDate(plan.swapDate)}.` : '.')
        : 'Swap request created successfully. It is pending approval.',
    };
  }

  /** PUT {status}: approve (re-checking every rule) or reject a pending request, exactly once. */
  async decide(actor: AuthUser, id: string, decision: Decision): Promise<SwapRequestDto> {
    await this.em.transactional(async (em) => {
      // The row lock makes two deciders queue: the second sees the first's decision.
      const request = await em.findOne(SwapRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw new NotFoundException('Swap request not found');
      if (request.status !== 'pending') throw alreadyDecided('swap', request.status);
      const people = await loadPeople(em, [request.requester.id, request.target.id]);
      const plan: SwapPlan = {
        requester: people.get(request.requester.id)!,
        target: people.get(request.target.id)!,
        originalDate: request.originalDate,
        swapDate: request.swapDate,
        reason: request.reason,
      };
      const days = decision === 'approved' ? await this.lockAndCheck(em, plan) : new Map<string, LockedDay>();
      await this.apply(em, actor, request, plan, days, decision, false);
    });
    const [row] = await this.em.execute<SwapRow[]>(`${SWAP_SELECT} where r.organization_id = ? and r.id = ?`, [TenantContext.require(), id]);
    return toDto(row!);
  }

  /**
   * Locks the days involved and checks every rule against them (409 with the reason when one
   * fails). Returns the locked days for `apply`.
   */
  private async lockAndCheck(em: EntityManager, plan: SwapPlan): Promise<Map<string, LockedDay>> {
    const { requester, target, originalDate, swapDate } = plan;
    const trade = swapDate !== originalDate;
    const today = await organizationToday(em, this.clock);
    for (const date of trade ? [originalDate, swapDate] : [originalDate]) {
      if (date < today) throw new BadRequestException(`${describeDate(date)} has passed: only duties from today on can be swapped`);
    }
    await this.settings.lockShared(em);
    const days = await this.rota.lockDays(em, [originalDate, swapDate]);
    const on = (person: Person, date: string) => days.get(date)?.slots.includes(person.id) ?? false;

    if (!on(requester, originalDate)) throw new ConflictException(`${requester.name} is not on duty on ${describeDate(originalDate)}`);
    if (!target.isActive) throw new ConflictException(`${target.name} is inactive and can't take over a duty`);
    if (on(target, originalDate)) throw new ConflictException(`${target.name} is already on duty on ${describeDate(originalDate)}`);
    if (trade) {
      if (!on(target, swapDate)) throw new ConflictException(`${target.name} is not on duty on ${describeDate(swapDate)}`);
      if (!requester.isActive) throw new ConflictException(`${requester.name} is inactive and can't take over a duty`);
      if (on(requester, swapDate)) throw new ConflictException(`${requester.name} is already on duty on ${describeDate(swapDate)}`);
    }
    const away = await this.availability.firstAway(em, [
      { staffId: target.id, date: originalDate },
      ...(trade ? [{ staffId: requester.id, date: swapDate }] : []),
    ]);
    if (away) {
      const who = away.staffId === target.id ? target : requester;
      throw new ConflictException(`${who.name} is unavailable on ${describeDate(away.date)} (${away.label})`);
    }
    // Nobody is swapped onto a weekday they don't work, or above their weekly cap (the duty a trade
    // takes away from them that week doesn't count).
    const targetRefusal = (await this.planner.patternRefusals(em, originalDate, [target], trade ? new Map([[target.id, swapDate]]) : undefined)).get(target.id);
    if (targetRefusal) throw new ConflictException(targetRefusal);
    if (trade) {
      const requesterRefusal = (await this.planner.patternRefusals(em, swapDate, [requester], new Map([[requester.id, originalDate]]))).get(requester.id);
      if (requesterRefusal) throw new ConflictException(requesterRefusal);
    }
    return days;
  }

  /** Records the decision and, for an approval, moves the duties. The caller checked the rules. */
  private async apply(
    em: EntityManager,
    actor: AuthUser,
    request: SwapRequest,
    plan: SwapPlan,
    days: Map<string, LockedDay>,
    decision: Decision,
    automatically: boolean,
  ): Promise<void> {
    if (decision === 'approved') {
      await this.rota.replaceOnDay(em, days.get(plan.originalDate)!, plan.requester.id, plan.target.id);
      if (plan.swapDate !== plan.originalDate) {
        await this.rota.replaceOnDay(em, days.get(plan.swapDate)!, plan.target.id, plan.requester.id);
      }
    }
    request.status = decision;
    request.processedAutomatically = automatically;
    request.decidedBy = automatically ? null : ref(User, actor.id);
    request.decidedAt = this.clock.now();
    this.audit.record(em, automatically ? undefined : actor, {
      kind: 'request',
      action: `swap.${decision}`,
      entityId: request.id,
      summary: `${describe(plan)}: ${decision}${automatically ? ' automatically' : ''}`,
      before: { status: 'pending' },
      after: { status: decision, processedAutomatically: automatically },
    });
    for (const email of swapDecidedEmails(plan, decision === 'approved', automatically)) this.outbox.enqueue(em, email);
  }
}

function describe(plan: SwapPlan): string {
  return plan.swapDate === plan.originalDate
    ? `Swap: ${plan.target.name} covers ${plan.requester.name} on ${plan.originalDate}`
    : `Swap: ${plan.requester.name} (${plan.originalDate}) and ${plan.target.name} (${plan.swapDate}) trade duties`;
}
