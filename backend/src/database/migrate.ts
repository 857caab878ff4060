import { MikroORM } from '@mikro-orm/core';
import { Client } from 'pg';
import { runMigrationStatements } from './statement-timeouts';

// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Applies pending migrations. Instances starting together take turns on a PostgreSQL
 * advisory lock, so a migration never runs twice at once; the later ones find nothing to do.
 */
export async function runMigrations(orm: MikroORM, clientUrl: string): Promise<string[]> {
  const lock = new Client({ connectionString: clientUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // Without the statement time limit of requests: a migration may rebuild a large table.
    const applied = await runMigrationStatements(() => orm.migrator.up());
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}
