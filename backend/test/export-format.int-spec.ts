import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { EXPORTED_TABLES, NOT_EXPORTED, NOT_EXPORTED_BY_USER, SECRET_COLUMNS } from '../src/modules/data-rights/export-format';
import { exportJsonSchema, exportTablesMarkdown, TABLES_END, TABLES_START } from '../src/modules/data-rights/export-format-docs';
import { sqlOf } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The organisation export's format (src/modules/data-rights/export-format.ts) against the database
 * itself, read from information_schema: a table with an organization_id is exported or listed as
 * left out with its reason, and each exported table's columns, types and references are the
 * format's; docs/export-format.md and docs/export-format.schema.json are written from the format
 * (WRITE_EXPORT_FORMAT=1 rewrites them).
 */

const DOCS = path.resolve(__dirname, '..', '..', 'docs');
const MARKDOWN = path.join(DOCS, 'export-format.md');
const SCHEMA = path.join(DOCS, 'export-format.schema.json');

const TYPES: Record<string, string> = {
  uuid: 'uuid',
  varchar: 'text',
  text: 'text',
  int2: 'integer',
  int4: 'integer',
  int8: 'integer',
  numeric: 'number',
  bool: 'boolean',
  date: 'date',
  timestamptz: 'timestamp',
  jsonb: 'json',
  _int2: 'integer[]',
  _text: 'text[]',
  bytea: 'file',
};

describe('the organisation export format', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    t = await createTestApp();
    sql = sqlOf(t);
  });
  afterAll(() => t.close());

  it('exports every table with an organization_id, or says why not', async () => {
    const rows = await sql(
      `select distinct c.table_name from information_schema.columns c
         join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and c.column_name = 'organization_id' order by 1`,
    );
    const tables = rows.map((r) => String(r.table_name));
    const exported = EXPORTED_TABLES.map((x) => x.name);
    expect(tables.filter((x) => !exported.includes(x) && !(x in NOT_EXPORTED))).toEqual([]);
    expect(exported.filter((x) => x in NOT_EXPORTED)).toEqual([]);
    expect([...exported, ...Object.keys(NOT_EXPORTED)].filter((x) => !tables.includes(x))).toEqual([]);
  });

  it('says why each table of an account without an organization_id is left out', async () => {
    const rows = await sql(
      `select distinct tc.table_name from information_schema.table_constraints tc
         join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users'
          and not exists (select 1 from information_schema.columns c where c.table_name = tc.table_name and c.column_name = 'organization_id')
        order by 1`,
    );
    expect(rows.map((r) => String(r.table_name)).sort()).toEqual(Object.keys(NOT_EXPORTED_BY_USER).sort());
  });

  it("has each exported table's columns, types, nullability and references as the database has them", async () => {
    const columns = await sql(
      `select table_name, column_name, udt_name, is_nullable from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const references = await sql(
      `select kcu.table_name, kcu.column_name, ccu.table_name as ref from information_schema.table_constraints tc
         join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
         join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY'`,
    );
    for (const table of EXPORTED_TABLES) {
      const inDatabase = Object.fromEntries(
        columns
          .filter((c) => c.table_name === table.name && !(`${table.name}.${String(c.column_name)}` in SECRET_COLUMNS))
          .map((c) => {
            const ref = references.find((r) => r.table_name === table.name && r.column_name === c.column_name)?.ref as string | undefined;
            return [c.column_name, { type: TYPES[String(c.udt_name)] ?? `unknown ${String(c.udt_name)}`, nullable: c.is_nullable === 'YES', ref }];
          }),
      );
      const inFormat = Object.fromEntries(
        Object.entries(table.columns).map(([name, c]) => [name, { type: c.type, nullable: c.nullable === true, ref: c.references }]),
      );
      expect({ table: table.name, columns: inFormat }).toEqual({ table: table.name, columns: inDatabase });
    }
  });

  it('lists the tables in an order where a row refers only to tables before it', () => {
    const seen = new Set<string>(['organizations']);
    for (const table of EXPORTED_TABLES) {
      const later = Object.values(table.columns).filter((c) => c.references && !seen.has(c.references) && c.references !== table.name);
      expect({ table: table.name, later }).toEqual({ table: table.name, later: [] });
      seen.add(table.name);
    }
  });

  it('is what docs/export-format.md and docs/export-format.schema.json publish', () => {
    const schema = `${JSON.stringify(exportJsonSchema(), null, 2)}\n`;
    const markdown = readFileSync(MARKDOWN, 'utf8');
    const [before, rest] = markdown.split(TABLES_START);
    const after = rest?.split(TABLES_END)[1];
    expect(after).toBeDefined();
    const current = `${before}${exportTablesMarkdown()}${after}`;
    if (process.env.WRITE_EXPORT_FORMAT === '1') {
      writeFileSync(MARKDOWN, current);
      writeFileSync(SCHEMA, schema);
    }
    expect(markdown).toBe(current);
    expect(readFileSync(SCHEMA, 'utf8')).toBe(schema);
  });
});
