import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { createSecretToken, hashToken } from '../../common/security/secret-token';
import type { User } from './entities/user.entity';
import { SessionHandoffsRepository } from './session-handoffs.repository';

export const HANDOFF_TTL_MS = 2 * 60 * 1000;

/** Issues and redeems SessionHandoff codes (see the entity for why they exist). */
@Injectable()
export class SessionHandoffService {
  constructor(
    private readonly clock: Clock,
    private readonly handoffs: SessionHandoffsRepository,
  ) {}

  /** A new code for `user`, stored (as its hash) with the current unit of work. */
  issue(user: User): string {
    const { token, hash } = createSecretToken();
    this.handoffs.add(user, hash, new Date(this.clock.now().getTime() + HANDOFF_TTL_MS));
    return token;
  }

  /**
   * The user a code was issued for, with the token version it was issued under (the caller
   * refuses it unless the user still holds that version), or undefined when it is unknown, used
   * or expired. Deleting the row is the redemption: of two parallel redemptions only one gets it back.
   */
  redeem(code: string): Promise<{ userId: string; tokenVersion: number } | undefined> {
    return this.handoffs.redeem(hashToken(code), this.clock.now());
  }
}
