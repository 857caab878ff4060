import { Injectable } from '@nestjs/common';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import { CancelRequestsRepository } from './cancel-requests.repository';
import { SwapRequestsRepository } from './swap-requests.repository';

/**
 * Requests under erasure (docs/security.md#retention-and-erasure): a person's swap and cancel
 * requests stay, linked to their pseudonymous staff record, so history and fairness counts hold;
 * the reasons they gave or were given are cleared, and their names and addresses in anyone
 * else's reasons become their pseudonym.
 */
@Injectable()
export class RequestErasureService {
  constructor(
    private readonly swaps: SwapRequestsRepository,
    private readonly cancellations: CancelRequestsRepository,
  ) {}

  /** Clears and scrubs the reasons; returns how many of the person's requests had theirs cleared. */
  async eraseReasonsOf(person: ErasedPerson): Promise<number> {
    const cleared = (await this.swaps.clearReasonsOf(person.staffId)) + (await this.cancellations.clearReasonsOf(person.staffId));
    await this.swaps.scrub(person.pattern, person.pseudonym);
    await this.cancellations.scrub(person.pattern, person.pseudonym);
    return cleared;
  }

  /** How many requests (swap, as requester or asked, and cancel) the person has: all kept. */
  async countOf(staffId: string): Promise<number> {
    return (await this.swaps.countOf(staffId)) + (await this.cancellations.countOf(staffId));
  }
}
