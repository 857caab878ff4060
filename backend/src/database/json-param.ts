import { raw, type RawQueryFragment } from '@mikro-orm/core';

/**
 * `value` as JSON for a `?::jsonb` parameter — the row list of a set-based write
 * (`jsonb_to_recordset(?::jsonb)`) — written into the statement already quoted. MikroORM 7 writes
 * every parameter into the statement's text, quoting a string one character at a time: for a
 * repair's JSON lists (a year of slots, 764 rows and 94 KB when a school goes from three duty
 * managers a day to four) that built a string of a hundred thousand pieces, which the socket then
 * flattened to send. This is the ORM's own quoting (platform.quoteValue of the JSON text: quotes
 * doubled, and when there is a backslash, backslashes doubled in an E'' string; json-param.spec.ts
 * compares the two) in two native replaces; the ORM passes a raw fragment as it is.
 */
export function jsonParam(value: unknown): RawQueryFragment {
  const json = JSON.stringify(value);
  const quoted = `'${json.replaceAll("'", "''")}'`;
  return raw(json.includes('\\') ? ` E${quoted.replaceAll('\\', '\\\\')}` : quoted);
}
