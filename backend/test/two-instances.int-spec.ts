import { MikroORM } from '@mikro-orm/core';
import { freePort } from '../src/database/throwaway-postgres';
import { EMAIL_REQUEST_LIMIT } from '../src/modules/auth/email-requests.service';
import { LOGIN_LIMITS } from '../src/modules/auth/sign-in.service';
import { ADMIN_PASSWORD_LIMIT } from '../src/modules/requests/auto-approval.service';
import { type AppProcess, killApp, listening, startApp } from './support/app-process';
import { bearer, registerOrganization } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

/**
 * Two app instances on one database, the way it is deployed when one machine is not enough.
 * Also covered elsewhere, with the tools those tests need:
 * - reminders.int-spec.ts 'delivers each reminder once when two instances run the pass at the
 *   same minute' (advisory lock + duty_reminders), and the rest of that file runs on two instances;
 * - outbox.int-spec.ts 'delivers each email exactly once while two app instances drain at the
 *   same time'.
 */
describe('two instances as separate processes', () => {
  // Separate processes share nothing but the database and the JWT secret (in one process,
  // passport's strategies are global, which would hide a token that only one instance accepts).
  const JWT_SECRET = 'two-instances-secret-0123456789abcdef0123456789';
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: AppProcess[] = [];
  let a: string;
  let b: string;
  let other: string;

  async function start(secret: string): Promise<string> {
    const port = await freePort();
    const app = startApp({ DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: secret, REMINDER_CRON: 'off' });
    apps.push(app);
    await listening(app);
    return `http://127.0.0.1:${port}/api`;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    // One after the other: the first one applies the migrations.
    a = await start(JWT_SECRET);
    b = await start(JWT_SECRET);
    // A misconfigured third instance, with a secret of its own.
    other = await start('another-secret-0123456789abcdef0123456789abc');
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await killApp(app);
    await db?.drop();
  });

  const call = async (base: string, method: string, url: string, token?: string, body?: object) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('accepts a token signed in on one instance on the other, and each sees the other’s writes', async () => {
    const account = {
      name: 'Ann Admin',
      email: 'ann@two-instances.example',
      password: 'correct horse',
      organizationName: 'Two Instance School',
      organizationSubdomain: 'two-instances',
    };
    expect((await call(a, 'POST', '/auth/register', undefined, account)).status).toBe(201);
    const credentials = { email: account.email, password: account.password, organizationSubdomain: account.organizationSubdomain };

    const onA = await call(a, 'POST', '/auth/login', undefined, credentials);
    expect(onA.status).toBe(200);
    const tokenFromA = onA.body.token as string;
    const me = await call(b, 'GET', '/auth/user', tokenFromA);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: account.email, role: 'admin' });
    expect(me.body.organization).toMatchObject({ subdomain: account.organizationSubdomain });

    const created = await call(b, 'POST', '/staff', tokenFromA, { name: 'Written On B', email: 'b@two-instances.example' });
    expect(created.status).toBe(201);
    const listedOnA = await call(a, 'GET', '/staff', tokenFromA);
    expect(listedOnA.status).toBe(200);
    expect((listedOnA.body as unknown as { name: string }[]).map((s) => s.name)).toContain('Written On B');

    const onB = await call(b, 'POST', '/auth/login', undefined, credentials);
    expect(onB.status).toBe(200);
    expect((await call(a, 'GET', '/auth/user', onB.body.token as string)).status).toBe(200);

    // The token is checked, not merely decoded: an instance with another secret refuses it.
    const refused = await call(other, 'GET', '/auth/user', tokenFromA);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ statusCode: 401, message: 'Your session has ended. Please sign in again.', error: 'Unauthorized' });
  }, 60_000);
});

describe('sign-in throttling across instances', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Behind a load balancer: two instances on one database, trusting its X-Forwarded-For.
    // One signing secret: in one process passport's 'jwt' strategy is global, so the second
    // instance verifies the sessions of both.
    const JWT_SECRET = 'throttling-secret-0123456789abcdef0123456789abcdef';
    a = await createTestApp({ env: { TRUST_PROXY: 'true', JWT_SECRET } });
    b = await createTestApp({ databaseUrl: a.databaseUrl, env: { TRUST_PROXY: 'true', JWT_SECRET } });
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

  /** How many answers had each status, e.g. `{ 401: 5, 429: 20 }`. */
  function countStatuses(statuses: number[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }

  it('checks at most 5 passwords when 25 wrong sign-ins arrive at once, across both instances', async () => {
    const account = await registerOrganization(a);
    const wrong = { email: account.email, password: 'not the password', organizationSubdomain: account.subdomain };
    // Each 401 is a password that was checked; a 429 was refused before its check.
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => attempt(i % 2 ? b : a, wrong)));
    expect(countStatuses(answers.map((res) => res.status))).toEqual({ 401: LOGIN_LIMITS.account.limit, 429: 25 - LOGIN_LIMITS.account.limit });
    // The right password is refused too until the window ends.
    await attempt(a, { ...wrong, password: account.password }).expect(429);
  });

  it('checks at most 5 admin passwords when 25 wrong re-authentications arrive at once', async () => {
    const account = await registerOrganization(a);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        (i % 2 ? b : a)
          .http()
          .post('/api/auto-approval-settings')
          .set(...bearer(account.token))
          .send({ adminPassword: 'not the password', swaps: true }),
      ),
    );
    expect(countStatuses(answers.map((res) => res.status))).toEqual({ 403: ADMIN_PASSWORD_LIMIT.limit, 429: 25 - ADMIN_PASSWORD_LIMIT.limit });
    const right = await a.http().post('/api/auto-approval-settings').set(...bearer(account.token)).send({ adminPassword: account.password, swaps: true });
    expect(right.status).toBe(429);
    expect((await a.http().get('/api/auto-approval-settings').set(...bearer(account.token)).expect(200)).body.swaps).toBe(false);
  });

  it('sends at most 20 emails when 30 password-reset requests from one address arrive at once', async () => {
    const account = await registerOrganization(a);
    const body = { email: account.email, organizationSubdomain: account.subdomain };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? b : a).http().post('/api/auth/forgot-password').set('X-Forwarded-For', '192.0.2.99').send(body)),
    );
    expect(countStatuses(answers.map((res) => res.status))).toEqual({ 200: EMAIL_REQUEST_LIMIT.limit, 429: 30 - EMAIL_REQUEST_LIMIT.limit });
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
