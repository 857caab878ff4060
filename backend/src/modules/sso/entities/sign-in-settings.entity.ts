import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

export const JOIN_RULES = ['refuse', 'join_as_staff'] as const;
/** What happens to someone from an allowed domain or tenant who has no account yet. */
export type JoinRule = (typeof JOIN_RULES)[number];

/**
 * How an organisation's people sign in, beside its identity providers: whether unknown people
 * vouched for by a provider may join (as staff), and whether passwords still work for everyone
 * but admins. One row per organisation, made on the first save; without it, the defaults.
 */
@Entity({ tableName: 'sign_in_settings' })
@Unique({ properties: ['organization'] })
export class SignInSettings extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'joinRule' | 'passwordSignIn' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Enum({ items: () => JOIN_RULES, default: 'refuse' })
  joinRule: JoinRule = 'refuse';

  @Property({ type: 'boolean', default: true })
  passwordSignIn = true;

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
