import { Injectable } from '@nestjs/common';
import { type CancelRow, CancelRequestsRepository } from './cancel-requests.repository';
import { type SwapRow, SwapRequestsRepository } from './swap-requests.repository';

/**
 * Every swap and cancel request one person took part in, whatever its age or status: what the
 * data-rights module gives a person as their own data (docs/security.md, "Subject access"). The
 * lists the Requests page shows (newest and open first, a window of closed ones) are
 * SwapRequestViewsService's and CancelRequestsService's.
 */
@Injectable()
export class RequestHistoryService {
  constructor(
    private readonly swaps: SwapRequestsRepository,
    private readonly cancels: CancelRequestsRepository,
  ) {}

  /** The requests of the staff record (made, asked for, replacing) and those the user made or decided, oldest first. */
  async involving(staffId: string | null, userId: string | null): Promise<{ swaps: SwapRow[]; cancels: CancelRow[] }> {
    if (!staffId && !userId) return { swaps: [], cancels: [] };
    return { swaps: await this.swaps.involving(staffId, userId), cancels: await this.cancels.involving(staffId, userId) };
  }
}
