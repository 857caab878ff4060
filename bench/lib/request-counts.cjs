// A preload that counts, per HTTP request a server answers, what its plumbing does: socket writes of
// the HTTP answers and of everything else (pg), and their buffers; timers armed; headers set on the raw
// response; the main thread's involuntary context switches; garbage collections and their time. It
// appends one line of JSON (per-request averages, counted from the first request on) to
// REQUEST_COUNTS_OUT (default /tmp/request-counts.txt) when the process exits:
//   BENCH_API_APP_NODE_ARGS="--require $PWD/bench/lib/request-counts.cjs" \
//   BENCH_API_BARE_NODE_ARGS="--require $PWD/bench/lib/request-counts.cjs" BENCH_API_ONLY=dashboard node bench/api/index.mjs 5 50 1
// Counts don't depend on other work on the machine; docs/performance.md ("The plumbing") compares the
// app's with the bare server's. The counters cost a little CPU themselves: don't read CPU figures from
// the same run.
'use strict';
const dc = require('node:diagnostics_channel');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const { PerformanceObserver } = require('node:perf_hooks');

const counts = { httpWrites: 0, httpBuffers: 0, otherWrites: 0, otherBuffers: 0, timers: 0, rawSetHeader: 0 };
let requests = 0;
const mainThreadSwitches = () =>
  Number(fs.readFileSync(`/proc/self/task/${process.pid}/status`, 'utf8').match(/nonvoluntary_ctxt_switches:\s+(\d+)/)[1]);
let switchesAtFirst = 0;
dc.subscribe('http.server.request.start', () => {
  if (requests++ === 0) switchesAtFirst = mainThreadSwitches();
});

// Every socket write goes through _writeGeneric (write: one buffer; writev: several in one call).
const writeGeneric = net.Socket.prototype._writeGeneric;
net.Socket.prototype._writeGeneric = function countedWrite(writev, data, encoding, cb) {
  if (requests) {
    const side = this.server ? 'http' : 'other';
    counts[`${side}Writes`]++;
    counts[`${side}Buffers`] += writev ? data.length : 1;
  }
  return writeGeneric.call(this, writev, data, encoding, cb);
};
const setTimeoutOf = globalThis.setTimeout;
globalThis.setTimeout = function countedSetTimeout(...args) {
  if (requests) counts.timers++;
  return setTimeoutOf.apply(this, args);
};
const setHeader = http.ServerResponse.prototype.setHeader;
http.ServerResponse.prototype.setHeader = function countedSetHeader(...args) {
  if (requests) counts.rawSetHeader++;
  return setHeader.apply(this, args);
};
// node's GC kinds: 1 minor (scavenge), 4 major, 8 incremental marking, 16 weak callbacks. Durations are wall time.
const gc = {};
new PerformanceObserver((list) => {
  if (!requests) return;
  for (const entry of list.getEntries()) {
    const kind = `gc${entry.detail.kind}`;
    gc[`${kind}Count`] = (gc[`${kind}Count`] ?? 0) + 1;
    gc[`${kind}Ms`] = (gc[`${kind}Ms`] ?? 0) + entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

process.on('exit', () => {
  const per = (n) => Number((n / (requests || 1)).toFixed(3));
  const line = {
    script: process.argv[1],
    requests,
    ...Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, per(v)])),
    involuntarySwitches: per(requests ? mainThreadSwitches() - switchesAtFirst : 0),
    // Totals over the whole time from the first request (including the idle release after a load).
    gc: Object.fromEntries(Object.entries(gc).map(([k, v]) => [k, Number(v.toFixed(1))])),
  };
  fs.appendFileSync(process.env.REQUEST_COUNTS_OUT ?? '/tmp/request-counts.txt', `${JSON.stringify(line)}\n`);
});
