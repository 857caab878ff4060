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
 * Whether something issued to the user under session version `version` still stands: the user
 * and the current organisation are active and the version is unchanged (as the JWT strategy checks
 * a session). One statement.
 */
export async function sessionStillValid(em: EntityManager, userId: string, version: number): Promise<boolean> {
  const [user] = await em.execute<{ ok: boolean }[]>(
    `select (u.is_active and o.is_active and u.token_version = ?) as ok from users u join organizations o on o.id = u.organization_id
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
