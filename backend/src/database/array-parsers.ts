import { parse } from 'postgres-array';
import type { Pool } from 'pg';

/** PostgreSQL's type ids of the array types the app reads (pg_type.typarray). */
export const ARRAY_TYPE_IDS = { smallintArray: 1005, integerArray: 1007, textArray: 1009, varcharArray: 1015 } as const;

const toInteger = (entry: string): number => Number.parseInt(entry, 10);

/** `{1,2,NULL}` → [1, 2, null], as pg's own parser gives them. */
export const parseIntegerArray = (value: string): (number | null)[] => parse(value, toInteger) as (number | null)[];
/** `{a,"b c",NULL,"NULL"}` → ['a', 'b c', null, 'NULL'], as pg's own parser gives them. */
export const parseTextArray = (value: string): (string | null)[] => parse(value) as (string | null)[];

/**
 * The staff list's working and avoided days (smallint[]) and the text arrays read with
 * postgres-array 3 (the parser MikroORM already uses for date arrays) instead of pg's default, the
 * postgres-array 2 that pg-types brings: that one makes an object per character, and on
 * `GET /api/staff` (two arrays a person) it was about a third of the bytes the request allocated,
 * which the young generation then had to collect (docs/performance.md). Same values, same nulls:
 * array-parsers.spec.ts compares both on generated arrays.
 *
 * Set on the ORM's pool's own type overrides (driverOptions.onPoolCreated), so no other pg pool
 * in the process changes.
 */
export function useArrayParsers(pool: Pool): void {
  const types = (pool as Pool & { options: { types?: { setTypeParser(oid: number, parse: (value: string) => unknown): void } } }).options.types;
  if (!types) throw new Error('The ORM created its pg pool without type overrides');
  types.setTypeParser(ARRAY_TYPE_IDS.smallintArray, parseIntegerArray);
  types.setTypeParser(ARRAY_TYPE_IDS.integerArray, parseIntegerArray);
  types.setTypeParser(ARRAY_TYPE_IDS.textArray, parseTextArray);
  types.setTypeParser(ARRAY_TYPE_IDS.varcharArray, parseTextArray);
}
