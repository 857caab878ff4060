// A preload for a short-lived *capture* instance of the app (never the measured one):
//   CAPTURE_SQL_DIR=/tmp/x node --require bench/lib/capture-sql.cjs backend/dist/main.js
// It records, for every HTTP request that carries the header `x-bench-capture: <name>`, every
// statement the app sends to PostgreSQL while answering it — its text, its parameter values and
// the query's other options, in the order sent, with the connection it went on and how many of
// the request's statements were still running when it was sent — and writes them, with the
// response's status, to CAPTURE_SQL_DIR/<name>.json when the response has been sent. Transaction
// and session statements (`begin`, `commit`, `set …`) are statements like any other, so they are
// recorded too. bench/api/bare-server.mjs replays such a record: same statements, same parameters,
// same order, same connection grouping.
//
// The hook is pg's Client.prototype.query, of the `pg` module the app's database driver loads
// (resolved from @mikro-orm/postgresql, which may carry its own copy, and from backend/ itself):
// every statement of the app goes through it, whatever builds the SQL. A statement belongs to the
// request whose asynchronous context sent it (AsyncLocalStorage entered around the server's
// 'request' event), so the app's background work (the mail outbox's polling) is not recorded;
// statements sent outside any request while a captured one is open are counted, so a lost context
// would show.
'use strict';
const { AsyncLocalStorage } = require('node:async_hooks');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const pgCopies = require('./pg-copies.cjs');

const dir = process.env.CAPTURE_SQL_DIR;
if (!dir) throw new Error('capture-sql: set CAPTURE_SQL_DIR');
const als = new AsyncLocalStorage();
let open = 0;
let outside = [];

/** Parameter values as JSON, with what JSON would lose tagged (pg sends a Date and a Buffer differently from a string). */
function encode(value) {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (Array.isArray(value)) return value.map(encode);
  return value;
}

const clientIds = new WeakMap();
let nextClientId = 1;
const patched = new Set();
function patch(pgPath) {
  const pg = require(pgPath);
  if (patched.has(pg.Client.prototype)) return;
  patched.add(pg.Client.prototype);
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capturedQuery(config, values, callback) {
    const record = als.getStore();
    const text = typeof config === 'string' ? config : config?.text;
    if (!record) {
      if (open > 0 && text) outside.push(text.slice(0, 120));
      return query.apply(this, arguments);
    }
    if (!clientIds.has(this)) clientIds.set(this, nextClientId++);
    // Of a query's other options, those that change what PostgreSQL is asked: a prepared statement's name, rows as arrays.
    const options = {};
    for (const key of ['name', 'rowMode']) if (typeof config === 'object' && config?.[key] !== undefined) options[key] = config[key];
    const params = typeof values === 'function' || values === undefined ? config?.values : values;
    const entry = {
      text,
      values: params === undefined ? undefined : encode(params),
      options: Object.keys(options).length ? options : undefined,
      submittable: typeof config?.submit === 'function' ? config.constructor?.name : undefined,
      client: clientIds.get(this),
      running: record.running,
    };
    record.statements.push(entry);
    record.running += 1;
    const result = query.apply(this, arguments);
    const done = () => (record.running -= 1);
    if (result && typeof result.then === 'function') result.then(done, done);
    else if (result && typeof result.once === 'function') {
      result.once('end', done);
      result.once('error', done);
    } else done();
    return result;
  };
}
for (const dir of pgCopies()) patch(dir);

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function capturingEmit(event, req, res) {
  const name = event === 'request' ? req.headers['x-bench-capture'] : undefined;
  if (!name) return emit.apply(this, arguments);
  if (!/^[\w.-]+$/.test(name)) throw new Error(`capture-sql: bad capture name ${name}`);
  const record = { url: req.url, statements: [], running: 0 };
  open += 1;
  outside = [];
  res.once('finish', () => {
    open -= 1;
    const { running: _, ...saved } = record;
    // Written whole, then renamed, so a reader never sees half a record.
    const file = path.join(dir, `${name}.json`);
    fs.writeFileSync(`${file}.part`, JSON.stringify({ ...saved, status: res.statusCode, outsideStatements: outside }, null, 1));
    fs.renameSync(`${file}.part`, file);
  });
  return als.run(record, () => emit.apply(this, arguments));
};
