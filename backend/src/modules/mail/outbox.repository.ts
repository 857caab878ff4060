import type { Transaction } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { jsonParam } from '../../database/json-param';
import { PerTransaction } from '../../database/per-transaction';
import { TenantContext } from '../../tenancy/tenant-context';
import {
  type OutboxAttachment,
  OutboxEmail,
  type OutboxStatus,
  ERASED_SUBJECT,
  ERASED_TEXT,
  PURGED_TEXT,
  REDACTED_TEXT,
} from './entities/outbox-email.entity';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';

/** How long a claimed email stays claimed; after that another worker may retry it. */
const CLAIM_SECONDS = 120;

/** An email to one address, as the person's own data shows it. */
export interface SentToRow {
  id: string;
  kind: string;
  subject: string;
  status: OutboxStatus;
  created_at: Date;
  sent_at: Date | null;
  /** Null once removed (an access link, or the retention period) or while it holds an access link. */
  text: string | null;
}

/**
 * The SET clause that removes a secret-bearing email's body, in the statements that finish an
 * email (sent, simulated or given up): the link leaves the table in the same statement that
 * records the email's fate, so there is no moment, nor a crash, after which it is sent and still
 * readable. A retry keeps the body: it still has to be sent. Takes REDACTED_SQL_PARAMS.
 */
const REDACT_IF_SECRET = `
  html = CASE WHEN contains_access_link THEN ? ELSE html END,
  text = CASE WHEN contains_access_link THEN ? ELSE text END,
  attachments = CASE WHEN contains_access_link THEN NULL ELSE attachments END,
  body_removed_at = CASE WHEN contains_access_link THEN now() ELSE body_removed_at END`;
const REDACTED_SQL_PARAMS = [REDACTED_TEXT, REDACTED_TEXT];

export interface QueuedEmail {
  kind: string;
  containsAccessLink: boolean;
  to: string;
  subject: string;
  html: string;
  text: string;
  dedupeKey?: string;
  attachments?: OutboxAttachment[];
}

/**
 * A letter queued in a transaction (OutboxService.enqueueLetter), not written yet: letters to the
 * same address merge into it until the transaction commits, when all of them are written in one
 * statement (OutboxRepository.writeLettersOf).
 */
export interface QueuedLetter extends QueuedEmail {
  /** The organisation of the context it was queued in; none for a platform email. */
  organization: string | undefined;
  /** When it was queued: its created_at and first attempt, as an email tracked in the unit of work has. */
  queuedAt: Date;
}

/** An email the worker has claimed to send. */
export interface ClaimedEmail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[] | null;
  attempts: number;
  age_seconds: number;
}

export interface RecentEmailRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
  last_error: string | null;
  text: string;
}

/**
 * The one door to `outbox_emails`: queued in the caller's unit of work, claimed and finished by
 * the worker, purged by retention. The worker's and the purge's statements run on the driver's
 * connection, outside any request or transaction, as each is one statement that stands alone.
 */
@Injectable()
export class OutboxRepository {
  /** Per transaction (its driver context), the letters queued in it by address: OutboxService.enqueueLetter. */
  private readonly letters = new PerTransaction(() => new Map<string, QueuedLetter>());
  /** Called whenever a unit of work that queued an email has committed (onQueuedEmailCommitted). */
  private readonly wakers: (() => void)[] = [];

  constructor(private readonly em: EntityManager) {
    // Every transaction's letters are written as it commits, whoever listens for the commit (the worker).
    em.getEventManager().registerSubscriber(
      new OutboxCommitSubscriber(
        (trxEm, transaction) => this.writeLettersOf(trxEm as EntityManager, transaction),
        () => this.wakers.forEach((wake) => wake()),
      ),
    );
  }

  /**
   * The letters the current transaction has queued and not written yet, by address, for another to
   * merge into; undefined outside a transaction (an email flushed there may already be on its way).
   */
  lettersOfTransaction(): Map<string, QueuedLetter> | undefined {
    return this.letters.in(this.em);
  }

  /** A letter to write when the current transaction commits (lettersOfTransaction holds it till then). */
  queueLetter(email: QueuedEmail): QueuedLetter {
    return { ...email, organization: TenantContext.current(), queuedAt: new Date() };
  }

  /**
   * Writes the letters `transaction` queued, in one statement, just before it commits (or, for a
   * savepoint, is released): a repair that tells 150 people queues 150 rows in one insert instead of
   * 150 entities for the unit of work to track and flush. The letters are its last writes, so each
   * holds everything merged into it; a transaction rolled back writes none. Whether it had any.
   */
  async writeLettersOf(em: EntityManager, transaction: Transaction): Promise<boolean> {
    const letters = this.letters.of(transaction);
    if (!letters?.size) return false;
    const rows = [...letters.values()].map((l) => ({
      organization: l.organization ?? null,
      kind: l.kind,
      to: l.to,
      subject: l.subject,
      html: l.html,
      text: l.text,
      attachments: l.attachments ?? null,
      contains_access_link: l.containsAccessLink,
      dedupe_key: l.dedupeKey ?? null,
      queued_at: l.queuedAt,
    }));
    letters.clear();
    await em.getConnection().execute(
      `insert into outbox_emails (organization_id, kind, "to", subject, html, text, attachments, contains_access_link, dedupe_key, next_attempt_at, created_at)
       select r.organization, r.kind, r."to", r.subject, r.html, r.text, r.attachments, r.contains_access_link, r.dedupe_key, r.queued_at, r.queued_at
         from jsonb_to_recordset(?::jsonb) as r(organization uuid, kind text, "to" text, subject text, html text, text text,
              attachments jsonb, contains_access_link boolean, dedupe_key text, queued_at timestamptz)`,
      [jsonParam(rows)],
      'run',
      transaction,
    );
    return true;
  }

  /**
   * Tracks the email in the current unit of work, in the organisation of the current context
   * (none outside any: a platform email).
   */
  add(email: QueuedEmail): OutboxEmail {
    return this.em.create(OutboxEmail, {
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
  }

  /** Calls `wake` whenever a unit of work that queued an email has committed. */
  onQueuedEmailCommitted(wake: () => void): void {
    this.wakers.push(wake);
  }

  /** The current organisation's latest `limit` emails, newest first. One statement. */
  findRecent(limit: number): Promise<RecentEmailRow[]> {
    return this.em.execute<RecentEmailRow[]>(
      // An access link is someone else's key to their account: never shown, not even while queued.
      // Newest first by time; the id (qualified: a bare "id" would sort the id::text output
      // column as text, 9 before 18) only breaks ties.
      `select id::text, kind, "to", subject, status, attempts, created_at, sent_at, last_error,
              case when contains_access_link then ? else text end as text
         from outbox_emails where organization_id = ?
        order by outbox_emails.created_at desc, outbox_emails.id desc limit ?`,
      [REDACTED_TEXT, TenantContext.require(), limit],
    );
  }

  /**
   * Every email of the current organisation to `address` (any case), oldest first: a person's own
   * data (docs/security.md, "Subject access"). An access link is never shown, not even while queued;
   * a body removed after sending or after retention reads as null.
   */
  sentTo(address: string): Promise<SentToRow[]> {
    return this.em.execute<SentToRow[]>(
      `select id::text, kind, subject, status, created_at, sent_at,
              case when contains_access_link or body_removed_at is not null then null else text end as text
         from outbox_emails where organization_id = ? and lower("to") = lower(?)
        order by outbox_emails.created_at, outbox_emails.id`,
      [TenantContext.require(), address],
    );
  }

  /**
   * Claims up to `batch` due emails for this worker with `FOR UPDATE SKIP LOCKED`, so an email is
   * claimed by one worker at a time: pending ones whose time has come, and ones whose claim ran out.
   */
  claimDue(batch: number): Promise<ClaimedEmail[]> {
    return this.em.getConnection().execute<ClaimedEmail[]>(
      `UPDATE outbox_emails SET status = 'sending', attempts = attempts + 1,
              locked_until = now() + make_interval(secs => ?)
       WHERE id IN (
         SELECT id FROM outbox_emails
         WHERE (status = 'pending' AND next_attempt_at <= now())
            OR (status = 'sending' AND locked_until < now())
         ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED)
       RETURNING id, "to", subject, html, text, attachments, attempts,
                 extract(epoch from now() - created_at)::int AS age_seconds`,
      [CLAIM_SECONDS, batch],
    );
  }

  /** Records a claimed email sent (or simulated), removing the body of one with an access link. */
  async markSent(id: string, status: 'sent' | 'simulated'): Promise<void> {
    await this.em.getConnection().execute(
      `UPDATE outbox_emails SET status = ?, sent_at = now(), locked_until = NULL, last_error = NULL, ${REDACT_IF_SECRET}
       WHERE id = ? AND status = 'sending'`,
      [status, ...REDACTED_SQL_PARAMS, id],
    );
  }

  /**
   * Records a failed attempt: back to pending, tried again after `retryInSeconds`, or, when
   * `givenUp`, failed for good — then finished too, so nobody will read its link and it is not kept.
   */
  async markAttemptFailed(id: string, error: string, retryInSeconds: number, givenUp: boolean): Promise<void> {
    await this.em.getConnection().execute(
      `UPDATE outbox_emails SET status = ?, locked_until = NULL, last_error = ?,
              next_attempt_at = now() + make_interval(secs => ?)${givenUp ? `, ${REDACT_IF_SECRET}` : ''}
       WHERE id = ? AND status = 'sending'`,
      [givenUp ? 'failed' : 'pending', error, retryInSeconds, ...(givenUp ? REDACTED_SQL_PARAMS : []), id],
    );
  }

  /**
   * Clears the bodies of finished emails older than their period (`sentDays` after sending,
   * `failedDays` after queueing a failed one); returns how many. Ages are measured against the
   * database's clock, the one that wrote `sent_at` and `created_at`. Pending and sending emails
   * keep theirs: they still have to go out.
   */
  async purgeBodies(sentDays: number, failedDays: number): Promise<number> {
    const rows = await this.em.getConnection().execute<{ id: string }[]>(
      `UPDATE outbox_emails SET html = ?, text = ?, attachments = NULL, body_removed_at = now()
        WHERE body_removed_at IS NULL
          AND ((status IN ('sent', 'simulated') AND sent_at < now() - make_interval(days => ?))
            OR (status = 'failed' AND created_at < now() - make_interval(days => ?)))
        RETURNING id`,
      [PURGED_TEXT, PURGED_TEXT, sentDays, failedDays],
    );
    return rows.length;
  }

  /**
   * Erasure: the organisation's emails to any of `emails` lose their recipient (it becomes
   * `replacement`), subject and body; those not yet claimed for sending are deleted instead, as
   * nobody is left to send them to. Returns how many emails were scrubbed and deleted.
   */
  async scrubRecipient(emails: string[], replacement: string): Promise<{ scrubbed: number; deleted: number }> {
    const deleted = await this.em.execute<{ id: string }[]>(
      `delete from outbox_emails where organization_id = ? and lower("to") = any(?::text[]) and status = 'pending' returning id`,
      [TenantContext.require(), `{${emails.map((e) => JSON.stringify(e)).join(',')}}`],
    );
    const scrubbed = await this.em.execute<{ id: string }[]>(
      `update outbox_emails set "to" = ?, subject = ?, html = ?, text = ?, attachments = null, last_error = null, body_removed_at = coalesce(body_removed_at, now())
        where organization_id = ? and lower("to") = any(?::text[]) returning id`,
      [replacement, ERASED_SUBJECT, ERASED_TEXT, ERASED_TEXT, TenantContext.require(), `{${emails.map((e) => JSON.stringify(e)).join(',')}}`],
    );
    return { scrubbed: scrubbed.length, deleted: deleted.length };
  }

  /** How many of the organisation's emails went (or go) to any of `emails`. */
  async countTo(emails: string[]): Promise<number> {
    const [row] = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n from outbox_emails where organization_id = ? and lower("to") = any(?::text[])`,
      [TenantContext.require(), `{${emails.map((e) => JSON.stringify(e)).join(',')}}`],
    );
    return row?.n ?? 0;
  }

  /** Replaces an erased person's names and addresses (`pattern`) by `pseudonym` in every other email of the organisation; how many changed. */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update outbox_emails
          set subject = regexp_replace(subject, ?, ?, 'gi'), html = regexp_replace(html, ?, ?, 'gi'), text = regexp_replace(text, ?, ?, 'gi'),
              last_error = regexp_replace(last_error, ?, ?, 'gi'), attachments = regexp_replace(attachments::text, ?, ?, 'gi')::jsonb
        where organization_id = ? and (subject ~* ? or html ~* ? or text ~* ? or last_error ~* ? or attachments::text ~* ?)
        returning id`,
      [
        pattern,
        pseudonym,
        pattern,
        pseudonym,
        pattern,
        pseudonym,
        pattern,
        pseudonym,
        pattern,
        pseudonym,
        TenantContext.require(),
        pattern,
        pattern,
        pattern,
        pattern,
        pattern,
      ],
    );
    return rows.length;
  }
}
