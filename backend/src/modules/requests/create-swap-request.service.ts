import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import type { CreateSwapRequestDto } from './dto/create-swap-request.dto';
import type { SwapRequestResultDto } from './dto/swap-request-result.dto';
import { swapAskedLetter, swapOfferedNotice } from './request-emails';
import { RequestMessenger } from './request-messenger';
import { assertActsFor, loadPeople } from './request-people';
import { ExpireSwapRequestsService } from './expire-swap-requests.service';
import { describeSwap, dutyDay, type SwapDuty, type SwapPlan } from './swap-plan';
import { SwapRequestViewsService } from './swap-request-views.service';
import { SwapRequestsRepository } from './swap-requests.repository';
import { SwapRulesService } from './swap-rules.service';
import { StaffDirectory } from '../staff/staff-directory.service';

/**
 * Asking for a swap (docs/product.md#swap-requests): a cover when swapDate = originalDate,
 * otherwise a trade; named (one colleague is asked) or open (offered to every colleague who can
 * take it). The rules are checked on the locked rota days before anyone is asked.
 */
@Injectable()
export class CreateSwapRequestService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: SwapRequestsRepository,
    private readonly rules: SwapRulesService,
    private readonly expiry: ExpireSwapRequestsService,
    private readonly views: SwapRequestViewsService,
    private readonly audit: AuditService,
    private readonly messenger: RequestMessenger,
    private readonly hosts: OrganizationHosts,
  ) {}

  async create(actor: AuthUser, dto: CreateSwapRequestDto): Promise<SwapRequestResultDto> {
    const open = dto.open === true;
    if (open && dto.targetId !== undefined) throw new BadRequestException('An open request goes to anyone who can take it: leave out targetId');
    if (open && dto.swapDate !== dto.originalDate)
      throw new BadRequestException('An open request is a cover: swapDate must be the same as originalDate');
    if (!open && dto.requesterId === dto.targetId) throw new BadRequestException('Please choose someone other than the requester to swap with');
    await this.expiry.expireDue();
    const result = await this.unitOfWork.transaction(async () => {
      const people = await loadPeople(this.staffDirectory, [dto.requesterId, ...(dto.targetId ? [dto.targetId] : [])]);
      const requester = people.get(dto.requesterId);
      const target = dto.targetId ? people.get(dto.targetId) : null;
      if (!requester || target === undefined) throw new NotFoundException('Staff member not found');
      assertActsFor(actor, requester, 'requests.decide', 'You can only ask for swaps of your own duties');
      const duty = await this.rules.dutyOf(dto.dutyId);
      const swapDuty = dto.swapDutyId === undefined ? duty : await this.rules.dutyOf(dto.swapDutyId);
      if (dto.swapDate === dto.originalDate && swapDuty?.id !== duty?.id) {
        throw new BadRequestException('A cover is of one duty: leave out swapDutyId, or give the same duty as dutyId');
      }
      const duties = { duty: swapDutyOf(duty), swapDuty: swapDutyOf(swapDuty) };

      const request = this.requests.add({
        requester: requester.id,
        target: target?.id ?? null,
        open,
        originalDate: dto.originalDate,
        swapDate: dto.swapDate,
        reason: dto.reason,
        createdBy: actor.id,
        duty: await this.rules.dutyIdOf(duties.duty),
        swapDuty: await this.rules.dutyIdOf(duties.swapDuty),
      });
      const plan: SwapPlan = {
        id: request.id,
        requester,
        target,
        originalDate: dto.originalDate,
        swapDate: dto.swapDate,
        reason: dto.reason,
        ...duties,
      };
      await this.rules.lockAndCheck(plan);
      if (await this.requests.hasOpenFor(requester.id, plan.originalDate, request.duty.id)) {
        throw new ConflictException(`A swap request for ${requester.name}'s duty on ${dutyDay(plan.originalDate, plan.duty)} is already open`);
      }
      let offered = 0;
      if (open) {
        const colleagues = await this.rules.eligibleFor(requester, plan.originalDate, duty);
        if (!colleagues.length) {
          throw new ConflictException({
            message: `Nobody else can take ${requester.name}'s duty on ${dutyDay(plan.originalDate, plan.duty)}: everyone is on duty, away, off that day or at their weekly cap`,
            code: 'nobody_eligible',
          });
        }
        offered = colleagues.length;
        await this.unitOfWork.flush();
        this.messenger.notify(colleagues.map((c) => swapOfferedNotice(plan, c)));
      } else {
        await this.unitOfWork.flush();
        this.messenger.send(swapAskedLetter(plan, target!, await this.hosts.currentUrl()));
      }
      this.audit.record(actor, {
        kind: 'request',
        action: 'swap.requested',
        entityId: request.id,
        summary: `${describeSwap(plan)}: requested`,
        after: {
          requesterId: requester.id,
          targetId: target?.id ?? null,
          open,
          originalDate: plan.originalDate,
          swapDate: plan.swapDate,
          reason: plan.reason,
          ...(plan.duty ? { dutyId: plan.duty.id } : {}),
          ...(plan.swapDuty ? { swapDutyId: plan.swapDuty.id } : {}),
        },
      });
      await this.unitOfWork.flush();
      return { id: request.id, plan, offered };
    });
    const { plan, offered } = result;
    const day = dutyDay(plan.originalDate, plan.duty);
    return {
      request: await this.views.byId(actor, result.id),
      processedAutomatically: false,
      message: plan.target
        ? `Swap request sent to ${plan.target.name}. It waits for their answer.`
        : `Your duty on ${day} is offered to ${offered === 1 ? '1 colleague' : `${offered} colleagues`} who can take it. The first to accept takes it.`,
    };
  }
}

/** What a plan and its messages name of `duty` (null: the Duty Manager duty). */
function swapDutyOf(duty: SwapDuty | null): SwapDuty | null {
  return duty && { id: duty.id, name: duty.name, place: duty.place, startTime: duty.startTime, endTime: duty.endTime };
}
