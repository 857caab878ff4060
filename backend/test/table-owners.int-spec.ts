import * as path from 'node:path';
import { areaOf, ormWrites, rawStatements, tableOwners, tablesWritten } from './support/raw-sql-inventory';

const SRC = path.resolve(__dirname, '..', 'src');

describe('one owner per table', () => {
  // A table is written only by the module that declares its entity; other modules call that
  // module (docs/architecture.md, "The dependency rule"). This reads every raw statement.
  const owners = tableOwners(SRC);
  const statements = rawStatements(SRC);
  const orm = ormWrites(SRC);

  it('knows the owner of the tables the rota and settings share out', () => {
    expect(Object.fromEntries(['rota_days', 'rota_slots', 'system_settings', 'staff_unavailability', 'duty_reminders', 'outbox_emails'].map((t) => [t, owners.get(t)]))).toEqual({
      rota_days: 'rota',
      rota_slots: 'rota',
      system_settings: 'settings',
      staff_unavailability: 'availability',
      duty_reminders: 'reminders',
      outbox_emails: 'mail',
    });
  });

  it('has every raw write to a table in the module that owns it', () => {
    const foreign = statements.flatMap((s) =>
      tablesWritten(s.sql)
        .filter((table) => owners.has(table) && owners.get(table) !== areaOf(s.file))
        .map((table) => `${s.file}:${s.line} writes ${table} (owner: ${owners.get(table)})`),
    );
    expect(foreign).toEqual([]);
  });

  it('has every ORM insert, upsert, native update or delete in the module that owns the entity', () => {
    const foreign = orm.filter((w) => owners.get(w.table) !== areaOf(w.file)).map((w) => `${w.file}:${w.line} writes ${w.table} (owner: ${owners.get(w.table)})`);
    expect(foreign).toEqual([]);
  });

  it('prints the writes it checked', () => {
    const writes = statements.flatMap((s) => tablesWritten(s.sql).filter((t) => owners.has(t)));
    process.stdout.write(
      `table writes: ${writes.length} raw statements and ${orm.length} ORM calls on ${new Set([...writes, ...orm.map((w) => w.table)]).size} tables, each from its owner\n`,
    );
    expect(writes.length).toBeGreaterThan(20);
    expect(orm.length).toBeGreaterThan(10);
  });
});

describe('the table-owner check itself', () => {
  it('reads the written tables of inserts, updates and deletes, not of reads', () => {
    expect(tablesWritten('insert into rota_slots (id) select id from rota_days')).toEqual(['rota_slots']);
    expect(tablesWritten('update staff s set name = ? from users u where u.id = s.user_id')).toEqual(['staff']);
    expect(tablesWritten('delete from rota_days d where not exists (select 1 from rota_slots s)')).toEqual(['rota_days']);
    expect(tablesWritten('select * from rota_slots for update')).toEqual([]);
  });
});
