import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { SwapRequestDto } from './dto/swap-request.dto';
import { ExpireSwapRequestsService } from './expire-swap-requests.service';
import { listViewer } from './request-rules';
import { toSwapRequestDto } from './swap-request-view';
import { SwapRequestsRepository } from './swap-requests.repository';

/** Swap requests as the signed-in person sees them: the list and one request after a change. */
@Injectable()
export class SwapRequestViewsService {
  constructor(
    private readonly requests: SwapRequestsRepository,
    private readonly expiry: ExpireSwapRequestsService,
  ) {}

  /**
   * Deciders see every request; others the ones they are part of and the open ones they could
   * take. Open ones (waiting for a colleague or for approval) all, newest first; of the others the
   * most recently updated. Requests whose day has passed are expired first.
   */
  async list(actor: AuthUser): Promise<SwapRequestDto[]> {
    await this.expiry.expireDue();
    const rows = await this.requests.seenBy(listViewer(actor));
    return rows.map((row) => toSwapRequestDto(row, actor));
  }

  /** One request as `actor` sees it (it exists: the caller has just written it). */
  async byId(actor: AuthUser, id: string): Promise<SwapRequestDto> {
    return toSwapRequestDto((await this.requests.rowById(id))!, actor);
  }
}
