import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { normalizeEmail } from '../../common/validation/email-address';

/**
 * Emails one address may receive of the kinds a stranger can make us send (a password reset,
 * "Find your school", a new verification link, an invitation, an email-change confirmation,
 * a sign-up's verification), together: a few in a quarter of an hour, as a person asking again
 * needs, and a day's worth. Counted per recipient whatever client, organisation or instance asks,
 * so neither parallel requests nor many clients flood a mailbox.
 */
export const RECIPIENT_LIMITS = [
  { limit: 5, windowSeconds: 15 * 60 },
  { limit: 20, windowSeconds: 24 * 60 * 60 },
] as const;

/**
 * Decides whether one more stranger-triggered email may go to an address (docs/security.md,
 * "Throttling"). The callers answer the same either way: a limit reached is written to the log,
 * never told to whoever asked.
 */
@Injectable()
export class RecipientLimitService {
  private readonly logger = new Logger(RecipientLimitService.name);

  constructor(private readonly rateLimits: RateLimitService) {}

  /** Counts one email to `address` and answers whether it may be sent (both windows under their limits). */
  async allow(address: string, kind: string): Promise<boolean> {
    // The counters are keyed by a hash: the rate-limit table need not hold people's addresses.
    const key = createHash('sha256').update(normalizeEmail(address)).digest('hex');
    let allowed = true;
    for (const rule of RECIPIENT_LIMITS) {
      // In the caller's transaction, which queues the email: the count holds only if the email does.
      const state = await this.rateLimits.hitWithWork(`mail-recipient:${rule.windowSeconds}:${key}`, rule);
      if (state.count > rule.limit) allowed = false;
    }
    if (!allowed) this.logger.warn(`Not sending a ${kind} email: its recipient has had too many such emails lately`);
    return allowed;
  }
}
