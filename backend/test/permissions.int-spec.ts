import { Controller, Get, Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { Authenticated, CurrentUser } from '../src/common/auth/authenticated.decorator';
import type { AuthUser } from '../src/common/auth/auth-user';
import { bearer, registerOrganization } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

@Controller('test-permissions')
class ProbeController {
  @Get('settings')
  @Authenticated('settings.manage')
  settings(@CurrentUser() user: AuthUser) {
    return { role: user.role };
  }

  @Get('rota')
  @Authenticated('rota.manage')
  rota(@CurrentUser() user: AuthUser) {
    return { role: user.role };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('Authenticated(permission)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
  });

  afterAll(() => t.close());

  async function withRole(role: 'admin' | 'manager' | 'staff') {
    const account = await registerOrganization(t);
    await t.get(MikroORM).em.getConnection().execute('UPDATE users SET role = ? WHERE email = ?', [role, account.email]);
    return account.token;
  }

  it('lets each role through exactly where the table says, with the spec’s refusal message', async () => {
    const admin = await withRole('admin');
    const manager = await withRole('manager');
    const staff = await withRole('staff');

    await t.http().get('/api/test-permissions/settings').set(...bearer(admin)).expect(200, { role: 'admin' });
    const denied = await t.http().get('/api/test-permissions/settings').set(...bearer(manager)).expect(403);
    expect(denied.body).toEqual({
      statusCode: 403,
      message: "You don't have permission to change system settings",
      error: 'Forbidden',
    });

    await t.http().get('/api/test-permissions/rota').set(...bearer(manager)).expect(200, { role: 'manager' });
    const staffDenied = await t.http().get('/api/test-permissions/rota').set(...bearer(staff)).expect(403);
    expect(staffDenied.body.message).toBe("You don't have permission to change the rota");
  });

  it('reads the role on every request, so a changed role applies at once', async () => {
    const account = await registerOrganization(t);
    await t.http().get('/api/test-permissions/settings').set(...bearer(account.token)).expect(200);
    await t.get(MikroORM).em.getConnection().execute('UPDATE users SET role = ? WHERE email = ?', ['staff', account.email]);
    await t.http().get('/api/test-permissions/settings').set(...bearer(account.token)).expect(403);
  });

  it('asks to sign in when there is no token', async () => {
    const res = await t.http().get('/api/test-permissions/settings').expect(401);
    expect(res.body.message).toBe('Please sign in to continue.');
  });
});
