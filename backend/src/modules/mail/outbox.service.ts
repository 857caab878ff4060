import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { type OutboxAttachment, OutboxEmail, type OutboxStatus, REDACTED_TEXT } from './entities/outbox-email.entity';

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
  /**
   * Queues an email in the caller's unit of work: it is written in the same transaction as
   * the change that causes it; its commit wakes the worker (OutboxCommitSubscriber), so it goes out at once.
   * It belongs to the organisation of the current context, like every tenant-scoped insert; one
   * queued outside any organisation's context is a platform email (no organisation).
   */
  enqueue(em: EntityManager, email: NewEmail): OutboxEmail {
    const row = em.create(OutboxEmail, {
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: email.attachments,
      containsAccessLink: email.containsAccessLink,
      dedupeKey: email.dedupeKey,
      organization: TenantContext.current(),
    });
    return row;
  }

  /** The current organisation's latest `limit` emails, newest first. One statement. */
  async recent(em: EntityManager, limit: number): Promise<RecentEmail[]> {
    const rows = await em.execute<
      { id: string; kind: string; to: string; subject: string; status: OutboxStatus; attempts: number; created_at: Date; sent_at: Date | null; last_error: string | null; text: string }[]
    >(
      // An access link is someone else's key to their account: never shown, not even while queued.
      // Newest first by time; the id (qualified: a bare "id" would sort the id::text output
      // column as text, 9 before 18) only breaks ties.
      `select id::text, kind, "to", subject, status, attempts, created_at, sent_at, last_error,
              case when contains_access_link then ? else text end as text
         from outbox_emails where organization_id = ?
        order by outbox_emails.created_at desc, outbox_emails.id desc limit ?`,
      [REDACTED_TEXT, TenantContext.require(), limit],
    );
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
