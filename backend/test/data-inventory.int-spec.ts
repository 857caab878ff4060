import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_INVENTORY, inventoryTable } from '../src/modules/data-rights/data-inventory';
import { sqlOf } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';

const SECURITY_DOC = path.resolve(__dirname, '..', '..', 'docs', 'security.md');
const START = '<!-- data-inventory:start';
const END = '<!-- data-inventory:end -->';

/**
 * The data inventory (docs/security.md#data-inventory) against the database itself: every
 * text, varchar, jsonb and bytea column of every table is classified in data-inventory.ts, as
 * personal (what, why, how long) or not; nothing listed there is gone; and the docs show the list.
 */
describe('the data inventory', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  const columns = async (types: string[]) =>
    (
      await sqlOf(t)(
        `select c.table_name || '.' || c.column_name as name from information_schema.columns c
           join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
          where c.table_schema = current_schema() and (cardinality(?::text[]) = 0 or c.data_type = any(?::text[])) order by 1`,
        [`{${types.map((type) => `"${type}"`).join(',')}}`, `{${types.map((type) => `"${type}"`).join(',')}}`],
      )
    ).map((r) => r.name as string);

  it('classifies every text-like column of every table, once', async () => {
    const textLike = await columns(['text', 'character varying', 'jsonb', 'bytea']);
    expect(textLike.length).toBeGreaterThan(90);
    const listed = DATA_INVENTORY.map((e) => e.column);
    expect(textLike.filter((c) => !listed.includes(c))).toEqual([]);
    expect(listed.filter((c, i) => listed.indexOf(c) !== i)).toEqual([]);
  });

  it('lists only columns that exist, and says why and for how long of each personal one', async () => {
    const all = await columns([]);
    expect(DATA_INVENTORY.map((e) => e.column).filter((c) => !all.includes(c))).toEqual([]);
    for (const entry of DATA_INVENTORY) {
      expect([entry.column, entry.what.length > 0]).toEqual([entry.column, true]);
      if (entry.personal) expect([entry.column, entry.why.length > 0, entry.kept.length > 0]).toEqual([entry.column, true, true]);
    }
  });

  it('is the table docs/security.md shows', () => {
    const doc = readFileSync(SECURITY_DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect([start >= 0, end > start]).toEqual([true, true]);
    const shown = doc.slice(doc.indexOf('\n', start) + 1, end).trim();
    // On a mismatch, paste inventoryTable() between the markers (the expected value below).
    expect(shown).toBe(inventoryTable());
  });
});
