import { ref } from '@mikro-orm/core';
import { ConflictException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { User } from '../auth/entities/user.entity';
import { type LockedDay, RotaService } from '../rota/rota.service';
import type { SwapRequestDto } from './dto/swap-request.dto';
import type { Decision } from './entities/request-status';
import type { SwapRequest } from './entities/swap-request.entity';
import { swapDecidedEmails } from './request-emails';
import { RequestMessenger } from './request-messenger';
import { alreadyDecided } from './request-rules';
import { describeSwap, dutyDay, OPEN_SWAPS, type SwapPlan } from './swap-plan';
import { SwapRequestViewsService } from './swap-request-views.service';
import { ExpireSwapRequestsService } from './expire-swap-requests.service';
import { SwapRulesService } from './swap-rules.service';

/** An approver approves or rejects a swap request, once (docs/product.md#swap-requests). */
@Injectable()
export class DecideSwapRequestService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly rules: SwapRulesService,
    private readonly expiry: ExpireSwapRequestsService,
    private readonly views: SwapRequestViewsService,
    private readonly rota: RotaService,
    private readonly audit: AuditService,
    private readonly messenger: RequestMessenger,
    private readonly clock: Clock,
  ) {}

  /**
   * PUT {status}: approve (re-checking every rule) or reject a request waiting for approval, exactly
   * once. Approvers may also reject one still waiting for the colleague; an admin may approve it,
   * and it is marked as approved before the colleague answered.
   */
  async decide(actor: AuthUser, id: string, decision: Decision): Promise<SwapRequestDto> {
    await this.expiry.expireDue();
    await this.unitOfWork.transaction(async () => {
      // The row lock makes two deciders queue: the second sees the first's decision.
      const request = await this.rules.lockOrNotFound(id);
      if (!OPEN_SWAPS.includes(request.status)) throw alreadyDecided('swap', request.status);
      const plan = await this.rules.planFor(request);
      const unanswered = request.status === 'awaiting_colleague';
      if (unanswered && decision === 'approved') {
        if (!plan.target) {
          throw new ConflictException({
            message: 'Nobody has taken this open request yet, so there is nobody to approve it for',
            code: 'no_colleague',
          });
        }
        if (actor.role !== 'admin') {
          throw new ConflictException({
            message: `${plan.target.name} hasn't answered yet: only an admin can approve a swap before the colleague does`,
            code: 'awaiting_colleague',
          });
        }
      }
      const days = decision === 'approved' ? await this.rules.lockAndCheck(plan) : new Map<string, LockedDay>();
      request.approvedUnanswered = unanswered && decision === 'approved';
      await this.recordDecision(actor, request, plan, days, decision, false);
      await this.unitOfWork.flush();
    });
    return this.views.byId(actor, id);
  }

  /** Records the decision and, for an approval, moves the duties. The caller checked the rules. */
  async recordDecision(
    actor: AuthUser,
    request: SwapRequest,
    plan: SwapPlan,
    days: Map<string, LockedDay>,
    decision: Decision,
    automatically: boolean,
  ): Promise<void> {
    if (decision === 'approved') {
      const target = plan.target!;
      // What was agreed stays put: both sides of a swap, a cover's one, are pinned (docs/product.md#pinned-duties).
      const cover = plan.swapDate === plan.originalDate;
      await this.rota.replaceOnDay(days.get(plan.originalDate)!, plan.requester.id, target.id, false, plan.duty?.id, cover ? 'cover' : 'swap');
      if (!cover) {
        await this.rota.replaceOnDay(days.get(plan.swapDate)!, target.id, plan.requester.id, false, plan.swapDuty?.id, 'swap');
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
      summary: `${describeSwap(plan)}: ${decision}${automatically ? ' automatically' : ''}${request.approvedUnanswered ? ' before the colleague answered' : ''}`,
      before: { status: before },
      after: { status: decision, processedAutomatically: automatically, approvedUnanswered: request.approvedUnanswered },
    });
    this.messenger.send(swapDecidedEmails(plan, decision === 'approved', automatically));
    if (decision === 'approved') {
      const original = dutyDay(plan.originalDate, plan.duty);
      const cause =
        plan.swapDate === plan.originalDate
          ? `${plan.target!.name} covering ${plan.requester.name} on ${original}`
          : `${plan.requester.name} and ${plan.target!.name} swapping ${original} and ${dutyDay(plan.swapDate, plan.swapDuty)}`;
      await this.rota.keepFair(automatically ? undefined : actor, cause);
    }
  }
}
