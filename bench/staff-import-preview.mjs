#!/usr/bin/env node
// Times the staff CSV import preview for a 1,000-row file against the real app on a
// throw-away PostgreSQL, and prints the figures. Budget (issue 4): under 2 s.
//   npm run build -w backend && node bench/staff-import-preview.mjs [rows] [runs]
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

const rows = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 7);

const pg = await startThrowawayPostgres('bench');
const env = validateEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_STATIC: 'false' });
const app = await createApp({ env, databaseUrl: pg.server.url, jwtSecret: randomBytes(32).toString('hex') });
await runMigrations(app.get(MikroORM), pg.server.url);
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${app.getHttpServer().address().port}/api`;

try {
  const register = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Admin', email: 'bench@example.com', password: 'bench-password', organizationName: 'Bench School', organizationSubdomain: 'bench' }),
  });
  const { token } = await register.json();
  // A realistic file: mostly valid rows, some bad emails and duplicates, 100 already existing.
  for (let i = 0; i < 100; i += 1) {
    await fetch(`${base}/staff`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Existing ${i}`, email: `person${i}@bench.example` }),
    });
  }
  const lines = ['name,email,department,teaching'];
  for (let i = 0; i < rows; i += 1) {
    const email = i % 97 === 0 ? `broken-${i}` : `person${i % 950}@bench.example`;
    lines.push(`"Person ${i}, Jr",${email},Department ${i % 12},${i % 3 ? 'yes' : 'no'}`);
  }
  const csv = lines.join('\n');

  const times = [];
  let result;
  for (let run = 0; run < runs; run += 1) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'staff.csv');
    const start = process.hrtime.bigint();
    const res = await fetch(`${base}/staff/import/preview`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    result = await res.json();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (res.status !== 201) throw new Error(`preview failed: ${res.status} ${JSON.stringify(result)}`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`staff import preview: ${rows} rows (${(csv.length / 1024).toFixed(0)} KiB), ${runs} runs`);
  console.log(`  valid ${result.validCount}, with errors ${result.errorCount}`);
  console.log(`  min ${times[0].toFixed(1)} ms, median ${median.toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms (budget 2000 ms)`);
} finally {
  await app.close();
  await pg.stop();
}
