import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SessionHandoff } from './entities/session-handoff.entity';
import type { User } from './entities/user.entity';

/** The one door to `session_handoffs`. */
@Injectable()
export class SessionHandoffsRepository {
  constructor(private readonly em: EntityManager) {}

  /** A new code's row (its hash), written with the unit of work. */
  add(user: User, tokenHash: string, expiresAt: Date): void {
    this.em.create(SessionHandoff, { user, tokenHash, userTokenVersion: user.tokenVersion, expiresAt });
  }

  /**
   * Deletes the unexpired code with this hash and answers whose it was: deleting is the redemption,
   * so of two parallel redemptions only one gets it back.
   */
  async redeem(tokenHash: string, now: Date): Promise<{ userId: string; tokenVersion: number } | undefined> {
    const rows = await this.em.execute<{ user_id: string; user_token_version: number }[]>(
      'delete from session_handoffs where token_hash = ? and expires_at > ? returning user_id, user_token_version',
      [tokenHash, now],
    );
    const row = rows[0];
    return row && { userId: row.user_id, tokenVersion: row.user_token_version };
  }
}
