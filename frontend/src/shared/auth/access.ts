import { createContext, useContext } from 'react';

export const ROLES = ['admin', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Manager',
  staff: 'Staff',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** How a role reads on screen; anything unknown reads "User" (spec §2). */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : 'User';
}

/**
 * The backend's permission table (spec §6, PRODUCT.md), mirrored so screens hide what the server
 * would refuse. The server still checks every request; this only spares people dead ends.
 */
const PERMISSIONS = {
  'admin.panel': ['admin'],
  'staff.manage': ['admin', 'manager'],
  'staff.roles': ['admin'],
  'holidays.manage': ['admin', 'manager'],
  'rota.manage': ['admin', 'manager'],
  /** Make requests for anyone's duties and approve or reject swaps. */
  'requests.decide': ['admin', 'manager'],
  /** Spec §6: approving or rejecting cancel requests needs the manage-settings permission. */
  'cancellations.decide': ['admin'],
  /** Record anyone's unavailability (everyone records their own). */
  'unavailability.manage': ['admin', 'manager'],
  'audit.view': ['admin', 'manager'],
  'settings.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export type Access =
  /** Who is signed in is not known yet. */
  | { status: 'loading' }
  | { status: 'ready'; role: Role | undefined; can: (permission: Permission) => boolean };

export function accessFor(role: string | undefined): Access {
  const known = isRole(role) ? role : undefined;
  return {
    status: 'ready',
    role: known,
    can: (permission) =>
      known !== undefined && (PERMISSIONS[permission] as readonly Role[]).includes(known),
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
