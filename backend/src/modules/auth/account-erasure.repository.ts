import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';

/** What erasing an account removed: rows of each kind. */
export interface AccountErasureCounts {
  sessions: number;
  signInMethods: number;
  links: number;
}

/**
 * The auth module's door for erasing an account (docs/security.md#retention-and-erasure) and
 * for the schedule that ages out what expires (sessions, handoffs, challenges, links). Every
 * statement names the account of the current organisation: the tables without an organisation
 * column reach it through `users`.
 */
@Injectable()
export class AccountErasureRepository {
  constructor(private readonly em: EntityManager) {}

  /** The account's name, email and any pending new email (lower-cased), or undefined for none in this organisation. */
  async identity(userId: string): Promise<{ name: string; emails: string[] } | undefined> {
    const [row] = await this.em.execute<{ name: string; email: string; pending: string[] | null }[]>(
      `select u.name, u.email, (select array_agg(lower(t.new_email)) from email_change_tokens t where t.user_id = u.id) as pending
         from users u where u.organization_id = ? and u.id = ?`,
      [TenantContext.require(), userId],
    );
    return row && { name: row.name, emails: [row.email.toLowerCase(), ...(row.pending ?? [])] };
  }

  /**
   * The account can no longer sign in and says nothing about its owner: name and email become
   * the pseudonym's, the password hash and two-step verification go, every session ends (the
   * token version moves on), and so do its sessions, handoffs, challenges, identities, recovery
   * codes and links of every kind.
   */
  async anonymise(userId: string, name: string, email: string): Promise<AccountErasureCounts> {
    const organizationId = TenantContext.require();
    await this.em.execute(
      `update users set name = ?, email = ?, password_hash = null, is_active = false, email_verified = false, two_factor_enabled = false,
              token_version = token_version + 1, updated_at = now()
        where organization_id = ? and id = ?`,
      [name, email, organizationId, userId],
    );
    const o = organizationId;
    const n = (rows: unknown[]) => rows.length;
    const sessions =
      n(await this.em.execute('delete from user_sessions where organization_id = ? and user_id = ? returning id', [o, userId])) +
      n(
        await this.em.execute(
          'delete from session_handoffs where user_id in (select id from users where organization_id = ? and id = ?) returning id',
          [o, userId],
        ),
      ) +
      n(
        await this.em.execute(
          'delete from two_factor_challenges where user_id in (select id from users where organization_id = ? and id = ?) returning id',
          [o, userId],
        ),
      );
    const signInMethods =
      n(await this.em.execute('delete from user_identities where organization_id = ? and user_id = ? returning id', [o, userId])) +
      n(await this.em.execute('delete from user_two_factor where organization_id = ? and user_id = ? returning id', [o, userId])) +
      n(await this.em.execute('delete from two_factor_recovery_codes where organization_id = ? and user_id = ? returning id', [o, userId]));
    const links =
      n(
        await this.em.execute(
          'delete from email_change_tokens where user_id in (select id from users where organization_id = ? and id = ?) returning id',
          [o, userId],
        ),
      ) +
      n(
        await this.em.execute(
          'delete from email_verification_tokens where user_id in (select id from users where organization_id = ? and id = ?) returning id',
          [o, userId],
        ),
      ) +
      n(
        await this.em.execute(
          'delete from password_reset_tokens where user_id in (select id from users where organization_id = ? and id = ?) returning id',
          [o, userId],
        ),
      );
    return { sessions, signInMethods, links };
  }

  /**
   * Ages out what has expired, across organisations (the schedule runs outside any): sessions,
   * session handoffs, two-step challenges, and verification, reset and email-change links past
   * their expiry. Returns how many rows went.
   */
  async deleteExpired(now: Date): Promise<number> {
    const n = (rows: unknown[]) => rows.length;
    return (
      n(
        await this.em.execute(
          'delete from user_sessions s using organizations o where s.organization_id = o.id and s.expires_at <= ? returning s.id',
          [now],
        ),
      ) +
      n(await this.em.execute('delete from session_handoffs where expires_at <= ? returning id', [now])) +
      n(await this.em.execute('delete from two_factor_challenges where expires_at <= ? returning id', [now])) +
      n(await this.em.execute('delete from email_verification_tokens where expires_at <= ? returning id', [now])) +
      n(await this.em.execute('delete from password_reset_tokens where expires_at <= ? returning id', [now])) +
      n(await this.em.execute('delete from email_change_tokens where expires_at <= ? returning id', [now]))
    );
  }
}
