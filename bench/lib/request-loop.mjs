// Closed-loop HTTP requesters in worker threads, so the requests' timing does not share an event
// loop with the bench or with the servers it measures. Each of `connections` loops sends its next
// request when the last one answered, cycling through `requests`; a loop stops after `seconds`
// (then waits for the answers in flight) or when told to stop.
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

if (!isMainThread && workerData?.requestLoop) {
  const { requests, connections, seconds, timeoutMs } = workerData;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const results = [];
  let stopAt = seconds ? Date.now() + seconds * 1000 : Infinity;
  parentPort.on('message', (message) => {
    if (message === 'stop') stopAt = 0;
  });
  const send = ({ method, url, headers, body }) =>
    new Promise((resolve) => {
      const start = performance.timeOrigin + performance.now();
      const done = (status, retryAfter) => resolve({ start, ms: performance.timeOrigin + performance.now() - start, status, retryAfter });
      const req = http.request(url, { method, agent, headers, timeout: timeoutMs }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode, res.headers['retry-after']));
        res.on('error', () => done(0));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => done(0));
      req.end(body ? Buffer.from(body) : undefined);
    });
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let i = c; Date.now() < stopAt; i += connections) {
        const request = requests[i % requests.length];
        results.push({ name: request.name, ...(await send(request)) });
        // Yield to the message port, so a 'stop' is seen between requests that answer at once.
        await new Promise((r) => setImmediate(r));
      }
    }),
  );
  agent.destroy();
  parentPort.postMessage(results);
}

/**
 * Starts a loop; returns `{ stop(), done }` where `done` resolves with every request's
 * `{ name, start (epoch ms), ms, status (0: no answer), retryAfter }` once the loop has ended.
 * `requests`: `{ name, method, url, headers, body }` (body: string or Uint8Array).
 */
export function requestLoop({ requests, connections = 1, seconds = 0, timeoutMs = 120_000 }) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { requestLoop: true, requests, connections, seconds, timeoutMs } });
  const done = new Promise((resolve, reject) => {
    worker.once('message', (results) => {
      void worker.terminate();
      resolve(results);
    });
    worker.once('error', reject);
  });
  return { stop: () => worker.postMessage('stop'), done };
}

/** p50, p95 and max of the latencies (ms) of `results`, and how many answered with each status. */
export function latencySummary(results) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (p) => (ms.length ? ms[Math.min(ms.length - 1, Math.ceil(ms.length * p) - 1)] : NaN);
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return { count: ms.length, p50: at(0.5), p95: at(0.95), max: ms.at(-1) ?? NaN, statuses };
}
