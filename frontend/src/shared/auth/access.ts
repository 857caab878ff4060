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
 * The server permissions that open the Admin Panel (/staff), one per kind of section on it: the
 * settings cards (`settings.manage`), Rota Management (`rota.manage`) and Staff Management
 * (`staff.manage`). Each section shows only to whoever holds its own permission; the panel opens
 * for whoever holds any of them (docs/product.md#roles-and-permissions).
 */
export const ADMIN_PANEL_PERMISSIONS = [
  'settings.manage',
  'rota.manage',
  'staff.manage',
] as const satisfies readonly ServerPermission[];

export type AdminPanelPermission = (typeof ADMIN_PANEL_PERMISSIONS)[number];

/**
 * What the frontend gates that the server has no permission of its own for, each held by whoever
 * holds any one of the server permissions listed:
 * - `admin.panel`: the Admin Panel (/staff), its entry in the navigation bar and the activity
 *   log's way back to it.
 */
const DERIVED_PERMISSIONS = {
  'admin.panel': ADMIN_PANEL_PERMISSIONS,
} as const satisfies Record<string, readonly ServerPermission[]>;

type DerivedPermission = keyof typeof DERIVED_PERMISSIONS;

export type Permission = ServerPermission | DerivedPermission;

function isDerived(permission: Permission): permission is DerivedPermission {
  return Object.hasOwn(DERIVED_PERMISSIONS, permission);
}

/** The roles holding `permission`, read from the server's table; a derived one, in role order. */
function rolesHolding(permission: Permission): readonly Role[] {
  if (!isDerived(permission)) return SERVER_PERMISSIONS[permission];
  const anyOf: readonly ServerPermission[] = DERIVED_PERMISSIONS[permission];
  return ROLES.filter((role) =>
    anyOf.some((server) => (SERVER_PERMISSIONS[server] as readonly Role[]).includes(role)),
  );
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
