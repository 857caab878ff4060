#!/usr/bin/env node
// The baseline of bench/api: node:http + a pg Pool answering GET /api/rota, /api/dashboard-stats
// and /api/staff for one organisation with the same SQL statements the app runs for each request,
// in the same order, and the same JSON, with no framework, JWT check or validation. Run as its
// own process by bench/api/index.mjs so its memory can be read alone:
//   DATABASE_URL=… ORG_ID=… USER_ID=… TODAY=2025-10-06 PORT=0 node bench/api/bare-server.mjs
// It prints `listening <port>` once it accepts connections.
//
// Where the statements come from:
// - the rota days: ROTA_DAYS_SQL and toRotaDays, imported from backend/dist (rota-days.ts);
// - the settings and the dashboard's aggregates: copied from SettingsService.dutyManagersPerDay
//   and RotaStatsService.dashboard (backend/src/modules/settings, …/rota/rota-stats.service.ts);
// - the signed-in user (JwtStrategy.validate: findOne(User, populate organization)) and the staff
//   list (StaffService.list: find(Staff, populate user)) are built by MikroORM: copied from the
//   statements the app ran, as logged by backend/test/query-count.int-spec.ts (knex query events).
// The app reads "today" in the organisation's time zone from its clock (APP_NOW); here TODAY.
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = new URL('../../backend/dist/', import.meta.url).pathname;
const { ROTA_DAYS_SQL, toRotaDays } = require(`${dist}modules/rota/rota-days.js`);
const { addDays, mondayOf } = require(`${dist}common/clock/academic-year.js`);
const { Pool } = require('pg');

const { DATABASE_URL, ORG_ID: org, USER_ID: userId, TODAY: today } = process.env;
// The app's pool: MikroORM's `pool: { min: 0, max: 10 }`.
const pool = new Pool({ connectionString: DATABASE_URL, max: 10 });

/** knex's `?` placeholders as pg's `$n`. */
const numbered = (sql) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const USER_SQL = `select "u0"."id", "u0"."organization_id", "u0"."email", "u0"."name", "u0"."role", "u0"."is_active", "u0"."email_verified", "u0"."last_login", "u0"."token_version", "u0"."created_at", "u0"."updated_at", "u0".password_hash is not null as "has_password", "o1"."id" as "o1__id", "o1"."name" as "o1__name", "o1"."subdomain" as "o1__subdomain", "o1"."type" as "o1__type", "o1"."settings" as "o1__settings", "o1"."is_active" as "o1__is_active", "o1"."timezone" as "o1__timezone", "o1"."trial_ends_at" as "o1__trial_ends_at", "o1"."created_at" as "o1__created_at", "o1"."updated_at" as "o1__updated_at" from "users" as "u0" inner join "organizations" as "o1" on "u0"."organization_id" = "o1"."id" where "u0"."organization_id" = $1 and "u0"."id" = $2 limit 1`;
const SETTINGS_SQL = 'select duty_managers_per_day as n from system_settings where organization_id = $1';
const ROTA_SQL = numbered(ROTA_DAYS_SQL);
const WEEK_SQL = `select (select count(*) from rota_slots where organization_id = $1 and date between $2 and $3) as filled,
                (select count(*) from generate_series($4::date, $5::date, interval '1 day') as g(day)
                  where not exists (select 1 from holidays h where h.organization_id = $6 and g.day between h.start_date and h.end_date)
                ) as school_days`;
const PER_STAFF_SQL = `select st.name, count(s.id) as n
           from staff st
           left join rota_slots s on s.staff_id = st.id and s.organization_id = st.organization_id and s.date between $1 and $2
          where st.organization_id = $3 and st.is_active
          group by st.id, st.name
          order by n desc, st.name`;
const PENDING_SQL = `select (select count(*) from swap_requests r
                  where r.organization_id = $1 and r.status = 'pending'
                    ) as swaps,
                (select count(*) from cancel_requests r
                  where r.organization_id = $2 and r.status = 'pending'
                    ) as cancellations`;
const STAFF_SQL = `select "s0".*, "u1"."id" as "u1__id", "u1"."organization_id" as "u1__organization_id", "u1"."email" as "u1__email", "u1".password_hash is not null as "u1__has_password", "u1"."name" as "u1__name", "u1"."role" as "u1__role", "u1"."is_active" as "u1__is_active", "u1"."email_verified" as "u1__email_verified", "u1"."last_login" as "u1__last_login", "u1"."token_version" as "u1__token_version", "u1"."created_at" as "u1__created_at", "u1"."updated_at" as "u1__updated_at" from "staff" as "s0" left join "users" as "u1" on "s0"."user_id" = "u1"."id" and "u1"."organization_id" = $1 where "s0"."organization_id" = $2 order by "s0"."name" asc, "s0"."email" asc`;

const slotsPerDay = async () => (await pool.query(SETTINGS_SQL, [org])).rows[0]?.n ?? 2;
const round1 = (n) => Math.round(n * 10) / 10;

const routes = {
  async '/api/rota'(url) {
    const [n, slots] = await Promise.all([slotsPerDay(), pool.query(ROTA_SQL, [org, url.searchParams.get('startDate'), url.searchParams.get('endDate')])]);
    return toRotaDays(slots.rows, n);
  },

  /** RotaStatsService.dashboard for an admin. */
  async '/api/dashboard-stats'() {
    const weekStart = mondayOf(today);
    const weekEnd = addDays(weekStart, 4);
    const month = today.slice(0, 7);
    const [year, monthNumber] = month.split('-').map(Number);
    const nextMonthStart = monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
    const [perDay, week, perStaff, pending] = await Promise.all([
      slotsPerDay(),
      pool.query(WEEK_SQL, [org, weekStart, weekEnd, weekStart, weekEnd, org]),
      pool.query(PER_STAFF_SQL, [`${month}-01`, addDays(nextMonthStart, -1), org]),
      pool.query(PENDING_SQL, [org, org]),
    ]);
    const filled = Number(week.rows[0].filled);
    const counts = perStaff.rows.map((r) => ({ name: r.name, count: Number(r.n) }));
    const totalDuties = counts.reduce((sum, c) => sum + c.count, 0);
    const least = counts.length
      ? counts.reduce((min, c) => (c.count < min.count || (c.count === min.count && c.name < min.name) ? c : min))
      : undefined;
    return {
      unfilled: filled === 0 ? undefined : Math.max(0, Number(week.rows[0].school_days) * perDay - filled),
      activeStaffCount: counts.length,
      pendingSwaps: Number(pending.rows[0].swaps),
      pendingCancellations: Number(pending.rows[0].cancellations),
      mostActive: totalDuties > 0 ? counts[0] : undefined,
      leastActive: least,
      averageDuties: counts.length ? round1(totalDuties / counts.length) : 0,
      totalDuties,
      month,
    };
  },

  /** StaffService.list → toStaffDto. */
  async '/api/staff'() {
    const { rows } = await pool.query(STAFF_SQL, [org, org]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      department: r.department ?? null,
      isActive: r.is_active,
      isTeaching: r.is_teaching,
      userId: r.u1__id ?? null,
      role: r.u1__role ?? null,
      inviteStatus: r.u1__id ? (r.u1__has_password ? 'active' : 'invited') : 'not_invited',
    }));
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
    // The signed-in user and their organisation, as the app's JWT strategy reads them.
    const user = (await pool.query(USER_SQL, [org, userId])).rows[0];
    if (!user?.is_active || !user.o1__is_active) {
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
