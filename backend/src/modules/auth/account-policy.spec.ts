import { ForbiddenException } from '@nestjs/common';
import { ROLES, type Role } from '../../common/auth/roles';
import { ACCOUNT_CHANGES, type AccountChange, assertMayActOn, assertMayGrant, mayActOn } from './account-policy';

describe('who may act on whom', () => {
  const actor = (role: Role) => ({ id: `${role}-actor`, role });

  it('lets each role act on its own rank and below, never above', () => {
    const allowed = ROLES.flatMap((a) => ROLES.filter((t) => mayActOn(actor(a), { role: t })).map((t) => `${a}→${t}`));
    expect(allowed.sort()).toEqual(['admin→admin', 'admin→manager', 'admin→staff', 'manager→manager', 'manager→staff', 'staff→staff'].sort());
  });

  it('refuses every kind of change to an admin account by a manager, naming what and why', () => {
    for (const change of Object.keys(ACCOUNT_CHANGES) as AccountChange[]) {
      expect(() => assertMayActOn(actor('manager'), { role: 'admin', name: 'Ann' }, change)).toThrow(ForbiddenException);
    }
    expect(() => assertMayActOn(actor('manager'), { role: 'admin', name: 'Ann' }, 'email')).toThrow(
      "You can't change the sign-in email of Ann: they are an admin, and only an admin may.",
    );
  });

  it('never grants a role above the granter’s own', () => {
    expect(() => assertMayGrant(actor('manager'), 'admin')).toThrow('above your own');
    expect(() => assertMayGrant(actor('manager'), 'manager')).not.toThrow();
    expect(() => assertMayGrant(actor('admin'), 'admin')).not.toThrow();
  });
});
