import { raw, type RawQueryFragment } from '@mikro-orm/core';
import { quoteLiteral } from './literal-quoting';

/**
 * `value` as JSON for a `?::jsonb` parameter — the row list of a set-based write
 * (`jsonb_to_recordset(?::jsonb)`) — written into the statement already quoted. MikroORM 7 writes
 * every parameter into the statement's text, quoting a string one character at a time: for a
 * repair's JSON lists (a year of slots, 764 rows and 94 KB when a school goes from three duty
 * managers a day to four) that built a string of a hundred thousand pieces, which the socket then
 * flattened to send. This is the ORM's own quoting of the JSON text (quoteLiteral, which the app's
 * platform also uses: literal-quoting.ts; json-param.spec.ts compares it with the stock platform's);
 * the ORM passes a raw fragment as it is.
 */
export function jsonParam(value: unknown): RawQueryFragment {
  return raw(quoteLiteral(JSON.stringify(value)));
}
