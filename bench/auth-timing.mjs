#!/usr/bin/env node
// Can an outsider tell from the answer time whether an address has an account? Times the
// unauthenticated routes that must not say so (forgot password, resend verification) for a known
// and an unknown address, interleaved so background load affects both alike, and prints the
// medians and their gap. The routes answer first and do the account-dependent work (hashing,
// queuing mail) afterwards, so the gap should be noise: well under the tens of milliseconds
// that hashing or sending before answering would add. A figure, not a test: timings depend on
// the machine's load (the assertion that used to live in auth.int-spec.ts failed on a busy one).
//   npm run build -w backend && node bench/auth-timing.mjs [pairs per route]
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

const pairs = Number(process.argv[2] ?? 41);

const pg = await startThrowawayPostgres('bench-auth-timing');
const jwtSecret = randomBytes(32).toString('hex');
const env = validateEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SERVE_STATIC: 'false', JWT_SECRET: jwtSecret, REMINDER_CRON: 'off', SMTP_URL: 'off' });
const app = await createApp({ env, databaseUrl: pg.server.url, jwtSecret });
const orm = app.get(MikroORM);
await runMigrations(orm, pg.server.url);
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${app.getHttpServer().address().port}/api`;

async function post(path, body) {
  const start = process.hrtime.bigint();
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  // A new organisation's admin has an unverified email: the case resend-verification acts on.
  const account = { email: 'timing@example.com', organizationSubdomain: 'timing' };
  await post('/auth/register', { name: 'Timing Admin', password: 'timing-password', organizationName: 'Timing School', ...account });
  console.log(`Answer time for a known vs an unknown address, ${pairs} interleaved pairs per route (after 5 warm-up pairs)`);
  for (const path of ['/auth/forgot-password', '/auth/resend-verification']) {
    const known = [];
    const unknown = [];
    for (let i = -5; i < pairs; i += 1) {
      // Only the timing is measured here, not the throttle: start every pair with fresh windows.
      await orm.em.fork().getConnection().execute('DELETE FROM rate_limit_buckets');
      const k = await post(path, account);
      const u = await post(path, { ...account, email: `ghost-${i + 5}@example.com` });
      if (i >= 0) {
        known.push(k);
        unknown.push(u);
      }
    }
    const gap = median(known) - median(unknown);
    console.log(`  POST /api${path.padEnd(26)} known p50 ${median(known).toFixed(1).padStart(6)} ms   unknown p50 ${median(unknown).toFixed(1).padStart(6)} ms   gap ${gap >= 0 ? '+' : ''}${gap.toFixed(1)} ms`);
  }
  console.log(`Node ${process.version}.`);
} finally {
  await app.close();
  await pg.stop();
}
