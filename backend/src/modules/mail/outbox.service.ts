import { Injectable } from '@nestjs/common';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import { emailDocument, paragraphs } from '../../common/text/html';
import type { OutboxAttachment, OutboxEmail, OutboxStatus } from './entities/outbox-email.entity';
import { OutboxRepository, type SentToRow } from './outbox.repository';

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

/** The subject of two letters to one person merged into one (OutboxService.enqueueLetter). */
export const MERGED_SUBJECT = 'Your duties have changed';

const paragraphsOf = (text: string) => text.trim().split('\n\n');

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

  /**
   * Erasure (docs/security.md#retention-and-erasure): the organisation's emails to the person
   * keep only their delivery record, addressed to their pseudonymous address (unsent ones go),
   * and their names and addresses in every other email become their pseudonym.
   */
  async scrubErased(person: ErasedPerson): Promise<{ toThem: number; deleted: number; mentioning: number }> {
    const { scrubbed, deleted } = await this.outbox.scrubRecipient(person.emails, person.pseudonymousEmail);
    return { toThem: scrubbed, deleted, mentioning: await this.outbox.scrub(person.pattern, person.pseudonym) };
  }

  /** How many of the organisation's emails went to any of these addresses. */
  countTo(emails: string[]): Promise<number> {
    return this.outbox.countTo(emails);
  }

  /**
   * Queues a letter to a person about their duties or requests: "Hello …," then paragraphs, then a
   * closing line, the HTML its paragraphs (emailDocument(paragraphs(lines))). A person is told once
   * per change (docs/product.md#notifications): when the transaction already queued a letter to the
   * same address — a hand edit and the rebalance after it, a duty moved off one day and onto another —
   * this one's paragraphs join that letter's, before its closing, under one subject. In a transaction
   * the letters are written together as it commits (OutboxRepository.writeLettersOf); outside one, at
   * the next flush, as `enqueue`.
   */
  enqueueLetter(email: NewEmail): void {
    const letters = this.outbox.lettersOfTransaction();
    if (!letters) {
      this.enqueue(email);
      return;
    }
    const key = email.to.toLowerCase();
    const queued = letters.get(key);
    if (!queued) {
      letters.set(key, this.outbox.queueLetter(email));
      return;
    }
    const first = paragraphsOf(queued.text);
    const lines = [...first.slice(0, -1), ...paragraphsOf(email.text).slice(1, -1), first.at(-1)!];
    queued.text = `${lines.join('\n\n')}\n`;
    queued.html = emailDocument(paragraphs(lines));
    if (queued.subject !== email.subject) queued.subject = MERGED_SUBJECT;
    queued.containsAccessLink ||= email.containsAccessLink;
  }

  /** Every email of the current organisation to `address`, oldest first, with its text while it is kept and holds no access link. */
  sentTo(address: string): Promise<SentToRow[]> {
    return this.outbox.sentTo(address);
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
