#!/usr/bin/env node
// What each change of facts does to a planned rota (docs/product.md#the-rota-stays-true), on the
// built app and a throwaway PostgreSQL: a 40-staff school (14 non-teaching) with term dates and
// three duty managers per day, its year filled by the engine. Each change is applied through the
// API; the bench prints the duties removed and refilled, the days touched, the emails queued, the
// answer time, and the health check's violations afterwards (must be 0). The baseline is the same
// change on an organisation with no rota: the cost of the check itself.
//   npm run build -w backend && node bench/rota-changes.mjs
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';

const require = createRequire(import.meta.url);
const dist = new URL('../backend/dist/', import.meta.url).pathname;
const { startThrowawayPostgres } = require(`${dist}database/throwaway-postgres.js`);
const { createApp } = require(`${dist}app.factory.js`);
const { validateEnv } = require(`${dist}config/env.js`);
const { runMigrations } = require(`${dist}database/migrate.js`);
// The backend's own packages: npm keeps MikroORM under backend/node_modules (not hoisted).
const { MikroORM } = createRequire(new URL('../backend/package.json', import.meta.url))('@mikro-orm/core');

const STAFF = 40;
const NON_TEACHING = 14;
const TERMS = [
  { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' },
  { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' },
  { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' },
];

const pg = await startThrowawayPostgres('bench-rota-changes');
const jwtSecret = randomBytes(32).toString('hex');
const env = validateEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SERVE_STATIC: 'false', APP_NOW: '2025-09-08T09:00', JWT_SECRET: jwtSecret, REMINDER_CRON: 'off', SMTP_URL: 'off' });
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

/** A school: its admin's token, its subdomain and its staff ids; filled for the year when `fill`. */
async function school(fill) {
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
    const s = await api('/staff', token, { name: `Person ${String(i).padStart(2, '0')}`, email: `p${i}@${subdomain}.example`, isTeaching: i >= NON_TEACHING });
    staff.push(s.id);
  }
  await api('/system-settings', token, { dutyManagersPerDay: 3 });
  await api('/term-dates/2025', token, { terms: TERMS }, 'PUT');
  if (fill) await api('/rota/fill-unassigned', token, {});
  return { token, subdomain, staff };
}

const outboxCount = async (subdomain) =>
  Number(
    (await sql(`select count(*) as n from outbox_emails o join organizations g on g.id = o.organization_id where g.subdomain = ?`, [subdomain]))[0].n,
  );

/** Applies `change` and measures it. */
async function measure(org, change) {
  const before = await outboxCount(org.subdomain);
  const started = process.hrtime.bigint();
  const result = await change(org);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const emails = (await outboxCount(org.subdomain)) - before;
  const health = await api('/rota/health', org.token);
  const rotaChange = result?.rotaChange ?? (result && 'cancelledDuties' in result ? { removedDuties: result.cancelledDuties, refilledDuties: result.refilledDuties, dates: null } : null);
  return { ms, emails, rotaChange, violations: health.violations.length, message: rotaChange?.message ?? result?.message ?? '' };
}

const CHANGES = [
  ['snow closure, 2 days (holiday)', (o) => api('/holidays', o.token, { name: 'Snow closure', type: 'other', startDate: '2025-12-08', endDate: '2025-12-09' })],
  ['bank holidays of the year', (o) => api('/holidays/bank-holidays', o.token, { academicYearStart: 2025 })],
  ['autumn term ends 2 days earlier', (o) => api('/term-dates/2025', o.token, { terms: [{ ...TERMS[0], endDate: '2025-12-17' }, TERMS[1], TERMS[2]] }, 'PUT')],
  ['a leaver deactivated', (o) => api(`/staff/${o.staff[20]}`, o.token, { isActive: false }, 'PUT')],
  ['two weeks of sick leave', (o) => api('/staff-unavailability', o.token, { staffId: o.staff[21], startDate: '2025-11-03', endDate: '2025-11-14', reason: 'Operation', type: 'sick' })],
  ['duty managers per day 3 → 2', (o) => api('/system-settings', o.token, { dutyManagersPerDay: 2 })],
  ['the leaver reactivated', (o) => api(`/staff/${o.staff[20]}`, o.token, { isActive: true }, 'PUT')],
];

try {
  const empty = await school(false);
  const filled = await school(true);
  const planned = Number((await sql(`select count(*) as n from rota_slots s join organizations g on g.id = s.organization_id where g.subdomain = ?`, [filled.subdomain]))[0].n);
  console.log(`Rota changes: ${STAFF} staff (${NON_TEACHING} non-teaching), 3 per day, term dates 2025-2026, ${planned} duties planned from 9 Sep 2025 to 21 Jul 2026.`);
  console.log('Each change on the filled school, and (baseline) on the same school with no rota.\n');
  const rows = [];
  for (const [label, change] of CHANGES) {
    const baseline = await measure(empty, change);
    const run = await measure(filled, change);
    rows.push({ label, baseline, run });
  }
  const pad = (s, n) => String(s).padEnd(n);
  const num = (s, n) => String(s).padStart(n);
  console.log(`${pad('change', 34)}${num('removed', 8)}${num('refilled', 9)}${num('days', 6)}${num('emails', 8)}${num('ms', 8)}${num('base ms', 9)}${num('violations', 12)}`);
  for (const { label, baseline, run } of rows) {
    const c = run.rotaChange;
    console.log(
      `${pad(label, 34)}${num(c?.removedDuties ?? 0, 8)}${num(c?.refilledDuties ?? 0, 9)}${num(c?.dates ? c.dates.length : '–', 6)}${num(run.emails, 8)}${num(run.ms.toFixed(0), 8)}${num(baseline.ms.toFixed(0), 9)}${num(run.violations, 12)}`,
    );
  }
  console.log('');
  for (const { label, run } of rows) if (run.message) console.log(`${label}: ${run.message}`);
} finally {
  await app.close();
  await pg.stop();
}
