import { OptionalProps } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { LinkToken } from './link-token.entity';

/**
 * A pending new sign-in email (valid 24 hours); until it takes effect the user signs in with the
 * old address. `tokenHash` is the link sent to the new address, which must confirm it can receive
 * mail. When someone else asked for the change, the account's owner must approve it as well:
 * `approvalTokenHash` is the link sent to the current address (or they approve while signed in),
 * so nobody who may edit a staff record can move someone's account to an address of their own
 * (docs/security.md, "Who may act on whom"). The change takes effect when both have happened.
 */
@Entity({ tableName: 'email_change_tokens' })
export class EmailChangeToken extends LinkToken {
  [OptionalProps]?: 'createdAt';

  /** Lower-cased, like users.email. */
  @Property({ type: 'string', length: 254 })
  newEmail!: string;

  /** SHA-256 of the approval link sent to the current address; null when the owner asked for the change themselves. */
  @Property({ type: 'string', length: 64, nullable: true })
  @Unique()
  approvalTokenHash?: string | null;

  /** When the owner approved (by the link, or signed in); null while waiting. */
  @Property({ type: 'datetime', nullable: true })
  approvedAt?: Date | null;

  /** When the new address confirmed; null while waiting. */
  @Property({ type: 'datetime', nullable: true })
  confirmedAt?: Date | null;

  /** Who asked for the change, as the emails and the Account page name them. */
  @Property({ type: 'string', length: 100 })
  requestedBy!: string;
}
