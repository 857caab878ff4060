import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from './user.entity';

/**
 * One of the ten recovery codes given when two-step verification is turned on, for signing in
 * without the authenticator app. Stored as the SHA-256 of the code (80 random bits: too many to
 * try offline), usable once.
 */
@Entity({ tableName: 'two_factor_recovery_codes' })
@Unique({ properties: ['user', 'codeHash'] })
export class TwoFactorRecoveryCode extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'usedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  @Property({ type: 'string', length: 64 })
  codeHash!: string;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
