// Shared by the bench scripts: an HTTP load generator in a worker thread (so it doesn't share the
// event loop with the servers it measures) and the figures it prints.
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

if (!isMainThread && workerData?.httpLoad) {
  // `connections` loops, each sending its next request when the last answered.
  const { url, headers, seconds, connections, expectStatus } = workerData;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  let requests = 0;
  const get = () =>
    new Promise((resolve) => {
      const start = process.hrtime.bigint();
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          requests += 1;
          if (res.statusCode !== expectStatus) errors += 1;
          resolve(Number(process.hrtime.bigint() - start) / 1e6);
        });
      });
      req.on('error', () => {
        requests += 1;
        errors += 1;
        resolve(Number(process.hrtime.bigint() - start) / 1e6);
      });
    });
  const run = async (until, record) => {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < until) {
          const ms = await get();
          if (record) latencies.push(ms);
        }
      }),
    );
  };
  await run(Date.now() + 1000, false); // warm-up
  const warmup = requests;
  errors = 0;
  const started = Date.now();
  await run(started + seconds * 1000, true);
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  parentPort.postMessage({ latencies, errors, elapsed, warmup });
}

/** Loads `url` from a worker thread for `seconds` (after a 1 s warm-up) on `connections` connections. */
export function load(url, headers, seconds, connections, expectStatus = 200) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { httpLoad: true, url, headers, seconds, connections, expectStatus } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

export function summarise({ latencies, errors, elapsed, warmup = 0 }) {
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), requests: latencies.length, errors, warmup };
}

export const formatResult = (r) =>
  `${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.requests} requests, ${r.errors} errors)`;
