import { ref } from '@mikro-orm/core';
import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { Staff } from '../staff/entities/staff.entity';
import { StaffDirectory } from '../staff/staff-directory.service';
import type { SwapRequestResultDto } from './dto/swap-request-result.dto';
import type { SwapRequestDto } from './dto/swap-request.dto';
import { swapAnsweredLetter, swapToApproveNotice } from './request-emails';
import { RequestMessenger } from './request-messenger';
import { STATUS_WORDS } from './request-rules';
import { DecideSwapRequestService } from './decide-swap-request.service';
import { ExpireSwapRequestsService } from './expire-swap-requests.service';
import { describeSwap, dutyDay, type TakenPlan } from './swap-plan';
import { SwapRequestViewsService } from './swap-request-views.service';
import { SwapRulesService } from './swap-rules.service';

/** The colleague answers a swap request: accepts it (and with swap auto-approval it is made at once) or declines it. */
@Injectable()
export class AnswerSwapRequestService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly unitOfWork: UnitOfWork,
    private readonly rules: SwapRulesService,
    private readonly expiry: ExpireSwapRequestsService,
    private readonly views: SwapRequestViewsService,
    private readonly decisions: DecideSwapRequestService,
    private readonly settings: SystemSettingsService,
    private readonly audit: AuditService,
    private readonly messenger: RequestMessenger,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
  ) {}

  /**
   * The colleague accepts: the one asked, or for an open request whoever comes first (the row lock
   * makes two at once queue; the second is told it's gone). Every rule is checked again for them;
   * with swap auto-approval on the swap is made at once, otherwise it waits for approval.
   */
  async accept(actor: AuthUser, id: string): Promise<SwapRequestResultDto> {
    await this.expiry.expireDue();
    const outcome = await this.unitOfWork.transaction(async () => {
      const request = await this.rules.lockOrNotFound(id);
      if (request.status !== 'awaiting_colleague') {
        if (request.open && (request.status === 'pending' || request.status === 'approved')) {
          throw new ConflictException({ message: 'Someone else has already taken this duty', code: 'already_taken' });
        }
        throw new ConflictException({ message: `This swap request has already been ${STATUS_WORDS[request.status]}`, code: 'not_awaiting' });
      }
      const me = await this.staffDirectory.ofUser(actor.id);
      const plan = await this.rules.planFor(request);
      if (request.open) {
        if (!me) throw new ForbiddenException('Only staff on the rota can take a duty');
        if (me.id === plan.requester.id) throw new ForbiddenException("You can't take your own duty: withdraw the request instead");
      } else if (!me || me.id !== plan.target?.id) {
        throw new ForbiddenException(`Only ${plan.target?.name ?? 'the colleague asked'} can answer this request`);
      }
      const taken: TakenPlan = { ...plan, target: me };
      const days = await this.rules.lockAndCheck(taken);
      request.target = ref(Staff, me.id);
      request.status = 'pending';
      request.answeredAt = this.clock.now();
      await this.messenger.markReadAbout(request.id, ['swap_asked', 'swap_offered']);
      this.audit.record(actor, {
        kind: 'request',
        action: 'swap.accepted',
        entityId: request.id,
        summary: `${describeSwap(taken)}: accepted by ${me.name}`,
        before: { status: 'awaiting_colleague' },
        after: { status: 'pending', targetId: me.id },
      });
      const { swaps: automatic } = await this.settings.autoApproval();
      this.messenger.send(swapAnsweredLetter(taken, me, true, automatic ? 'approved' : 'approval'));
      if (automatic) {
        await this.decisions.recordDecision(actor, request, taken, days, 'approved', true);
      } else {
        this.messenger.notify((await this.accounts.approverUserIds()).map((userId) => swapToApproveNotice(taken, me, userId)));
      }
      await this.unitOfWork.flush();
      return { plan: taken, automatic };
    });
    const { plan, automatic } = outcome;
    const day = dutyDay(plan.originalDate, plan.duty);
    return {
      request: await this.views.byId(actor, id),
      processedAutomatically: automatic,
      message: automatic
        ? `The swap was approved automatically: you are now on duty on ${day}` +
          (plan.swapDate !== plan.originalDate ? ` and ${plan.requester.name} on ${dutyDay(plan.swapDate, plan.swapDuty)}.` : '.')
        : `You accepted ${plan.requester.name}'s request for ${day}. It now waits for approval.`,
    };
  }

  /** The colleague asked by name declines; the duty stays the requester's. */
  async decline(actor: AuthUser, id: string): Promise<SwapRequestDto> {
    await this.expiry.expireDue();
    await this.unitOfWork.transaction(async () => {
      const request = await this.rules.lockOrNotFound(id);
      if (request.open)
        throw new ConflictException({ message: "An open request can't be declined: leave it for someone else", code: 'open_request' });
      if (request.status !== 'awaiting_colleague') {
        throw new ConflictException({ message: `This swap request has already been ${STATUS_WORDS[request.status]}`, code: 'not_awaiting' });
      }
      const plan = await this.rules.planFor(request);
      const me = await this.staffDirectory.ofUser(actor.id);
      if (!me || me.id !== plan.target?.id)
        throw new ForbiddenException(`Only ${plan.target?.name ?? 'the colleague asked'} can answer this request`);
      request.status = 'declined';
      request.answeredAt = this.clock.now();
      await this.messenger.markReadAbout(request.id, ['swap_asked']);
      this.messenger.send(swapAnsweredLetter(plan, me, false, null));
      this.audit.record(actor, {
        kind: 'request',
        action: 'swap.declined',
        entityId: request.id,
        summary: `${describeSwap(plan)}: declined by ${me.name}`,
        before: { status: 'awaiting_colleague' },
        after: { status: 'declined' },
      });
      await this.unitOfWork.flush();
    });
    return this.views.byId(actor, id);
  }
}
