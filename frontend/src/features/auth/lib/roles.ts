import type { Role } from '../api';

const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Manager',
  staff: 'Staff',
};

/** How a role reads on screen; anything unknown reads "User" (spec §2). */
export function roleLabel(role: string | undefined): string {
  return role !== undefined && Object.hasOwn(ROLE_LABELS, role)
    ? ROLE_LABELS[role as Role]
    : 'User';
}
