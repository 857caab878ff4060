import { createContext, useContext } from 'react';

import { PERMISSIONS as SERVER_PERMISSIONS, ROLES } from './permissions.gen';

export { ROLES };
export type Role = (typeof ROLES)[number];

const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Manager',
  staff: 'Staff',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** How a role reads on screen; an unknown one reads "User" (docs/product.md#roles-and-permissions). */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : 'User';
}

/**
 * The server's permissions, read from the backend's own table (permissions.gen.ts, written by
 * `npm run gen`), so screens hide exactly what the server would refuse. The server still checks
 * every request; this only spares people dead ends.
 */
type ServerPermission = keyof typeof SERVER_PERMISSIONS;

/**
 * What the frontend gates that the server has no permission of its own for, each read as one of
 * the server's permissions:
 * - `admin.panel`: the Admin Panel (/staff) and the admin-only parts of the activity log, for
 *   whoever may change system settings (`settings.manage`): admins only, as the panel always was.
 */
const DERIVED_PERMISSIONS = {
  'admin.panel': 'settings.manage',
} as const satisfies Record<string, ServerPermission>;

export type Permission = ServerPermission | keyof typeof DERIVED_PERMISSIONS;

function rolesHolding(permission: Permission): readonly Role[] {
  const server: ServerPermission =
    permission in DERIVED_PERMISSIONS
      ? DERIVED_PERMISSIONS[permission as keyof typeof DERIVED_PERMISSIONS]
      : (permission as ServerPermission);
  return SERVER_PERMISSIONS[server];
}

export type Access =
  /** Who is signed in is not known yet. */
  | { status: 'loading' }
  | { status: 'ready'; role: Role | undefined; can: (permission: Permission) => boolean };

export function accessFor(role: string | undefined): Access {
  const known = isRole(role) ? role : undefined;
  return {
    status: 'ready',
    role: known,
    can: (permission) => known !== undefined && rolesHolding(permission).includes(known),
  };
}

const LOADING: Access = { status: 'loading' };

/**
 * The signed-in user's capabilities (ant-design-pro's `access`). The app provides it from the
 * session; features read it here, since they cannot import the auth feature. Without a provider
 * nobody is known yet, which reads as loading.
 */
export const AccessContext = createContext<Access>(LOADING);

export function useAccess(): Access {
  return useContext(AccessContext);
}

/** Whether the signed-in user holds `permission`; false while that is still unknown. */
export function useCan(permission: Permission): boolean {
  const access = useAccess();
  return access.status === 'ready' && access.can(permission);
}
