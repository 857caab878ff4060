import { MikroORM } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import { types } from 'pg';
import { ARRAY_TYPE_IDS, parseIntegerArray, parseTextArray } from '../src/database/array-parsers';
import { buildOrmConfig } from '../src/config/mikro-orm.config';
import { createTestDatabase } from './support/test-database';

/**
 * The ORM's pool reads smallint[], integer[], text[] and varchar[] with postgres-array 3
 * (array-parsers.ts): PostgreSQL writes generated arrays out, and what the app gets back must be
 * what went in and what pg's default parser makes of the same text.
 */
/** pg's own parser for a type id (pg-types' defaults, postgres-array 2 for arrays). */
const pgDefault = (oid: number) => types.getTypeParser(oid as Parameters<typeof types.getTypeParser>[0]) as (value: string) => unknown;

describe("the ORM's array parsers", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  /** Runs `sql` on the ORM's own pool, so its type parsers read the answer. */
  let query: (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await MikroORM.init(buildOrmConfig({ clientUrl: db.url }));
    const pool = await orm.em.getConnection().getNativeClient();
    query = async (sql, values) => (await pool.query(sql, values)).rows as Record<string, unknown>[];
  });

  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  // Quotes, backslashes, braces, commas, blanks, the word NULL and the empty string are what
  // PostgreSQL quotes or escapes in an array's text.
  const awkward = fc.constantFrom('', 'NULL', 'null', ' ', 'a b', '"', '\\', '{', '}', ',', 'x"y\\z', 'é', '😀', '{1,2}');
  const text = fc.option(fc.oneof(fc.string(), awkward), { nil: null, freq: 6 });
  const smallint = fc.option(fc.integer({ min: -32768, max: 32767 }), { nil: null, freq: 6 });
  const integer = fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: null, freq: 6 });

  it('gives back the arrays PostgreSQL stored, as pg itself would parse them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(smallint), fc.array(integer), fc.array(text), fc.array(text), async (s, i, t, v) => {
        const sql = `select $1::smallint[] as s, $2::integer[] as i, $3::text[] as t, $4::varchar[] as v,
                            $1::smallint[]::text as s_text, $2::integer[]::text as i_text, $3::text[]::text as t_text, $4::varchar[]::text as v_text`;
        const [row] = await query(sql, [s, i, t, v]);
        expect(row!).toMatchObject({ s, i, t, v });
        // pg's default (postgres-array 2) parser on the same array text gives the same values.
        expect(pgDefault(ARRAY_TYPE_IDS.smallintArray)(row!.s_text as string)).toEqual(row!.s);
        expect(pgDefault(ARRAY_TYPE_IDS.integerArray)(row!.i_text as string)).toEqual(row!.i);
        expect(pgDefault(ARRAY_TYPE_IDS.textArray)(row!.t_text as string)).toEqual(row!.t);
        expect(pgDefault(ARRAY_TYPE_IDS.varcharArray)(row!.v_text as string)).toEqual(row!.v);
      }),
      { numRuns: 150 },
    );
  });

  it("uses postgres-array 3 on the ORM's pool only, not pg's defaults for the process", async () => {
    const pool = await orm.em.getConnection().getNativeClient();
    const overrides = (pool as unknown as { options: { types: { getTypeParser(oid: number): unknown } } }).options.types;
    expect(overrides.getTypeParser(ARRAY_TYPE_IDS.smallintArray)).toBe(parseIntegerArray);
    expect(overrides.getTypeParser(ARRAY_TYPE_IDS.textArray)).toBe(parseTextArray);
    expect(pgDefault(ARRAY_TYPE_IDS.smallintArray)).not.toBe(parseIntegerArray);
  });
});
