import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MailerService } from '@nestjs-modules/mailer';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Interval } from '@nestjs/schedule';
import { type Env, smtpServer } from '../../config/env';
import { REDACTED_TEXT } from './entities/outbox-email.entity';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';

const BATCH = 20;
/** A mail server that refuses an email outright (5xx) is asked this many times. */
const MAX_PERMANENT_ATTEMPTS = 3;
/**
 * Temporary failures (server down, 4xx, network) are retried until the server recovers, for up
 * to three days; only then is the email given up as failed.
 */
const RETRY_FOR_SECONDS = 3 * 24 * 3600;
/** How long a claimed email stays claimed; after that another worker may retry it. */
const CLAIM_SECONDS = 120;

interface ClaimedRow {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[] | null;
  attempts: number;
  age_seconds: number;
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

/** SMTP 5xx replies are permanent refusals; anything else (4xx, no connection) may pass later. */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Backoff before attempt n+1: 30 s, 1 min, 2 min … capped at 1 hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends queued emails. Any number of app instances may run it: each claims a batch with
 * `FOR UPDATE SKIP LOCKED`, so an email is claimed by one worker at a time, and is marked
 * sent in the same statement that checks the claim (and that removes the body of an email that
 * carried an access link, see `NewEmail.containsAccessLink`). Failures retry with backoff (temporary ones
 * until the server recovers, for up to three days). Without
 * a mail server (SMTP_URL unset or `off`: test mode) emails are marked `simulated` instead of sent.
 */
@Injectable()
export class OutboxWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxWorker.name);
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private readonly simulate: boolean;
  private readonly host: string;

  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: MailerService,
    config: ConfigService<Env, true>,
  ) {
    this.simulate = !smtpServer(config);
    this.host = (config.get('MAIL_FROM', { infer: true }).match(/@([^>\s]+)/)?.[1] ?? 'dutymanager.app').trim();
  }

  /** Every commit that queued an email wakes the worker (OutboxCommitSubscriber). */
  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(new OutboxCommitSubscriber(() => this.kick()));
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.logger.error(`Outbox pass failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  @Interval('outbox', 2000)
  poll(): void {
    this.kick();
  }

  /** Sends until nothing is due. Resolves when this pass is done (tests await it). */
  async drain(): Promise<void> {
    for (;;) {
      const batch = await this.claim();
      if (!batch.length) return;
      for (const row of batch) await this.deliver(row);
    }
  }

  /** Waits for a running pass, then runs one more; for tests and shutdown. */
  async settle(): Promise<void> {
    await this.running;
    await this.drain();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }

  private async claim(): Promise<ClaimedRow[]> {
    return this.em()
      .getConnection()
      .execute<ClaimedRow[]>(
        `UPDATE outbox_emails SET status = 'sending', attempts = attempts + 1,
                locked_until = now() + make_interval(secs => ?)
         WHERE id IN (
           SELECT id FROM outbox_emails
           WHERE (status = 'pending' AND next_attempt_at <= now())
              OR (status = 'sending' AND locked_until < now())
           ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED)
         RETURNING id, "to", subject, html, text, attachments, attempts,
                   extract(epoch from now() - created_at)::int AS age_seconds`,
        [CLAIM_SECONDS, BATCH],
      );
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const conn = this.em().getConnection();
    try {
      if (!this.simulate) {
        await this.mailer.sendMail({
          to: row.to,
          subject: row.subject,
          html: row.html,
          text: row.text,
          // The same Message-ID on every attempt lets receiving servers drop a duplicate if a
          // send succeeded but we crashed before recording it.
          messageId: `<outbox-${row.id}@${this.host}>`,
          attachments: (row.attachments ?? []).map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
          })),
        });
      }
      await conn.execute(
        `UPDATE outbox_emails SET status = ?, sent_at = now(), locked_until = NULL, last_error = NULL, ${REDACT_IF_SECRET}
         WHERE id = ? AND status = 'sending'`,
        [this.simulate ? 'simulated' : 'sent', ...REDACTED_SQL_PARAMS, row.id],
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = isPermanentFailure(err) ? row.attempts >= MAX_PERMANENT_ATTEMPTS : row.age_seconds >= RETRY_FOR_SECONDS;
      this.logger.warn(`Email ${row.id} to ${row.to} failed (attempt ${row.attempts}): ${message}`);
      // An email given up on is finished too: nobody will read its link, so it is not kept.
      await conn.execute(
        `UPDATE outbox_emails SET status = ?, locked_until = NULL, last_error = ?,
                next_attempt_at = now() + make_interval(secs => ?)${failed ? `, ${REDACT_IF_SECRET}` : ''}
         WHERE id = ? AND status = 'sending'`,
        [failed ? 'failed' : 'pending', message.slice(0, 2000), backoffSeconds(row.attempts), ...(failed ? REDACTED_SQL_PARAMS : []), row.id],
      );
    }
  }
}
