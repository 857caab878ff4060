import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { preparedRead, preparedStatement } from '../../database/prepared-read';
import { CREDENTIALS_USABLE_SQL } from '../auth/credentials-usable-sql';
import { TenantContext } from '../../tenancy/tenant-context';

/** How often a feed fetch records itself as the token's last use. */
const LAST_USED_GRANULARITY = "interval '5 minutes'";
/**
 * A token's row with what the ETag is made of, when the token still opens a feed. Every
 * revalidation of every subscribed calendar runs it, so it is a prepared statement (planned once per
 * connection), and the owner's staff record and the revision are subqueries: as a five-table join it
 * took longer to plan than to run.
 */
const TOKEN_LOOKUP = preparedStatement(
  'calendar_feed_token',
  `
  select t.id, t.secret_hash, t.organization_id, t.user_id, o.name as organization_name, o.timezone,
         (select s.id from staff s where s.user_id = t.user_id and s.organization_id = t.organization_id) as staff_id,
         coalesce((select r.revision from calendar_feed_revisions r where r.organization_id = t.organization_id), 0)::text as revision,
         (t.last_used_at is null or t.last_used_at < now() - ${LAST_USED_GRANULARITY}) as use_due
    from calendar_feed_tokens t
    join users u on u.id = t.user_id and u.organization_id = t.organization_id
    join organizations o on o.id = t.organization_id
   where t.selector = $1 and ${CREDENTIALS_USABLE_SQL} and t.user_token_version = u.token_version`,
);

export interface FeedTokenRow {
  id: string;
  secret_hash: string;
  organization_id: string;
  user_id: string;
  organization_name: string;
  timezone: string;
  staff_id: string | null;
  /** Whether this fetch should record itself as the token's last use (LAST_USED_GRANULARITY). */
  use_due: boolean;
  /** calendar_feed_revisions.revision (0 when the organisation has none yet), a bigint: as text. */
  revision: string;
}

/** The one door to `calendar_feed_tokens` and `calendar_feed_revisions`. */
@Injectable()
export class CalendarFeedsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The user's current token, if its sessions have not ended since it was issued. */
  async findSubscription(userId: string): Promise<{ created_at: Date; last_used_at: Date | null } | undefined> {
    const [row] = await this.em.execute<{ created_at: Date; last_used_at: Date | null }[]>(
      `select t.created_at, t.last_used_at
         from calendar_feed_tokens t
         join users u on u.id = t.user_id and u.organization_id = t.organization_id
        where t.organization_id = ? and t.user_id = ? and t.user_token_version = u.token_version`,
      [TenantContext.require(), userId],
    );
    return row;
  }

  /** Every token of the user, current or not, with when it was made and last used (never its secret). */
  tokensOf(userId: string): Promise<{ created_at: Date; last_used_at: Date | null; current: boolean }[]> {
    return this.em.execute(
      `select t.created_at, t.last_used_at, t.user_token_version = u.token_version as current
         from calendar_feed_tokens t
         join users u on u.id = t.user_id and u.organization_id = t.organization_id
        where t.organization_id = ? and t.user_id = ?
        order by t.created_at`,
      [TenantContext.require(), userId],
    );
  }

  /** Removes the user's tokens; returns how many there were. */
  async deleteTokensOf(userId: string): Promise<number> {
    const removed = await this.em.execute<{ id: string }[]>(
      'delete from calendar_feed_tokens where organization_id = ? and user_id = ? returning id',
      [TenantContext.require(), userId],
    );
    return removed.length;
  }

  /** Writes the user's new token, bound to their current sessions' version; returns when it was made. */
  async insertToken(userId: string, selector: string, secretHash: string): Promise<Date> {
    const [row] = await this.em.execute<{ created_at: Date }[]>(
      `insert into calendar_feed_tokens (id, organization_id, user_id, selector, secret_hash, user_token_version)
       select gen_random_uuid(), u.organization_id, u.id, ?, ?, u.token_version
         from users u where u.organization_id = ? and u.id = ?
       returning created_at`,
      [selector, secretHash, TenantContext.require(), userId],
    );
    return row!.created_at;
  }

  /** The token row a selector names, when it still opens a feed. One prepared statement. */
  async findBySelector(selector: string): Promise<FeedTokenRow | undefined> {
    const [row] = await preparedRead<FeedTokenRow>(this.em, TOKEN_LOOKUP, [selector]);
    return row;
  }

  /**
   * Records a fetch as the token's last use; the condition stays, so two fetches that both saw
   * the use due write once.
   */
  async recordUse(token: Pick<FeedTokenRow, 'id' | 'organization_id'>): Promise<void> {
    await this.em.execute(
      `update calendar_feed_tokens set last_used_at = now()
        where organization_id = ? and id = ? and (last_used_at is null or last_used_at < now() - ${LAST_USED_GRANULARITY})`,
      [token.organization_id, token.id],
    );
  }
}
