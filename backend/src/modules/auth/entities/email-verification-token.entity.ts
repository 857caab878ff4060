import { OptionalProps } from '@mikro-orm/core';
import { Entity } from '@mikro-orm/decorators/legacy';
import { LinkToken } from './link-token.entity';

/** A one-time email verification link, valid 24 hours. */
@Entity({ tableName: 'email_verification_tokens' })
export class EmailVerificationToken extends LinkToken {
  [OptionalProps]?: 'createdAt';
}
