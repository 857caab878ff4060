import { Client } from 'pg';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../src/database/throwaway-postgres';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const UNAVAILABLE = {
  statusCode: 503,
  message: 'The database is unavailable at the moment. Please try again shortly.',
  error: 'Service Unavailable',
};

/** Longest a request may take while the database is down: an answer, not a hang. */
const ANSWER_WITHIN_MS = 15_000;

describe('the database restarting under the running app', () => {
  // Its own PostgreSQL cluster: stopping it does not touch the other test files' databases.
  let pg: ThrowawayPostgres;
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    pg = await startThrowawayPostgres('duty_manager_restart');
    t = await createTestApp({ databaseUrl: pg.server.url });
    admin = await registerOrganization(t);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await pg?.stop();
  });

  const staffNames = async () =>
    ((await t.http().get('/api/staff').set(...bearer(admin.token)).expect(200)).body as { name: string }[]).map((s) => s.name);

  it('answers 503 with a clear message while it is down, says so on /api/health, and recovers without an app restart', async () => {
    await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Before Outage', email: 'before@example.com' }).expect(201);
    expect(await staffNames()).toContain('Before Outage');
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({ status: 'ok', database: 'up' });

    await pg.server.stop();

    // A read behind sign-in (the token check loads the user), a write, a sign-in, and health.
    const read = await t.http().get('/api/staff').set(...bearer(admin.token)).timeout(ANSWER_WITHIN_MS);
    expect(read.status).toBe(503);
    expect(read.body).toEqual(UNAVAILABLE);

    const write = await t
      .http()
      .post('/api/staff')
      .set(...bearer(admin.token))
      .send({ name: 'During Outage', email: 'during@example.com' })
      .timeout(ANSWER_WITHIN_MS);
    expect(write.status).toBe(503);
    expect(write.body).toEqual(UNAVAILABLE);

    const login = await t
      .http()
      .post('/api/auth/login')
      .send({ email: admin.email, password: admin.password, organizationSubdomain: admin.subdomain })
      .timeout(ANSWER_WITHIN_MS);
    expect(login.status).toBe(503);
    expect(login.body).toEqual(UNAVAILABLE);

    const down = await t.http().get('/api/health').timeout(ANSWER_WITHIN_MS);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'degraded', database: 'down', reason: expect.any(String) });
    expect(down.body.reason.length).toBeGreaterThan(0);

    // The same cluster again: same data directory, same port.
    await pg.server.start();

    let health = await t.http().get('/api/health');
    for (let attempt = 1; health.status !== 200 && attempt < 50; attempt += 1) {
      await new Promise((r) => setTimeout(r, 100));
      health = await t.http().get('/api/health');
    }
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', database: 'up' });

    // The same app serves again, the data from before is there, the refused write is not.
    const names = await staffNames();
    expect(names).toContain('Before Outage');
    expect(names).not.toContain('During Outage');
    await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'After Outage', email: 'after@example.com' }).expect(201);
    expect(await staffNames()).toEqual(expect.arrayContaining(['Before Outage', 'After Outage']));
    await t
      .http()
      .post('/api/auth/login')
      .send({ email: admin.email, password: admin.password, organizationSubdomain: admin.subdomain })
      .expect(200);
  }, 120_000);

  it('says the database is down when it refuses this database, and up again once it accepts it', async () => {
    await t.http().get('/api/health').expect(200);
    const name = new URL(t.databaseUrl).pathname.slice(1);
    const superuser = new Client({ connectionString: pg.server.urlFor('postgres') });
    await superuser.connect();
    try {
      // Refuse new connections to this database and end the app's current ones.
      await superuser.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await superuser.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const down = await t.http().get('/api/health').expect(503);
      expect(down.body).toEqual({ status: 'degraded', database: 'down', reason: expect.any(String) });
    } finally {
      await superuser.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      await superuser.end();
    }
    const up = await t.http().get('/api/health').expect(200);
    expect(up.body).toEqual({ status: 'ok', database: 'up' });
  });
});
