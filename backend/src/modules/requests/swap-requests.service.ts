import { ref } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { addDays, mondayOf, weekdayIndex } from '../../common/clock/academic-year';
import { Clock } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import { User } from '../auth/entities/user.entity';
import { AvailabilityRepository } from '../availability/availability.repository';
import { mayTake } from '../rota/engine/move-options';
import { RotaPlanner } from '../rota/rota-planner';
import { type LockedDay, RotaService } from '../rota/rota.service';
import { SystemSettingsRepository } from '../settings/system-settings.repository';
import { Staff } from '../staff/entities/staff.entity';
import { activeStaffPeople, staffOfUser } from '../staff/staff-queries';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { organizationToday } from '../tenants/organization-today';
import type { CreateSwapRequestDto, SwapOptionsDto, SwapRequestDto, SwapRequestResultDto } from './dto/requests.dto';
import { OPEN_SWAP_STATUSES, type Decision, type SwapStatus } from './entities/request-status';
import { SwapRequest } from './entities/swap-request.entity';
import {
  swapAnsweredLetter,
  swapAskedLetter,
  swapDecidedEmails,
  swapExpiredNotice,
  swapOfferedNotice,
  swapToApproveNotice,
  swapWithdrawnNotice,
} from './request-emails';
import { RequestMessenger } from './request-messenger';
import { assertActsFor, loadPeople, type Person } from './request-people';
import { alreadyDecided, listViewer, STATUS_WORDS, toIsoTimestamp } from './request-rules';
import { type SwapRow, SwapRequestsRepository } from './swap-requests.repository';

const OPEN = OPEN_SWAP_STATUSES as readonly SwapStatus[];

function toDto(row: SwapRow, actor: AuthUser): SwapRequestDto {
  const awaiting = row.status === 'awaiting_colleague';
  const mine = row.requester_user_id === actor.id;
  return {
    id: row.id,
    requesterId: row.requester_id,
    targetId: row.target_id,
    requester: row.requester_name === null ? null : { id: row.requester_id, name: row.requester_name },
    target: row.target_id === null || row.target_name === null ? null : { id: row.target_id, name: row.target_name },
    open: row.open,
    originalDate: row.original_date,
    swapDate: row.swap_date,
    kind: row.original_date === row.swap_date ? 'cover' : 'trade',
    reason: row.reason,
    status: row.status,
    waitingFor: awaiting ? 'colleague' : row.status === 'pending' ? 'approval' : null,
    canAnswer: awaiting && (row.open ? !mine : row.target_user_id === actor.id),
    canDecline: awaiting && !row.open && row.target_user_id === actor.id,
    // Offered to the requester: an approver's answer to someone else's request is Reject.
    canWithdraw: OPEN.includes(row.status) && mine,
    answeredAt: toIsoTimestamp(row.answered_at),
    approvedUnanswered: row.approved_unanswered,
    processedAutomatically: row.processed_automatically,
    decidedBy: row.decided_by_id && row.decided_by_name !== null ? { id: row.decided_by_id, name: row.decided_by_name } : null,
    decidedAt: toIsoTimestamp(row.decided_at),
    createdAt: toIsoTimestamp(row.created_at)!,
    updatedAt: toIsoTimestamp(row.updated_at)!,
  };
}

interface SwapPlan {
  id: string;
  requester: Person;
  /** Null only for an open request nobody has taken. */
  target: Person | null;
  originalDate: string;
  swapDate: string;
  reason: string;
}

type TakenPlan = SwapPlan & { target: Person };

/**
 * Swap requests (docs/product.md#swap-requests): a cover when swapDate = originalDate, otherwise a
 * trade; named (one colleague is asked) or open (offered to every colleague who can take it).
 * The colleague answers first; an accepted request waits for approval (or is applied at once with
 * swap auto-approval). The rules are checked when the request is made, when it is accepted and
 * when it is approved, each time on locked rota days, because the rota may have changed in between.
 */
@Injectable()
export class SwapRequestsService {
  constructor(
    /** Handed to other modules' calls that still take a manager; no data call here uses it. */
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: SwapRequestsRepository,
    private readonly rota: RotaService,
    private readonly settings: SystemSettingsRepository,
    private readonly availability: AvailabilityRepository,
    private readonly audit: AuditService,
    private readonly messenger: RequestMessenger,
    private readonly clock: Clock,
    private readonly planner: RotaPlanner,
    private readonly hosts: OrganizationHosts,
    private readonly accounts: AccountsService,
  ) {}

  /**
   * Deciders see every request; others the ones they are part of and the open ones they could
   * take. Open ones (waiting for a colleague or for approval) all, newest first; of the others the
   * most recently updated. Requests whose day has passed are expired first.
   */
  async list(actor: AuthUser): Promise<SwapRequestDto[]> {
    await this.expireDue();
    const rows = await this.requests.seenBy(listViewer(actor));
    return rows.map((row) => toDto(row, actor));
  }

  async create(actor: AuthUser, dto: CreateSwapRequestDto): Promise<SwapRequestResultDto> {
    const open = dto.open === true;
    if (open && dto.targetId !== undefined) throw new BadRequestException('An open request goes to anyone who can take it: leave out targetId');
    if (open && dto.swapDate !== dto.originalDate) throw new BadRequestException('An open request is a cover: swapDate must be the same as originalDate');
    if (!open && dto.requesterId === dto.targetId) throw new BadRequestException('Please choose someone other than the requester to swap with');
    await this.expireDue();
    const result = await this.unitOfWork.transaction(async () => {
      const people = await loadPeople(this.em, [dto.requesterId, ...(dto.targetId ? [dto.targetId] : [])]);
      const requester = people.get(dto.requesterId);
      const target = dto.targetId ? people.get(dto.targetId) : null;
      if (!requester || target === undefined) throw new NotFoundException('Staff member not found');
      assertActsFor(actor, requester, 'requests.decide', 'You can only ask for swaps of your own duties');

      const request = this.requests.add({
        requester: requester.id,
        target: target?.id ?? null,
        open,
        originalDate: dto.originalDate,
        swapDate: dto.swapDate,
        reason: dto.reason,
        createdBy: actor.id,
      });
      const plan: SwapPlan = { id: request.id, requester, target, originalDate: dto.originalDate, swapDate: dto.swapDate, reason: dto.reason };
      await this.lockAndCheck(plan);
      if (await this.requests.hasOpenFor(requester.id, plan.originalDate)) {
        throw new ConflictException(`A swap request for ${requester.name}'s duty on ${describeDate(plan.originalDate)} is already open`);
      }
      let offered = 0;
      if (open) {
        const colleagues = await this.eligibleFor(requester, plan.originalDate);
        if (!colleagues.length) {
          throw new ConflictException({
            message: `Nobody else can take ${requester.name}'s duty on ${describeDate(plan.originalDate)}: everyone is on duty, away, off that day or at their weekly cap`,
            code: 'nobody_eligible',
          });
        }
        offered = colleagues.length;
        await this.unitOfWork.flush();
        this.messenger.notify(colleagues.map((c) => swapOfferedNotice(plan, c)));
      } else {
        await this.unitOfWork.flush();
        this.messenger.send(swapAskedLetter(plan, target!, await this.hosts.currentUrl(this.em)));
      }
      this.audit.record(actor, {
        kind: 'request',
        action: 'swap.requested',
        entityId: request.id,
        summary: `${describe(plan)}: requested`,
        after: { requesterId: requester.id, targetId: target?.id ?? null, open, originalDate: plan.originalDate, swapDate: plan.swapDate, reason: plan.reason },
      });
      await this.unitOfWork.flush();
      return { id: request.id, plan, offered };
    });
    const { plan, offered } = result;
    const day = describeDate(plan.originalDate);
    return {
      request: await this.read(actor, result.id),
      processedAutomatically: false,
      message: plan.target
        ? `Swap request sent to ${plan.target.name}. It waits for their answer.`
        : `Your duty on ${day} is offered to ${offered === 1 ? '1 colleague' : `${offered} colleagues`} who can take it. The first to accept takes it.`,
    };
  }

  /**
   * The colleague accepts: the one asked, or for an open request whoever comes first (the row lock
   * makes two at once queue; the second is told it's gone). Every rule is checked again for them;
   * with swap auto-approval on the swap is made at once, otherwise it waits for approval.
   */
  async accept(actor: AuthUser, id: string): Promise<SwapRequestResultDto> {
    await this.expireDue();
    const outcome = await this.unitOfWork.transaction(async () => {
      const request = await this.lockRequest(id);
      if (request.status !== 'awaiting_colleague') {
        if (request.open && (request.status === 'pending' || request.status === 'approved')) {
          throw new ConflictException({ message: 'Someone else has already taken this duty', code: 'already_taken' });
        }
        throw new ConflictException({ message: `This swap request has already been ${STATUS_WORDS[request.status]}`, code: 'not_awaiting' });
      }
      const me = await staffOfUser(this.em, actor.id);
      const plan = await this.planOf(request);
      if (request.open) {
        if (!me) throw new ForbiddenException('Only staff on the rota can take a duty');
        if (me.id === plan.requester.id) throw new ForbiddenException("You can't take your own duty: withdraw the request instead");
      } else if (!me || me.id !== plan.target?.id) {
        throw new ForbiddenException(`Only ${plan.target?.name ?? 'the colleague asked'} can answer this request`);
      }
      const taken: TakenPlan = { ...plan, target: me };
      const days = await this.lockAndCheck(taken);
      request.target = ref(Staff, me.id);
      request.status = 'pending';
      request.answeredAt = this.clock.now();
      await this.messenger.markReadAbout(request.id, ['swap_asked', 'swap_offered']);
      this.audit.record(actor, {
        kind: 'request',
        action: 'swap.accepted',
        entityId: request.id,
        summary: `${describe(taken)}: accepted by ${me.name}`,
        before: { status: 'awaiting_colleague' },
        after: { status: 'pending', targetId: me.id },
      });
      const { swaps: automatic } = await this.settings.autoApproval(this.em);
      this.messenger.send(swapAnsweredLetter(taken, me, true, automatic ? 'approved' : 'approval'));
      if (automatic) {
        await this.apply(actor, request, taken, days, 'approved', true);
      } else {
        this.messenger.notify((await this.accounts.approverUserIds()).map((userId) => swapToApproveNotice(taken, me, userId)));
      }
      await this.unitOfWork.flush();
      return { plan: taken, automatic };
    });
    const { plan, automatic } = outcome;
    const day = describeDate(plan.originalDate);
    return {
      request: await this.read(actor, id),
      processedAutomatically: automatic,
      message: automatic
        ? `The swap was approved automatically: you are now on duty on ${day}` + (plan.swapDate !== plan.originalDate ? ` and ${plan.requester.name} on ${describeDate(plan.swapDate)}.` : '.')
        : `You accepted ${plan.requester.name}'s request for ${day}. It now waits for approval.`,
    };
  }

  /** The colleague asked by name declines; the duty stays the requester's. */
  async decline(actor: AuthUser, id: string): Promise<SwapRequestDto> {
    await this.expireDue();
    await this.unitOfWork.transaction(async () => {
      const request = await this.lockRequest(id);
      if (request.open) throw new ConflictException({ message: "An open request can't be declined: leave it for someone else", code: 'open_request' });
      if (request.status !== 'awaiting_colleague') {
        throw new ConflictException({ message: `This swap request has already been ${STATUS_WORDS[request.status]}`, code: 'not_awaiting' });
      }
      const plan = await this.planOf(request);
      const me = await staffOfUser(this.em, actor.id);
      if (!me || me.id !== plan.target?.id) throw new ForbiddenException(`Only ${plan.target?.name ?? 'the colleague asked'} can answer this request`);
      request.status = 'declined';
      request.answeredAt = this.clock.now();
      await this.messenger.markReadAbout(request.id, ['swap_asked']);
      this.messenger.send(swapAnsweredLetter(plan, me, false, null));
      this.audit.record(actor, {
        kind: 'request',
        action: 'swap.declined',
        entityId: request.id,
        summary: `${describe(plan)}: declined by ${me.name}`,
        before: { status: 'awaiting_colleague' },
        after: { status: 'declined' },
      });
      await this.unitOfWork.flush();
    });
    return this.read(actor, id);
  }

  /** The requester (or an approver) takes the request back while it is still open. */
  async withdraw(actor: AuthUser, id: string): Promise<SwapRequestDto> {
    await this.expireDue();
    await this.unitOfWork.transaction(async () => {
      const request = await this.lockRequest(id);
      const plan = await this.planOf(request);
      assertActsFor(actor, plan.requester, 'requests.decide', `Only ${plan.requester.name} can withdraw this request`);
      if (!OPEN.includes(request.status)) throw alreadyDecided('swap', request.status);
      const before = request.status;
      request.status = 'withdrawn';
      request.decidedBy = ref(User, actor.id);
      request.decidedAt = this.clock.now();
      await this.messenger.markReadAbout(request.id, ['swap_asked', 'swap_offered', 'swap_to_approve']);
      if (plan.target) this.messenger.notify([swapWithdrawnNotice(plan, plan.target)]);
      this.audit.record(actor, {
        kind: 'request',
        action: 'swap.withdrawn',
        entityId: request.id,
        summary: `${describe(plan)}: withdrawn`,
        before: { status: before },
        after: { status: 'withdrawn' },
      });
      await this.unitOfWork.flush();
    });
    return this.read(actor, id);
  }

  /**
   * PUT {status}: approve (re-checking every rule) or reject a request waiting for approval, exactly
   * once. Approvers may also reject one still waiting for the colleague; an admin may approve it,
   * and it is marked as approved before the colleague answered.
   */
  async decide(actor: AuthUser, id: string, decision: Decision): Promise<SwapRequestDto> {
    await this.expireDue();
    await this.unitOfWork.transaction(async () => {
      // The row lock makes two deciders queue: the second sees the first's decision.
      const request = await this.lockRequest(id);
      if (!OPEN.includes(request.status)) throw alreadyDecided('swap', request.status);
      const plan = await this.planOf(request);
      const unanswered = request.status === 'awaiting_colleague';
      if (unanswered && decision === 'approved') {
        if (!plan.target) {
          throw new ConflictException({ message: 'Nobody has taken this open request yet, so there is nobody to approve it for', code: 'no_colleague' });
        }
        if (actor.role !== 'admin') {
          throw new ConflictException({
            message: `${plan.target.name} hasn't answered yet: only an admin can approve a swap before the colleague does`,
            code: 'awaiting_colleague',
          });
        }
      }
      const days = decision === 'approved' ? await this.lockAndCheck(plan) : new Map<string, LockedDay>();
      request.approvedUnanswered = unanswered && decision === 'approved';
      await this.apply(actor, request, plan, days, decision, false);
      await this.unitOfWork.flush();
    });
    return this.read(actor, id);
  }

  /**
   * What the requester may pick: their future duties and, for `originalDate`, the colleagues who
   * can take it, each with the duties of theirs the requester could take in a trade.
   */
  async options(actor: AuthUser, requesterId: string, originalDate?: string): Promise<SwapOptionsDto> {
    const requester = (await loadPeople(this.em, [requesterId])).get(requesterId);
    if (!requester) throw new NotFoundException('Staff member not found');
    assertActsFor(actor, requester, 'requests.decide', 'You can only ask for swaps of your own duties');
    const today = await organizationToday(this.em, this.clock);
    const horizon = addMonths(today, 13);
    const days = await this.rota.daysBetween(this.em, today, horizon);
    const onDuty = (id: string) => days.filter((d) => d.slots.some((s) => s.staff?.id === id)).map((d) => d.date);
    const duties = onDuty(requester.id);
    if (!originalDate) return { duties, colleagues: [] };
    if (!duties.includes(originalDate)) throw new BadRequestException(`${requester.name} is not on duty on ${describeDate(originalDate)} (from today on)`);
    const colleagues = await this.eligibleFor(requester, originalDate);
    const roster = new Map((await this.planner.staffFacts(this.em)).map((s) => [s.id, s]));
    const away = await this.availability.awayBetween(this.em, today, horizon);
    const requesterFacts = roster.get(requester.id);
    const requesterFree = (date: string) =>
      !duties.includes(date) &&
      (requesterFacts?.workingDays ?? [0, 1, 2, 3, 4]).includes(weekdayIndex(date)) &&
      !away.some((a) => a.staffId === requester.id && a.start <= date && date <= a.end);
    return {
      duties,
      colleagues: colleagues
        .map((c) => ({ id: c.id, name: c.name, isTeaching: roster.get(c.id)?.isTeaching ?? true, tradeDates: onDuty(c.id).filter(requesterFree) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  /**
   * The requester's duties from today on that `targetId` could take in exchange for their duty on
   * `swapDate`, the requester taking that day in turn (a trade asked for from the colleague's duty
   * on the rota): both allowed on the day they go to by every hard rule, each one's weekly cap
   * counted without the duty they give up. None when the colleague is not on duty that day.
   */
  async tradeOptions(actor: AuthUser, requesterId: string, { targetId, swapDate }: { targetId: string; swapDate: string }): Promise<SwapOptionsDto> {
    const people = await loadPeople(this.em, [requesterId, targetId]);
    const requester = people.get(requesterId);
    const target = people.get(targetId);
    if (!requester || !target) throw new NotFoundException('Staff member not found');
    assertActsFor(actor, requester, 'requests.decide', 'You can only ask for swaps of your own duties');
    const today = await organizationToday(this.em, this.clock);
    const horizon = addMonths(today, 13);
    const days = await this.rota.daysBetween(this.em, mondayOf(today), addDays(mondayOf(horizon), 6));
    const slots = Object.fromEntries(days.map((d) => [d.date, d.slots.map((s) => s.staff?.id ?? null)]));
    const duties = days.filter((d) => d.date >= today && d.date <= horizon && slots[d.date]!.includes(requester.id)).map((d) => d.date);
    if (swapDate < today || !slots[swapDate]?.includes(target.id) || target.id === requester.id) return { duties: [], colleagues: [] };
    const facts = { ...(await this.planner.facts(this.em, today, horizon, await this.settings.dutyManagersPerDay(this.em))), days: slots };
    return {
      duties: duties.filter((date) => mayTake(facts, target.id, date, swapDate) && mayTake(facts, requester.id, swapDate, date)),
      colleagues: [],
    };
  }

  /**
   * Expires the current organisation's passed requests (see expirePassed) in a transaction of its
   * own, committed before the read or change that follows. Runs first in every read and change of
   * swaps, so a request whose day had passed when it began is never shown as open nor acted on
   * (accepting and approving also check the dates themselves); and because the action's own
   * transaction comes after, refusing it ("already expired", or any other refusal) rolls back
   * only the action, never the expiry or the requester's notification.
   */
  private async expireDue(): Promise<void> {
    if (await this.requests.anyPassed(this.clock.now())) await this.unitOfWork.transaction(() => this.expirePassed());
  }

  /**
   * Expires the current organisation's open requests whose day (or either day of a trade) has
   * passed, and tells each requester; their open notifications are settled. Two callers at once
   * expire each request once: the second's update waits for the first's row locks and then finds
   * those requests no longer open.
   */
  private async expirePassed(): Promise<void> {
    const today = await organizationToday(this.em, this.clock);
    for (const request of await this.requests.expireBefore(today)) {
      const plan = await this.planOf(request);
      await this.messenger.markReadAbout(request.id, ['swap_asked', 'swap_offered', 'swap_to_approve']);
      this.messenger.notify([swapExpiredNotice(plan)]);
    }
  }

  private async lockRequest(id: string): Promise<SwapRequest> {
    const request = await this.requests.lockById(id);
    if (!request) throw new NotFoundException('Swap request not found');
    return request;
  }

  private async planOf(request: SwapRequest): Promise<SwapPlan> {
    const people = await loadPeople(this.em, [request.requester.id, ...(request.target ? [request.target.id] : [])]);
    return {
      id: request.id,
      requester: people.get(request.requester.id)!,
      target: request.target ? people.get(request.target.id)! : null,
      originalDate: request.originalDate,
      swapDate: request.swapDate,
      reason: request.reason,
    };
  }

  private async read(actor: AuthUser, id: string): Promise<SwapRequestDto> {
    return toDto((await this.requests.rowById(id))!, actor);
  }

  /**
   * The colleagues who could cover `requester` on `date`: active, not the requester, not on duty
   * that day, not away, working that weekday and under their weekly cap.
   */
  private async eligibleFor(requester: Person, date: string): Promise<Person[]> {
    const people = [...(await activeStaffPeople(this.em)).values()].filter((p) => p.id !== requester.id);
    const [day] = await this.rota.daysBetween(this.em, date, date);
    const onDay = new Set((day?.slots ?? []).map((s) => s.staff?.id).filter(Boolean));
    const away = new Set((await this.availability.awayBetween(this.em, date, date)).map((a) => a.staffId));
    const refused = await this.planner.patternRefusals(this.em, date, people);
    return people.filter((p) => !onDay.has(p.id) && !away.has(p.id) && !refused.has(p.id));
  }

  /**
   * Locks the days involved and checks every rule against them (409 with the reason when one
   * fails). Without a target (an open request) only the requester's side is checked. Returns the
   * locked days for `apply`.
   */
  private async lockAndCheck(plan: SwapPlan): Promise<Map<string, LockedDay>> {
    const { requester, target, originalDate, swapDate } = plan;
    const trade = swapDate !== originalDate;
    const today = await organizationToday(this.em, this.clock);
    for (const date of trade ? [originalDate, swapDate] : [originalDate]) {
      if (date < today) throw new BadRequestException(`${describeDate(date)} has passed: only duties from today on can be swapped`);
    }
    await this.settings.lockShared(this.em);
    const days = await this.rota.lockDays(this.em, [originalDate, swapDate]);
    const on = (person: Person, date: string) => days.get(date)?.slots.includes(person.id) ?? false;

    if (!on(requester, originalDate)) throw new ConflictException(`${requester.name} is not on duty on ${describeDate(originalDate)}`);
    if (!target) return days;
    if (!target.isActive) throw new ConflictException(`${target.name} is inactive and can't take over a duty`);
    if (on(target, originalDate)) throw new ConflictException(`${target.name} is already on duty on ${describeDate(originalDate)}`);
    if (trade) {
      if (!on(target, swapDate)) throw new ConflictException(`${target.name} is not on duty on ${describeDate(swapDate)}`);
      if (!requester.isActive) throw new ConflictException(`${requester.name} is inactive and can't take over a duty`);
      if (on(requester, swapDate)) throw new ConflictException(`${requester.name} is already on duty on ${describeDate(swapDate)}`);
    }
    const away = await this.availability.firstAway(this.em, [
      { staffId: target.id, date: originalDate },
      ...(trade ? [{ staffId: requester.id, date: swapDate }] : []),
    ]);
    if (away) {
      const who = away.staffId === target.id ? target : requester;
      throw new ConflictException(`${who.name} is unavailable on ${describeDate(away.date)} (${away.label})`);
    }
    // Nobody is swapped onto a weekday they don't work, or above their weekly cap (the duty a trade
    // takes away from them that week doesn't count).
    const targetRefusal = (await this.planner.patternRefusals(this.em, originalDate, [target], trade ? new Map([[target.id, swapDate]]) : undefined)).get(target.id);
    if (targetRefusal) throw new ConflictException(targetRefusal);
    if (trade) {
      const requesterRefusal = (await this.planner.patternRefusals(this.em, swapDate, [requester], new Map([[requester.id, originalDate]]))).get(requester.id);
      if (requesterRefusal) throw new ConflictException(requesterRefusal);
    }
    return days;
  }

  /** Records the decision and, for an approval, moves the duties. The caller checked the rules. */
  private async apply(
    actor: AuthUser,
    request: SwapRequest,
    plan: SwapPlan,
    days: Map<string, LockedDay>,
    decision: Decision,
    automatically: boolean,
  ): Promise<void> {
    if (decision === 'approved') {
      const target = plan.target!;
      await this.rota.replaceOnDay(this.em, days.get(plan.originalDate)!, plan.requester.id, target.id);
      if (plan.swapDate !== plan.originalDate) {
        await this.rota.replaceOnDay(this.em, days.get(plan.swapDate)!, target.id, plan.requester.id);
      }
    }
    const before = request.status;
    request.status = decision;
    request.processedAutomatically = automatically;
    request.decidedBy = automatically ? null : ref(User, actor.id);
    request.decidedAt = this.clock.now();
    await this.messenger.markReadAbout(request.id, ['swap_asked', 'swap_offered', 'swap_to_approve']);
    this.audit.record(automatically ? undefined : actor, {
      kind: 'request',
      action: `swap.${decision}`,
      entityId: request.id,
      summary: `${describe(plan)}: ${decision}${automatically ? ' automatically' : ''}${request.approvedUnanswered ? ' before the colleague answered' : ''}`,
      before: { status: before },
      after: { status: decision, processedAutomatically: automatically, approvedUnanswered: request.approvedUnanswered },
    });
    this.messenger.send(swapDecidedEmails(plan, decision === 'approved', automatically));
  }
}

function describe(plan: SwapPlan): string {
  if (!plan.target) return `Swap: ${plan.requester.name} offers their duty on ${describeDate(plan.originalDate)} to anyone`;
  return plan.swapDate === plan.originalDate
    ? `Swap: ${plan.target.name} covers ${plan.requester.name} on ${describeDate(plan.originalDate)}`
    : `Swap: ${plan.requester.name} (${describeDate(plan.originalDate)}) and ${plan.target.name} (${describeDate(plan.swapDate)}) trade duties`;
}

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}
