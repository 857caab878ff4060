#!/usr/bin/env node
// Load-tests GET /api/rota for one month of a 200-staff organisation (a full academic year filled
// by the rota engine) under 50 concurrent keep-alive connections, and the same two SQL queries
// served by a bare node:http + pg server, then prints requests per second, p50/p99 and the ratio.
// The load runs in a worker thread (bench/lib/http-load.mjs) so it does not share the event loop with the servers.
//   npm run build -w backend && node bench/rota-api.mjs [seconds] [connections]
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { formatResult as fmt, load, summarise } from './lib/http-load.mjs';

await main();

async function main() {
  const require = createRequire(import.meta.url);
  const dist = new URL('../backend/dist/', import.meta.url).pathname;
  const { startThrowawayPostgres } = require(`${dist}database/throwaway-postgres.js`);
  const { createApp } = require(`${dist}app.factory.js`);
  const { validateEnv } = require(`${dist}config/env.js`);
  const { runMigrations } = require(`${dist}database/migrate.js`);
  const { ROTA_DAYS_SQL, toRotaDays } = require(`${dist}modules/rota/rota-days.js`);
  const { MikroORM } = require('@mikro-orm/core');
  const { Pool } = require('pg');

  const seconds = Number(process.argv[2] ?? 5);
  const connections = Number(process.argv[3] ?? 50);
  const staffCount = 200;
  const month = { startDate: '2025-10-01', endDate: '2025-10-31' };

  const pg = await startThrowawayPostgres('bench-rota-api');
  const jwtSecret = randomBytes(32).toString('hex');
  const env = validateEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SERVE_STATIC: 'false', APP_NOW: '2025-09-08T09:00', JWT_SECRET: jwtSecret });
  const app = await createApp({ env, databaseUrl: pg.server.url, jwtSecret });
  await runMigrations(app.get(MikroORM), pg.server.url);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}/api`;
  let bare;
  const pool = new Pool({ connectionString: pg.server.url, max: 10 });

  try {
    const register = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Admin', email: 'bench@example.com', password: 'bench-password', organizationName: 'Bench School', organizationSubdomain: 'bench' }),
    });
    const { token } = await register.json();
    const auth = { Authorization: `Bearer ${token}` };
    for (let i = 0; i < staffCount; i += 1) {
      const res = await fetch(`${base}/staff`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth },
        body: JSON.stringify({ name: `Person ${String(i).padStart(3, '0')}`, email: `person${i}@bench.example`, isTeaching: i % 3 !== 0 }),
      });
      if (res.status !== 201) throw new Error(`staff ${i}: ${res.status}`);
    }
    const fill = await (await fetch(`${base}/rota/fill-unassigned`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...auth }, body: '{}' })).json();
    const check = await (await fetch(`${base}/rota?startDate=${month.startDate}&endDate=${month.endDate}`, { headers: auth })).json();
    const { rows: [{ organization_id: org }] } = await pool.query('select organization_id from staff limit 1');

    // The same two queries and the same grouping, with no framework, auth or validation.
    bare = http.createServer(async (req, res) => {
      const url = new URL(req.url, 'http://x');
      const start = url.searchParams.get('startDate');
      const end = url.searchParams.get('endDate');
      const knexToPg = (sql) => { let n = 0; return sql.replace(/\?/g, () => `$${++n}`); };
      const [settings, slots] = await Promise.all([
        pool.query('select duty_managers_per_day as n from system_settings where organization_id = $1', [org]),
        pool.query(knexToPg(ROTA_DAYS_SQL), [org, start, end]),
      ]);
      const body = JSON.stringify(toRotaDays(slots.rows, settings.rows[0]?.n ?? 2));
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareBase = `http://127.0.0.1:${bare.address().port}`;
    const query = `?startDate=${month.startDate}&endDate=${month.endDate}`;

    const appResult = summarise(await load(`${base}/rota${query}`, auth, seconds, connections));
    const bareResult = summarise(await load(`${bareBase}/rota${query}`, {}, seconds, connections));

    console.log(`GET /api/rota, one month (${month.startDate}..${month.endDate}): ${check.length} days, ${staffCount} staff, ${fill.changedSlots} slots filled for the year`);
    console.log(`  ${connections} connections, ${seconds} s after a 1 s warm-up, load from a worker thread`);
    console.log(`  app (Nest + MikroORM, auth, validation): ${fmt(appResult)}`);
    console.log(`  bare node:http + pg, same SQL:           ${fmt(bareResult)}`);
    console.log(`  ratio app/bare: throughput ${(appResult.rps / bareResult.rps).toFixed(2)}, p99 ${(appResult.p99 / bareResult.p99).toFixed(2)}x`);
    console.log(`  backend resident memory after the load: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB (both servers and the bench in one process)`);
  } finally {
    bare?.close();
    await pool.end();
    await app.close();
    await pg.stop();
  }
}
