import { MikroORM } from '@mikro-orm/core';
import { LOGIN_LIMITS } from '../src/modules/auth/auth.service';
import { registerOrganization } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

describe('sign-in throttling', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Behind a load balancer: two instances on one database, trusting its X-Forwarded-For.
    a = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    b = await createTestApp({ databaseUrl: a.databaseUrl, env: { TRUST_PROXY: 'true' } });
  });

  afterAll(async () => {
    await b.close();
    await a.close();
  });

  beforeEach(async () => {
    await a.get(MikroORM).em.getConnection().execute('DELETE FROM rate_limit_buckets');
  });

  const attempt = (t: TestApp, body: object, address = '203.0.113.7') =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', address).send(body);

  it('locks an account after 5 failures, counted across app instances, with a clear 429', async () => {
    const account = await registerOrganization(a);
    const wrong = { email: account.email, password: 'not the password', organizationSubdomain: account.subdomain };
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i += 1) {
      await attempt(i % 2 ? b : a, wrong).expect(401);
    }
    const right = { ...wrong, password: account.password };
    const locked = await attempt(b, right).expect(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    await attempt(a, right).expect(429);
  });

  it('does not count successful sign-ins, and a success clears earlier failures', async () => {
    const account = await registerOrganization(a);
    const wrong = { email: account.email, password: 'not the password', organizationSubdomain: account.subdomain };
    const right = { ...wrong, password: account.password };
    for (let i = 0; i < LOGIN_LIMITS.account.limit - 1; i += 1) await attempt(a, wrong).expect(401);
    await attempt(a, right).expect(200);
    for (let i = 0; i < LOGIN_LIMITS.account.limit - 1; i += 1) await attempt(b, wrong).expect(401);
    await attempt(b, right).expect(200);
  });

  it('limits failures from one client address across accounts', async () => {
    const account = await registerOrganization(a);
    const address = '198.51.100.23';
    await a.get(MikroORM).em.getConnection().execute(
      `INSERT INTO rate_limit_buckets (key, count, window_started_at, expires_at)
       VALUES (?, ?, now(), now() + interval '15 minutes')`,
      [`login:address:${address}`, LOGIN_LIMITS.address.limit - 1],
    );
    await attempt(a, { email: 'someone@example.com', password: 'whatever1', organizationSubdomain: account.subdomain }, address).expect(401);
    const res = await attempt(b, { email: account.email, password: account.password, organizationSubdomain: account.subdomain }, address).expect(429);
    expect(res.body.message).toBe('Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.');
  });
});
