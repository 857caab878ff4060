#!/usr/bin/env node
// API benchmark at scale: the month rota, the dashboard stats and the staff list of a 200-staff
// organisation, and the Today board, the all-duties grid of a month and one teacher's My Rota over
// the academic year of a secondary school (150 staff, 14 duties: bench/api/secondary-school.mjs),
// in a database holding 1,000 organisations (those two among them) and five academic years of
// rota (bench/api/seed.mjs), under `connections` concurrent keep-alive connections from a worker
// thread (bench/lib/http-load.mjs). The app runs as its own process (`node backend/dist/main.js`,
// production settings) next to a bare node:http + pg server answering with the same SQL
// (bench/api/bare-server.mjs, also its own process); prints requests per second, p50/p99, the
// ratios app/bare, CPU time per request, and both processes' resident memory after start-up,
// before and after the load.
// The secondary school is built through the API by the admin who signed it up, on a second app
// instance whose clock is before its academic year (so the planner plans the whole year, from 1
// September); the bare server's statements for its three endpoints are recorded from a third,
// short-lived capture instance (bench/api/capture.mjs, bench/lib/capture-sql.cjs): every statement
// the app sent for the request, replayed with the same parameters in the same order, and the
// app's answer. Neither extra instance runs during the load.
//   npm run build -w backend && node bench/api/index.mjs [seconds=10] [connections=50] [rounds=3]
// Each round loads every endpoint on both servers, one after the other (the app first in odd
// rounds, the bare server first in even ones); the table gives each endpoint's median over the
// rounds of app req/s, bare req/s and their ratio, so one fast or slow run of either server on a
// shared machine doesn't decide the figure. Every round's own ratios are printed too; round 1 is
// the whole measurement of the bench before it had rounds (rounds=1 runs only that).
// BENCH_API_ORGS=<n> seeds n organisations in all instead of 1,000 (quicker runs while developing).
// BENCH_API_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' starts the app's node with those
// arguments (a CPU profile of the app under the load, written when the bench stops it);
// BENCH_API_BARE_NODE_ARGS the same for the bare server; BENCH_API_ONLY=<text> loads only the
// endpoints whose name contains it (all are still checked); BENCH_API_SHOW_SQL=1 prints the
// recorded statements with the server's execution time of each.
// BENCH_API_STDOUT_DIR=<dir> writes the measured app's standard output to <dir>/app.log and the bare
// server's (once it is ready) to <dir>/bare.log: with `--trace-gc-nvp` in the node arguments,
// `node bench/lib/gc-trace-summary.mjs <dir>/app.log <dir>/bare.log` sums up each one's collections.
// The CPU figures are also given by thread (main, V8's helpers, the rest: /proc/<pid>/task).
// BENCH_API_BARE_HTTP=fastify answers the bare server's requests from one plain Fastify route
// instead of node:http, and BENCH_API_BARE_HTTP=nest from one Nest controller on Nest's Fastify
// adapter (the rungs between the bare server and the app).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import { load, summarise } from '../lib/http-load.mjs';
import { productionStart } from '../lib/production-start.mjs';
import { captureRequests } from './capture.mjs';
import { buildSecondarySchool, secondaryStaff } from './secondary-school.mjs';
import { ROTA_YEARS, seed } from './seed.mjs';

const require = createRequire(import.meta.url);
const dist = new URL('../../backend/dist/', import.meta.url).pathname;
const { startThrowawayPostgres, freePort } = require(`${dist}database/throwaway-postgres.js`);
const { Client } = require('pg');

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const rounds = Number(process.argv[4] ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds must be a whole number ≥ 1, not ${process.argv[4]}`);
const organizations = Number(process.env.BENCH_API_ORGS ?? 1000);
const staffCount = 200;
// A Monday inside the seeded years: "today" for the app's clock and the bare server.
const appNow = '2025-10-06T09:00';
const production = productionStart();
// How long the app is left alone after start-up before its memory is read again: two of
// IdleMemoryRelease's 2 s windows and a little more.
const STARTUP_QUIET_MS = 5_000;
const today = appNow.slice(0, 10);
const month = { startDate: '2025-10-01', endDate: '2025-10-31' };
// The secondary school: signed up through the API; its academic year 2025-26 planned whole.
const secondary = { subdomain: 'secondary', email: 'head@secondary.example', password: 'bench-password', academicYear: 2025 };
// The setup instance's clock: in the summer holidays before that year.
const setupNow = '2025-08-20T09:00';
// My Rota's person: a full-time teacher who is not a senior leader, never away and with no
// preferences (secondarySchool()'s senior leaders are the first 20 full-time teachers).
const onePerson = secondaryStaff(secondary.subdomain)
  .filter((p) => p.isTeaching && !p.workingDays)
  .slice(20)
  .find((p) => p.index % 10 !== 0 && !p.avoidDays && !p.weeklyCap).index;
// `as`: whose token the request carries (the measured organisation's admin unless named).
const endpoints = [
  { name: 'GET /api/rota (one month)', path: `/api/rota?startDate=${month.startDate}&endDate=${month.endDate}` },
  { name: 'GET /api/dashboard-stats', path: '/api/dashboard-stats' },
  { name: 'GET /api/staff', path: '/api/staff' },
  { name: 'GET /api/rota/today', path: `/api/rota/today?date=${today}`, as: 'secondaryAdmin', captured: 'today' },
  {
    name: 'GET /api/rota/grid (month)',
    path: `/api/rota/grid?startDate=${month.startDate}&endDate=${month.endDate}`,
    as: 'secondaryAdmin',
    captured: 'grid',
  },
  { name: 'GET /api/rota/mine (year)', path: `/api/rota/mine?startDate=2025-09-01&endDate=2026-08-31`, as: 'secondaryTeacher', captured: 'mine' },
];

/** The session a token belongs to (its `sid` claim): the session-user statement reads it. */
function sessionOf(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid;
}

/** VmRSS and VmHWM (peak) of a process, in MiB. */
function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}
/** User + system CPU time a process (`/proc/<pid>/stat`) or a thread of it (`/proc/<pid>/task/<tid>/stat`) has used so far, in ms. */
function cpuMsOf(statFile) {
  const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, i.e. 12 and 13 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
const cpuMs = (pid) => cpuMsOf(`/proc/${pid}/stat`);
/**
 * The same CPU time split by thread: the main (JavaScript) thread, V8's helper threads (parallel
 * scavenges, concurrent marking and sweeping, background compilation) and the rest (libuv's pool,
 * Node's own threads), in ms. A thread that ended in between is missed, so the parts are read
 * beside the process's total, not instead of it.
 */
function threadCpuMs(pid) {
  const parts = { main: 0, v8: 0, other: 0 };
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let ms;
    let comm;
    try {
      ms = cpuMsOf(`/proc/${pid}/task/${tid}/stat`);
      comm = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue; // the thread ended while being read
    }
    const part = tid === String(pid) ? 'main' : comm.startsWith('V8') || comm.startsWith('DelayedTask') ? 'v8' : 'other';
    parts[part] += ms;
  }
  return parts;
}
const mib = (m) => `VmRSS ${m.rss.toFixed(0)} MiB, VmHWM ${m.hwm.toFixed(0)} MiB`;

/**
 * Starts `node script` with `env`; resolves with the child once `ready(line)` matches a line it
 * prints. Its output after that goes to `outputFile` when given, else nowhere.
 */
function start(script, env, ready, what, nodeArgs = [], outputFile = undefined) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = output.split('\n').map(ready).find(Boolean);
      if (match) {
        child.stdout.off('data', onData);
        if (outputFile) child.stdout.pipe(fs.createWriteStream(outputFile));
        else child.stdout.resume();
        resolve({ child, match });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready:\n${output}`)));
  });
}

/** Waits until GET `url` answers 200. */
async function waitFor(url, child, what) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopChild(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const benchStarted = performance.now();
const pg = await startThrowawayPostgres('bench_api');
let app;
let bare;
let capturedDir;
try {
  // The app, as deployed: its own process on the throwaway database; it applies the migrations.
  const appPort = await freePort();
  const appEnv = {
    DATABASE_URL: pg.server.url,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SERVE_STATIC: 'false',
    APP_NOW: appNow,
    REMINDER_CRON: 'off',
    // Production names its mail server; a bench sends nothing (emails are recorded as simulated).
    SMTP_URL: 'off',
    // Production's own settings (backend/package.json's start:prod: glibc's malloc arenas), then
    // MALLOC_ARENA_MAX from the bench's environment when set, to weigh another value.
    ...production.env,
    ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
  };
  // Production's node flags (the young generation's size and the heap's growth: docs/performance.md),
  // then BENCH_API_APP_NODE_ARGS (e.g. a profiler's), which come later and so win.
  const appNodeArgs = [...production.nodeArgs, ...(process.env.BENCH_API_APP_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  console.log(
    `App started as in production: ${Object.entries(production.env)
      .map(([k, v]) => `${k}=${v} `)
      .join('')}node ${appNodeArgs.join(' ')} backend/dist/main.js`,
  );
  app = spawn(process.execPath, [...appNodeArgs, `${dist}main.js`], {
    env: { PATH: process.env.PATH, ...appEnv },
    stdio: ['ignore', process.env.BENCH_API_STDOUT_DIR ? fs.openSync(`${process.env.BENCH_API_STDOUT_DIR}/app.log`, 'w') : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${appPort}`;
  await waitFor(`${base}/api/health`, app, 'The app');
  // Its memory once it answers, before anything else reaches it (seeding and sanity requests come
  // later), and again once it has been quiet for a while: start-up is work too, and the app gives
  // memory back in its first quiet two seconds after work (common/memory/idle-memory-release.ts).
  const startedUp = memory(app.pid);
  await new Promise((r) => setTimeout(r, STARTUP_QUIET_MS));
  const startedUpQuiet = memory(app.pid);

  // The measured organisation signs up through the API, so its admin and token are real.
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Admin',
      email: 'bench@example.com',
      password: 'bench-password',
      organizationName: 'Bench School',
      organizationSubdomain: 'bench',
    }),
  });
  if (register.status !== 201) throw new Error(`sign-up: ${register.status} ${await register.text()}`);
  const { token } = await register.json();
  const auth = { Authorization: `Bearer ${token}` };
  // The secondary school signs up the same way.
  const registerSecondary = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Head of School',
      email: secondary.email,
      password: secondary.password,
      organizationName: 'Bench Secondary',
      organizationSubdomain: secondary.subdomain,
    }),
  });
  if (registerSecondary.status !== 201) throw new Error(`sign-up: ${registerSecondary.status} ${await registerSecondary.text()}`);

  const db = new Client({ connectionString: pg.server.url });
  await db.connect();
  // The throwaway server's shutdown, should the bench fail, is not news; the failure is.
  db.on('error', () => {});
  const {
    rows: [admin],
  } = await db.query(`select id, organization_id from users where email = 'bench@example.com'`);
  console.log(
    `Seeding ${organizations - 1} organisations (the measured one: ${staffCount} staff), rota ${ROTA_YEARS.start}..${ROTA_YEARS.end} on every weekday; the secondary school through the API after:`,
  );
  const seedStarted = performance.now();
  await seed(db, {
    measured: { organizationId: admin.organization_id, staff: staffCount, subdomain: 'bench' },
    otherOrgs: organizations - 2,
    log: (line) => console.log(line),
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  /** Another instance of the app on the same database, secret and settings; resolves once it answers. */
  const startInstance = async (extraEnv, nodeArgs = []) => {
    const port = await freePort();
    const child = spawn(process.execPath, [...production.nodeArgs, ...nodeArgs, `${dist}main.js`], {
      env: { PATH: process.env.PATH, ...appEnv, PORT: String(port), ...extraEnv },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const instanceBase = `http://127.0.0.1:${port}`;
    await waitFor(`${instanceBase}/api/health`, child, 'An instance of the app');
    return { child, base: instanceBase };
  };
  // The secondary school, built by its admin through the API of an instance whose clock is in the
  // summer before its year, so the planner plans the year from 1 September.
  console.log(`The secondary school, through the API (an instance with APP_NOW ${setupNow}):`);
  const schoolStarted = performance.now();
  const setup = await startInstance({ APP_NOW: setupNow });
  let school;
  try {
    school = await buildSecondarySchool(setup.base, { ...secondary, onePerson, log: (line) => console.log(line) });
  } finally {
    await stopChild(setup.child);
  }
  // My Rota's teacher signs in with a password: the invitation made their account; the password
  // a link from its email would set is set here (the admin's hash, as seed.mjs does for the other
  // organisations' admins).
  await db.query(
    `update users u set password_hash = a.password_hash, email_verified = true
       from users a where a.email = $1 and u.email = $2 and u.organization_id = a.organization_id`,
    [secondary.email, school.person.email],
  );
  await db.query('analyze');
  const schoolSeconds = (performance.now() - schoolStarted) / 1000;
  const {
    rows: [size],
  } = await db.query(
    `select pg_size_pretty(pg_database_size(current_database())) as db,
            (select count(*) from organizations) as orgs, (select count(*) from staff) as staff,
            (select count(*) from rota_days) as days, (select count(*) from rota_slots) as slots`,
  );
  console.log(
    `Seeded in ${seedSeconds.toFixed(0)} s (the secondary school ${schoolSeconds.toFixed(0)} s more): ${size.orgs} organisations, ${size.staff} staff, ${size.days} rota days, ${size.slots} slots; database ${size.db}`,
  );

  // The statements behind the secondary school's three requests, recorded by a capture instance
  // (same clock as the measured app); its sign-ins are sessions the measured app honours too.
  const signIn = async (b, email) => {
    const res = await fetch(`${b}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: secondary.password, organizationSubdomain: secondary.subdomain }),
    });
    if (res.status !== 200 && res.status !== 201) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
    return { Authorization: `Bearer ${(await res.json()).token}` };
  };
  const headersOf = { admin: auth };
  const captured = await captureRequests({
    start: (extraEnv, nodeArgs) => startInstance(extraEnv, nodeArgs),
    stop: stopChild,
    signIn: async (b) => {
      headersOf.secondaryAdmin = await signIn(b, secondary.email);
      headersOf.secondaryTeacher = await signIn(b, school.person.email);
      return headersOf;
    },
    requests: endpoints.filter((e) => e.captured).map((e) => ({ name: e.captured, path: e.path, as: e.as })),
  });
  capturedDir = fs.mkdtempSync('/tmp/bench-api-');
  const capturedFile = `${capturedDir}/captured.json`;
  fs.writeFileSync(capturedFile, JSON.stringify(captured));
  console.log(
    `Statements the app sent per request (capture instance; each request ${captured[endpoints.find((e) => e.captured).path].counts.length} times, the last one kept):`,
  );
  for (const e of endpoints.filter((x) => x.captured)) {
    const c = captured[e.path];
    const transactions = c.statements.filter((st) => /^\s*begin\b/i.test(st.text)).length;
    const parallel = c.statements.filter((st) => st.running > 0).length;
    console.log(
      `  ${e.name.padEnd(27)} ${c.counts.join(' / ')} statements${transactions ? `, ${transactions} transaction(s)` : ''}${parallel ? `, ${parallel} sent while another ran` : ''}` +
        `${c.outside.length ? `; ${c.outside.length} outside any request meanwhile: ${c.outside.join(' | ')}` : ''}`,
    );
    if (process.env.BENCH_API_SHOW_SQL && c.firstOnly.length) {
      console.log(`    the first request only: ${c.firstOnly.map((t) => t.replace(/\s+/g, ' ').slice(0, 200)).join(' | ')}`);
    }
    // BENCH_API_SHOW_SQL=1: each statement (its connection, how many of the request's ran beside
    // it) with the server's execution time of a read (EXPLAIN ANALYZE, in ms).
    if (process.env.BENCH_API_SHOW_SQL) {
      for (const st of c.statements) {
        let ms = '';
        if (/^\s*(select|with)\b/i.test(st.text) && !st.values?.some((v) => v && typeof v === 'object' && !Array.isArray(v))) {
          const { rows } = await db.query(`explain (analyze, format json) ${st.text}`, st.values);
          ms = `${rows[0]['QUERY PLAN'][0]['Execution Time'].toFixed(2)} ms`;
        }
        console.log(
          `    [${st.client}${st.running ? ` +${st.running}` : ''}] ${ms.padStart(9)}  ${st.text.replace(/\s+/g, ' ').slice(0, 240)}  ${JSON.stringify(st.values ?? []).slice(0, 120)}`,
        );
      }
    }
  }
  await db.end();

  // Sanity: the app shows the seeded data.
  const get = async (b, path, headers) => {
    const res = await fetch(`${b}${path}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const answers = await Promise.all(endpoints.map((e) => get(base, e.path, headersOf[e.as ?? 'admin'])));
  const [rota, stats, staff, board, grid, mine] = answers;
  const named = rota.filter((d) => d.slots.every((s) => s.staff?.name)).length;
  console.log(
    `App shows: ${rota.length} rota days in ${month.startDate.slice(0, 7)} (${named} with every slot named), ${staff.length} staff, ` +
      `dashboard: ${stats.totalDuties} duties this month, ${stats.activeStaffCount} active, ${stats.pendingSwaps} pending swaps, ${stats.pendingCancellations} pending cancellations, unfilled ${stats.unfilled}`,
  );
  if (rota.length < 20 || named !== rota.length || staff.length !== staffCount || !stats.totalDuties || !stats.pendingSwaps) {
    throw new Error('The app does not show the seeded data');
  }
  const onBoard = board.duties.reduce((n, d) => n + d.people.length, 0);
  // The grid names the people each duty needs on every weekday, the half term's too: count the school days (someone on duty).
  const schoolDays = grid.days.filter((d) => d.duties.some((c) => c.slots.some((x) => x.staff)));
  const cells = schoolDays.flatMap((d) => d.duties);
  const gridFilled = cells.reduce((n, c) => n + c.slots.filter((x) => x.staff).length, 0);
  const gridNeeded = cells.reduce((n, c) => n + c.needed, 0);
  const kinds = new Set(mine.map((d) => d.dutyId ?? d.name));
  console.log(
    `App shows the secondary school: Today board ${board.date}: ${board.duties.length} duties, ${onBoard} people on them, ${board.duties.reduce((n, d) => n + d.missing, 0)} missing, ${board.away.length} away; ` +
      `grid ${grid.duties.length} duties × ${grid.days.length} weekdays, ${gridFilled} of ${gridNeeded} places filled on its ${schoolDays.length} school days; ` +
      `My Rota of ${school.person.name}: ${mine.length} duties over the year, of ${kinds.size} kinds`,
  );
  if (board.duties.length < 10 || grid.duties.length !== 14 || gridFilled < gridNeeded * 0.95 || mine.length < 30 || kinds.size < 5) {
    throw new Error("The app does not show the secondary school's rota");
  }

  // The bare server, its own process, with the same statements.
  const started = await start(
    new URL('./bare-server.mjs', import.meta.url).pathname,
    {
      DATABASE_URL: pg.server.url,
      ORG_ID: admin.organization_id,
      USER_ID: admin.id,
      SESSION_ID: sessionOf(token),
      TODAY: today,
      CAPTURED: capturedFile,
      PORT: '0',
      // BENCH_API_BARE_HTTP=fastify|nest: the twin's answers from one plain Fastify route or one Nest controller (bare-server.mjs).
      ...(process.env.BENCH_API_BARE_HTTP ? { BARE_HTTP: process.env.BENCH_API_BARE_HTTP } : {}),
    },
    (line) => line.match(/^listening (\d+)/)?.[1],
    'The bare server',
    (process.env.BENCH_API_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean),
    process.env.BENCH_API_STDOUT_DIR && `${process.env.BENCH_API_STDOUT_DIR}/bare.log`,
  );
  bare = started.child;
  const bareBase = `http://127.0.0.1:${started.match}`;
  for (const [i, e] of endpoints.entries()) {
    const same = isDeepStrictEqual(await get(bareBase, e.path, {}), answers[i]);
    if (!same) throw new Error(`The bare server's JSON for ${e.name} differs from the app's`);
  }
  console.log(`Bare server answers the same JSON as the app for all ${endpoints.length} endpoints.`);

  const before = { app: memory(app.pid), bare: memory(bare.pid) };
  /** One load of `path` on a server, with the server's CPU time per request (warm-up included). */
  const measure = async (server, e) => {
    const cpuBefore = cpuMs(server.pid);
    const threadsBefore = threadCpuMs(server.pid);
    const result = summarise(await load(`${server.base}${e.path}`, server.headers(e), seconds, connections));
    result.cpu = (cpuMs(server.pid) - cpuBefore) / (result.requests + result.warmup);
    const threadsAfter = threadCpuMs(server.pid);
    result.threads = Object.fromEntries(
      Object.keys(threadsAfter).map((k) => [k, (threadsAfter[k] - threadsBefore[k]) / (result.requests + result.warmup)]),
    );
    server.lastLoadEnded = Date.now();
    return result;
  };
  const appServer = { pid: app.pid, base, headers: (e) => headersOf[e.as ?? 'admin'] };
  const bareServer = { pid: bare.pid, base: bareBase, headers: () => ({}) };
  // BENCH_API_ONLY=<text>: load only the endpoints whose name contains it (a profile of one endpoint).
  const loaded = endpoints.filter((e) => e.name.includes(process.env.BENCH_API_ONLY ?? ''));
  const perRound = loaded.map(() => []);
  const loadStarted = performance.now();
  for (let round = 1; round <= rounds; round += 1) {
    for (const [i, e] of loaded.entries()) {
      const appFirst = round % 2 === 1;
      const first = await measure(appFirst ? appServer : bareServer, e);
      const second = await measure(appFirst ? bareServer : appServer, e);
      perRound[i].push(appFirst ? { app: first, bare: second } : { app: second, bare: first });
    }
  }
  const loadEnded = performance.now();
  // "After the load" is read as it was before the bench had rounds: a load's length (the other
  // server's turn) after the app's last load, whichever server the last round ended with.
  const settled = appServer.lastLoadEnded + (seconds + 1) * 1000 - Date.now();
  if (settled > 0) await new Promise((r) => setTimeout(r, settled));
  const after = { app: memory(app.pid), bare: memory(bare.pid) };
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  /** Each figure of a server's result, as its median over the rounds. */
  const medianResult = (results) =>
    Object.fromEntries(
      ['rps', 'p50', 'p99', 'cpu', 'errors', 'threads'].map((k) => [
        k,
        k === 'errors'
          ? results.reduce((n, r) => n + r.errors, 0)
          : k === 'threads'
            ? Object.fromEntries(Object.keys(results[0].threads).map((t) => [t, median(results.map((r) => r.threads[t]))]))
            : median(results.map((r) => r[k])),
      ]),
    );
  const results = loaded.map((e, i) => ({
    name: e.name,
    app: medianResult(perRound[i].map((r) => r.app)),
    bare: medianResult(perRound[i].map((r) => r.bare)),
    rpsRatio: median(perRound[i].map((r) => r.app.rps / r.bare.rps)),
    p99Ratio: median(perRound[i].map((r) => r.app.p99 / r.bare.p99)),
    cpuRatio: median(perRound[i].map((r) => r.app.cpu / r.bare.cpu)),
    rounds: perRound[i],
  }));

  const cell = (v, width, digits = 1) => v.toFixed(digits).padStart(width);
  console.log(
    `\n${connections} connections, ${seconds} s per endpoint and server after a 1 s warm-up, load from a worker thread; APP_NOW ${appNow}; ` +
      `${rounds} round${rounds === 1 ? '' : 's'}${rounds > 1 ? ', medians over the rounds' : ''}`,
  );
  console.log(
    `${'endpoint'.padEnd(27)} ${'app rps'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | ${'bare rps'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | ${'rps app/bare'.padStart(12)} ${'p99 app/bare'.padStart(12)} | errors app/bare`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(27)} ${cell(r.app.rps, 8, 0)} ${cell(r.app.p50, 7)} ${cell(r.app.p99, 7)} | ${cell(r.bare.rps, 8, 0)} ${cell(r.bare.p50, 7)} ${cell(r.bare.p99, 7)} | ${cell(r.rpsRatio, 12, 2)} ${cell(r.p99Ratio, 12, 2)} | ${r.app.errors}/${r.bare.errors}`,
    );
  }
  if (rounds > 1) {
    console.log(`\nEach round's ratios app/bare (req/s, p99), in the order run:`);
    for (const r of results) {
      console.log(
        `  ${r.name.padEnd(27)} ${r.rounds.map((x, i) => `${i + 1}: ${(x.app.rps / x.bare.rps).toFixed(2)}, ${(x.app.p99 / x.bare.p99).toFixed(2)}`).join('   ')}`,
      );
    }
  }
  console.log(
    `\nServer CPU time (user + system) per request, load and warm-up together, in ms (less sensitive to other load on the machine than req/s):`,
  );
  for (const r of results) {
    console.log(`  ${r.name.padEnd(27)} app ${r.app.cpu.toFixed(2)}  bare ${r.bare.cpu.toFixed(2)}  app/bare ${r.cpuRatio.toFixed(2)}`);
  }
  console.log(`  load average at the end: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
  console.log(`\nThe same by thread (medians), ms per request: the main thread, V8's helpers (parallel scavenge, concurrent marking), the rest:`);
  const threads = (t) => `main ${t.main.toFixed(2)}  V8 ${t.v8.toFixed(2)}  other ${t.other.toFixed(2)}`;
  for (const r of results) {
    console.log(`  ${r.name.padEnd(27)} app ${threads(r.app.threads)}  |  bare ${threads(r.bare.threads)}`);
  }
  console.log(`\nResident memory (from /proc/<pid>/status; VmHWM is the peak; "after" is read ${seconds + 1} s or more after the app's last load):`);
  console.log(
    `  app (node backend/dist/main.js)  after start-up: VmRSS ${startedUp.rss.toFixed(0)} MiB when /api/health first answers, ` +
      `${startedUpQuiet.rss.toFixed(0)} MiB ${STARTUP_QUIET_MS / 1000} s later, left alone (VmHWM ${startedUpQuiet.hwm.toFixed(0)} MiB)`,
  );
  console.log(`  app (node backend/dist/main.js)  before the load: ${mib(before.app)};  after: ${mib(after.app)}`);
  console.log(`  bare node:http + pg              before the load: ${mib(before.bare)};  after: ${mib(after.bare)}`);
  console.log(
    `\nRun time: ${((performance.now() - benchStarted) / 60_000).toFixed(1)} min in all; seeding ${(seedSeconds / 60).toFixed(1)} min, the secondary school ${(schoolSeconds / 60).toFixed(1)} min, ` +
      `the load ${((loadEnded - loadStarted) / 60_000).toFixed(1)} min (${loaded.length} endpoints × 2 servers × ${rounds} round${rounds === 1 ? '' : 's'} × (${seconds} s + 1 s warm-up))`,
  );
  const errors = results.reduce((n, r) => n + r.app.errors + r.bare.errors, 0);
  if (errors) {
    console.error(`${errors} requests did not answer 200`);
    process.exitCode = 1;
  }
} finally {
  await stopChild(bare);
  await stopChild(app);
  await pg.stop();
  if (capturedDir) fs.rmSync(capturedDir, { recursive: true, force: true });
}
