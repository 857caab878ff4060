import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Property } from '@mikro-orm/decorators/legacy';
import { LinkToken } from './link-token.entity';

export const PASSWORD_LINK_PURPOSES = ['reset', 'invite'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/**
 * A one-time link to choose a password: a reset (valid 30 minutes) or an invitation to sign in
 * for the first time (valid 7 days).
 */
@Entity({ tableName: 'password_reset_tokens' })
export class PasswordResetToken extends LinkToken {
  [OptionalProps]?: 'used' | 'createdAt' | 'purpose';

  @Enum({ items: () => PASSWORD_LINK_PURPOSES, default: 'reset' })
  purpose: PasswordLinkPurpose = 'reset';

  @Property({ type: 'boolean', default: false })
  used = false;
}
