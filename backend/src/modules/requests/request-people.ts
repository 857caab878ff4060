import { ForbiddenException, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission, type Permission } from '../../common/auth/roles';
import type { StaffDirectory, StaffPerson } from '../staff/staff-directory.service';

/** A staff member as the request rules need them (read from the staff module, the table's owner). */
export type Person = StaffPerson;

/** The current organisation's staff among `ids`, by id; an id of another organisation is simply absent. */
export function loadPeople(staff: StaffDirectory, ids: string[]): Promise<Map<string, Person>> {
  return staff.byIds(ids);
}

/** Like loadPeople for one id, with the 404 an unknown (or another organisation's) id gets. */
export async function loadPerson(staff: StaffDirectory, id: string): Promise<Person> {
  const person = (await loadPeople(staff, [id])).get(id);
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
