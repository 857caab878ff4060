#!/usr/bin/env node
// Fair use between schools: what one school's burst of expensive requests costs another school,
// and what a frozen database does to every request. The built app runs as in production (its own
// process, backend/package.json's start:prod flags) on a throwaway PostgreSQL reached through a
// TCP proxy that can stop forwarding (backend/src/database/freezable-proxy.ts).
//
// Two schools sign up through the API: a large one (`--staff`, 4,500 by default: its fairness JSON
// is about 850 KB) and a small one (30 staff); each imports its staff from a CSV and has its year
// planned by the engine. Then, for each burst, the large school's admin sends the burst from 20
// connections, each sending its next request as soon as the last answered, for `--seconds`
// (8 by default), while one connection of the small school asks for its month's rota
// (GET /api/rota) one request after the other. The bench prints the small school's latencies
// (p50, p95, max) with nobody else busy and during each burst, and how the burst was answered.
// The bursts: the fairness XLSX export, the fairness JSON, reshuffle, the staff import preview
// of a 5,000-row CSV, the staff list, and all five at once. Each burst is sent by another admin
// of the large school, and the rate-limit windows are emptied before it, so each starts with its
// person's and its school's full allowance.
//
// Then the database freezes for 10 s (the proxy holds every byte) while one connection asks
// GET /api/health and another the small school's rota: how long they waited and what they got.
//
//   npm run bench:fair-use                       this checkout (builds backend/dist first)
//   node bench/fair-use.mjs --baseline <git rev> also the app at <rev>, in the same run
//
// --baseline checks <rev> out into a git worktree under the system's temp directory (sharing
// this checkout's node_modules), builds its backend with `nest build` there, and runs the same
// bursts against it on its own database of the same cluster, before this checkout's app. The
// worktree is removed at the end unless --keep-baseline is given (then the next run reuses it).
// Other options: --seconds <n>, --staff <n>, --connections <n>.
// BENCH_FAIR_USE_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' starts the apps' node with
// those arguments too (a CPU profile of each app, written when the bench stops it).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { productionStart } from './lib/production-start.mjs';
import { latencySummary, requestLoop } from './lib/request-loop.mjs';

const { values: options } = parseArgs({
  options: {
    baseline: { type: 'string' },
    'keep-baseline': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '8' },
    staff: { type: 'string', default: '4500' },
    connections: { type: 'string', default: '20' },
  },
});
const seconds = Number(options.seconds);
const largeStaff = Number(options.staff);
const connections = Number(options.connections);
const FREEZE_SECONDS = 10;
const APP_NOW = '2025-09-08T09:00';
const MONTH = '/api/rota?startDate=2025-10-01&endDate=2025-10-31';

const repo = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const dist = path.join(repo, 'backend', 'dist');
const { startThrowawayPostgres, freePort } = require(`${dist}/database/throwaway-postgres.js`);
const { startFreezableProxy } = require(`${dist}/database/freezable-proxy.js`);
const { Client } = require('pg');
const production = productionStart();

/** A worktree of `rev` with its backend built; reused when it is already there. */
function builtWorktree(rev) {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: repo, encoding: 'utf8' }).trim();
  const dir = path.join(os.tmpdir(), `duty-manager-bench-${sha.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, 'backend', 'dist', 'main.js'))) {
    if (!fs.existsSync(dir)) execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: repo, stdio: 'ignore' });
    for (const modules of ['node_modules', 'backend/node_modules']) {
      if (!fs.existsSync(path.join(dir, modules))) fs.symlinkSync(path.join(repo, modules), path.join(dir, modules));
    }
    console.log(`Building the backend of ${rev} (${sha.slice(0, 12)}) in ${dir}…`);
    execFileSync(path.join(repo, 'backend', 'node_modules', '.bin', 'nest'), ['build'], { cwd: path.join(dir, 'backend'), stdio: 'inherit' });
  }
  return { sha, dir, backend: path.join(dir, 'backend') };
}

function stopChild(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function startApp(backend, databaseUrl) {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SERVE_STATIC: 'false',
    APP_NOW,
    REMINDER_CRON: 'off',
    // Production names its mail server; a bench sends nothing (emails are recorded as simulated).
    SMTP_URL: 'off',
    ...production.env,
  };
  const nodeArgs = [...production.nodeArgs, ...(process.env.BENCH_FAIR_USE_APP_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, path.join(backend, 'dist', 'main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function csv(count, domain) {
  const lines = ['name,email,department,teaching'];
  for (let i = 0; i < count; i += 1) lines.push(`Person ${i},p${i}@${domain},Department ${i % 12},${i % 3 ? 'yes' : 'no'}`);
  return lines.join('\n');
}

function multipart(content, fileName) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function api(base, method, urlPath, token, body, contentType = 'application/json') {
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: { ...(token && { Authorization: `Bearer ${token}` }), ...(body && { 'Content-Type': contentType }) },
    body: body && (contentType === 'application/json' ? JSON.stringify(body) : body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Another admin of the school at `base`, signed in: each burst is sent by a person of its own, so
 * it starts with that person's whole allowance (the app remembers spent windows in memory too).
 */
async function anotherAdmin(base, db, school, n) {
  const email = `admin${n}@${school.subdomain}.example`;
  const { id } = await api(base, 'POST', '/api/staff', school.token, { name: `Admin ${n}`, email, invite: true });
  await api(base, 'PUT', `/api/staff/${id}/role`, school.token, { role: 'admin' });
  await db.query('update users set password_hash = (select password_hash from users where email = $1) where email = $2', [`admin@${school.subdomain}.example`, email]);
  const { token } = await api(base, 'POST', '/api/auth/login', undefined, { email, password: 'bench-password', organizationSubdomain: school.subdomain });
  return token;
}

/** A school signed up through the API, its staff imported and its year planned. */
async function school(base, subdomain, staff) {
  const { token } = await api(base, 'POST', '/api/auth/register', undefined, {
    name: 'Bench Admin',
    email: `admin@${subdomain}.example`,
    password: 'bench-password',
    organizationName: `School ${subdomain}`,
    organizationSubdomain: subdomain,
  });
  const file = multipart(csv(staff, `${subdomain}.example`), 'staff.csv');
  const imported = await api(base, 'POST', '/api/staff/import', token, file.body, file.contentType);
  const planned = await api(base, 'POST', '/api/rota/reshuffle-future', token, { allWeekdays: true });
  return { token, subdomain, imported: imported.imported, planned };
}

const fmt = (ms) => (Number.isFinite(ms) ? (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`) : '–');
const statusText = (statuses) =>
  Object.entries(statuses)
    .map(([status, n]) => `${n}×${status === '0' ? 'no answer' : status}`)
    .join(' ');

/** Runs every scenario against one built backend on its own database; returns the rows to print. */
async function measureTree(label, backend, pg, proxy, index) {
  const database = `fair_use_${index}`;
  const admin = new Client({ connectionString: pg.server.urlFor('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const direct = new Client({ connectionString: pg.server.urlFor(database) });
  const { child, base } = await startApp(backend, proxy.urlThrough(pg.server.urlFor(database)));
  const rows = [];
  try {
    await direct.connect();
    const seedStarted = performance.now();
    const large = await school(base, `large${index}`, largeStaff);
    const small = await school(base, `small${index}`, 30);
    const fairness = await fetch(`${base}/api/fairness`, { headers: { Authorization: `Bearer ${large.token}` } });
    const fairnessBytes = (await fairness.arrayBuffer()).byteLength;
    console.log(
      `\n${label}: seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s — large school ${large.imported} staff (${large.planned.changedSlots} duties planned; fairness JSON ${(fairnessBytes / 1024).toFixed(0)} KB), small school ${small.imported} staff (${small.planned.changedSlots} duties)`,
    );

    const auth = (token) => ({ Authorization: `Bearer ${token}` });
    const preview = multipart(csv(5000, 'preview.example'), 'staff.csv');
    const kindsFor = (token) => ({
      'fairness XLSX export': { method: 'GET', url: `${base}/api/fairness/export?format=xlsx`, headers: auth(token) },
      'fairness JSON': { method: 'GET', url: `${base}/api/fairness`, headers: auth(token) },
      reshuffle: { method: 'POST', url: `${base}/api/rota/reshuffle-future`, headers: { ...auth(token), 'Content-Type': 'application/json' }, body: JSON.stringify({ allWeekdays: true }) },
      'import preview, 5,000 rows': { method: 'POST', url: `${base}/api/staff/import/preview`, headers: { ...auth(token), 'Content-Type': preview.contentType }, body: preview.body },
      'staff list': { method: 'GET', url: `${base}/api/staff`, headers: auth(token) },
    });
    const kinds = kindsFor(large.token);
    let admins = 0;
    const probeRequest = { name: 'probe', method: 'GET', url: `${base}${MONTH}`, headers: auth(small.token) };
    const resetLimits = () => direct.query('delete from rate_limit_buckets');

    // Warm-up: exceljs loaded, statements planned, the JIT warm.
    for (const request of Object.values(kinds)) await requestLoop({ requests: [request], connections: 1, seconds: 0.01 }).done;
    await requestLoop({ requests: [probeRequest], connections: 1, seconds: 1 }).done;

    await resetLimits();
    const quiet = await requestLoop({ requests: [probeRequest], connections: 1, seconds }).done;
    rows.push({ scenario: 'nobody else busy', probe: latencySummary(quiet) });

    const bursts = [...Object.keys(kinds).map((name) => [name, [name]]), ['all five at once', Object.keys(kinds)]];
    for (const [name, names] of bursts) {
      await resetLimits();
      const sender = kindsFor(await anotherAdmin(base, direct, large, (admins += 1)));
      const requests = names.map((n) => ({ name: n, ...sender[n] }));
      const probe = requestLoop({ requests: [probeRequest], connections: 1 });
      const started = Date.now();
      const burst = await requestLoop({ requests, connections, seconds }).done;
      const ended = Date.now();
      probe.stop();
      const during = (await probe.done).filter((r) => r.start >= started && r.start <= ended);
      rows.push({ scenario: `burst: ${name}`, probe: latencySummary(during), burst: latencySummary(burst), burstSeconds: (ended - started) / 1000 });
    }

    // The database freezes for FREEZE_SECONDS.
    await resetLimits();
    const health = requestLoop({ requests: [{ name: 'health', method: 'GET', url: `${base}/api/health` }], connections: 1 });
    const rota = requestLoop({ requests: [probeRequest], connections: 1 });
    await new Promise((r) => setTimeout(r, 1000));
    proxy.freeze();
    const frozeAt = Date.now();
    await new Promise((r) => setTimeout(r, FREEZE_SECONDS * 1000));
    proxy.thaw();
    const thawedAt = Date.now();
    await new Promise((r) => setTimeout(r, 2000));
    health.stop();
    rota.stop();
    // Every request that was waiting at some point of the freeze, the one in flight when it began too.
    const inFreeze = (results) => results.filter((r) => r.start < thawedAt && r.start + r.ms > frozeAt);
    rows.push({ scenario: `database frozen ${FREEZE_SECONDS} s: GET /api/health`, probe: latencySummary(inFreeze(await health.done)) });
    rows.push({ scenario: `database frozen ${FREEZE_SECONDS} s: small school's rota`, probe: latencySummary(inFreeze(await rota.done)) });
  } finally {
    await direct.end().catch(() => undefined);
    await stopChild(child);
  }
  console.log(`\n${label}: the small school's GET ${MONTH} (one connection), p50 / p95 / max, and how it and the burst were answered`);
  for (const r of rows) {
    console.log(
      `  ${r.scenario.padEnd(44)} ${fmt(r.probe.p50).padStart(8)} ${fmt(r.probe.p95).padStart(8)} ${fmt(r.probe.max).padStart(8)}   ${statusText(r.probe.statuses).padEnd(18)}` +
        (r.burst ? `   burst of ${r.burstSeconds.toFixed(1)} s: ${statusText(r.burst.statuses)}` : ''),
    );
  }
  return rows;
}

const trees = [];
let baseline;
if (options.baseline) {
  baseline = builtWorktree(options.baseline);
  trees.push({ label: `baseline ${options.baseline} (${baseline.sha.slice(0, 12)})`, backend: baseline.backend });
}
trees.push({ label: 'this checkout', backend: path.join(repo, 'backend') });

console.log(
  `Fair use: ${connections} connections per burst for ${seconds} s, the large school ${largeStaff} staff; APP_NOW ${APP_NOW}; load average ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
const pg = await startThrowawayPostgres('bench_fair_use');
const proxy = await startFreezableProxy(pg.server.options?.port ?? Number(new URL(pg.server.url).port));
const results = [];
try {
  for (const [i, tree] of trees.entries()) results.push({ label: tree.label, rows: await measureTree(tree.label, tree.backend, pg, proxy, i) });
  if (results.length === 2) {
    console.log(`\nThe small school's rota, p95 (max): ${results[0].label} → ${results[1].label}`);
    for (const [i, row] of results[0].rows.entries()) {
      const after = results[1].rows[i];
      console.log(`  ${row.scenario.padEnd(44)} ${`${fmt(row.probe.p95)} (${fmt(row.probe.max)})`.padStart(20)} → ${fmt(after.probe.p95)} (${fmt(after.probe.max)})`);
    }
  }
} finally {
  await proxy.close();
  await pg.stop();
  if (baseline && !options['keep-baseline']) execFileSync('git', ['worktree', 'remove', '--force', baseline.dir], { cwd: repo, stdio: 'ignore' });
}
