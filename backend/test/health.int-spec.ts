import { Client } from 'pg';
import { createTestApp, TestApp } from './support/test-app';

describe('GET /api/health when the database goes away', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('says the database is down with a 503, and up again once it is back', async () => {
    await t.http().get('/api/health').expect(200);
    const name = new URL(t.databaseUrl).pathname.slice(1);
    const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    try {
      // Refuse new connections to this database and end the app's current ones.
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const down = await t.http().get('/api/health').expect(503);
      expect(down.body).toMatchObject({ status: 'degraded', database: 'down' });
      expect(typeof down.body.reason).toBe('string');
    } finally {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    const up = await t.http().get('/api/health').expect(200);
    expect(up.body).toEqual({ status: 'ok', database: 'up' });
  });
});
