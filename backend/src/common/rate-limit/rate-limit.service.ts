import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { plural } from '../text/plural';
import { RateLimitBucketsRepository } from './rate-limit-buckets.repository';

export interface RateLimitRule {
  /** Most events allowed in one window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitState {
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL (rate-limit-buckets.repository.ts), so that every app
 * instance counts into the same window. Each `hit` is one atomic upsert.
 *
 * Throttled work calls `consume` *before* the work it guards (a password check, an email): the
 * attempt is counted and the answer decided by that one statement, so parallel requests and
 * several app instances together get at most `limit` attempts per window. Reading the counter
 * first and counting after the work would let every request in flight pass the read.
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);

  constructor(private readonly buckets: RateLimitBucketsRepository) {}

  hit(key: string, rule: RateLimitRule): Promise<RateLimitState> {
    return this.buckets.hit(key, rule.windowSeconds);
  }

  /**
   * Counts one event as part of the caller's transaction: for a limit on what the transaction
   * does (an email it queues), so a transaction that fails leaves no count. Parallel callers wait
   * for each other on the counter's row instead of each asking the pool for a second connection
   * while holding one, which under a burst could take every connection and leave them all waiting.
   */
  hitWithWork(key: string, rule: RateLimitRule): Promise<RateLimitState> {
    return this.buckets.hit(key, rule.windowSeconds, true);
  }

  /**
   * Counts one attempt and refuses it (429, naming `what`) when it is over the rule's limit.
   * Attempts refused here count too, so hammering a locked key doesn't open it sooner; the
   * window still ends when it began plus `windowSeconds`.
   */
  async consume(key: string, rule: RateLimitRule, what: string): Promise<RateLimitState> {
    const state = await this.hit(key, rule);
    if (state.count > rule.limit) throw new TooManyRequestsException(what, state.retryAfterSeconds);
    return state;
  }

  /**
   * Gives back one attempt taken by `consume`, for limits that should count only failures: the
   * attempt is counted before the outcome is known and returned once it turns out to be a success.
   */
  refund(key: string): Promise<void> {
    return this.buckets.takeBack(key);
  }

  /** Reads a counter without counting. Never decide on throttled work with it: use `consume`. */
  peek(key: string): Promise<RateLimitState> {
    return this.buckets.current(key);
  }

  /**
   * Forgets every counter whose key contains one of `fragments`: an organisation's id, its
   * accounts' ids (deleting an organisation leaves no key that names it).
   */
  forgetMentioning(fragments: string[]): Promise<void> {
    return this.buckets.deleteMentioning(fragments);
  }

  reset(key: string): Promise<void> {
    return this.buckets.delete(key);
  }

  /**
   * Erasure (docs/security.md#retention-and-erasure): forgets the counters keyed by a person's
   * addresses (failed sign-ins and sign-ups count per address) at once, not when their window ends.
   */
  forgetAddresses(emails: string[]): Promise<number> {
    return this.buckets.deleteKeyedBy(emails);
  }

  /** Removes windows that ended, so the table stays small. Harmless when instances overlap. */
  @Interval('rate-limit-purge', 15 * 60 * 1000)
  async purgeExpired(): Promise<void> {
    try {
      await this.buckets.deleteExpired();
    } catch (err) {
      this.logger.warn(`Could not purge rate-limit windows: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** A 429 whose message says how long to wait, with the standard Retry-After header set by the caller. */
export class TooManyRequestsException extends HttpException {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      `Too many ${what}. Please wait ${plural(minutes, 'minute')} and try again.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
