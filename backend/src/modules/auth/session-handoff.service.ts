import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { createSecretToken, hashToken } from '../../common/security/secret-token';
import { SessionHandoff } from './entities/session-handoff.entity';
import type { User } from './entities/user.entity';

export const HANDOFF_TTL_MS = 2 * 60 * 1000;

/** Issues and redeems SessionHandoff codes (see the entity for why they exist). */
@Injectable()
export class SessionHandoffService {
  constructor(private readonly clock: Clock) {}

  /** A new code for `user`, stored (as its hash) with the caller's unit of work. */
  issue(em: EntityManager, user: User): string {
    const { token, hash } = createSecretToken();
    em.create(SessionHandoff, {
      user,
      tokenHash: hash,
      userTokenVersion: user.tokenVersion,
      expiresAt: new Date(this.clock.now().getTime() + HANDOFF_TTL_MS),
    });
    return token;
  }

  /**
   * The user a code was issued for, with the token version it was issued under (the caller
   * refuses it unless the user still holds that version), or undefined when it is unknown, used
   * or expired. Deleting the row is the redemption: of two parallel redemptions only one gets it back.
   */
  async redeem(em: EntityManager, code: string): Promise<{ userId: string; tokenVersion: number } | undefined> {
    const rows = await em.execute<{ user_id: string; user_token_version: number }[]>(
      'delete from session_handoffs where token_hash = ? and expires_at > ? returning user_id, user_token_version',
      [hashToken(code), this.clock.now()],
    );
    const row = rows[0];
    return row && { userId: row.user_id, tokenVersion: row.user_token_version };
  }
}
