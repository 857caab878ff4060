import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { OutboxRepository } from './outbox.repository';

/**
 * How long a sent or simulated email keeps its text, HTML and attachments: long enough to answer
 * "what did the reminder say?" for the rest of the half-term, after which only the delivery
 * record (recipient, subject, kind, status, dates) stays. Documented in docs/security.md.
 */
export const SENT_BODY_RETENTION_DAYS = 30;
/** A failed email keeps its body longer, to find out why it failed and send it by other means. */
export const FAILED_BODY_RETENTION_DAYS = 90;
/** How often the purge runs; an email's body outlives its period by at most this much. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Clears the bodies of outbox emails older than their retention period. Secret-bearing emails
 * lose theirs as soon as they are sent (outbox.worker.ts); this bounds what every other email
 * keeps. Idempotent, so any number of instances may run it at once.
 */
@Injectable()
export class OutboxRetentionService {
  private readonly logger = new Logger(OutboxRetentionService.name);

  constructor(private readonly outbox: OutboxRepository) {}

  @Interval('outbox-retention', PURGE_EVERY_MS)
  async purgeOnSchedule(): Promise<void> {
    try {
      await this.purgeExpiredBodies();
    } catch (err) {
      this.logger.warn(`Could not purge old email bodies: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Removes the bodies whose period has passed; returns how many. */
  purgeExpiredBodies(): Promise<number> {
    return this.outbox.purgeBodies(SENT_BODY_RETENTION_DAYS, FAILED_BODY_RETENTION_DAYS);
  }
}
