#!/usr/bin/env node
// The organisation export's memory (docs/performance.md, docs/security.md "Organisation export and
// import"): a school of 200 staff with 10 years of rota (eight duties of two people and two duty
// managers every school day), a leave record a term per person and 20 activity-log entries a
// day, seeded with SQL; the app runs as production starts it, in its own process, and its RSS
// (/proc/<pid>/status) is sampled every 20 ms while an admin downloads the export twice. Prints the
// RSS before each, its peak and the growth (the second's must stay under 50 MiB), the archive's size
// and the time.
//   npm run build -w backend && node bench/organization-export.mjs [years]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { productionStart } from './lib/production-start.mjs';

const years = Number(process.argv[2] ?? 10);
const STAFF = 200;
const DUTIES = 8;
const LIMIT_MIB = 50;

const repo = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const dist = path.join(repo, 'backend', 'dist');
const { startThrowawayPostgres, freePort } = require(`${dist}/database/throwaway-postgres.js`);
const { Client } = require('pg');
const production = productionStart();

const pg = await startThrowawayPostgres('bench-organization-export');
const port = await freePort();
const child = spawn(process.execPath, [...production.nodeArgs, path.join(dist, 'main.js')], {
  env: {
    PATH: process.env.PATH,
    DATABASE_URL: pg.server.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SERVE_STATIC: 'false',
    APP_NOW: '2025-09-08T09:00',
    REMINDER_CRON: 'off',
    SMTP_URL: 'off',
    ...production.env,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}/api`;

function rssMiB() {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function api(urlPath, token, body) {
  const res = await fetch(`${base}${urlPath}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${urlPath}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Ten years of one school, written straight into the tables (triggers off: a bench's seed, not a use case). */
async function seed(client, organizationId, adminId) {
  const from = `${2025 - years}-09-01`;
  await client.query(`set session_replication_role = replica`);
  await client.query(
    `insert into staff (id, organization_id, name, email, department, is_teaching)
     select gen_random_uuid(), $1, 'Person ' || lpad(i::text, 3, '0'), 'person' || i || '@bench.example', 'Department ' || (i % 12), i % 3 <> 0
       from generate_series(1, ${STAFF}) i`,
    [organizationId],
  );
  await client.query(
    `insert into duties (id, organization_id, name, place, start_time, end_time, weight, sort_order)
     select gen_random_uuid(), $1, 'Duty ' || i, 'Place ' || i, '12:00', '12:30', 30, i from generate_series(1, ${DUTIES}) i`,
    [organizationId],
  );
  await client.query(
    `insert into duty_weekdays (duty_id, weekday, organization_id, people)
     select d.id, w, $1, 2 from duties d, generate_series(1, 5) w where d.organization_id = $1 and d.is_duty_manager is null`,
    [organizationId],
  );
  await client.query(
    `insert into rota_days (id, organization_id, date)
     select gen_random_uuid(), $1, day::date from generate_series($2::date, '2025-08-31'::date, '1 day') day where extract(isodow from day) < 6`,
    [organizationId, from],
  );
  await client.query(
    `with staff_list as (select id, row_number() over (order by id) - 1 as n from staff where organization_id = $1),
          duty_list as (select id, row_number() over (order by is_duty_manager nulls last, id) - 1 as n from duties where organization_id = $1),
          days as (select id, date, row_number() over (order by date) as n from rota_days where organization_id = $1)
     insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id, duty_id, pinned)
     select gen_random_uuid(), $1, days.id, days.date, p, s.id, d.id, (days.n + p) % 17 = 0
       from days cross join duty_list d cross join generate_series(1, 2) p
       join staff_list s on s.n = (days.n * ${2 * (DUTIES + 1)} + d.n * 2 + p) % ${STAFF}`,
    [organizationId],
  );
  await client.query(
    `insert into staff_unavailability (id, organization_id, staff_id, start_date, end_date, reason, type)
     select gen_random_uuid(), $1, s.id, d::date, d::date + 2, 'Course', 'training'
       from staff s cross join generate_series($2::date, '2025-08-31'::date, '4 months') d where s.organization_id = $1`,
    [organizationId, from],
  );
  await client.query(
    `insert into audit_entries (organization_id, actor_id, actor_name, kind, action, entity_id, summary, before, after, created_at)
     select $1, $2, 'Bench Admin', 'rota', 'rota.assigned', gen_random_uuid()::text, 'Assigned Person ' || (i % ${STAFF}) || ' to a duty',
            null, jsonb_build_object('assigned', jsonb_build_array(jsonb_build_object('position', 1, 'override', false))), r.date + time '09:00' + i * interval '1 second'
       from rota_days r cross join generate_series(1, 20) i where r.organization_id = $1`,
    [organizationId, adminId],
  );
  await client.query(`set session_replication_role = origin`);
  await client.query('analyze');
  const counts = await client.query(
    `select (select count(*) from staff where organization_id = $1) staff, (select count(*) from rota_days where organization_id = $1) days,
            (select count(*) from rota_slots where organization_id = $1) slots, (select count(*) from audit_entries where organization_id = $1) audit,
            (select count(*) from staff_unavailability where organization_id = $1) away`,
    [organizationId],
  );
  return counts.rows[0];
}

try {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const password = 'bench-password';
  const { token } = await api('/auth/register', undefined, {
    name: 'Bench Admin',
    email: 'bench@example.com',
    password,
    organizationName: 'Bench School',
    organizationSubdomain: 'bench',
  });
  const client = new Client({ connectionString: pg.server.url });
  await client.connect();
  const { rows } = await client.query(`select id, organization_id from users where email = 'bench@example.com'`);
  const counts = await seed(client, rows[0].organization_id, rows[0].id);
  await client.end();
  console.log(`Seeded: ${counts.staff} staff, ${counts.days} rota days, ${counts.slots} rota slots, ${counts.audit} activity-log entries, ${counts.away} absences (${years} years).`);

  // Two exports one after the other: the first from a quiet app (its young generation still small:
  // production's --max-semi-space-size=16 lets it grow by up to 32 MiB under any allocation-heavy
  // work, a fixed cost), the second from where the first left it. A constant-memory export keeps
  // the second's growth small whatever the school's size.
  await api('/staff', token);
  await new Promise((r) => setTimeout(r, 3000));
  const runs = [];
  let archive;
  for (const name of ['first (cold)', 'second (warm)']) {
    const before = rssMiB();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 20);
    const started = Date.now();
    const res = await fetch(`${base}/organization-export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ password }),
    });
    if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
    const chunks = [];
    for await (const chunk of res.body) chunks.push(chunk);
    const bytes = chunks.reduce((n, c) => n + c.length, 0);
    archive = Buffer.concat(chunks);
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB());
    runs.push({ name, before, peak, growth: peak - before, bytes, seconds });
  }
  for (const r of runs) {
    console.log(
      `Export, ${r.name}: ${(r.bytes / 1024 / 1024).toFixed(1)} MiB ZIP in ${r.seconds.toFixed(1)} s; app RSS before ${r.before.toFixed(0)} MiB, peak ${r.peak.toFixed(0)} MiB, growth ${r.growth.toFixed(1)} MiB.`,
    );
  }
  // The import of that archive into a new organisation of the same admin: its time and the app's growth.
  const { token: newToken } = await api('/auth/register', undefined, {
    name: 'Bench Admin',
    email: 'bench@example.com',
    password,
    organizationName: 'Bench School Moved',
    organizationSubdomain: 'bench-moved',
  });
  const form = new FormData();
  form.append('password', password);
  form.append('file', new Blob([archive], { type: 'application/zip' }), 'export.zip');
  const importBefore = rssMiB();
  let importPeak = importBefore;
  const importSampler = setInterval(() => (importPeak = Math.max(importPeak, rssMiB())), 20);
  const importStarted = Date.now();
  const imported = await fetch(`${base}/organization-import`, { method: 'POST', headers: { Authorization: `Bearer ${newToken}` }, body: form });
  const importSeconds = (Date.now() - importStarted) / 1000;
  clearInterval(importSampler);
  if (imported.status !== 200) throw new Error(`import: ${imported.status} ${await imported.text()}`);
  const rowsImported = (await imported.json()).tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Import: ${rowsImported} rows in ${importSeconds.toFixed(1)} s; app RSS before ${importBefore.toFixed(0)} MiB, peak ${importPeak.toFixed(0)} MiB (the archive is read whole: 100 MB upload limit).`,
  );
  const warm = runs[1];
  if (warm.growth >= LIMIT_MIB) {
    console.error(`FAIL: the second export grew the app's RSS by ${warm.growth.toFixed(1)} MiB, ${LIMIT_MIB} MiB or more.`);
    process.exitCode = 1;
  } else console.log(`OK: the second export's growth is under ${LIMIT_MIB} MiB.`);
} finally {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await pg.stop();
}
