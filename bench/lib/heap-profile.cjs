// A preload that takes V8's sampling heap profile of a server's requests: sampling starts at the
// first HTTP request and stops after 1,000 more, keeping the objects collected since (so it is
// what the requests allocated, not what they left live). It writes /tmp/heap-<pid>.heapprofile
// (for Chrome's DevTools) and /tmp/heap-<pid>.txt: the KiB allocated per request in all and by
// the 25 largest allocating functions (self):
//   BENCH_API_APP_NODE_ARGS="--require $PWD/bench/lib/heap-profile.cjs" \
//   BENCH_API_BARE_NODE_ARGS="--require $PWD/bench/lib/heap-profile.cjs" BENCH_API_ONLY=dashboard node bench/api/index.mjs 5 50 1
// (the bench passes the servers no environment of its own, hence the fixed paths). The first
// requests are the bench's checks before the load; the rest of the 1,000 are the load's. The
// sampling costs CPU: don't read CPU figures from the same run.
'use strict';
const dc = require('node:diagnostics_channel');
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const limit = 1000;
const dir = '/tmp';
const session = new inspector.Session();
session.connect();
let requests = 0;
let done = false;

function summarise(profile, count) {
  const byFunction = new Map();
  let total = 0;
  const walk = (node) => {
    const self = node.selfSize;
    total += self;
    if (self) {
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/backend\//, 'backend/')}:${lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + self);
    }
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  const lines = [`heap profile of ${count} requests: ${(total / count / 1024).toFixed(1)} KiB allocated per request`];
  for (const [key, size] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    lines.push(`  ${(size / count / 1024).toFixed(2).padStart(6)} KiB  ${key}`);
  }
  return lines.join('\n');
}

dc.subscribe('http.server.request.start', () => {
  if (done) return;
  if (requests++ === 0) {
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return;
  }
  if (requests <= limit) return;
  done = true;
  session.post('HeapProfiler.stopSampling', (err, result) => {
    if (err) throw err;
    fs.writeFileSync(path.join(dir, `heap-${process.pid}.heapprofile`), JSON.stringify(result.profile));
    fs.writeFileSync(path.join(dir, `heap-${process.pid}.txt`), `${summarise(result.profile, limit)}\n`);
  });
});
