export const ROLES = ['admin', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The permission table of docs/product.md#roles-and-permissions, written once. Each permission
 * lists the roles that hold it; the `Authenticated()` decorator checks them, and `npm run gen`
 * copies them into the frontend (frontend/src/shared/auth/permissions.gen.ts), whose screens
 * hide what the server would refuse.
 * Admin holds everything; a manager runs staff, holidays, the rota and requests but not
 * settings; staff view, make their own requests and manage their own unavailability.
 */
export const PERMISSIONS = {
  'rota.view': { roles: ['admin', 'manager', 'staff'], action: 'view the rota' },
  'requests.create': { roles: ['admin', 'manager', 'staff'], action: 'make requests' },
  'unavailability.own': { roles: ['admin', 'manager', 'staff'], action: 'record your unavailability' },
  'staff.manage': { roles: ['admin', 'manager'], action: 'manage staff members' },
  'holidays.manage': { roles: ['admin', 'manager'], action: 'manage holidays' },
  'rota.manage': { roles: ['admin', 'manager'], action: 'change the rota' },
  'requests.decide': { roles: ['admin', 'manager'], action: 'approve or reject swap requests' },
  /** docs/product.md#roles-and-permissions: deciding cancellations needs the manage-settings permission. */
  'cancellations.decide': { roles: ['admin'], action: 'approve or reject cancel requests' },
  'unavailability.manage': { roles: ['admin', 'manager'], action: "manage other people's unavailability" },
  'staff.roles': { roles: ['admin'], action: 'change roles' },
  /** docs/product.md#staff-groups: the admin names staff groups and puts people in them. */
  'staff.groups': { roles: ['admin'], action: 'manage staff groups' },
  /** docs/product.md#duties: admins and managers define, order, pause and delete duties. */
  'duties.manage': { roles: ['admin', 'manager'], action: 'manage duties' },
  'settings.manage': { roles: ['admin'], action: 'change system settings' },
  'audit.view': { roles: ['admin', 'manager'], action: 'view the activity log' },
} as const satisfies Record<string, { roles: readonly Role[]; action: string }>;

export type Permission = keyof typeof PERMISSIONS;

export function hasPermission(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

/** How a refusal reads (docs/product.md#roles-and-permissions), e.g. "You don't have permission to change system settings". */
export function permissionDeniedMessage(permission: Permission, action?: string): string {
  return `You don't have permission to ${action ?? PERMISSIONS[permission].action}`;
}
