import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

export interface Account {
  token: string;
  email: string;
  password: string;
  subdomain: string;
  organizationName: string;
  name: string;
}

/** Registers a new organisation through the API and returns its admin's credentials. */
export async function registerOrganization(t: TestApp, overrides: Partial<Account> = {}): Promise<Account> {
  const suffix = randomBytes(4).toString('hex');
  const account = {
    name: overrides.name ?? 'Ann Admin',
    email: overrides.email ?? `admin-${suffix}@example.com`,
    password: overrides.password ?? 'correct horse',
    subdomain: overrides.subdomain ?? `school-${suffix}`,
    organizationName: overrides.organizationName ?? `School ${suffix}`,
  };
  const res = await t
    .http()
    .post('/api/auth/register')
    .send({
      name: account.name,
      email: account.email,
      password: account.password,
      organizationName: account.organizationName,
      organizationSubdomain: account.subdomain,
    })
    .expect(201);
  return { ...account, token: res.body.token as string };
}

export function bearer(token: string): [string, string] {
  return ['Authorization', `Bearer ${token}`];
}
