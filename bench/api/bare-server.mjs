#!/usr/bin/env node
// The baseline of bench/api: node:http + a pg Pool answering GET /api/rota, /api/dashboard-stats
// and /api/staff for one organisation with the same SQL statements the app runs for each request,
// in the same order, and the same JSON, with no framework, JWT check or validation; and the
// requests recorded in CAPTURED (the Today board, the all-duties grid, My Rota) by replaying the
// app's own statements. Run as its own process by bench/api/index.mjs so its memory can be read alone:
//   DATABASE_URL=… ORG_ID=… USER_ID=… SESSION_ID=… TODAY=2025-10-06 CAPTURED=/tmp/x.json PORT=0 node bench/api/bare-server.mjs
// It prints `listening <port>` once it accepts connections.
// BARE_HTTP=fastify serves the same answers from one plain Fastify route (no hooks, plugins or
// validation), BARE_HTTP=nest from one Nest controller on Nest's Fastify adapter (no guards, pipes
// or hooks): the rungs of docs/performance.md's ladder, node:http → Fastify → Nest → the app.
//
// The recorded requests: CAPTURED is a JSON file `{ "<path?query>": { statements, body } }` written
// by bench/api/capture.mjs from a capture instance of the app (bench/lib/capture-sql.cjs records
// every statement the app sent while answering the request). Each request of such a path runs
// those statements with the same parameter values in the same order (see `replay`) and answers
// the recorded body, serialised per request as the app serialises its answer; the bench checks the
// measured app still answers that body. The endpoints run a dozen statements across several
// services, so recording them (rather than importing each statement from backend/dist) keeps the
// twin's SQL the app's whatever the services do.
//
// Where the statements come from (each run as the app runs it, a named statement PostgreSQL
// prepares once per connection: backend/src/database/prepared-read.ts):
// - the rota days: ROTA_DAYS (which reads the duty managers per day on each row) and toRotaDays,
//   imported from backend/dist (rota-days.ts), as RotaRepository.daysBetween runs them;
// - the dashboard: DASHBOARD_STATS with its parameters and mapping, imported from
//   backend/dist (rota/dashboard-stats.ts), as RotaStatsService.dashboard runs it for an admin;
// - the staff list: STAFF_LIST, imported from backend/dist (staff/staff-list.ts): its rows
//   are the response, as StaffService.list returns them;
// - the signed-in user with their organisation: SESSION_USER, imported from backend/dist
//   (modules/auth/session-user.ts), as JwtStrategy.validate runs it (the app then checks the
//   session and its host and builds the signed-in user from the row; here the row is only checked).
// The app reads "today" in the organisation's time zone from its clock (APP_NOW); here TODAY.
import * as fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = new URL('../../backend/dist/', import.meta.url).pathname;
const rotaDays = require(`${dist}modules/rota/rota-days.js`);
const dashboardStats = require(`${dist}modules/rota/dashboard-stats.js`);
const staffList = require(`${dist}modules/staff/staff-list.js`);
const sessionUser = require(`${dist}modules/auth/session-user.js`);
const { toRotaDays } = rotaDays;
const { dashboardPeriod, dashboardStatsParams, toDashboardStats } = dashboardStats;

/** knex's `?` placeholders as pg's `$n`. */
const numbered = (sql) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
/**
 * A statement as the built app runs it: its prepared statement (`X`), or, in a build from before the
 * app prepared it (when the bench measures an older revision), its text (`X_SQL`) run unnamed.
 */
const statement = (module, name) => module[name] ?? { text: numbered(module[`${name}_SQL`]) };
const ROTA_DAYS = statement(rotaDays, 'ROTA_DAYS');
const DASHBOARD_STATS = statement(dashboardStats, 'DASHBOARD_STATS');
const STAFF_LIST = statement(staffList, 'STAFF_LIST');
const SESSION_USER = statement(sessionUser, 'SESSION_USER');
// The dashboard's parameters name the organisation of the tenant context (the app's one way for it);
// here that context is opened around the call.
const { TenantContext } = require(`${dist}tenancy/tenant-context.js`);
// The `pg` the app's database driver loads (@mikro-orm/postgresql may carry its own copy: it does,
// 8.23 beside backend's 8.20), so both servers parse with the same driver: pg 8.23 builds each
// statement's row template on a null-prototype object, about four times the work of 8.20's per
// statement (docs/performance.md#api-at-scale), and the twin would not pay it otherwise.
const { Pool } = require(require.resolve('pg', { paths: [`${dist}../node_modules/@mikro-orm/postgresql`, `${dist}..`] }));

const { DATABASE_URL, ORG_ID: org, USER_ID: userId, SESSION_ID: sessionId, TODAY: today } = process.env;
// The app's pool size (MikroORM's `pool.max`, backend/src/database/pool-size.ts).
const { POOL_MAX_CONNECTIONS } = require(`${dist}database/pool-size.js`);
const pool = new Pool({ connectionString: DATABASE_URL, max: POOL_MAX_CONNECTIONS });

/** A statement as the app runs it: named and prepared once per connection (prepared-read.ts). */
const run = (prepared, values) => pool.query({ name: prepared.name, text: prepared.text, values });
// SettingsService's default when an organisation has no settings row yet.
const DEFAULT_SLOTS_PER_DAY = 2;

/** A recorded parameter value as pg is to send it (capture-sql.cjs tags what JSON would lose). */
function decode(value) {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    if ('$date' in value) return new Date(value.$date);
    if ('$bytes' in value) return Buffer.from(value.$bytes, 'base64');
    if ('$bigint' in value) return BigInt(value.$bigint);
  }
  return value;
}

const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end)\b/i;

/**
 * Runs a recorded request's statements as the app ran them: in order; a statement the app sent
 * while others of the request were still running (Promise.all) goes with them, the others wait
 * for those before; and from a `begin` to its `commit`/`rollback` every statement the app sent on
 * that connection runs on one connection taken from the pool (a transaction), the rest through
 * pool.query as the app's pool hands out a free connection.
 */
async function replay(statements) {
  const held = new Map();
  let running = [];
  for (const s of statements) {
    if (s.submittable) throw new Error(`A ${s.submittable} (a streamed query) can't be replayed: ${s.text}`);
    if (s.running === 0) {
      await Promise.all(running);
      running = [];
    }
    if (BEGINS.test(s.text) && !held.has(s.client)) held.set(s.client, await pool.connect());
    const client = held.get(s.client);
    const query = { text: s.text, values: s.values === undefined ? undefined : decode(s.values), ...s.options };
    let done = (client ?? pool).query(query);
    if (client && ENDS.test(s.text)) {
      held.delete(s.client);
      done = done.finally(() => client.release());
    }
    running.push(done);
  }
  await Promise.all(running);
  for (const client of held.values()) client.release();
}

/** The recorded requests, by path and query: their statements, and the answer as a value to serialise. */
const captured = new Map(
  Object.entries(process.env.CAPTURED ? JSON.parse(fs.readFileSync(process.env.CAPTURED, 'utf8')) : {}).map(([url, c]) => [
    url,
    { statements: c.statements, body: JSON.parse(c.body) },
  ]),
);

const routes = {
  async '/api/rota'(url) {
    const { rows } = await run(ROTA_DAYS, [org, url.searchParams.get('startDate'), url.searchParams.get('endDate')]);
    return toRotaDays(rows, rows[0]?.slots_per_day ?? DEFAULT_SLOTS_PER_DAY);
  },

  /** RotaStatsService.dashboard for an admin. */
  async '/api/dashboard-stats'() {
    const period = dashboardPeriod(today);
    const params = await TenantContext.run(org, async () => dashboardStatsParams(period));
    const { rows } = await run(DASHBOARD_STATS, params);
    return toDashboardStats(rows[0], period, DEFAULT_SLOTS_PER_DAY);
  },

  /** StaffService.list: the rows are the response. */
  async '/api/staff'() {
    return (await run(STAFF_LIST, [org])).rows;
  },
};

/** The answer to `url` (path and query): its status and, for a 200, its JSON text. */
async function answer(reqUrl) {
  const recorded = captured.get(reqUrl);
  if (recorded) {
    await replay(recorded.statements);
    return { status: 200, body: JSON.stringify(recorded.body) };
  }
  const url = new URL(reqUrl, 'http://x');
  const route = routes[url.pathname];
  if (!route) return { status: 404 };
  // The signed-in user and their organisation, as the app's JWT strategy reads them (UserSessionsRepository).
  const user = (await run(SESSION_USER, [sessionId, org, userId])).rows[0];
  if (!user?.is_active || !user.o__is_active) return { status: 401 };
  return { status: 200, body: JSON.stringify(await route(url)) };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * node:http, or the same answers from one plain Fastify route (BARE_HTTP=fastify) or one Nest
 * controller (BARE_HTTP=nest, listenNest): the rungs of docs/performance.md's framework floor, so
 * Fastify's and Nest's own shares of the app's CPU can be told from the app's.
 */
async function listen(port) {
  if (process.env.BARE_HTTP === 'nest') return listenNest(port);
  if (process.env.BARE_HTTP === 'fastify') {
    const Fastify = backendPackage('fastify');
    const app = Fastify({ logger: false });
    app.get('*', async (request, reply) => {
      const { status, body } = await answer(request.url);
      reply.code(status);
      if (body === undefined) return reply.send();
      return reply.type(JSON_TYPE).send(body);
    });
    await app.listen({ port, host: '127.0.0.1' });
    return { port: app.server.address().port, close: (done) => app.close().then(done) };
  }
  const server = http.createServer(async (req, res) => {
    try {
      const { status, body } = await answer(req.url);
      if (body === undefined) {
        res.writeHead(status).end();
        return;
      }
      res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port: server.address().port, close: (done) => server.close(done) };
}

/** A package as the app loads it: from backend's node_modules (the app's versions). */
function backendPackage(name) {
  return require(require.resolve(name, { paths: [`${dist}..`] }));
}

const NEST_PATHS = ['api/rota', 'api/dashboard-stats', 'api/staff', 'api/rota/today', 'api/rota/grid', 'api/rota/mine'];

/**
 * BARE_HTTP=nest: the same answers from one Nest controller on Nest's Fastify adapter, with no
 * guard, pipe, interceptor, hook, plugin or module beyond it: what Nest's router and Fastify cost
 * before the app adds anything of its own. Nest sets the route's status (200) on what the handler
 * returns, so another status is thrown as Nest's HttpException (its JSON error body, not measured).
 */
async function listenNest(port) {
  backendPackage('reflect-metadata');
  const common = backendPackage('@nestjs/common');
  const { NestFactory } = backendPackage('@nestjs/core');
  const { FastifyAdapter } = backendPackage('@nestjs/platform-fastify');
  class AnswerController {
    async answer(request, reply) {
      const { status, body } = await answer(request.url);
      if (status !== 200) throw new common.HttpException(http.STATUS_CODES[status], status);
      reply.type(JSON_TYPE);
      return body;
    }
  }
  const method = Object.getOwnPropertyDescriptor(AnswerController.prototype, 'answer');
  common.Controller()(AnswerController);
  common.Get(NEST_PATHS)(AnswerController.prototype, 'answer', method);
  common.Req()(AnswerController.prototype, 'answer', 0);
  common.Res({ passthrough: true })(AnswerController.prototype, 'answer', 1);
  class AnswerModule {}
  common.Module({ controllers: [AnswerController] })(AnswerModule);
  const app = await NestFactory.create(AnswerModule, new FastifyAdapter({ logger: false }), { logger: false, bodyParser: false });
  await app.listen(port, '127.0.0.1');
  return { port: app.getHttpServer().address().port, close: (done) => app.close().then(done) };
}

const server = await listen(Number(process.env.PORT ?? 0));
console.log(`listening ${server.port}`);
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
