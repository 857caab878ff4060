import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref, Unique } from '@mikro-orm/core';
import { Organization } from '../../tenants/entities/organization.entity';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'simulated', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

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
  [OptionalProps]?: 'status' | 'attempts' | 'nextAttemptAt' | 'createdAt';

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
