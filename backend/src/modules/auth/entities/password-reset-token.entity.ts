import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { LinkToken } from './link-token.entity';

/** A one-time password reset link, valid 30 minutes. */
@Entity({ tableName: 'password_reset_tokens' })
export class PasswordResetToken extends LinkToken {
  [OptionalProps]?: 'used' | 'createdAt';

  @Property({ type: 'boolean', default: false })
  used = false;
}
