import { MailerService } from '@nestjs-modules/mailer';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Interval } from '@nestjs/schedule';
import { type Env, smtpServer } from '../../config/env';
import { type ClaimedEmail, OutboxRepository } from './outbox.repository';

const BATCH = 20;
/** A mail server that refuses an email outright (5xx) is asked this many times. */
const MAX_PERMANENT_ATTEMPTS = 3;
/**
 * Temporary failures (server down, 4xx, network) are retried until the server recovers, for up
 * to three days; only then is the email given up as failed.
 */
const RETRY_FOR_SECONDS = 3 * 24 * 3600;

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
export class OutboxWorker implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(OutboxWorker.name);
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private readonly simulate: boolean;
  private readonly host: string;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly mailer: MailerService,
    config: ConfigService<Env, true>,
  ) {
    this.simulate = !smtpServer(config);
    this.host = (config.get('MAIL_FROM', { infer: true }).match(/@([^>\s]+)/)?.[1] ?? 'dutymanager.app').trim();
  }

  /** Every commit that queued an email wakes the worker (OutboxCommitSubscriber). */
  onModuleInit(): void {
    this.outbox.onQueuedEmailCommitted(() => this.kick());
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
      const batch = await this.outbox.claimDue(BATCH);
      if (!batch.length) return;
      for (const row of batch) await this.deliver(row);
    }
  }

  /**
   * Resolves once every email due when it was called has gone: waits for the running pass, runs
   * one more, and repeats while a pass is running again. A commit during the awaited pass starts
   * another as that one ends, and that pass may claim an email first (`SKIP LOCKED`), so this
   * pass would find nothing and return while the other is still sending. For tests.
   */
  async finishSending(): Promise<void> {
    do {
      await this.running;
      await this.drain();
    } while (this.running);
  }

  /**
   * Stops before the mailer closes its pooled connections: Nest destroys this module before the
   * mailer's, which it imports, so the pass in flight finishes its email over an open connection.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async deliver(row: ClaimedEmail): Promise<void> {
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
      await this.outbox.markSent(row.id, this.simulate ? 'simulated' : 'sent');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = isPermanentFailure(err) ? row.attempts >= MAX_PERMANENT_ATTEMPTS : row.age_seconds >= RETRY_FOR_SECONDS;
      this.logger.warn(`Email ${row.id} to ${row.to} failed (attempt ${row.attempts}): ${message}`);
      await this.outbox.markAttemptFailed(row.id, message.slice(0, 2000), backoffSeconds(row.attempts), failed);
    }
  }
}
