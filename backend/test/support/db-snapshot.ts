import { MikroORM } from '@mikro-orm/core';
import type { TestApp } from './test-app';

/**
 * A fingerprint of every table's contents, to prove a refused request changed nothing.
 * Rate-limit counters are left out: counting a refused attempt is their job.
 */
export async function snapshotDatabase(t: TestApp): Promise<Record<string, string>> {
  const conn = t.get(MikroORM).em.getConnection();
  const tables = await conn.execute<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('rate_limit_buckets', 'mikro_orm_migrations') ORDER BY table_name`,
  );
  const snapshot: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await conn.execute<{ digest: string | null }[]>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table_name}" t`,
    );
    snapshot[table_name] = row?.digest ?? '';
  }
  return snapshot;
}
