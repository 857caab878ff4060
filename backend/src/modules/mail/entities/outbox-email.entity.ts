import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Organization } from '../../tenants/entities/organization.entity';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'simulated', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * What stays of a secret-bearing email (see `containsAccessLink`) once it is sent, simulated or
 * given up: the link it carried granted access, so it is not kept at rest.
 */
export const REDACTED_TEXT = '[Removed once sent: this email contained a link that grants access to an account.]';
/** What stays of any email's body after the retention period (outbox-retention.service.ts). */
export const PURGED_TEXT = '[Removed after the retention period.]';
/** What stays of an email to a person whose personal data was erased (docs/security.md#retention-and-erasure). */
export const ERASED_TEXT = '[Removed: the personal data of its recipient was erased.]';
export const ERASED_SUBJECT = '[Erased]';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Text content (e.g. an .ics file). */
  content: string;
}

/**
 * An email waiting to be sent, written in the same transaction as the change that causes it,
 * so a change never commits without its email nor an email goes out for a change that rolled
 * back. The worker claims rows with SKIP LOCKED and marks each one sent once.
 */
@Entity({ tableName: 'outbox_emails' })
@Index({ properties: ['status', 'nextAttemptAt'] })
export class OutboxEmail {
  [OptionalProps]?: 'status' | 'attempts' | 'nextAttemptAt' | 'createdAt' | 'containsAccessLink';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** The organisation the email is about; empty for platform emails. */
  @ManyToOne(() => Organization, { ref: true, nullable: true, deleteRule: 'cascade', index: true })
  organization?: Ref<Organization>;

  /** A caller-chosen key that makes enqueueing idempotent (e.g. one reminder per duty). */
  @Property({ type: 'string', length: 300, nullable: true })
  @Unique()
  dedupeKey?: string;

  @Property({ type: 'string', length: 64 })
  kind!: string;

  @Property({ type: 'string', length: 320 })
  to!: string;

  @Property({ type: 'string', length: 500 })
  subject!: string;

  @Property({ type: 'text' })
  html!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'json', nullable: true })
  attachments?: OutboxAttachment[];

  /**
   * The email carries a link (or an attachment) that grants access — a password reset, an
   * invitation, an email verification or change — so its text, HTML and attachments are
   * replaced by REDACTED_TEXT in the same statement that marks it sent, simulated or failed.
   */
  @Property({ type: 'boolean', default: false })
  containsAccessLink = false;

  /** When the text, HTML and attachments were removed (redacted once sent, or after retention). */
  @Property({ type: 'datetime', nullable: true })
  bodyRemovedAt?: Date;

  @Enum({ items: () => OUTBOX_STATUSES, default: 'pending' })
  status: OutboxStatus = 'pending';

  @Property({ type: 'integer', default: 0 })
  attempts = 0;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  /** While `sending`: when the claim lapses, so a crashed worker's emails are picked up again. */
  @Property({ type: 'datetime', nullable: true })
  lockedUntil?: Date;

  @Property({ type: 'text', nullable: true })
  lastError?: string;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
