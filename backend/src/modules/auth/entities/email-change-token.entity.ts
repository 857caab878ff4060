import { OptionalProps } from '@mikro-orm/core';
import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { LinkToken } from './link-token.entity';

/**
 * A one-time link, sent to a new sign-in address, that makes it the user's email once followed
 * (valid 24 hours). Until then the user signs in with the old address.
 */
@Entity({ tableName: 'email_change_tokens' })
export class EmailChangeToken extends LinkToken {
  [OptionalProps]?: 'createdAt';

  /** Lower-cased, like users.email. */
  @Property({ type: 'string', length: 254 })
  newEmail!: string;
}
