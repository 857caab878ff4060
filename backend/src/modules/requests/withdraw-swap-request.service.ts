import { ref } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { User } from '../auth/entities/user.entity';
import type { SwapRequestDto } from './dto/swap-request.dto';
import { swapWithdrawnNotice } from './request-emails';
import { RequestMessenger } from './request-messenger';
import { assertActsFor } from './request-people';
import { alreadyDecided } from './request-rules';
import { ExpireSwapRequestsService } from './expire-swap-requests.service';
import { describeSwap, OPEN_SWAPS } from './swap-plan';
import { SwapRequestViewsService } from './swap-request-views.service';
import { SwapRulesService } from './swap-rules.service';

/** The requester takes back a swap request that is still open. */
@Injectable()
export class WithdrawSwapRequestService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly rules: SwapRulesService,
    private readonly expiry: ExpireSwapRequestsService,
    private readonly views: SwapRequestViewsService,
    private readonly audit: AuditService,
    private readonly messenger: RequestMessenger,
    private readonly clock: Clock,
  ) {}

  /** The requester (or an approver) takes the request back while it is still open. */
  async withdraw(actor: AuthUser, id: string): Promise<SwapRequestDto> {
    await this.expiry.expireDue();
    await this.unitOfWork.transaction(async () => {
      const request = await this.rules.lockOrNotFound(id);
      const plan = await this.rules.planFor(request);
      assertActsFor(actor, plan.requester, 'requests.decide', `Only ${plan.requester.name} can withdraw this request`);
      if (!OPEN_SWAPS.includes(request.status)) throw alreadyDecided('swap', request.status);
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
        summary: `${describeSwap(plan)}: withdrawn`,
        before: { status: before },
        after: { status: 'withdrawn' },
      });
      await this.unitOfWork.flush();
    });
    return this.views.byId(actor, id);
  }
}
