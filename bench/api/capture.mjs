// The statements behind a request, from the app itself: starts a short-lived *capture* instance of
// the app (`node --require bench/lib/capture-sql.cjs backend/dist/main.js`, never the measured
// process), sends each request `times` times one after the other, and keeps the last one's record —
// every statement the app sent to PostgreSQL for it, in order, with its parameter values — and its
// answer. The last, so what a first request alone does (a cache filled, a connection opened) is not
// taken for what every request does; the counts of every time are returned to be printed. The
// records go to bench/api/bare-server.mjs (CAPTURED), which replays them.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';

const preload = new URL('../lib/capture-sql.cjs', import.meta.url).pathname;

/**
 * `start(extraEnv, nodeArgs)` starts the app and resolves with `{ child, base }` once it answers;
 * `signIn(base)` signs in whoever the requests need and resolves with their headers by name;
 * `requests`: `{ name, path, as }` (`as`: a name `signIn` returned). Resolves with
 * `{ [path]: { statements, body, status, counts } }`.
 */
export async function captureRequests({ start, stop, signIn, requests, times = 3 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-capture-'));
  const { child, base } = await start({ CAPTURE_SQL_DIR: dir }, ['--require', preload]);
  try {
    const headers = await signIn(base);
    const out = {};
    for (const r of requests) {
      const counts = [];
      let first;
      let record;
      let body;
      for (let n = 1; n <= times; n += 1) {
        const res = await fetch(`${base}${r.path}`, { headers: { ...headers[r.as], 'x-bench-capture': `${r.name}-${n}` } });
        body = await res.text();
        if (res.status !== 200) throw new Error(`capture: GET ${r.path}: ${res.status} ${body}`);
        // The record is written when the response has been sent; wait for the file.
        const file = path.join(dir, `${r.name}-${n}.json`);
        while (!fs.existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 10));
        record = JSON.parse(fs.readFileSync(file, 'utf8'));
        counts.push(record.statements.length);
        first ??= record;
      }
      // What the first request sent that the kept one didn't (one-off work: a cache filled, a connection set up).
      const kept = new Set(record.statements.map((s) => s.text));
      const firstOnly = first.statements.filter((s) => !kept.has(s.text)).map((s) => s.text);
      // Statements sent while the request ran but outside its context: the app's background work
      // (the mail outbox's polling), or a statement of the request that lost its context (printed by the bench).
      out[r.path] = { statements: record.statements, body, status: record.status, counts, firstOnly, outside: record.outsideStatements };
    }
    return out;
  } finally {
    await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A spawned node process's `child` for captureRequests' `start`. */
export function spawnNode(nodeArgs, script, env) {
  return spawn(process.execPath, [...nodeArgs, script], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}
