import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { OrganizationClock } from '../tenants/organization-clock';
import { swapExpiredNotice } from './request-emails';
import { RequestMessenger } from './request-messenger';
import { SwapRequestsRepository } from './swap-requests.repository';
import { SwapRulesService } from './swap-rules.service';

/** Swap requests whose day has passed expire (docs/product.md#swap-requests), and their requesters are told. */
@Injectable()
export class ExpireSwapRequestsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: SwapRequestsRepository,
    private readonly rules: SwapRulesService,
    private readonly messenger: RequestMessenger,
    private readonly clock: Clock,
    private readonly organizationClock: OrganizationClock,
  ) {}

  /**
   * Expires the current organisation's passed requests (see expirePassed) in a transaction of its
   * own, committed before the read or change that follows. Runs first in every read and change of
   * swaps, so a request whose day had passed when it began is never shown as open nor acted on
   * (accepting and approving also check the dates themselves); and because the action's own
   * transaction comes after, refusing it ("already expired", or any other refusal) rolls back
   * only the action, never the expiry or the requester's notification.
   */
  async expireDue(): Promise<void> {
    if (await this.requests.anyPassed(this.clock.now())) await this.unitOfWork.transaction(() => this.expirePassed());
  }

  /**
   * Expires the current organisation's open requests whose day (or either day of a trade) has
   * passed, and tells each requester; their open notifications are marked read. Two callers at once
   * expire each request once: the second's update waits for the first's row locks and then finds
   * those requests no longer open.
   */
  private async expirePassed(): Promise<void> {
    const today = await this.organizationClock.today();
    for (const request of await this.requests.expireBefore(today)) {
      const plan = await this.rules.planFor(request);
      await this.messenger.markReadAbout(request.id, ['swap_asked', 'swap_offered', 'swap_to_approve']);
      this.messenger.notify([swapExpiredNotice(plan)]);
    }
  }
}
