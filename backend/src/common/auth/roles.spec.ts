import { hasPermission, PERMISSIONS, type Permission, permissionDeniedMessage, ROLES } from './roles';

describe('the permission table', () => {
  const all = Object.keys(PERMISSIONS) as Permission[];

  it('gives admins everything', () => {
    expect(all.filter((p) => !hasPermission('admin', p))).toEqual([]);
  });

  it('gives managers staff, holidays, rota, swap decisions and the log, but not settings, roles, staff groups or cancel decisions', () => {
    // docs/product.md#roles-and-permissions: deciding cancel requests needs the manage-settings permission, and staff
    // groups are named by the admin (docs/product.md#staff-groups).
    expect(all.filter((p) => !hasPermission('manager', p)).sort()).toEqual(['cancellations.decide', 'settings.manage', 'staff.groups', 'staff.roles']);
  });

  it('gives staff viewing, their own requests and their own unavailability only', () => {
    expect(all.filter((p) => hasPermission('staff', p)).sort()).toEqual(['requests.create', 'rota.view', 'unavailability.own']);
  });

  it('words a refusal with the action that was refused', () => {
    expect(permissionDeniedMessage('settings.manage')).toBe("You don't have permission to change system settings");
  });

  it('knows exactly three roles', () => {
    expect(ROLES).toEqual(['admin', 'manager', 'staff']);
  });
});
