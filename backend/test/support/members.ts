import { MikroORM } from '@mikro-orm/core';
import { bearer, type Account } from './accounts';
import type { TestApp } from './test-app';

/**
 * A signed-in member of `admin`'s organisation with the given role: added as staff, invited,
 * and given a password directly in the database (the invitation email flow has its own tests).
 */
export async function memberWithRole(
  t: TestApp,
  admin: Account,
  role: 'admin' | 'manager' | 'staff',
  name = `${role[0]!.toUpperCase()}${role.slice(1)} Person`,
): Promise<{ token: string; staffId: string; email: string }> {
  const email = `${role}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@members.example`;
  const created = await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name, email, invite: true }).expect(201);
  const staffId = created.body.id as string;
  if (role !== 'staff') {
    await t.http().put(`/api/staff/${staffId}/role`).set(...bearer(admin.token)).send({ role }).expect(200);
  }
  const hash = (await t.get(MikroORM).em.getConnection().execute('SELECT password_hash FROM users WHERE email = ?', [admin.email]))[0]
    .password_hash as string;
  await t.get(MikroORM).em.getConnection().execute('UPDATE users SET password_hash = ? WHERE email = ?', [hash, email]);
  const login = await t
    .http()
    .post('/api/auth/login')
    .send({ email, password: admin.password, organizationSubdomain: admin.subdomain })
    .expect(200);
  return { token: login.body.token as string, staffId, email };
}
