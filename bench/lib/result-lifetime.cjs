// A preload that measures how long a server keeps a large query result before it answers: for
// every statement that returns 100 rows or more, the time from its dispatch on a connection to
// its first row and from the first row to the last; for every HTTP request that ran one, the time
// from that first row to the answer's `writeHead`, from its last statement to `writeHead`, and the
// whole request. Percentiles go to /tmp/result-lifetime-<pid>.txt every 2 s:
//   BENCH_API_APP_NODE_ARGS="--require $PWD/bench/lib/result-lifetime.cjs" \
//   BENCH_API_BARE_NODE_ARGS="--require $PWD/bench/lib/result-lifetime.cjs" BENCH_API_ONLY=grid node bench/api/index.mjs 5 50 1
// It wraps both copies of `pg` in the repository (bench/lib/pg-copies.cjs), as bench/lib/capture-sql.cjs
// does, and ties a statement to its request through the query's config object (the prepared reads
// pass one), because `pg-pool` runs a waiting statement in the callback of whichever request
// released the connection. Its own work costs CPU: don't read CPU figures from the same run.
'use strict';
const { AsyncLocalStorage } = require('node:async_hooks');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const pgCopies = require('./pg-copies.cjs');

const als = new AsyncLocalStorage();
const ROWS = 100;
const stats = {
  dispatchToFirstRow: [],
  firstRowToLast: [],
  firstRowToAnswer: [],
  lastStatementToAnswer: [],
  wholeRequest: [],
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function timedEmit(event, req, res) {
  if (event !== 'request') return emit.apply(this, arguments);
  const request = { start: performance.now() };
  res.once('finish', () => {
    if (request.firstRow === undefined || request.answer === undefined) return;
    stats.firstRowToAnswer.push(request.answer - request.firstRow);
    stats.lastStatementToAnswer.push(request.answer - request.lastDone);
    stats.wholeRequest.push(performance.now() - request.start);
  });
  return als.run(request, () => emit.apply(this, arguments));
};
const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function timedWriteHead() {
  const request = als.getStore();
  if (request && request.answer === undefined) request.answer = performance.now();
  return writeHead.apply(this, arguments);
};

for (const dir of pgCopies()) {
  const pg = require(dir);
  const Query = require(path.join(dir, 'lib/query.js'));
  const poolQuery = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function timedPoolQuery(config) {
    if (config && typeof config === 'object') config.request = als.getStore();
    return poolQuery.apply(this, arguments);
  };
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function timedClientQuery(config) {
    const request = config && typeof config === 'object' ? config.request : undefined;
    const result = clientQuery.apply(this, arguments);
    const query = this.queryQueue[this.queryQueue.length - 1] ?? this.activeQuery;
    if (query && request) query.timedRequest = request;
    return result;
  };
  const { submit, handleDataRow, handleReadyForQuery } = Query.prototype;
  Query.prototype.submit = function timedSubmit() {
    this.timedDispatch = performance.now();
    this.timedRows = 0;
    return submit.apply(this, arguments);
  };
  Query.prototype.handleDataRow = function timedDataRow() {
    if (this.timedRows++ === 0) this.timedFirstRow = performance.now();
    return handleDataRow.apply(this, arguments);
  };
  Query.prototype.handleReadyForQuery = function timedReady() {
    const now = performance.now();
    const request = this.timedRequest;
    if (request) request.lastDone = now;
    if (this.timedRows >= ROWS) {
      stats.dispatchToFirstRow.push(this.timedFirstRow - this.timedDispatch);
      stats.firstRowToLast.push(now - this.timedFirstRow);
      if (request && request.firstRow === undefined) request.firstRow = this.timedFirstRow;
    }
    return handleReadyForQuery.apply(this, arguments);
  };
}

const percentile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(q * (sorted.length - 1))].toFixed(1) : '–';
};
setInterval(() => {
  const lines = Object.entries(stats).map(
    ([key, values]) =>
      `${key.padEnd(22)} n=${values.length}  p10 ${percentile(values, 0.1)}  p50 ${percentile(values, 0.5)}  p90 ${percentile(values, 0.9)} ms`,
  );
  fs.writeFileSync(`/tmp/result-lifetime-${process.pid}.txt`, `${process.argv[1]}\n${lines.join('\n')}\n`);
}, 2000).unref();
