import { startThrowawayPostgres } from '../../src/database/throwaway-postgres';

/**
 * One PostgreSQL cluster for the whole run; every test file gets a fresh database of its own
 * on it (see test-app.ts). With DATABASE_URL set, that server is used instead.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const cluster = await startThrowawayPostgres();
  (globalThis as { __testCluster__?: unknown }).__testCluster__ = cluster;
  process.env.TEST_PG_ADMIN_URL = cluster.server.url;
}
