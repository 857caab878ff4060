import { randomUUID } from 'node:crypto';
import { ArrayType, OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

export const PROVIDER_KINDS = ['google', 'microsoft', 'oidc'] as const;
/** Google (Workspace), Microsoft (Entra ID) or another OpenID Provider. */
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** A text[] column read as strings. */
const textArray = () => new ArrayType<string>((i) => i);

/**
 * One way of signing in to an organisation through an OpenID Provider: the app's registration
 * with it (client id and secret) and who it lets in — for Google the Workspace domains (the ID
 * token's `hd`), for Microsoft the directory tenants (`tid`), for another provider its issuer.
 * At most one of each kind per organisation (docs/product.md#signing-in-with-google-or-microsoft).
 */
@Entity({ tableName: 'identity_providers' })
@Unique({ properties: ['organization', 'kind'] })
export class IdentityProvider extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'enabled' | 'clientId' | 'allowedDomains' | 'allowedTenantIds' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Enum({ items: () => PROVIDER_KINDS })
  kind!: ProviderKind;

  @Property({ type: 'boolean', default: false })
  enabled = false;

  @Property({ type: 'string', length: 255, default: '' })
  clientId = '';

  /**
   * The client secret the provider issued. Write-only through the API (the admin screens show
   * whether one is set, never the value) and kept out of every serialisation of the entity.
   */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  clientSecret?: string | null;

  /** Google: the Workspace domains whose accounts may sign in (lower-case). */
  @Property({ type: textArray(), columnType: 'text[]', defaultRaw: "'{}'" })
  allowedDomains: string[] = [];

  /** Microsoft: the directory (tenant) ids whose accounts may sign in (lower-case). */
  @Property({ type: textArray(), columnType: 'text[]', defaultRaw: "'{}'" })
  allowedTenantIds: string[] = [];

  /** Another provider: its issuer URL, where discovery starts. */
  @Property({ type: 'string', length: 500, nullable: true })
  issuer?: string | null;

  /** Another provider: the name on its button, "Sign in with <name>". */
  @Property({ type: 'string', length: 40, nullable: true })
  displayName?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
