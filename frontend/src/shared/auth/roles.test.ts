import { describe, expect, it } from 'vitest';

import { accessFor, ADMIN_PANEL_PERMISSIONS, roleLabel, ROLES } from './access';

describe('roleLabel', () => {
  it.each([
    ['admin', 'Admin'],
    ['manager', 'Manager'],
    ['staff', 'Staff'],
    ['caretaker', 'User'],
    ['toString', 'User'],
    [undefined, 'User'],
    [null, 'User'],
  ])('labels %s as %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });
});

describe('accessFor', () => {
  it('gives admins everything', () => {
    const access = accessFor('admin');
    expect(access.status === 'ready' && access.can('admin.panel')).toBe(true);
    expect(access.status === 'ready' && access.can('staff.roles')).toBe(true);
  });

  it('lets managers run staff, holidays, the rota, the activity log and the admin panel, but not settings or roles', () => {
    const access = accessFor('manager');
    if (access.status !== 'ready') throw new Error('expected ready');
    expect(access.can('staff.manage')).toBe(true);
    expect(access.can('holidays.manage')).toBe(true);
    expect(access.can('rota.manage')).toBe(true);
    expect(access.can('audit.view')).toBe(true);
    expect(access.can('admin.panel')).toBe(true);
    expect(access.can('settings.manage')).toBe(false);
    expect(access.can('staff.roles')).toBe(false);
  });

  it.each([['staff'], ['caretaker'], [undefined]])('lets %s only look', (role) => {
    const access = accessFor(role);
    if (access.status !== 'ready') throw new Error('expected ready');
    expect(access.can('holidays.manage')).toBe(false);
    expect(access.can('audit.view')).toBe(false);
    expect(access.can('admin.panel')).toBe(false);
  });

  it('opens the admin panel to whoever holds any one of its permissions, read from the table', () => {
    for (const role of ROLES) {
      const access = accessFor(role);
      if (access.status !== 'ready') throw new Error('expected ready');
      expect(access.can('admin.panel')).toBe(
        ADMIN_PANEL_PERMISSIONS.some((permission) => access.can(permission)),
      );
    }
  });
});
