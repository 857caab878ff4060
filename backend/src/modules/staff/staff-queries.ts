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

/** The current organisation's staff record linked to a user (the person signed in), if any. One statement. */
export async function staffOfUser(em: EntityManager, userId: string): Promise<StaffPerson | undefined> {
  const [r] = await em.execute<{ id: string; name: string; email: string; is_active: boolean; user_id: string | null }[]>(
    'select id, name, email, is_active, user_id from staff where organization_id = ? and user_id = ? limit 1',
    [TenantContext.require(), userId],
  );
  return r && { id: r.id, name: r.name, email: r.email, isActive: r.is_active, userId: r.user_id };
}

/** The current organisation's active staff, by staff id (with their user, when they can sign in). One statement. */
export async function activeStaffPeople(em: EntityManager): Promise<Map<string, StaffPerson>> {
  const rows = await em.execute<{ id: string; name: string; email: string; is_active: boolean; user_id: string | null }[]>(
    'select id, name, email, is_active, user_id from staff where organization_id = ? and is_active order by id',
    [TenantContext.require()],
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, email: r.email, isActive: r.is_active, userId: r.user_id }]));
}

/** A staff member as the rota needs them: who they are, whether they can be planned, and their working pattern. */
export interface RosterEntry {
  id: string;
  name: string;
  department: string | null;
  isTeaching: boolean;
  isActive: boolean;
  /** The weekdays they work, ISO: 1 = Monday … 5 = Friday, sorted, at least one. */
  workingDays: number[];
  /** Contract fraction, 0.05–1; null: their working days ÷ 5. */
  fte: number | null;
  /** At most this many duties in one Monday–Sunday week, 1–5; null: the organisation's default (SystemSettingsRepository.rotaRules). */
  weeklyCap: number | null;
  /** Working days they would rather not do, ISO 1–5: some of `workingDays`, never all of them. */
  avoidDays: number[];
}

/** Everyone on the current organisation's staff, active or not, by id. One statement. */
export async function staffRoster(em: EntityManager): Promise<RosterEntry[]> {
  const rows = await em.execute<
    {
      id: string;
      name: string;
      department: string | null;
      is_teaching: boolean;
      is_active: boolean;
      working_days: number[];
      fte: number | null;
      weekly_cap: number | null;
      avoid_days: number[];
    }[]
  >(
    `select id, name, department, is_teaching, is_active, working_days, fte::float8 as fte, weekly_cap, avoid_days
       from staff where organization_id = ? order by id`,
    [TenantContext.require()],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    department: r.department,
    isTeaching: r.is_teaching,
    isActive: r.is_active,
    workingDays: r.working_days,
    fte: r.fte,
    weeklyCap: r.weekly_cap,
    avoidDays: r.avoid_days,
  }));
}

/** How many active staff the current organisation has, and how many of them have been invited to sign in. One statement. */
export async function staffCounts(em: EntityManager): Promise<{ active: number; invited: number }> {
  const [row] = await em.execute<{ active: string; invited: string }[]>(
    `select count(*) filter (where is_active) as active, count(*) filter (where is_active and user_id is not null) as invited
       from staff where organization_id = ?`,
    [TenantContext.require()],
  );
  return { active: Number(row?.active ?? 0), invited: Number(row?.invited ?? 0) };
}
