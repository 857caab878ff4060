import { Injectable } from '@nestjs/common';
import type { OutboxAttachment, OutboxEmail, OutboxStatus } from './entities/outbox-email.entity';
import { OutboxRepository } from './outbox.repository';

export interface NewEmail {
  kind: string;
  /**
   * True when the email carries anything that grants access: a one-time link or token (password
   * reset, invitation, email verification or change…), in the text, the HTML or an attachment.
   * Its body is then not kept at rest: the worker replaces it with REDACTED_TEXT in the statement
   * that records it sent, simulated or failed. Required, so every new email states it.
   */
  containsAccessLink: boolean;
  to: string;
  subject: string;
  html: string;
  text: string;
  dedupeKey?: string;
  attachments?: OutboxAttachment[];
}

/** An email as Email System Testing lists it. */
export interface RecentEmail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  lastError: string | null;
  /** The plain-text body; REDACTED_TEXT for an email that carries an access link, even while queued. */
  text: string;
}

/** The one owner of `outbox_emails` for the rest of the app: emails are queued and listed here. */
@Injectable()
export class OutboxService {
  constructor(private readonly outbox: OutboxRepository) {}

  /**
   * Queues an email in the current unit of work: it is written in the same transaction as
   * the change that causes it; its commit wakes the worker (OutboxCommitSubscriber), so it goes out at once.
   * It belongs to the organisation of the current context, like every tenant-scoped insert; one
   * queued outside any organisation's context is a platform email (no organisation).
   */
  enqueue(email: NewEmail): OutboxEmail {
    return this.outbox.add(email);
  }

  /** The current organisation's latest `limit` emails, newest first. One statement. */
  async recent(limit: number): Promise<RecentEmail[]> {
    const rows = await this.outbox.findRecent(limit);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      createdAt: new Date(r.created_at),
      sentAt: r.sent_at ? new Date(r.sent_at) : null,
      lastError: r.last_error,
      text: r.text,
    }));
  }
}
