import { EntityManager } from '@mikro-orm/postgresql';
import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { plural } from '../text/plural';

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
 * Fixed-window counters in PostgreSQL, so that every app instance counts into the same window.
 * Each `hit` is one atomic upsert.
 *
 * Throttled work calls `consume` *before* the work it guards (a password check, an email): the
 * attempt is counted and the answer decided by that one statement, so parallel requests and
 * several app instances together get at most `limit` attempts per window. Reading the counter
 * first and counting after the work would let every request in flight pass the read.
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);

  constructor(private readonly em: EntityManager) {}

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitState> {
    const rows = await this.em.getConnection().execute<{ count: number; retry_after: number }[]>(
      `INSERT INTO rate_limit_buckets (key, count, window_started_at, expires_at)
       VALUES (?, 1, now(), now() + make_interval(secs => ?))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limit_buckets.expires_at <= now() THEN 1 ELSE rate_limit_buckets.count + 1 END,
         window_started_at = CASE WHEN rate_limit_buckets.expires_at <= now() THEN now() ELSE rate_limit_buckets.window_started_at END,
         expires_at = CASE WHEN rate_limit_buckets.expires_at <= now() THEN now() + make_interval(secs => ?) ELSE rate_limit_buckets.expires_at END
       RETURNING count, ceil(extract(epoch FROM expires_at - now()))::int AS retry_after`,
      [key, rule.windowSeconds, rule.windowSeconds],
    );
    const row = rows[0]!;
    return { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
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
  async refund(key: string): Promise<void> {
    await this.em
      .getConnection()
      .execute('UPDATE rate_limit_buckets SET count = greatest(count - 1, 0) WHERE key = ? AND expires_at > now()', [key]);
  }

  /** Reads a counter without counting. Never decide on throttled work with it: use `consume`. */
  async peek(key: string): Promise<RateLimitState> {
    const rows = await this.em.getConnection().execute<{ count: number; retry_after: number }[]>(
      `SELECT count, ceil(extract(epoch FROM expires_at - now()))::int AS retry_after
       FROM rate_limit_buckets WHERE key = ? AND expires_at > now()`,
      [key],
    );
    const row = rows[0];
    return row ? { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) } : { count: 0, retryAfterSeconds: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.em.getConnection().execute('DELETE FROM rate_limit_buckets WHERE key = ?', [key]);
  }

  /** Removes windows that ended, so the table stays small. Harmless when instances overlap. */
  @Interval('rate-limit-purge', 15 * 60 * 1000)
  async purgeExpired(): Promise<void> {
    try {
      await this.em.fork().getConnection().execute('DELETE FROM rate_limit_buckets WHERE expires_at <= now()');
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
