import * as path from 'node:path';
import { rawStatements, tablesWithoutTenantCondition, tenantTables } from './support/raw-sql-inventory';

const SRC = path.resolve(__dirname, '..', 'src');

describe('raw SQL and tenant isolation', () => {
  // The tenant filter guards only the ORM's own queries: a raw statement must say which
  // organisation it reads or writes, for every tenant table it names.
  const tenant = tenantTables(SRC);
  const statements = rawStatements(SRC);

  it('finds the tenant tables and the raw statements', () => {
    expect(tenant).toEqual(expect.arrayContaining(['rota_days', 'rota_slots', 'staff', 'staff_unavailability', 'users']));
    expect(statements.length).toBeGreaterThan(50);
  });

  it('finds the SQL of a prepared read as well as of an execute call', () => {
    const planted = rawStatements(SRC, {
      [path.join('modules', 'staff', 'planted.ts')]: `
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRead, preparedStatement } from '../../database/prepared-read';
const BY_EMAIL = preparedStatement('planted', 'select id from staff where email = ?');
export const planted = (em: EntityManager, email: string) => preparedRead(em, BY_EMAIL, [email]);
`,
    });
    expect(planted.map((s) => [s.sql, tablesWithoutTenantCondition(s.sql, tenant)])).toEqual([['select id from staff where email = ?', ['staff']]]);
  });

  it('reads the SQL of every raw statement (literal, constant, or built by a function)', () => {
    expect(statements.filter((s) => !s.sql).map((s) => `${s.file}:${s.line}`)).toEqual([]);
  });

  it('states the organisation condition for every tenant table each raw statement names', () => {
    const missing = statements.flatMap((s) => {
      const tables = tablesWithoutTenantCondition(s.sql, tenant);
      return tables.length ? [`${s.file}:${s.line} ${tables.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('prints the inventory: statements on tenant tables with and without the condition', () => {
    const onTenant = statements.filter((s) => tenant.some((t) => new RegExp(`\\b${t}\\b`).test(s.sql)));
    const without = onTenant.filter((s) => tablesWithoutTenantCondition(s.sql, tenant).length > 0);
    process.stdout.write(
      `raw statements: ${statements.length}; on tenant tables: ${onTenant.length} ` +
        `(with the organisation condition: ${onTenant.length - without.length}, without: ${without.length})\n`,
    );
    expect(without).toHaveLength(0);
  });
});

describe('the tenant-condition check itself', () => {
  const tenant = ['rota_days', 'rota_slots', 'staff'];

  it('accepts a condition on the table, its alias, or in an insert', () => {
    expect(tablesWithoutTenantCondition('select * from staff where organization_id = ?', tenant)).toEqual([]);
    expect(
      tablesWithoutTenantCondition(
        'select 1 from rota_days d join rota_slots s on s.rota_day_id = d.id and s.organization_id = d.organization_id where d.organization_id = ?',
        tenant,
      ),
    ).toEqual([]);
    expect(tablesWithoutTenantCondition('insert into staff (id, organization_id) values (?, ?)', tenant)).toEqual([]);
  });

  it('finds a table trusted by id alone, even when another table of the statement is scoped', () => {
    expect(tablesWithoutTenantCondition('select * from rota_slots where rota_day_id = ?', tenant)).toEqual(['rota_slots']);
    expect(
      tablesWithoutTenantCondition(
        'select 1 from rota_days d join staff st on st.id = d.staff_id where d.organization_id = ?',
        tenant,
      ),
    ).toEqual(['staff']);
    expect(tablesWithoutTenantCondition('delete from rota_days d where d.id = any(?)', tenant)).toEqual(['rota_days']);
  });
});
