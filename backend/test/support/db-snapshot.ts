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

/**
 * A fingerprint of one organisation's rows: its `organizations` row and its rows of every table
 * with an `organization_id`, to prove another organisation's request left them as they were.
 */
export async function snapshotOrganization(t: TestApp, organizationId: string): Promise<Record<string, string>> {
  const conn = t.get(MikroORM).em.getConnection();
  const tables = await conn.execute<{ table_name: string }[]>(
    `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public' AND c.column_name = 'organization_id' AND c.table_name <> 'rate_limit_buckets'
      ORDER BY c.table_name`,
  );
  const snapshot: Record<string, string> = {};
  const digest = async (table: string, column: string) => {
    const [row] = await conn.execute<{ digest: string | null }[]>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t WHERE t."${column}" = ?`,
      [organizationId],
    );
    return row?.digest ?? '';
  };
  snapshot.organizations = await digest('organizations', 'id');
  for (const { table_name } of tables) snapshot[table_name] = await digest(table_name, 'organization_id');
  return snapshot;
}
