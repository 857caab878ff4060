import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmConfig } from '../src/config/mikro-orm.config';
import { runMigrations } from '../src/database/migrate';
import { REDACTED_TEXT } from '../src/modules/mail/entities/outbox-email.entity';
import { createTestDatabase } from './support/test-database';

describe('migrations', () => {
  it('bring an empty database exactly to the schema the entities describe', async () => {
    const db = await createTestDatabase();
    const orm = await MikroORM.init(buildOrmConfig({ clientUrl: db.url }));
    try {
      await runMigrations(orm, db.url);
      // When this fails, an entity changed without a migration: run `npm run migration:create -w backend`.
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(diff.trim()).toBe('');
      expect(await orm.migrator.getPending()).toEqual([]);
    } finally {
      await orm.close();
      await db.drop();
    }
  });

  it('redact the access-link emails already sent when the flag arrives, and keep the rest', async () => {
    const db = await createTestDatabase();
    const orm = await MikroORM.init(buildOrmConfig({ clientUrl: db.url }));
    try {
      await orm.migrator.up({ to: 'Migration20261121090305' });
      const conn = orm.em.getConnection();
      await conn.execute(
        `insert into outbox_emails (kind, "to", subject, html, text, status) values
           ('password-reset', 'a@example.com', 'sent reset', '<a href="https://x/reset-password?token=s1">', 'token=s1', 'sent'),
           ('invitation', 'b@example.com', 'simulated invite', 'token=s2', 'token=s2', 'simulated'),
           ('email-verification', 'c@example.com', 'queued verify', 'token=s3', 'token=s3', 'pending'),
           ('duty-reminder', 'd@example.com', 'reminder', '<p>Dear D</p>', 'Dear D', 'sent')`,
      );
      await runMigrations(orm, db.url);
      const rows = await conn.execute(
        `select subject, contains_access_link as secret, text, body_removed_at is not null as removed from outbox_emails order by id`,
      );
      // The migration writes the text the worker writes.
      const redacted = REDACTED_TEXT;
      expect(rows).toEqual([
        { subject: 'sent reset', secret: true, text: redacted, removed: true },
        { subject: 'simulated invite', secret: true, text: redacted, removed: true },
        // Still to be sent: the worker redacts it once it goes out.
        { subject: 'queued verify', secret: true, text: 'token=s3', removed: false },
        { subject: 'reminder', secret: false, text: 'Dear D', removed: false },
      ]);
    } finally {
      await orm.close();
      await db.drop();
    }
  });

  it('give every organisation that exists when duties arrive its Duty Manager duty, once', async () => {
    const db = await createTestDatabase();
    const orm = await MikroORM.init(buildOrmConfig({ clientUrl: db.url }));
    try {
      await orm.migrator.up({ to: 'Migration20261128230917' });
      const conn = orm.em.getConnection();
      await conn.execute(
        `insert into organizations (id, name, subdomain, trial_ends_at) values
           (gen_random_uuid(), 'Older School', 'older-school', now()), (gen_random_uuid(), 'Other School', 'other-school', now())`,
      );
      await runMigrations(orm, db.url);
      const rows = await conn.execute(
        `select o.subdomain, d.name, d.is_duty_manager, d.weight, d.pairs_teaching, d.start_time, d.paused
           from organizations o join duties d on d.organization_id = o.id order by o.subdomain`,
      );
      expect(rows).toEqual([
        { subdomain: 'older-school', name: 'Duty Manager', is_duty_manager: true, weight: 60, pairs_teaching: true, start_time: null, paused: false },
        { subdomain: 'other-school', name: 'Duty Manager', is_duty_manager: true, weight: 60, pairs_teaching: true, start_time: null, paused: false },
      ]);
    } finally {
      await orm.close();
      await db.drop();
    }
  });
});
