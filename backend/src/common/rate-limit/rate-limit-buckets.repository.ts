import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A counter's state: attempts in the window, and seconds until the window ends. */
export interface BucketState {
  count: number;
  retryAfterSeconds: number;
}

/**
 * The one owner of `rate_limit_buckets`: fixed-window counters shared by every app instance.
 * Not tenant-scoped: a key names what it counts (an address, an account, an organisation).
 */
@Injectable()
export class RateLimitBucketsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Counts one event in the key's window (a new window when the last one ended), in one atomic
   * upsert. `withWork`: in the caller's transaction, when it has one (the count holds only if the
   * work commits, and no second connection is taken from the pool while the transaction holds
   * one); otherwise on a connection of its own, committed at once whatever the caller's work does.
   */
  async hit(key: string, windowSeconds: number, withWork = false): Promise<BucketState> {
    const sql = `INSERT INTO rate_limit_buckets (key, count, window_started_at, expires_at)
       VALUES (?, 1, now(), now() + make_interval(secs => ?))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limit_buckets.expires_at <= now() THEN 1 ELSE rate_limit_buckets.count + 1 END,
         window_started_at = CASE WHEN rate_limit_buckets.expires_at <= now() THEN now() ELSE rate_limit_buckets.window_started_at END,
         expires_at = CASE WHEN rate_limit_buckets.expires_at <= now() THEN now() + make_interval(secs => ?) ELSE rate_limit_buckets.expires_at END
       RETURNING count, ceil(extract(epoch FROM expires_at - now()))::int AS retry_after`;
    const params = [key, windowSeconds, windowSeconds];
    type Row = { count: number; retry_after: number };
    const rows = withWork ? await this.em.execute<Row[]>(sql, params) : await this.em.getConnection().execute<Row[]>(sql, params);
    const row = rows[0]!;
    return { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
  }

  /** Takes one event back from the key's current window, if it has one. */
  async takeBack(key: string): Promise<void> {
    await this.em
      .getConnection()
      .execute('UPDATE rate_limit_buckets SET count = greatest(count - 1, 0) WHERE key = ? AND expires_at > now()', [key]);
  }

  /** The key's current window, or a count of 0 when it has none. */
  async current(key: string): Promise<BucketState> {
    const rows = await this.em.getConnection().execute<{ count: number; retry_after: number }[]>(
      `SELECT count, ceil(extract(epoch FROM expires_at - now()))::int AS retry_after
       FROM rate_limit_buckets WHERE key = ? AND expires_at > now()`,
      [key],
    );
    const row = rows[0];
    return row ? { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) } : { count: 0, retryAfterSeconds: 0 };
  }

  /** Removes every counter whose key contains one of `fragments` (plain text, not patterns; no line breaks). One statement. */
  async deleteMentioning(fragments: string[]): Promise<void> {
    if (!fragments.length) return;
    // One parameter, split in the database: the driver would spread an array over several.
    await this.em
      .getConnection()
      .execute('DELETE FROM rate_limit_buckets WHERE EXISTS (SELECT 1 FROM unnest(string_to_array(?::text, chr(10))) f WHERE strpos(key, f) > 0)', [
        fragments.join('\n'),
      ]);
  }

  async delete(key: string): Promise<void> {
    await this.em.getConnection().execute('DELETE FROM rate_limit_buckets WHERE key = ?', [key]);
  }

  /**
   * Removes windows that ended. Called from a timer, outside any request: on a fork of its own,
   * as the injected manager has no request context there.
   */
  async deleteExpired(): Promise<void> {
    await this.em.fork().getConnection().execute('DELETE FROM rate_limit_buckets WHERE expires_at <= now()');
  }

  /** Deletes the counters keyed by any of these email addresses (the last part of a key), in this transaction if any. */
  async deleteKeyedBy(emails: string[]): Promise<number> {
    if (!emails.length) return 0;
    const rows = await this.em.execute<{ key: string }[]>(
      `DELETE FROM rate_limit_buckets WHERE lower(regexp_replace(key, '^.*:', '')) = any(?::text[]) RETURNING key`,
      [`{${emails.map((e) => JSON.stringify(e.toLowerCase())).join(',')}}`],
    );
    return rows.length;
  }
}
