import { MikroORM } from '@mikro-orm/core';
import { EmailRequestsService } from '../../src/modules/auth/email-requests.service';
import { OutboxWorker } from '../../src/modules/mail/outbox.worker';
import type { TestApp } from './test-app';

/**
 * Waits for the work the app finishes after answering: the emails queued by earlier requests
 * (the outbox worker marks them sent when the SMTP server has them) and the after-answer work of
 * forgot password, resend verification and Find your school. A snapshot taken while that runs
 * would see the outbox move under it and blame the request being checked.
 */
async function settled(t: TestApp): Promise<void> {
  await t.get(EmailRequestsService).whenFinished();
  await t.get(OutboxWorker).finishSending();
}

/**
 * A fingerprint of every table's contents, to prove a refused request changed nothing, taken
 * once the app has settled (see `settled`). Rate-limit counters are left out: counting a
 * refused attempt is their job.
 */
export async function snapshotDatabase(t: TestApp): Promise<Record<string, string>> {
  await settled(t);
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
 * with an `organization_id`, to prove another organisation's request left them as they were;
 * taken once the app has settled, like `snapshotDatabase`.
 */
export async function snapshotOrganization(t: TestApp, organizationId: string): Promise<Record<string, string>> {
  await settled(t);
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
