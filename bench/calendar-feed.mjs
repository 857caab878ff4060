#!/usr/bin/env node
// Times the calendar subscription feeds of a 200-staff organisation with a year of duties (the
// rota engine fills the academic year) and its holidays: one client at a time (the latency a
// calendar app sees), then under concurrent load, then the 304 answer to a matching If-None-Match
// (what a subscribed calendar gets on each refresh while nothing changed) with the same load.
// Prints p50/p99/max, requests per second, the feed's size and its number of events, and the 304
// path's throughput as a multiple of the 200 path's (target: at least 5x, docs/performance.md), and
// as a share of GET /api/health's: one `select 1` through the same request pipeline, the floor a
// 304 that still checks its token in the database can reach.
//   npm run build -w backend && node bench/calendar-feed.mjs [sequential requests] [seconds] [connections]
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { formatResult, load, summarise } from './lib/http-load.mjs';

const require = createRequire(import.meta.url);
const dist = new URL('../backend/dist/', import.meta.url).pathname;
const { startThrowawayPostgres } = require(`${dist}database/throwaway-postgres.js`);
const { createApp } = require(`${dist}app.factory.js`);
const { validateEnv } = require(`${dist}config/env.js`);
const { runMigrations } = require(`${dist}database/migrate.js`);
// The backend's own packages: npm keeps MikroORM under backend/node_modules (not hoisted).
const { MikroORM } = createRequire(new URL('../backend/package.json', import.meta.url))('@mikro-orm/core');

const sequential = Number(process.argv[2] ?? 300);
const seconds = Number(process.argv[3] ?? 5);
const connections = Number(process.argv[4] ?? 10);
const staffCount = 200;

const pg = await startThrowawayPostgres('bench-calendar-feed');
const jwtSecret = randomBytes(32).toString('hex');
const env = validateEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SERVE_STATIC: 'false', APP_NOW: '2025-09-08T09:00', JWT_SECRET: jwtSecret, REMINDER_CRON: 'off', SMTP_URL: 'off' });
const app = await createApp({ env, databaseUrl: pg.server.url, jwtSecret });
const orm = app.get(MikroORM);
await runMigrations(orm, pg.server.url);
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${app.getHttpServer().address().port}/api`;

async function api(path, token, body, method = body ? 'POST' : 'GET') {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** `count` fetches one after another; their latencies. */
async function oneAtATime(url, count) {
  const latencies = [];
  const started = Date.now();
  for (let i = 0; i < count; i += 1) {
    const start = process.hrtime.bigint();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ...summarise({ latencies, errors: 0, elapsed: (Date.now() - started) / 1000 }), max: Math.max(...latencies) };
}

try {
  const { token } = await api('/auth/register', undefined, {
    name: 'Bench Admin',
    email: 'bench@example.com',
    password: 'bench-password',
    organizationName: 'Bench Académie Saint-Étienne',
    organizationSubdomain: 'bench',
  });
  for (let i = 0; i < staffCount; i += 1) {
    await api('/staff', token, { name: `Person ${String(i).padStart(3, '0')} Ångström`, email: `person${i}@bench.example`, isTeaching: i % 3 !== 0 });
  }
  // The admin is also Person 000, so "my duties" has someone's duties in it.
  await orm.em.getConnection().execute(`update staff set user_id = (select id from users where email = 'bench@example.com') where email = 'person0@bench.example'`);
  for (const [name, type, startDate, endDate] of [
    ['October half term', 'half_term', '2025-10-27', '2025-10-31'],
    ['Christmas holidays', 'term_holiday', '2025-12-22', '2026-01-02'],
    ['February half term', 'half_term', '2026-02-16', '2026-02-20'],
    ['Easter holidays', 'term_holiday', '2026-03-30', '2026-04-10'],
    ['May half term', 'half_term', '2026-05-25', '2026-05-29'],
    ['Summer holidays', 'term_holiday', '2026-07-22', '2026-08-31'],
  ]) {
    await api('/holidays', token, { name, type, startDate, endDate });
  }
  const fill = await api('/rota/fill-unassigned', token, { allWeekdays: true });
  const link = await api('/calendar/subscription', token, {});
  // Fresh statistics, as autovacuum would have them a minute later in a running server: planned
  // on the empty tables' statistics, the feed's duty query cross-joined the 191 days with the 200
  // staff and took 60–120 ms instead of about 1.
  await orm.em.getConnection().execute('analyze');
  const feeds = { 'all-duties': link.allDutiesUrl.replace(/^https?:\/\/[^/]+\/api/, base), 'my-duties': link.myDutiesUrl.replace(/^https?:\/\/[^/]+\/api/, base) };

  const notModifiedRps = [];
  console.log(`Calendar feeds of a ${staffCount}-staff organisation: ${fill.changedSlots} duties filled for the year (${fill.startDate}..${fill.endDate}), 6 holidays`);
  for (const [kind, url] of Object.entries(feeds)) {
    const res = await fetch(url);
    const text = await res.text();
    const events = text.split('BEGIN:VEVENT').length - 1;
    console.log(`\nGET /api/calendar/subscribe/${kind}: ${events} events, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB`);
    const one = await oneAtATime(url, sequential);
    console.log(`  one request at a time (${sequential}):   p50 ${one.p50.toFixed(1).padStart(6)} ms   p99 ${one.p99.toFixed(1).padStart(6)} ms   max ${one.max.toFixed(1)} ms`);
    const full = summarise(await load(url, {}, seconds, connections));
    console.log(`  ${connections} connections, ${seconds} s:      ${formatResult(full)}`);
    const etag = res.headers.get('etag');
    const notModified = summarise(await load(url, { 'If-None-Match': etag }, seconds, connections, 304));
    console.log(`  304 for If-None-Match, ${connections} conn.: ${formatResult(notModified)}`);
    console.log(`  304 path / 200 path: ${(notModified.rps / full.rps).toFixed(1)}x the throughput`);
    notModifiedRps.push(notModified.rps);
  }
  const floor = summarise(await load(`${base}/health`, {}, seconds, connections));
  console.log(`\nFloor: GET /api/health (one select 1), ${connections} conn.: ${formatResult(floor)}`);
  console.log(`  304 paths at ${notModifiedRps.map((rps) => `${((100 * rps) / floor.rps).toFixed(0)}%`).join(' and ')} of it (all-duties, my-duties)`);
  console.log(`\nBudget: p99 under 300 ms for the one-at-a-time figures. Node ${process.version}, backend resident memory ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB.`);
} finally {
  await app.close();
  await pg.stop();
}
