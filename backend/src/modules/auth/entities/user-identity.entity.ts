import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from './user.entity';

/**
 * A provider identity linked to an account: the ID token's issuer and subject (`iss`, `sub`),
 * which the provider never reassigns, unlike an email address. Made the first time the person
 * signs in through that provider (matched then by the verified email); from then on the account
 * is found by the subject alone, so changing the account's sign-in email, or someone else
 * getting the old address at the provider, moves nothing (docs/security.md, "Who may act on
 * whom"). One identity per provider kind per account, and one account per identity.
 */
@Entity({ tableName: 'user_identities' })
@Unique({ properties: ['organization', 'provider', 'issuer', 'subject'] })
@Unique({ properties: ['user', 'provider'] })
export class UserIdentity extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'lastUsedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  @Index()
  user!: Ref<User>;

  /** The kind of identity provider (google, microsoft, oidc). */
  @Property({ type: 'string', length: 20 })
  provider!: string;

  /** The ID token's `iss`: for Microsoft the tenant's own issuer. */
  @Property({ type: 'string', length: 500 })
  issuer!: string;

  /** The ID token's `sub`: the provider's stable id of the person. */
  @Property({ type: 'string', length: 255 })
  subject!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null;
}
