import { OptionalProps } from '@mikro-orm/core';
import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { LinkToken } from './link-token.entity';

/**
 * A one-time code that carries a sign-in from one address to another: from the bare domain to
 * the organisation's own host after sign-up or sign-in, and from an identity provider's return
 * address to that host. The browser keeps a session per host, so the new host redeems the code
 * for its own session. Valid two minutes, used once (the row is deleted when redeemed).
 */
@Entity({ tableName: 'session_handoffs' })
export class SessionHandoff extends LinkToken {
  [OptionalProps]?: 'createdAt';

  /**
   * The user's token version when this was issued: whatever ends their sessions (deactivation, a
   * password reset, a confirmed new sign-in email) ends this pending step too, and reactivating
   * does not revive it.
   */
  @Property({ type: 'integer' })
  userTokenVersion!: number;
}
