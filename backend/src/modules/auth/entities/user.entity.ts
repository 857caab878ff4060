import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Formula, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { ROLES, type Role } from '../../../common/auth/roles';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/**
 * Someone who signs in to one organisation. Emails are stored lower-cased and are unique within
 * the organisation: one person may belong to several schools, and sign-in always names the
 * organisation (docs/product.md#accounts-and-sign-in).
 */
@Entity({ tableName: 'users' })
@Unique({ properties: ['organization', 'email'] })
export class User extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'role' | 'isActive' | 'emailVerified' | 'tokenVersion' | 'twoFactorEnabled' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 254 })
  email!: string;

  /** Empty for someone invited who has not chosen a password yet. */
  @Property({ type: 'text', hidden: true, lazy: true, nullable: true })
  passwordHash?: string | null;

  /** Whether a password has been chosen (without loading the hash). */
  @Formula((alias) => `${alias}.password_hash is not null`, { type: 'boolean' })
  hasPassword?: boolean;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Enum({ items: () => ROLES, default: 'staff' })
  role: Role = 'staff';

  @Property({ type: 'boolean', default: true })
  isActive = true;

  @Property({ type: 'boolean', default: false })
  emailVerified = false;

  @Property({ type: 'datetime', nullable: true })
  lastLogin?: Date;

  /**
   * Part of every token issued to the user, and of their download links and calendar feed
   * tokens; raising it (password reset, deactivation, a new sign-in email) ends them all at once.
   */
  @Property({ type: 'integer', default: 0 })
  tokenVersion = 0;

  /**
   * Whether signing in asks for a code from an authenticator app after the password (the secret
   * and recovery codes live in UserTwoFactor / TwoFactorRecoveryCode). A column here because the
   * session check reads it on every request: an organisation may require it of admins.
   */
  @Property({ type: 'boolean', default: false })
  twoFactorEnabled = false;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
