import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { quoteIdent } from '../../src/database/embedded-postgres';

function adminUrl(): string {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (its global setup starts PostgreSQL)');
  return url;
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database for one test file and returns its URL and a way to drop it. */
export async function createTestDatabase() {
  const name = `dm_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)),
  };
}
