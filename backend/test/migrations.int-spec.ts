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

  it('make every slot and cancellation there is the Duty Manager duty\'s without moving a day\'s revision or a feed\'s, and give new ones that duty', async () => {
    const db = await createTestDatabase();
    const orm = await MikroORM.init(buildOrmConfig({ clientUrl: db.url }));
    try {
      await orm.migrator.up({ to: 'Migration20261129053651' });
      const conn = orm.em.getConnection();
      const [org] = await conn.execute(`insert into organizations (id, name, subdomain, trial_ends_at) values (gen_random_uuid(), 'Slots School', 'slots-school', now()) returning id`);
      const [ann] = await conn.execute(`insert into staff (id, organization_id, name, email) values (gen_random_uuid(), ?, 'Ann', 'ann@slots.example') returning id`, [org.id]);
      const [bob] = await conn.execute(`insert into staff (id, organization_id, name, email) values (gen_random_uuid(), ?, 'Bob', 'bob@slots.example') returning id`, [org.id]);
      const [day] = await conn.execute(`insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, '2025-10-06') returning id`, [org.id]);
      await conn.execute(
        `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id) values (gen_random_uuid(), ?, ?, '2025-10-06', 1, ?), (gen_random_uuid(), ?, ?, '2025-10-06', 2, ?)`,
        [org.id, day.id, ann.id, org.id, day.id, bob.id],
      );
      const before = await conn.execute(
        `select d.revision, d.updated_at, (select revision from calendar_feed_revisions where organization_id = d.organization_id) as feed from rota_days d where d.id = ?`,
        [day.id],
      );
      expect(before[0]!.feed).not.toBeNull();
      await conn.execute(`insert into cancel_requests (id, organization_id, staff_id, date, reason) values (gen_random_uuid(), ?, ?, '2025-10-06', 'Trip')`, [org.id, ann.id]);

      await runMigrations(orm, db.url);
      const dutyManager = (await conn.execute(`select id from duties where organization_id = ? and is_duty_manager`, [org.id]))[0].id;
      expect(await conn.execute(`select position, duty_id from rota_slots order by position`)).toEqual([
        { position: 1, duty_id: dutyManager },
        { position: 2, duty_id: dutyManager },
      ]);
      expect(
        await conn.execute(
          `select d.revision, d.updated_at, (select revision from calendar_feed_revisions where organization_id = d.organization_id) as feed from rota_days d where d.id = ?`,
          [day.id],
        ),
      ).toEqual(before);

      // Written as the app writes it, without a duty: the Duty Manager duty's.
      const [cat] = await conn.execute(`insert into staff (id, organization_id, name, email) values (gen_random_uuid(), ?, 'Cat', 'cat@slots.example') returning id`, [org.id]);
      const [day2] = await conn.execute(`insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, '2025-10-07') returning id`, [org.id]);
      const [slot] = await conn.execute(
        `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id) values (gen_random_uuid(), ?, ?, '2025-10-07', 1, ?) returning duty_id`,
        [org.id, day2.id, cat.id],
      );
      expect(slot.duty_id).toBe(dutyManager);
      // Cancellations are of a duty too: the one there was, and any written without naming one.
      expect(await conn.execute(`select duty_id from cancel_requests`)).toEqual([{ duty_id: dutyManager }]);
      const [cancellation] = await conn.execute(
        `insert into cancel_requests (id, organization_id, staff_id, date, reason) values (gen_random_uuid(), ?, ?, '2025-10-07', 'Ill') returning duty_id`,
        [org.id, cat.id],
      );
      expect(cancellation.duty_id).toBe(dutyManager);
    } finally {
      await orm.close();
      await db.drop();
    }
  });

  it("give every duty there is its name's key and every school the daily rules' defaults, without moving a feed's revision", async () => {
    const db = await createTestDatabase();
    const orm = await MikroORM.init(buildOrmConfig({ clientUrl: db.url }));
    try {
      await orm.migrator.up({ to: 'Migration20261129092000' });
      const conn = orm.em.getConnection();
      const [org] = await conn.execute(`insert into organizations (id, name, subdomain, trial_ends_at) values (gen_random_uuid(), 'Keys School', 'keys-school', now()) returning id`);
      await conn.execute(`insert into system_settings (id, organization_id) values (gen_random_uuid(), ?)`, [org.id]);
      await conn.execute(
        `insert into duties (id, organization_id, name, start_time, end_time, weight) values (gen_random_uuid(), ?, 'Lunch — Field', '12:15', '13:00', 45)`,
        [org.id],
      );
      const feed = async () => (await conn.execute(`select revision from calendar_feed_revisions where organization_id = ?`, [org.id]))[0]?.revision;
      const revision = await feed();
      expect(revision).not.toBeUndefined();

      await runMigrations(orm, db.url);
      expect(await conn.execute(`select name, name_key, archived_at from duties where organization_id = ? order by name`, [org.id])).toEqual([
        { name: 'Duty Manager', name_key: 'duty manager', archived_at: null },
        { name: 'Lunch — Field', name_key: 'lunch — field', archived_at: null },
      ]);
      expect(await conn.execute(`select max_duties_per_day, all_day_duties_count from system_settings where organization_id = ?`, [org.id])).toEqual([
        { max_duties_per_day: 1, all_day_duties_count: true },
      ]);
      expect(await feed()).toBe(revision);
      // A school made afterwards gets its Duty Manager duty with its key.
      const [later] = await conn.execute(`insert into organizations (id, name, subdomain, trial_ends_at) values (gen_random_uuid(), 'Later School', 'later-school', now()) returning id`);
      expect(await conn.execute(`select name_key from duties where organization_id = ?`, [later.id])).toEqual([{ name_key: 'duty manager' }]);
    } finally {
      await orm.close();
      await db.drop();
    }
  });
});
