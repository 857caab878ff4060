import { readFileSync } from 'node:fs';
import fc from 'fast-check';

/**
 * fast-check arbitraries built from the committed OpenAPI document: for each operation, requests
 * that start from a body/query its schema accepts and then break it — wrong types, missing
 * required fields, huge strings, odd Unicode, impossible dates, extreme numbers, unknown enum
 * values, bad ids, malformed JSON, wrong content types.
 */

export interface JsonSchema {
  $ref?: string;
  allOf?: JsonSchema[];
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** The field may hold several lines (`MultiLine()` on the DTO); every other string is one line. */
  'x-multiline'?: boolean;
}

interface RawParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

interface RawOperation {
  operationId: string;
  parameters?: RawParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown[];
}

export interface Spec {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path template, e.g. `/api/staff/{id}`. */
  path: string;
  pathParams: RawParameter[];
  queryParams: RawParameter[];
  headerParams: RawParameter[];
  body?: { contentType: string; schema: JsonSchema };
  /** Content types of the 2xx responses (empty for 204). */
  successTypes: string[];
  /** Answers with a redirect (a documented 3xx): the browser-navigated sign-in routes. */
  redirects: boolean;
  /** Needs a bearer token. */
  secured: boolean;
}

export function loadSpec(file: string): Spec {
  return JSON.parse(readFileSync(file, 'utf8')) as Spec;
}

export function listOperations(spec: Spec): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      // Parameter schemas resolved too: an enum parameter (`$ref` to ExportFormat) gets its values.
      const params = (op.parameters ?? []).map((p) => (p.schema ? { ...p, schema: resolveSchema(spec, p.schema) } : p));
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      return {
        operationId: op.operationId,
        method: method as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        headerParams: params.filter((p) => p.in === 'header'),
        body: contentType ? { contentType, schema: resolveSchema(spec, media?.schema ?? {}) } : undefined,
        successTypes: Object.entries(op.responses)
          .filter(([code]) => code.startsWith('2'))
          .flatMap(([, response]) => Object.keys(response.content ?? {})),
        redirects: Object.keys(op.responses).some((code) => code.startsWith('3')),
        secured: Boolean(op.security?.length),
      };
    }),
  );
}

/** Follows `$ref` and merges `allOf`, recursively for properties and items. */
export function resolveSchema(spec: Spec, schema: JsonSchema): JsonSchema {
  if (schema.$ref) return resolveSchema(spec, spec.components.schemas[schema.$ref.split('/').pop()!] ?? {});
  let merged: JsonSchema = { ...schema };
  if (schema.allOf) {
    delete merged.allOf;
    for (const part of schema.allOf) merged = { ...resolveSchema(spec, part), ...merged };
  }
  if (merged.properties) {
    merged.properties = Object.fromEntries(Object.entries(merged.properties).map(([k, v]) => [k, resolveSchema(spec, v)]));
  }
  if (merged.items) merged.items = resolveSchema(spec, merged.items);
  return merged;
}

// ---------------------------------------------------------------------------------------------
// Values

/** A value written into the JSON text as is (numbers JSON can spell but JavaScript can't keep). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Serialises a body that may hold `RawJson` values. Lone surrogates come out as `\ud800` escapes. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Strings that have broken parsers, databases, mail headers and templates before. */
export const ODD_STRINGS: readonly string[] = [
  '\ud800',
  'a\udc00b',
  '\udbff\udfff\ud800',
  '\u0000',
  'name\u0000with nul',
  '\u202eevil.exe\u202dfdp.',
  '\u200b\u200c\u200d\u2060',
  '\ufeffbom',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308',
  'Z̸̢̛̭͎̈́͗a̵̧͓̓l̶̰̈g̶̣̿o̷̫̊',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\u{10ffff}\u{e0001}',
  '\u0085\u2028\u2029',
  '',
  ' ',
  '\t\r\n',
  'line1\r\nBcc: victim@example.com',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}<%= 7*7 %>',
  '../../../etc/passwd',
  '%00%ff%',
  '__proto__',
  'constructor',
  'null',
  'ＡＢＣ１２３',
  'ﷺ',
  'İıŉſ',
];

export const INVALID_DATES: readonly string[] = [
  '2025-02-31',
  '2025-13-01',
  '2025-00-10',
  '2025-02-29',
  '2025-04-31',
  '20250101',
  '2025-1-1',
  '',
  '2025/09/08',
  '08-09-2025',
  '2025-09-08T00:00:00Z',
  '2025-09-08 ',
  '2025-09-08\u0000',
  '２０２５-０９-０８',
  '0000-01-01',
  '+275760-09-13',
  'today',
  'NaN',
];

/** Real dates at the edges of what a service might loop over or store. */
export const EXTREME_DATES: readonly string[] = ['1900-01-01', '1970-01-01', '2000-02-29', '2100-12-31', '9999-12-31'];

export const INVALID_UUIDS: readonly string[] = [
  'not-a-uuid',
  '123',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'ZZZZZZZZ-0000-4000-8000-000000000000',
  '{00000000-0000-4000-8000-000000000001}',
  '00000000000040008000000000000001',
  '00000000-0000-4000-8000-0000000000011',
  '00000000-0000-4000-8000-00000000001',
  '00000000-0000-4000-8000-000000000001\u0000',
  ' 00000000-0000-4000-8000-000000000001',
];

export const NUMBER_EDGES: readonly unknown[] = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 53 + 1),
  Number.MIN_VALUE,
  2 ** 31,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1e-400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('-0.0'),
];

export const NUMERIC_STRINGS: readonly string[] = ['NaN', 'Infinity', '-Infinity', '1e309', '0x1F', '1_000', ' 2', '２', '5abc', '', '1.5', '-1', '9007199254740993'];

const NON_OBJECTS: readonly unknown[] = [null, true, false, 0, 1, -1, 'text', [], ['a'], [null], {}, { a: 1 }, [[[]]]];

function sample<T>(values: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...values);
}

/** Odd text: fixed nasties, random code units (lone surrogates included), or very long runs. */
export function oddString(maxLength = 255): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: sample(ODD_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(sample([maxLength + 1, 1000, 100_000]), sample(['x', 'é', '😀', '\u0000', '\ud800', '\u200b']))
        .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length))),
    },
  );
}

function wrongTypeFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = schema.type ?? (schema.enum ? typeof schema.enum[0] : undefined);
  const candidates: unknown[] = [...NON_OBJECTS];
  if (type !== 'string') candidates.push('1', 'true', 'x');
  if (type !== 'number' && type !== 'integer') candidates.push(7, 1.5, 1e308);
  if (type !== 'boolean') candidates.push(true, false);
  return sample(candidates.filter((v) => typeof v !== type || v === null));
}

/** Values a schema does not accept (or accepts only at its edges), for one property. */
export function invalidValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongTypeFor(schema), fc.constant(null), sample([{}, [], { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}') as unknown])];
  if (schema.enum) {
    const first = schema.enum[0];
    options.push(sample(['', 'unknown', ' admin', 'ADMIN', 'Approved', typeof first === 'string' ? `${first} ` : 3, typeof first === 'string' ? first.toUpperCase() : -1, 0, 999]));
    options.push(oddString());
  } else if (schema.type === 'string') {
    options.push(oddString(schema.maxLength ?? 255), oddString(schema.maxLength ?? 255));
    if (schema.format === 'date') options.push(sample(INVALID_DATES), sample(INVALID_DATES), sample(EXTREME_DATES));
    if (schema.format === 'uuid' || /Id$/.test(String(schema.format ?? ''))) options.push(sample(INVALID_UUIDS), fc.uuid({ version: 4 }));
    if (schema.format === 'email') options.push(sample(['no-at-sign', '@example.com', 'a@', 'a@b', `${'a'.repeat(250)}@example.com`, 'a@example.com\u0000', 'ä@exämple.com', '"a b"@example.com']));
    if (schema.minLength) options.push(fc.constant('x'.repeat(schema.minLength - 1)));
    if (schema.maxLength) options.push(fc.constant('y'.repeat(schema.maxLength + 1)));
    if (schema.pattern) options.push(sample(['24:00', '23:60', '8:30', '08:30:00', '-', 'UPPER', 'a b', 'a_b', '..']));
  } else if (schema.type === 'number' || schema.type === 'integer') {
    options.push(sample(NUMBER_EDGES), sample(NUMBER_EDGES), sample(NUMERIC_STRINGS));
    if (schema.minimum !== undefined) options.push(fc.constant(schema.minimum - 1), fc.constant(schema.minimum - 0.5));
    if (schema.maximum !== undefined) options.push(fc.constant(schema.maximum + 1), fc.constant(schema.maximum + 0.5));
  } else if (schema.type === 'boolean') {
    options.push(sample(['true', 'false', 0, 1, 'yes', '', 'on']));
  } else if (schema.type === 'array') {
    const item = schema.items ?? {};
    const max = schema.maxItems ?? 50;
    options.push(
      depth < 2 ? fc.array(invalidValue(item, depth + 1), { minLength: 1, maxLength: 3 }) : fc.constant([null]),
      fc.constant(Array.from({ length: max + 1 }, () => validValue(item))),
      fc.constant(Array.from({ length: 10_000 }, () => validValue(item))),
      sample(['a,b', 'x', 1]),
    );
  } else if (schema.type === 'object') {
    options.push(sample(NON_OBJECTS));
  }
  return fc.oneof(...options);
}

/** A plain value the schema accepts (no context: placeholders for ids). */
export function validValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date') return '2025-10-06';
      if (schema.format === 'email') return 'fuzz.person@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-00000000f022';
      if (schema.pattern === '^([01][0-9]|2[0-3]):[0-5][0-9]$') return '08:30';
      if (schema.pattern) return 'fuzz-value';
      return 'Fuzz value'.padEnd(schema.minLength ?? 0, '!').slice(0, schema.maxLength ?? 1000);
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validValue(v)]));
    default:
      return 'Fuzz value';
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

export type Auth = 'admin' | 'anonymous' | 'garbage-token';

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'text'; contentType?: string; text: string | Buffer; contentEncoding?: string }
  | { kind: 'multipart'; files: { field: string; content: Buffer; filename: string; contentType: string }[]; fields: [string, string][] };

export interface FuzzRequest {
  /** What was broken, for the failure message. */
  label: string;
  /** Path with its parameters filled in and encoded. */
  url: string;
  headers: Record<string, string>;
  body: FuzzBody;
  auth: Auth;
}

export interface FuzzContext {
  /** Real ids (and other good values) for a path parameter of an operation, e.g. A's holiday. */
  pathValues(op: Operation, param: string): string[];
  /** A value the operation accepts for a body property or query parameter, when the schema alone can't tell (ids, tokens). */
  goodValue(op: Operation, name: string, schema: JsonSchema): unknown;
}

/** Percent-encodes every UTF-16 code unit; lone surrogates become the invalid UTF-8 bytes ED xx xx. */
export function encodeComponent(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

function short(value: unknown): string {
  let text: string;
  try {
    text = value instanceof RawJson ? value.text : typeof value === 'string' ? JSON.stringify(value) : toJsonText(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
}

const MALFORMED_JSON: readonly string[] = [
  '{',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":undefined}',
  '\ufeff{}',
  '',
  'null',
  '"text"',
  '42',
  'true',
  '{"a":"\\x00"}',
  '{"a":"\\ud800"}',
  '{"a":1}{"b":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
];

/** An operation's requests: its schema's values with one to three things broken. */
export function requestArbitrary(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const auth: fc.Arbitrary<Auth> = fc.oneof(
    { weight: 8, arbitrary: fc.constant<Auth>('admin') },
    { weight: 1, arbitrary: fc.constant<Auth>('anonymous') },
    { weight: 1, arbitrary: fc.constant<Auth>('garbage-token') },
  );
  const path = fc
    .tuple(...op.pathParams.map((p) => pathValue(op, p, ctx).map((v) => [p.name, v] as const)))
    .map((pairs) => {
      let url = op.path;
      const labels: string[] = [];
      for (const [name, [encoded, label]] of pairs) {
        url = url.replace(`{${name}}`, encoded);
        if (label) labels.push(`${name}=${label}`);
      }
      return { url, labels };
    });
  const query = queryArbitrary(op, ctx);
  const headers = fc.tuple(
    ...op.headerParams.map((p) =>
      fc.option(
        fc.oneof(fc.constant('"abc"'), fc.constant('*'), fc.constant('W/"x", "y"'), oddString(100).filter((s) => [...s].every((c) => c >= ' ' && c <= '~'))),
        { nil: undefined },
      ).map((v) => [p.name, v] as const),
    ),
  );
  const body = bodyArbitrary(op, ctx);
  return fc.record({ auth, path, query, headers, body }).map(({ auth: who, path: p, query: q, headers: h, body: b }) => {
    const headerValues = Object.fromEntries(h.filter(([, v]) => v !== undefined)) as Record<string, string>;
    const labels = [...p.labels, ...q.labels, ...Object.entries(headerValues).map(([k, v]) => `${k}: ${short(v)}`), b.label, `as ${who}`].filter(Boolean);
    const request: FuzzRequest = { label: labels.join('; '), url: `${p.url}${q.text ? `?${q.text}` : ''}`, headers: headerValues, body: b.body, auth: who };
    // fast-check prints counterexamples with this: the label, not a megabyte of body.
    Object.defineProperty(request, fc.toStringMethod, { value: () => `${op.operationId} ${request.url.slice(0, 120)} [${request.label}]` });
    return request;
  });
}

function pathValue(op: Operation, param: RawParameter, ctx: FuzzContext): fc.Arbitrary<[string, string]> {
  const good = ctx.pathValues(op, param.name);
  return fc.oneof(
    { weight: 3, arbitrary: sample(good).map((v): [string, string] => [encodeComponent(v), '']) },
    { weight: 2, arbitrary: fc.uuid({ version: 4 }).map((v): [string, string] => [v, `unknown ${v}`]) },
    { weight: 1, arbitrary: fc.constant<[string, string]>([good[0]!.toUpperCase(), 'upper-case id']) },
    { weight: 3, arbitrary: sample(INVALID_UUIDS).map((v): [string, string] => [encodeComponent(v), short(v)]) },
    { weight: 2, arbitrary: oddString(36).filter((v) => v !== '').map((v): [string, string] => [encodeComponent(v), short(v)]) },
    { weight: 1, arbitrary: sample(['%', '%E0%A4%A', '..', '%2e%2e%2f', '%2F', 'a%2Fb', '%00', '%FF%FE']).map((v): [string, string] => [v, `raw ${v}`]) },
  );
}

function queryArbitrary(op: Operation, ctx: FuzzContext): fc.Arbitrary<{ text: string; labels: string[] }> {
  if (op.queryParams.length === 0) {
    return fc.option(fc.constant('unexpected=1&__proto__[x]=1'), { freq: 8, nil: undefined }).map((t) => ({ text: t ?? '', labels: t ? [t] : [] }));
  }
  return fc
    .tuple(
      ...op.queryParams.map((p) => {
        const schema = p.schema ?? { type: 'string' };
        const good = ctx.goodValue(op, p.name, schema);
        const goodText = good === undefined ? undefined : String(good);
        type Q = { parts: string[]; label: string };
        const keep: Q = { parts: goodText === undefined ? [] : [`${p.name}=${encodeComponent(goodText)}`], label: '' };
        const variants: fc.Arbitrary<Q>[] = [
          fc.constant(keep),
          fc.constant({ parts: [], label: `${p.name} missing` }),
          invalidValue(schema).map((v) => ({ parts: [`${p.name}=${encodeComponent(typeof v === 'string' ? v : toJsonText(v))}`], label: `${p.name}=${short(v)}` })),
          invalidValue(schema).map((v) => ({ parts: [`${p.name}=${encodeComponent(typeof v === 'string' ? v : toJsonText(v))}`], label: `${p.name}=${short(v)}` })),
          fc.constant({ parts: [`${p.name}=a`, `${p.name}=b`], label: `${p.name} twice` }),
          fc.constant({ parts: [`${p.name}[x]=1`], label: `${p.name}[x]` }),
          fc.constant({ parts: [`${p.name}=%`], label: `${p.name}=% (bad escape)` }),
          fc.constant({ parts: [`${p.name}=${'9'.repeat(5000)}`], label: `${p.name}=9×5000` }),
        ];
        if (schema.type === 'number') variants.push(sample(NUMERIC_STRINGS).map((v) => ({ parts: [`${p.name}=${encodeComponent(v)}`], label: `${p.name}=${short(v)}` })));
        return fc.oneof({ weight: 3, arbitrary: fc.constant(keep) }, ...variants.map((arbitrary) => ({ weight: 1, arbitrary })));
      }),
    )
    .map((qs) => ({ text: qs.flatMap((q) => q.parts).join('&'), labels: qs.map((q) => q.label).filter(Boolean) }));
}

type BodyResult = { body: FuzzBody; label: string };

function bodyArbitrary(op: Operation, ctx: FuzzContext): fc.Arbitrary<BodyResult> {
  const writes = op.method !== 'get';
  if (!op.body) {
    // No body in the contract: none, an unexpected JSON one, or garbage.
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant<BodyResult>({ body: { kind: 'none' }, label: '' }) },
      { weight: writes ? 1 : 0, arbitrary: sample([{ a: 1 }, { organizationId: '00000000-0000-4000-8000-000000000001' }]).map((v) => jsonText(toJsonText(v), `body ${short(v)}`)) },
      { weight: writes ? 1 : 0, arbitrary: sample(MALFORMED_JSON).map((text) => jsonText(text, `malformed JSON ${short(text)}`)) },
    );
  }
  if (op.body.contentType === 'multipart/form-data') return multipartArbitrary();
  const schema = op.body.schema;
  const valid = (): Record<string, unknown> =>
    Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, s]) => [name, ctx.goodValue(op, name, s) ?? validValue(s)]));
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  type Mutation = { apply: (body: Record<string, unknown>) => void; label: string };
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    ...properties.map(([name, s]) =>
      invalidValue(s).map((v): Mutation => ({ apply: (b) => void (b[name] = v), label: `${name}=${short(v)}` })),
    ),
    ...properties
      .filter(([name]) => required.has(name))
      .map(([name]) => fc.constant<Mutation>({ apply: (b) => void delete b[name], label: `${name} missing` })),
    sample(['unexpected', '__proto__', 'constructor', '']).map((key): Mutation => ({
      apply: (b) => void Object.defineProperty(b, key, { value: 'x', enumerable: true, writable: true, configurable: true }),
      label: `extra ${JSON.stringify(key)}`,
    })),
  );
  const mutated = fc
    .tuple(fc.subarray(properties.filter(([name]) => !required.has(name)).map(([name]) => name)), fc.array(mutation, { minLength: 0, maxLength: 3 }))
    .map(([dropped, mutations]): BodyResult => {
      const body = valid();
      for (const name of dropped) delete body[name];
      for (const m of mutations) m.apply(body);
      const labels = [...(dropped.length ? [`without ${dropped.join(',')}`] : []), ...mutations.map((m) => m.label)];
      return jsonText(toJsonText(body), labels.length ? labels.join(', ') : 'schema-valid body');
    });
  return fc.oneof(
    { weight: 12, arbitrary: mutated },
    { weight: 1, arbitrary: sample(NON_OBJECTS).map((v) => jsonText(toJsonText(v), `body ${short(v)}`)) },
    { weight: 1, arbitrary: sample(MALFORMED_JSON).map((text) => jsonText(text, `malformed JSON ${short(text)}`)) },
    {
      weight: 1,
      arbitrary: sample([
        { contentType: 'text/plain', label: 'as text/plain' },
        { contentType: 'application/xml', label: 'as application/xml' },
        { contentType: 'application/x-www-form-urlencoded', label: 'as form' },
        { contentType: 'application/json; charset=utf-16', label: 'charset utf-16' },
        { contentType: 'application/json', contentEncoding: 'gzip', label: 'gzip that is not' },
        { contentType: 'application/json', contentEncoding: 'zstd-unknown', label: 'unknown encoding' },
        { contentType: 'multipart/form-data; boundary=x', label: 'as multipart without parts' },
        { contentType: undefined, label: 'no content type' },
      ]).map(({ contentType, contentEncoding, label }): BodyResult => {
        const text = contentType === 'application/x-www-form-urlencoded' ? 'name=x&role=admin' : toJsonText(valid());
        return { body: { kind: 'text', contentType, text: contentType ? text : Buffer.from(text), contentEncoding }, label };
      }),
    },
    { weight: 1, arbitrary: fc.constant(jsonText(toJsonText({ ...valid(), padding: 'p'.repeat(1_100_000) }), 'body over 1 MB')) },
  );
}

function jsonText(text: string, label: string): BodyResult {
  return { body: { kind: 'text', contentType: 'application/json', text }, label };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const CSV = Buffer.from('name,email,department,teaching\nFuzz Person,fuzz.csv@example.com,Science,yes\n');

function multipartArbitrary(): fc.Arbitrary<BodyResult> {
  const content = sample<[string, Buffer]>([
    ['a PDF', PDF],
    ['a CSV', CSV],
    ['empty', Buffer.alloc(0)],
    ['binary garbage', Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x00, 0xdc, 0x80, 0x81])],
    ['a CSV with NUL and lone surrogate', Buffer.from('name,email\n\u0000a,b@c.d\n\ud800x,y@z.w\n', 'utf8')],
    ['a CSV with odd rows', Buffer.from('name,email,department,teaching\n"unterminated,a@b.c\n,,,\n' + 'x,'.repeat(5000) + '\n')],
    ['a CSV with a formula', Buffer.from('name,email,department,teaching\n=cmd|\' /C calc\'!A0,f@example.com,=1+1,maybe\n')],
    ['a CSV in UTF-16', Buffer.from('\ufeffname,email\nA,b@c.de\n', 'utf16le')],
  ]);
  const filename = fc.oneof(
    sample(['doc.pdf', 'staff.csv', 'doc.docx', 'doc.doc', 'doc.exe', '.pdf', 'noextension', 'a.PDF', 'a.pdf.exe', '../../x.pdf', 'C:\\x.csv']),
    oddString(300).map((s) => `${s.replace(/["\r\n]/g, '')}.pdf`),
  );
  const contentType = sample(['application/pdf', 'text/csv', 'application/octet-stream', 'text/html', 'application/vnd.ms-excel', 'x/y']);
  const file = fc.record({ field: sample(['file', 'file', 'file', 'upload', 'file[]']), content, filename, contentType });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ files: fc.array(file, { minLength: 0, maxLength: 2 }), fields: fc.array(fc.tuple(sample(['file', 'name', 'organizationId']), sample(['x', '', '\u0000'])), { maxLength: 1 }) }).map(
        ({ files, fields }): BodyResult => ({
          body: { kind: 'multipart', files: files.map((f) => ({ ...f, content: f.content[1] })), fields },
          label: [
            ...files.map((f) => `${f.field}: ${f.content[0]} named ${short(f.filename)} (${f.contentType})`),
            ...fields.map(([k, v]) => `field ${k}=${short(v)}`),
            files.length + fields.length === 0 ? 'empty multipart' : '',
          ]
            .filter(Boolean)
            .join(', '),
        }),
      ),
    },
    { weight: 1, arbitrary: sample(MALFORMED_JSON).map((text) => jsonText(text, `JSON instead of multipart ${short(text)}`)) },
    {
      weight: 1,
      arbitrary: fc.constant<BodyResult>({
        body: { kind: 'text', contentType: 'multipart/form-data; boundary=zzz', text: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF' },
        label: 'truncated multipart',
      }),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Unsafe text in one field of an otherwise valid request

/**
 * Text PostgreSQL cannot store: NUL, and halves of surrogate pairs. In JSON they travel as the
 * escapes `\u0000` and `\ud800`; in a URL as `%00` (a lone surrogate has no UTF-8 form at all).
 */
export const UNSAFE_TEXT: readonly string[] = ['a\u0000b', 'a\ud800b', 'a\udc00b', '\udbff'];

/** Control characters a single-line field refuses: LF, CR, TAB, the Unicode line separator, NEL (C1), ESC. */
export const LINE_BREAKING_TEXT: readonly string[] = ['a\nb', 'a\rb', 'a\tb', 'a\u2028b', 'a\u0085b', 'a\u001bb'];

/** What a multi-line field accepts: line breaks of every kind, and tabs. */
export const MULTI_LINE_TEXT: readonly string[] = ['line 1\nline 2', 'line 1\r\nline 2\r\n\tindented', 'line 1\rline 2'];

/** What a multi-line field still refuses: the other control characters. */
export const NOT_TEXT: readonly string[] = ['a\u001bb', 'a\u0085b', 'a\u000bb'];

export interface UnsafeTextRequest extends FuzzRequest {
  /** Where the unsafe text is, e.g. `body.slots.0` or `query.token`. */
  field: string;
  /** The name the answer must mention (the property, parameter or array's name). */
  name: string;
  /** The text placed there. */
  value: string;
  /** The field is marked `x-multiline` in the spec. */
  multiLine: boolean;
}

/** Every place a string can go in `schema`, as a path of keys from the value `validValue` builds. */
function stringSlots(schema: JsonSchema, path: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 4) return [];
  if (schema.type === 'string' && schema.format !== 'binary') return [path];
  if (schema.type === 'array' && schema.items) return stringSlots(schema.items, [...path, 0], depth + 1);
  if (schema.type === 'object' || schema.properties) {
    return Object.entries(schema.properties ?? {}).flatMap(([name, s]) => stringSlots(s, [...path, name], depth + 1));
  }
  return [];
}

function setAt(target: Record<string, unknown>, path: (string | number)[], value: unknown, schemaAt: (p: (string | number)[]) => JsonSchema): void {
  let node: Record<string | number, unknown> = target;
  for (let i = 0; i < path.length - 1; i += 1) {
    const key = path[i]!;
    let next = node[key];
    const childIsArray = typeof path[i + 1] === 'number';
    if (childIsArray ? !Array.isArray(next) || next.length === 0 : next === null || typeof next !== 'object') {
      // An empty array or a missing object in the valid body: build one item to hold the text.
      next = childIsArray ? [validValue(schemaAt(path.slice(0, i + 2)))] : validValue(schemaAt(path.slice(0, i + 1)));
      node[key] = next;
    }
    node = next as Record<string | number, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

function schemaAtPath(root: JsonSchema, path: (string | number)[]): JsonSchema {
  let s: JsonSchema = root;
  for (const key of path) s = (typeof key === 'number' ? s.items : s.properties?.[key]) ?? {};
  return s;
}

/**
 * For one operation, one request per (string field × unsafe text): the text goes into that
 * body property, array item, query parameter or path parameter, and everything else is what the
 * operation accepts, so no other rule can refuse the request first. This is what the random
 * fuzzing above rarely builds: its odd strings almost always arrive together with another broken
 * field, a wrong length or a missing property, and validation refuses those before the text
 * could reach the database.
 */
export function unsafeTextRequests(op: Operation, ctx: FuzzContext): UnsafeTextRequest[] {
  return textRequests(op, ctx, () => UNSAFE_TEXT);
}

/**
 * For one operation, one request per (string field × control character), as unsafeTextRequests:
 * line breaks, tabs and other controls in every single-line field; in a field the spec marks
 * `x-multiline`, line breaks and tabs (which it must accept) and the other controls (which it
 * must refuse).
 */
export function controlCharacterRequests(op: Operation, ctx: FuzzContext): UnsafeTextRequest[] {
  return textRequests(op, ctx, (multiLine) => (multiLine ? [...MULTI_LINE_TEXT, ...NOT_TEXT] : LINE_BREAKING_TEXT));
}

/** Whether the string at `slot` is a multi-line field: marked itself, or the list holding it is. */
function isMultiLineSlot(root: JsonSchema, slot: (string | number)[]): boolean {
  if (schemaAtPath(root, slot)['x-multiline']) return true;
  return typeof slot[slot.length - 1] === 'number' && Boolean(schemaAtPath(root, slot.slice(0, -1))['x-multiline']);
}

/**
 * What an operation accepts, to place one value in: its path with good parameters, its query with
 * good values (all but `except`; the required ones at least), and a JSON body of its required properties only (an optional
 * property's placeholder may be refused on its own, e.g. a procedure file URL only an upload may set).
 */
function acceptedParts(op: Operation, ctx: FuzzContext) {
  const goodPath = (): string => {
    let url = op.path;
    for (const p of op.pathParams) url = url.replace(`{${p.name}}`, encodeComponent(ctx.pathValues(op, p.name)[0]!));
    return url;
  };
  const goodQuery = (except?: string): string[] =>
    op.queryParams
      .filter((p) => p.name !== except)
      .flatMap((p) => {
        const schema = p.schema ?? { type: 'string' };
        const good = ctx.goodValue(op, p.name, schema) ?? (p.required ? validValue(schema) : undefined);
        return good === undefined ? [] : [`${p.name}=${encodeComponent(String(good))}`];
      });
  const withQuery = (url: string, parts: string[]) => (parts.length ? `${url}?${parts.join('&')}` : url);
  const jsonBody = op.body && op.body.contentType === 'application/json' ? op.body.schema : undefined;
  const required = new Set(jsonBody?.required ?? []);
  const validBody = (): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(jsonBody?.properties ?? {})
        .filter(([name]) => required.has(name))
        .map(([name, s]) => [name, ctx.goodValue(op, name, s) ?? validValue(s)]),
    );
  const goodBody = (): FuzzBody => (jsonBody ? { kind: 'text', contentType: 'application/json', text: toJsonText(validBody()) } : { kind: 'none' });
  return { goodPath, goodQuery, withQuery, jsonBody, validBody, goodBody };
}

function textRequests(op: Operation, ctx: FuzzContext, valuesFor: (multiLine: boolean) => readonly string[]): UnsafeTextRequest[] {
  const { goodPath, goodQuery, withQuery, jsonBody, validBody, goodBody } = acceptedParts(op, ctx);
  const requests: UnsafeTextRequest[] = [];
  const add = (field: string, name: string, value: string, multiLine: boolean, url: string, body: FuzzBody) =>
    requests.push({ label: `${field}=${short(value)} in an otherwise valid request`, field, name, value, multiLine, url, headers: {}, body, auth: 'admin' });

  // Path and query parameters are never multi-line.
  for (const value of valuesFor(false)) {
    for (const p of op.pathParams) {
      // A lone surrogate has no UTF-8 form; its percent-encoding is invalid UTF-8, which is a different test.
      if (/[\ud800-\udfff]/.test(value)) continue;
      let url = goodPath();
      url = url.replace(encodeComponent(ctx.pathValues(op, p.name)[0]!), encodeComponent(value));
      add(`path.${p.name}`, p.name, value, false, withQuery(url, goodQuery()), goodBody());
    }
    for (const p of op.queryParams) {
      if (/[\ud800-\udfff]/.test(value)) continue;
      add(`query.${p.name}`, p.name, value, false, withQuery(goodPath(), [...goodQuery(p.name), `${p.name}=${encodeComponent(value)}`]), goodBody());
    }
  }
  if (jsonBody) {
    for (const slot of stringSlots(jsonBody)) {
      const multiLine = isMultiLineSlot(jsonBody, slot);
      for (const value of valuesFor(multiLine)) {
        const body = validBody();
        const top = slot[0] as string;
        if (!(top in body)) body[top] = ctx.goodValue(op, top, jsonBody.properties![top]!) ?? validValue(jsonBody.properties![top]!);
        setAt(body, slot, value, (p) => schemaAtPath(jsonBody, p));
        const name = String([...slot].reverse().find((k) => typeof k === 'string'));
        add(`body.${slot.join('.')}`, name, value, multiLine, withQuery(goodPath(), goodQuery()), { kind: 'text', contentType: 'application/json', text: toJsonText(body) });
      }
    }
  }
  return requests;
}

// ---------------------------------------------------------------------------------------------
// Numbers just outside their range, and numbers spelled loosely

export interface NumberRangeRequest extends FuzzRequest {
  /** Where the number is, e.g. `body.fte`, `body.workingDays.0`, `query.page`, `path.academicYear`. */
  field: string;
  /** The name the answer must speak of (the property, parameter or list's name). */
  name: string;
  /** What was sent there. */
  value: number | string;
}

const isNumeric = (schema: JsonSchema) => schema.type === 'number' || schema.type === 'integer';
const hasRange = (schema: JsonSchema) => schema.minimum !== undefined || schema.maximum !== undefined;

/** Every place a number can go in `schema`, as a path of keys from the value `validValue` builds. */
function numberSlots(schema: JsonSchema, path: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 4) return [];
  if (isNumeric(schema)) return [path];
  if (schema.type === 'array' && schema.items) return numberSlots(schema.items, [...path, 0], depth + 1);
  if (schema.type === 'object' || schema.properties) {
    return Object.entries(schema.properties ?? {}).flatMap(([name, s]) => numberSlots(s, [...path, name], depth + 1));
  }
  return [];
}

/**
 * Every number an operation takes (body property, list item, query or path parameter) with the
 * schema that describes it, e.g. `body.workingDays[]` or `query.page`. For the check that each
 * declares its range: a number without one can't be fuzzed at its edges, nor told apart from a clamp.
 */
export function numberFields(op: Operation): { field: string; schema: JsonSchema }[] {
  const params = [...op.pathParams.map((p) => ['path', p] as const), ...op.queryParams.map((p) => ['query', p] as const)]
    .filter(([, p]) => p.schema && isNumeric(p.schema))
    .map(([where, p]) => ({ field: `${where}.${p.name}`, schema: p.schema! }));
  const body = op.body?.contentType === 'application/json' ? op.body.schema : undefined;
  const inBody = body
    ? numberSlots(body).map((slot) => ({ field: `body.${slot.map((k) => (typeof k === 'number' ? '[]' : k)).join('.').replace(/\.\[\]/g, '[]')}`, schema: schemaAtPath(body, slot) }))
    : [];
  return [...params, ...inBody];
}

/**
 * Numbers just below the minimum and just above the maximum: one outside for a whole number, and
 * both 0.01 and one outside for any other number (FTE 1.01, a weekly cap of 0 or 6, 1999 for a year).
 */
export function justOutside(schema: JsonSchema): number[] {
  const steps = schema.type === 'integer' ? [1] : [0.01, 1];
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return steps.flatMap((step) => [
    ...(schema.minimum !== undefined ? [round(schema.minimum - step)] : []),
    ...(schema.maximum !== undefined ? [round(schema.maximum + step)] : []),
  ]);
}

/** An in-range whole number spelled so that only a lenient parser reads it: hex, exponent, a space, a decimal point. */
export function looseSpellings(value: number): string[] {
  return [`0x${value.toString(16)}`, `${value / 1000}e3`, ` ${value}`, `${value}.0`];
}

/**
 * For one operation, one request per (number with a range × value just outside it), each in a
 * request that is otherwise what the operation accepts, so no other rule can refuse it first;
 * and in query strings and paths, an in-range whole number spelled loosely. A server that clamps
 * (FTE 2.5 saved as 1) or reads "0x7E9" as 2025 answers these with a 2xx.
 */
export function outOfRangeRequests(op: Operation, ctx: FuzzContext): NumberRangeRequest[] {
  const { goodPath, goodQuery, withQuery, jsonBody, validBody, goodBody } = acceptedParts(op, ctx);
  const requests: NumberRangeRequest[] = [];
  const add = (field: string, name: string, value: number | string, url: string, body: FuzzBody) =>
    requests.push({ label: `${field}=${short(value)} in an otherwise valid request`, field, name, value, url, headers: {}, body, auth: 'admin' });
  const inRange = (schema: JsonSchema, good: unknown) => {
    const n = Number(good);
    return Number.isInteger(n) && (schema.minimum === undefined || n >= schema.minimum) && (schema.maximum === undefined || n <= schema.maximum)
      ? n
      : (schema.minimum ?? schema.maximum ?? 1);
  };

  for (const p of op.pathParams) {
    if (!p.schema || !isNumeric(p.schema) || !hasRange(p.schema)) continue;
    const good = ctx.pathValues(op, p.name)[0]!;
    const values = [...justOutside(p.schema).map(String), ...looseSpellings(inRange(p.schema, good))];
    for (const value of values) {
      const url = goodPath().replace(encodeComponent(good), encodeComponent(value));
      add(`path.${p.name}`, p.name, value, withQuery(url, goodQuery()), goodBody());
    }
  }
  for (const p of op.queryParams) {
    if (!p.schema || !isNumeric(p.schema) || !hasRange(p.schema)) continue;
    const values = [...justOutside(p.schema).map(String), ...looseSpellings(inRange(p.schema, ctx.goodValue(op, p.name, p.schema)))];
    for (const value of values) {
      add(`query.${p.name}`, p.name, value, withQuery(goodPath(), [...goodQuery(p.name), `${p.name}=${encodeComponent(value)}`]), goodBody());
    }
  }
  if (jsonBody) {
    for (const slot of numberSlots(jsonBody)) {
      const schema = schemaAtPath(jsonBody, slot);
      if (!hasRange(schema)) continue;
      for (const value of justOutside(schema)) {
        const body = validBody();
        const top = slot[0] as string;
        if (!(top in body)) body[top] = ctx.goodValue(op, top, jsonBody.properties![top]!) ?? validValue(jsonBody.properties![top]!);
        setAt(body, slot, value, (p) => schemaAtPath(jsonBody, p));
        const name = String([...slot].reverse().find((k) => typeof k === 'string'));
        add(`body.${slot.join('.')}`, name, value, withQuery(goodPath(), goodQuery()), { kind: 'text', contentType: 'application/json', text: toJsonText(body) });
      }
    }
  }
  return requests;
}

/**
 * Whether a refusal's message speaks of the field: every word of its name, in any case and order
 * ("weeklyCap" in "Weekly cap must be …", "avoidDays" in "Days to avoid must be …", "fte" in "FTE …").
 */
export function namesField(message: string, name: string): boolean {
  const text = message.toLowerCase();
  return name
    .split(/(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .every((word) => text.includes(word));
}
