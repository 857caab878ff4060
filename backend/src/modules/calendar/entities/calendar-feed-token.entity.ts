import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';

/**
 * A user's calendar subscription secret (docs/product.md#subscription-feeds). The URL carries
 * `selector` + secret; only the secret's SHA-256 is kept, and it is compared in constant time
 * after the row is found by its selector. One per user: rotating replaces the row, revoking
 * deletes it, and either way the old URL stops working at once.
 */
@Entity({ tableName: 'calendar_feed_tokens' })
export class CalendarFeedToken extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'lastUsedAt' | 'userTokenVersion';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, unique: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /** Public half of the token, used to find the row (16 base64url characters, 96 bits). */
  @Property({ type: 'string', length: 16, unique: true })
  selector!: string;

  /** SHA-256 of the secret half (256 random bits), hex. */
  @Property({ type: 'string', length: 64, hidden: true })
  secretHash!: string;

  /**
   * The user's session version (users.token_version) when the token was issued. The token works
   * only while they are equal, so whatever ends the user's sessions — deactivation, a password
   * reset, a new sign-in email — revokes the feed for good: reactivating does not revive it.
   */
  @Property({ type: 'integer', default: 0 })
  userTokenVersion = 0;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** When a calendar app last fetched a feed with it (at most every few minutes). */
  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null;
}
