import type { EntityManager } from '@mikro-orm/postgresql';
import { TenantContext } from '../../tenancy/tenant-context';

/**
 * Reads of `staff` that other modules answer from: the staff module owns the table, so the
 * statements are here (docs/architecture.md, "The dependency rule"). Plain functions on the
 * caller's EntityManager (and so its transaction); the organisation is the current one
 * (TenantContext.require(), which throws outside any context).
 */

/** A staff member as other modules need them: their name, email, whether active, and their account's id. */
export interface StaffPerson {
  id: string;
  name: string;
  email: string;
  isActive: boolean;
  userId: string | null;
}

/** The current organisation's staff among `ids`, by id; an id of another organisation is simply absent. One statement. */
export async function staffByIds(em: EntityManager, ids: string[]): Promise<Map<string, StaffPerson>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await em.execute<{ id: string; name: string; email: string; is_active: boolean; user_id: string | null }[]>(
    'select id, name, email, is_active, user_id from staff where organization_id = ? and id = any(?::uuid[])',
    [TenantContext.require(), `{${unique.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, email: r.email, isActive: r.is_active, userId: r.user_id }]));
}
