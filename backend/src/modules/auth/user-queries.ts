import type { EntityManager } from '@mikro-orm/postgresql';
import { TenantContext } from '../../tenancy/tenant-context';

/**
 * Reads of `users` that other modules answer from: the auth module owns the table, so the
 * statements are here (docs/architecture.md, "The dependency rule"). Plain functions on the
 * caller's EntityManager; the organisation is the current one (TenantContext.require(), which
 * throws outside any context).
 */

/**
 * The user's session version (`token_version`, raised by whatever ends their sessions: a password
 * reset, deactivation, a new sign-in email) in the current organisation; undefined for no such user.
 */
export async function sessionVersion(em: EntityManager, userId: string): Promise<number | undefined> {
  const [user] = await em.execute<{ token_version: number }[]>('select token_version from users where id = ? and organization_id = ?', [
    userId,
    TenantContext.require(),
  ]);
  return user?.token_version;
}

/**
 * What every credential of a user needs besides its own check (SQL over `users u` joined to
 * `organizations o`): both active, and not an admin whom the organisation requires to use
 * two-step verification and who hasn't set it up — such an admin's sessions reach only the setup,
 * and their feed tokens and download links answer nothing until they have (docs/security.md,
 * "Two-step verification"). Kept here so sessions, feeds and links can't drift apart.
 */
export const CREDENTIALS_USABLE_SQL = `(u.is_active and o.is_active and not (o.require_admin_two_factor and u.role = 'admin' and not u.two_factor_enabled))`;

/**
 * Whether something issued to the user under session version `version` still stands: the user
 * and the current organisation are active, the version is unchanged (as the JWT strategy checks
 * a session), and no two-step verification setup is outstanding. One statement.
 */
export async function sessionStillValid(em: EntityManager, userId: string, version: number): Promise<boolean> {
  const [user] = await em.execute<{ ok: boolean }[]>(
    `select (${CREDENTIALS_USABLE_SQL} and u.token_version = ?) as ok from users u join organizations o on o.id = u.organization_id
      where u.id = ? and u.organization_id = ?`,
    [version, userId, TenantContext.require()],
  );
  return !!user?.ok;
}

/** The active admins' and managers' user ids in the current organisation: who approves requests. One statement. */
export async function approverUserIds(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from users where organization_id = ? and is_active and role in ('admin', 'manager') order by id`,
    [TenantContext.require()],
  );
  return rows.map((r) => r.id);
}

/** The active admins of the current organisation (id, name, address): who is told of changes to how people sign in. One statement. */
export async function activeAdmins(em: EntityManager): Promise<{ id: string; name: string; email: string }[]> {
  return em.execute<{ id: string; name: string; email: string }[]>(
    `select id, name, email from users where organization_id = ? and is_active and role = 'admin' order by id`,
    [TenantContext.require()],
  );
}
