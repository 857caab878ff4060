#!/usr/bin/env node
// The baseline of bench/api: node:http + a pg Pool answering GET /api/rota, /api/dashboard-stats
// and /api/staff for one organisation with the same SQL statements the app runs for each request,
// in the same order, and the same JSON, with no framework, JWT check or validation. Run as its
// own process by bench/api/index.mjs so its memory can be read alone:
//   DATABASE_URL=… ORG_ID=… USER_ID=… SESSION_ID=… TODAY=2025-10-06 PORT=0 node bench/api/bare-server.mjs
// It prints `listening <port>` once it accepts connections.
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
//   (modules/auth/session-user.ts), as JwtStrategy.validate runs it (the app then maps the row to
//   its two entities; here the row is only checked).
// The app reads "today" in the organisation's time zone from its clock (APP_NOW); here TODAY.
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = new URL('../../backend/dist/', import.meta.url).pathname;
const { ROTA_DAYS, toRotaDays } = require(`${dist}modules/rota/rota-days.js`);
const { DASHBOARD_STATS, dashboardPeriod, dashboardStatsParams, toDashboardStats } = require(`${dist}modules/rota/dashboard-stats.js`);
const { STAFF_LIST } = require(`${dist}modules/staff/staff-list.js`);
const { SESSION_USER } = require(`${dist}modules/auth/session-user.js`);
// The dashboard's parameters name the organisation of the tenant context (the app's one way for it);
// here that context is opened around the call.
const { TenantContext } = require(`${dist}tenancy/tenant-context.js`);
const { Pool } = require('pg');

const { DATABASE_URL, ORG_ID: org, USER_ID: userId, SESSION_ID: sessionId, TODAY: today } = process.env;
// The app's pool size (MikroORM's `pool.max`, backend/src/database/pool-size.ts).
const { POOL_MAX_CONNECTIONS } = require(`${dist}database/pool-size.js`);
const pool = new Pool({ connectionString: DATABASE_URL, max: POOL_MAX_CONNECTIONS });

/** A statement as the app runs it: named and prepared once per connection (prepared-read.ts). */
const run = (statement, values) => pool.query({ name: statement.name, text: statement.text, values });
// SettingsService's default when an organisation has no settings row yet.
const DEFAULT_SLOTS_PER_DAY = 2;

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

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    const route = routes[url.pathname];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    // The signed-in user and their organisation, as the app's JWT strategy reads them (UserSessionsRepository).
    const user = (await run(SESSION_USER, [sessionId, org, userId])).rows[0];
    if (!user?.is_active || !user.o__is_active) {
      res.writeHead(401).end();
      return;
    }
    const body = JSON.stringify(await route(url));
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening ${server.address().port}`));
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
