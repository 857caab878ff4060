import { MikroORM } from '@mikro-orm/core';
import { startFreezableProxy, type FreezableProxy } from '../src/database/freezable-proxy';
import { runLongStatements, runMigrationStatements } from '../src/database/statement-timeouts';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

const UNAVAILABLE = {
  statusCode: 503,
  message: 'The database is unavailable at the moment. Please try again shortly.',
  error: 'Service Unavailable',
};

/**
 * The longest a request may wait on a frozen database: the statement limit (5 s by default) or
 * the wait for a connection (3 s), with room for a busy machine. Today's app waited as long as
 * the freeze lasted.
 */
const REQUEST_BOUND_MS = 9_000;
/** The health check answers within a second. */
const HEALTH_BOUND_MS = 1_000;

/**
 * A database that stops answering without closing its connections (a hung server, a paused VM,
 * a stuck disk): the app reaches it through a TCP proxy that can stop forwarding, so the shared
 * test cluster itself keeps running for the other test files.
 */
describe('a stalled database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: FreezableProxy;
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = await startFreezableProxy(Number(new URL(db.url).port));
    t = await createTestApp({ databaseUrl: proxy.urlThrough(db.url) });
    admin = await registerOrganization(t);
  }, 120_000);

  afterAll(async () => {
    proxy?.thaw();
    await t?.close();
    await proxy?.close();
    await db?.drop();
  });

  /** Sends `request` and resolves with its response and how long it took. */
  async function timed<T>(request: PromiseLike<T>): Promise<{ res: T; ms: number }> {
    const started = performance.now();
    const res = await request;
    return { res, ms: performance.now() - started };
  }

  it('answers 503 with Retry-After within a few seconds, and the health check within one, while it is frozen; then serves again', async () => {
    await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Before Freeze', email: 'before@example.com' }).expect(201);
    await t.http().get('/api/health').expect(200);

    proxy.freeze();
    try {
      // A read behind sign-in, a write in a transaction, a sign-in, and the health check, all at once.
      const [read, write, login, health] = await Promise.all([
        timed(t.http().get('/api/staff').set(...bearer(admin.token)).timeout(REQUEST_BOUND_MS + 5_000)),
        timed(t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'During Freeze', email: 'during@example.com' }).timeout(REQUEST_BOUND_MS + 5_000)),
        timed(
          t
            .http()
            .post('/api/auth/login')
            .send({ email: admin.email, password: admin.password, organizationSubdomain: admin.subdomain })
            .timeout(REQUEST_BOUND_MS + 5_000),
        ),
        timed(t.http().get('/api/health').timeout(REQUEST_BOUND_MS + 5_000)),
      ]);
      for (const { res, ms } of [read, write, login]) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual(UNAVAILABLE);
        expect(res.headers['retry-after']).toBe('5');
        expect(ms).toBeLessThan(REQUEST_BOUND_MS);
      }
      expect(health.res.status).toBe(503);
      expect(health.res.body).toEqual({ status: 'degraded', database: 'down', reason: expect.stringContaining('did not answer') });
      expect(health.ms).toBeLessThan(HEALTH_BOUND_MS);

      // Asked again while the pool's connections are stuck or gone, it still answers in time.
      const again = await timed(t.http().get('/api/health').timeout(REQUEST_BOUND_MS));
      expect(again.res.status).toBe(503);
      expect(again.ms).toBeLessThan(HEALTH_BOUND_MS);
    } finally {
      proxy.thaw();
    }

    let health = await t.http().get('/api/health');
    for (let attempt = 1; health.status !== 200 && attempt < 100; attempt += 1) {
      await new Promise((r) => setTimeout(r, 100));
      health = await t.http().get('/api/health');
    }
    expect(health.body).toEqual({ status: 'ok', database: 'up' });
    const names = ((await t.http().get('/api/staff').set(...bearer(admin.token)).expect(200)).body as { name: string }[]).map((s) => s.name);
    expect(names).toContain('Before Freeze');
    expect(names).not.toContain('During Freeze');
    await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'After Freeze', email: 'after@example.com' }).expect(201);
  }, 60_000);

  it("sets the server's statement limit by whose statements they are: a request's, long work's (bulk tools, imports), or none for migrations", async () => {
    const show = async () => (await t.get(MikroORM).em.fork().getConnection().execute<{ statement_timeout: string }[]>('SHOW statement_timeout'))[0]!.statement_timeout;
    expect(await show()).toBe('5s');
    expect(await runLongStatements(show)).toBe('1min');
    expect(await runMigrationStatements(show)).toBe('0');
    expect(await show()).toBe('5s');
  });
});
