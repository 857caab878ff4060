#!/usr/bin/env node
// What each change of facts, and each change by hand, does to a planned rota
// (docs/product.md#the-rota-stays-true, #kept-fair-after-a-change-by-hand), on the
// built app and a throwaway PostgreSQL: a 200-staff school (60 non-teaching, 40 part-timers on three
// days) with England term dates and three duty managers per day, its year filled by the engine on
// 8 September. For each kind of change a school is planned afresh, keeping fairness (the default),
// and the change is made through the API: the repair removes what breaks a hard rule, fills what
// was emptied or opened and rebalances with the fewest moves (after a hand edit, which is pinned:
// the rebalance alone). It prints the assignments changed
// (per date, the larger of the people taken off and put on, from the rota before and after), the
// minimum they could be — the changes the fact forces (removals and fills: everything but the
// rebalance's moves, which the repair's activity-log entry lists) plus the moves no rebalance can
// avoid from the rota the fill left (the loads before the moves, read back from that list): the
// larger of the duties above ⌊share + t⌋ and missing below ⌈share − t⌉, summed over people, with
// t = max(1, gap reached); a lower bound, so "changed − minimum" can only be overstated — the
// largest gap to fair share before the change, after the fill alone and after the repair, the answer
// time against the same change on a school with no rota (the cost of the repair finding nothing),
// and the health check's violations (must be 0); and, steadier than the time on a busy machine, the
// CPU the change took on the main thread (the app and this client) and on the others (a worker
// running the engine, GC helpers), and the statements the app sent for it.
// Goal: changed ≤ minimum + 2, under 200 ms.
//   npm run bench:changes
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const dist = new URL('../backend/dist/', import.meta.url).pathname;
const { startThrowawayPostgres } = require(`${dist}database/throwaway-postgres.js`);
const { createApp } = require(`${dist}app.factory.js`);
const { validateEnv } = require(`${dist}config/env.js`);
const { runMigrations } = require(`${dist}database/migrate.js`);
// The backend's own packages: npm keeps MikroORM under backend/node_modules (not hoisted).
const backendRequire = createRequire(new URL('../backend/package.json', import.meta.url));
const { MikroORM } = backendRequire('@mikro-orm/core');

// The statements the app sends while a change is timed: every query on the driver's connections
// (the app runs in this process). The mail sender's own (claiming and marking queued emails, one
// each), which run beside the request once it has committed, are counted apart.
const { Client } = createRequire(backendRequire.resolve('@mikro-orm/postgresql'))('pg');
const SENDER = /^\s*(update|select [^;]* from) outbox_emails/i;
// BENCH_CHANGES_SQL=1: also print each statement of a timed change (its length, the time to its answer and first 160 characters).
const SHOW_SQL = process.env.BENCH_CHANGES_SQL === '1';
let statements = 0;
let timing = false;
const query = Client.prototype.query;
Client.prototype.query = function countedQuery(...args) {
  const text = String(args[0]?.text ?? args[0]);
  if (!SENDER.test(text)) statements += 1;
  const result = query.apply(this, args);
  if (SHOW_SQL && timing) {
    const sent = process.hrtime.bigint();
    const show = (how) => () =>
      console.log(
        `  sql (${text.length} chars, ${how} in ${(Number(process.hrtime.bigint() - sent) / 1e6).toFixed(1)} ms): ${text.replace(/\s+/g, ' ').slice(0, 160)}`,
      );
    if (typeof result?.then === 'function') result.then(show('answered'), show('failed'));
    else show('sent')();
  }
  return result;
};
// BENCH_CHANGES_ONLY=snow,per day: only the changes whose label contains one of these.
const ONLY = process.env.BENCH_CHANGES_ONLY?.split(',').filter(Boolean);
// BENCH_CHANGES_WINDOWS=file: each timed change's start and end, in µs of the monotonic clock that
// `node --cpu-prof` stamps its samples with (worker threads' too), to read the profile of a change alone.
const WINDOWS = process.env.BENCH_CHANGES_WINDOWS;
const windows = [];
// BENCH_CHANGES_RUNS=n: each change made n times, each on a school planned afresh, printing the median
// ms and CPU (each run's after them); the other columns are the last run's. The first run of a change
// runs code paths the earlier changes did not warm: the median is what a warm server does.
const RUNS = Math.max(1, Number(process.env.BENCH_CHANGES_RUNS ?? 1));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const STAFF = Number(process.env.BENCH_STAFF ?? 200);
const NON_TEACHING = Math.round(STAFF * 0.3);
const PART_TIME = Math.round(STAFF * 0.2);
const PER_DAY = 3;
const TODAY = '2025-09-08';
const YEAR_END = '2026-08-31';
const TERMS = [
  { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' },
  { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' },
  { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' },
];

const pg = await startThrowawayPostgres('bench-rota-changes');
const jwtSecret = randomBytes(32).toString('hex');
const env = validateEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SERVE_STATIC: 'false',
  APP_NOW: `${TODAY}T09:00`,
  JWT_SECRET: jwtSecret,
  REMINDER_CRON: 'off',
  SMTP_URL: 'off',
});
const app = await createApp({ env, databaseUrl: pg.server.url, jwtSecret });
const orm = app.get(MikroORM);
await runMigrations(orm, pg.server.url);
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${app.getHttpServer().address().port}/api`;
const sql = (query, params = []) => orm.em.getConnection().execute(query, params);

async function api(path, token, body, method = body ? 'POST' : 'GET') {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** A school, planned for the year unless `plan` is false: its admin's token, its subdomain and its staff ids. */
async function school(plan = true) {
  const subdomain = `bench-${randomBytes(3).toString('hex')}`;
  const { token } = await api('/auth/register', undefined, {
    name: 'Bench Admin',
    email: `admin@${subdomain}.example`,
    password: 'correct horse',
    organizationName: 'Bench School',
    organizationSubdomain: subdomain,
  });
  const staff = [];
  for (let i = 0; i < STAFF; i += 1) {
    const partTime = i % 5 === 1;
    const s = await api('/staff', token, {
      name: `Person ${String(i).padStart(3, '0')}`,
      email: `p${i}@${subdomain}.example`,
      isTeaching: i % 10 >= 3,
      ...(partTime
        ? {
            workingDays: [
              [1, 2, 3],
              [2, 3, 4],
              [3, 4, 5],
            ][i % 3],
          }
        : {}),
    });
    staff.push(s.id);
  }
  await api('/system-settings', token, { dutyManagersPerDay: PER_DAY });
  await api('/term-dates/2025', token, { terms: TERMS }, 'PUT');
  if (plan) await api('/rota/fill-unassigned', token, {});
  return { token, subdomain, staff };
}

/** How many rota.adjusted entries (repairs, and rebalances after a change by hand) the school's activity log has. */
async function adjustedCount(org) {
  const [row] = await sql(
    `select count(*)::int as n from audit_entries a join organizations g on g.id = a.organization_id where g.subdomain = ? and a.action = 'rota.adjusted'`,
    [org.subdomain],
  );
  return row.n;
}

/** The moves of the last repair (its rota.adjusted entry): who gave a duty to whom. */
async function lastMoves(org) {
  const [row] = await sql(
    `select a.after from audit_entries a join organizations g on g.id = a.organization_id
      where g.subdomain = ? and a.action = 'rota.adjusted' order by a.created_at desc, a.id desc limit 1`,
    [org.subdomain],
  );
  return row?.after?.moved ?? [];
}

/** Who is on duty on each date from today to the end of the year. */
async function rotaOf(org) {
  const days = await api(`/rota?startDate=${TODAY}&endDate=${YEAR_END}`, org.token);
  return new Map(days.map((d) => [d.date, new Set(d.slots.flatMap((s) => (s.staff ? [s.staff.id] : [])))]));
}

/**
 * Assignments changed: per date, the larger of the people taken off and the people put on (a slot
 * given to someone else is one change, as is one emptied or filled; moving down a slot is none).
 */
function changedSlots(before, after) {
  let n = 0;
  for (const date of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(date) ?? new Set();
    const now = after.get(date) ?? new Set();
    n += Math.max([...was].filter((id) => !now.has(id)).length, [...now].filter((id) => !was.has(id)).length);
  }
  return n;
}

/** The fairness view's rows: each person's duties (done + planned) and share this year. */
async function fairness(org) {
  const view = await api('/fairness?period=year', org.token);
  return view.rows.filter((r) => r.isActive).map((r) => ({ staffId: r.staffId, load: r.done + r.planned, share: r.share }));
}

const largestGap = (rows) => Math.max(0, ...rows.map((r) => Math.abs(r.load - r.share)));

/** Moves no rebalance can avoid to bring every gap within `t`: each one lowers one person's load by one and raises another's. */
function unavoidableMoves(rows, t) {
  let above = 0;
  let below = 0;
  for (const { load, share } of rows) {
    above += Math.max(0, load - Math.floor(share + t + 1e-9));
    below += Math.max(0, Math.ceil(share - t - 1e-9) - load);
  }
  return Math.max(above, below);
}

const CHANGES = [
  [
    'snow closure, 3 days in March (holiday)',
    (o) => api('/holidays', o.token, { name: 'Snow closure', type: 'other', startDate: '2026-03-10', endDate: '2026-03-12' }),
  ],
  ['a full-timer leaves (deactivated)', (o) => api(`/staff/${o.staff[20]}`, o.token, { isActive: false }, 'PUT')],
  ['a part-timer works Mon–Tue instead', (o) => api(`/staff/${o.staff[21]}`, o.token, { workingDays: [1, 2], fte: 0.4 }, 'PUT')],
  [
    'two weeks of sick leave',
    (o) =>
      api('/staff-unavailability', o.token, {
        staffId: o.staff[22],
        startDate: '2025-11-03',
        endDate: '2025-11-14',
        reason: 'Operation',
        type: 'sick',
      }),
  ],
  ['duty managers per day 3 → 2', (o) => api('/system-settings', o.token, { dutyManagersPerDay: 2 })],
  ['duty managers per day 3 → 4', (o) => api('/system-settings', o.token, { dutyManagersPerDay: 4 })],
  [
    'a new member of staff',
    (o) => api('/staff', o.token, { name: 'New Starter', email: `new-${randomBytes(3).toString('hex')}@bench.example`, isTeaching: true }),
  ],
  [
    'autumn half term moved a week later',
    (o) =>
      api(
        '/term-dates/2025',
        o.token,
        { terms: [{ ...TERMS[0], halfTermStart: '2025-11-03', halfTermEnd: '2025-11-07' }, TERMS[1], TERMS[2]] },
        'PUT',
      ),
  ],
  [
    'the autumn term extended by two days',
    (o) => api('/term-dates/2025', o.token, { terms: [{ ...TERMS[0], endDate: '2025-12-23' }, TERMS[1], TERMS[2]] }, 'PUT'),
  ],
  // Changes by hand, each pinned, then the rebalance after it (docs/product.md#kept-fair-after-a-change-by-hand).
  ['a duty handed to a colleague by hand', (o, slot) => api('/rota/replace', o.token, { ...slot, reason: 'Cover' }), handOver],
  ['a duty taken off by hand', (o, slot) => api('/rota/remove', o.token, { date: slot.date, position: slot.position, reason: 'Course' }), handOver],
];

/** Slot 1 of Thursday 20 November and a full-timer not on that day: a hand edit's target, read before the clock starts. */
async function handOver(o) {
  const [day] = await api('/rota?startDate=2025-11-20&endDate=2025-11-20', o.token);
  const on = new Set(day?.slots.flatMap((s) => (s.staff ? [s.staff.id] : [])) ?? []);
  const staffId = o.staff.find((id, i) => i % 5 !== 1 && !on.has(id));
  return { date: '2025-11-20', position: 1, staffId };
}

try {
  console.log(
    `Rota changes: ${STAFF} staff (${NON_TEACHING} non-teaching, ${PART_TIME} on three days), ${PER_DAY} per day, England term dates 2025-2026, the year filled on ${TODAY}; 5 school days left alone (the default).`,
  );
  console.log(
    'Each change on a freshly planned school that keeps fairness; "base ms" is the same change on a school with no rota (the repair finds nothing).\n',
  );
  const empty = await school(false);
  const pad = (s, n) => String(s).padEnd(n);
  const num = (s, n) => String(s).padStart(n);
  console.log(
    `${pad('change', 42)}${num('changed', 8)}${num('minimum', 8)}${num('forced', 7)}${num('moved', 6)}${num('gap before', 11)}${num('fill-only gap', 14)}${num('gap after', 10)}${num('ms', 7)}${num('base ms', 9)}${num('violations', 11)}${num('main cpu', 9)}${num('other cpu', 10)}${num('statements', 11)}`,
  );
  const messages = [];
  for (const [label, change, prepare] of CHANGES) {
    if (ONLY && !ONLY.some((word) => label.includes(word))) continue;
    const baseArg = prepare && (await prepare(empty));
    let started = process.hrtime.bigint();
    // On the school with no rota a hand-over is an assignment, and a removal has nothing to take off.
    if (label !== 'a duty taken off by hand') await change(empty, baseArg);
    const baseMs = label === 'a duty taken off by hand' ? NaN : Number(process.hrtime.bigint() - started) / 1e6;

    const runs = [];
    let row;
    let result;
    for (let run = 0; run < RUNS; run += 1) {
      const org = await school();
      const before = await rotaOf(org);
      const gapBefore = largestGap(await fairness(org));
      const arg = prepare && (await prepare(org));
      const adjustedBefore = await adjustedCount(org);

      const statementsBefore = statements;
      const cpuBefore = process.cpuUsage();
      const mainBefore = process.threadCpuUsage();
      started = process.hrtime.bigint();
      timing = true;
      result = await change(org, arg);
      timing = false;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // CPU of the main thread (the app and this client) and of the others (the engine's worker, GC helpers).
      const main = process.threadCpuUsage(mainBefore);
      const all = process.cpuUsage(cpuBefore);
      const mainMs = (main.user + main.system) / 1000;
      const otherMs = (all.user + all.system) / 1000 - mainMs;
      const sent = statements - statementsBefore;
      windows.push({ label, start: Number(started / 1000n), end: Number(process.hrtime.bigint() / 1000n) });
      const after = await rotaOf(org);
      const rows = await fairness(org);
      const violations = (await api('/rota/health', org.token)).violations.length;
      // The repair's moves, or the rebalance's after a change by hand (its own rota.adjusted entry).
      const moves = (await adjustedCount(org)) > adjustedBefore ? await lastMoves(org) : [];
      // The rota the fill left, before the rebalance's moves: each move given back.
      const shift = new Map();
      for (const m of moves) {
        shift.set(m.to, (shift.get(m.to) ?? 0) - 1);
        shift.set(m.from, (shift.get(m.from) ?? 0) + 1);
      }
      const filledRows = rows.map((r) => ({ ...r, load: r.load + (shift.get(r.staffId) ?? 0) }));
      const changed = changedSlots(before, after);
      const forced = changed - moves.length;
      const gapAfter = largestGap(rows);
      const minimum = forced + unavoidableMoves(filledRows, Math.max(1, gapAfter));

      runs.push({ ms, mainMs, otherMs });
      row = { changed, minimum, forced, moved: moves.length, gapBefore, fillOnly: largestGap(filledRows), gapAfter, violations, sent };
    }
    const ms = median(runs.map((r) => r.ms));
    const mainMs = median(runs.map((r) => r.mainMs));
    const otherMs = median(runs.map((r) => r.otherMs));
    const each = RUNS > 1 ? `  (runs: ${runs.map((r) => `${r.ms.toFixed(0)}/${r.mainMs.toFixed(0)}/${r.otherMs.toFixed(0)}`).join(' ')})` : '';
    console.log(
      `${pad(label, 42)}${num(row.changed, 8)}${num(row.minimum, 8)}${num(row.forced, 7)}${num(row.moved, 6)}${num(row.gapBefore.toFixed(2), 11)}${num(row.fillOnly.toFixed(2), 14)}${num(row.gapAfter.toFixed(2), 10)}${num(ms.toFixed(0), 7)}${num(Number.isNaN(baseMs) ? '–' : baseMs.toFixed(0), 9)}${num(row.violations, 11)}${num(mainMs.toFixed(0), 9)}${num(otherMs.toFixed(0), 10)}${num(row.sent, 11)}${each}`,
    );
    const message = result?.rotaChange?.message ?? result?.message;
    if (message) messages.push(`${label}: ${message}`);
  }
  console.log('');
  for (const message of messages) console.log(message);
  if (WINDOWS) writeFileSync(WINDOWS, JSON.stringify(windows));
} finally {
  await app.close();
  await pg.stop();
}
