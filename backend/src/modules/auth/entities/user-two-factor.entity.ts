import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from './user.entity';

/**
 * A person's authenticator-app secret (TOTP, RFC 6238: 30-second steps, 6 digits, SHA-1), one
 * row per user. `secret` is the one in use while two-step verification is on; `pendingSecret`
 * is one being set up, until the person confirms it with a first code. The secrets are kept as
 * the Base32 text the authenticator app was given: the app has no encryption-at-rest helper
 * (docs/security.md, "Two-step verification"), so they are lazy and hidden, never serialised,
 * and read only to check a code.
 */
@Entity({ tableName: 'user_two_factor' })
@Unique({ properties: ['user'] })
export class UserTwoFactor extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /** The secret in use; empty while two-step verification is off. */
  @Property({ type: 'text', hidden: true, lazy: true, nullable: true })
  secret?: string | null;

  /** A secret shown at setup and not yet confirmed with a code. */
  @Property({ type: 'text', hidden: true, lazy: true, nullable: true })
  pendingSecret?: string | null;

  /** When the pending secret stops being accepted for confirmation. */
  @Property({ type: 'datetime', nullable: true })
  pendingExpiresAt?: Date | null;

  /**
   * The last time step (Unix seconds / 30) whose code was accepted: a code of that step or an
   * earlier one is refused, so a code seen over someone's shoulder can't be used again.
   */
  @Property({ type: 'integer', nullable: true })
  lastUsedStep?: number | null;

  @Property({ type: 'datetime', nullable: true })
  enabledAt?: Date | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
