import type { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission, type Permission } from '../../common/auth/roles';
import { TenantContext } from '../../tenancy/tenant-context';

/** A staff member as the request rules need them. */
export interface Person {
  id: string;
  name: string;
  email: string;
  isActive: boolean;
  userId: string | null;
}

/** The current organisation's staff among `ids`, by id; an id of another organisation is simply absent. */
export async function loadPeople(em: EntityManager, ids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await em.execute<{ id: string; name: string; email: string; is_active: boolean; user_id: string | null }[]>(
    'select id, name, email, is_active, user_id from staff where organization_id = ? and id = any(?::uuid[])',
    [TenantContext.require(), `{${unique.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, email: r.email, isActive: r.is_active, userId: r.user_id }]));
}

/** Like loadPeople for one id, with the 404 an unknown (or another organisation's) id gets. */
export async function loadPerson(em: EntityManager, id: string): Promise<Person> {
  const person = (await loadPeople(em, [id])).get(id);
  if (!person) throw new NotFoundException('Staff member not found');
  return person;
}

/**
 * People without `permission` act only for their own staff record (the one linked to their
 * user); `message` says so. Admins and managers act for anyone.
 */
export function assertActsFor(actor: AuthUser, person: Person, permission: Permission, message: string): void {
  if (hasPermission(actor.role, permission)) return;
  if (person.userId !== actor.id) throw new ForbiddenException(message);
}
