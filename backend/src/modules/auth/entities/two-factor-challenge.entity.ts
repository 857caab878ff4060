import { OptionalProps } from '@mikro-orm/core';
import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { LinkToken } from './link-token.entity';

/**
 * The second step of a sign-in: issued instead of a session when the password (or handoff
 * code) was right and the account has two-step verification on; exchanged, with a current code
 * from the authenticator app or a recovery code, for the session. Valid five minutes, used once
 * (the row is deleted when it is redeemed), stored as the SHA-256 of its secret.
 */
@Entity({ tableName: 'two_factor_challenges' })
export class TwoFactorChallenge extends LinkToken {
  [OptionalProps]?: 'createdAt';

  /**
   * The user's token version when this was issued: whatever ends their sessions (deactivation, a
   * password reset, a confirmed new sign-in email) ends this pending step too, and reactivating
   * does not revive it.
   */
  @Property({ type: 'integer' })
  userTokenVersion!: number;
}
