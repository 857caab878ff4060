#!/usr/bin/env node
// Sums up V8's `--trace-gc-nvp` lines of a server's standard output (bench/api's
// BENCH_API_STDOUT_DIR, with `--trace-gc-nvp` in BENCH_API_APP_NODE_ARGS / BENCH_API_BARE_NODE_ARGS):
//   node bench/lib/gc-trace-summary.mjs /tmp/gc/app.log /tmp/gc/bare.log
// For each file: the scavenges and mark-compacts once the young generation had reached its largest
// capacity (under the load: start-up's collections, with a smaller young generation, are left out
// and counted apart), the bytes they saw allocated and promoted to the old generation, the share
// promoted, the live size after each mark-compact, and the time the collections took on the main
// thread (pauses) and on V8's helper threads (`background.*`: concurrent marking, parallel
// scavenging). Times are wall-clock as V8 measures them, so on a busy machine they include waiting
// for a core; compare them between two servers of one run.
import * as fs from 'node:fs';

/** The `name=value` pairs of one `--trace-gc-nvp` line. */
function fieldsOf(line) {
  const fields = {};
  for (const [, key, value] of line.matchAll(/(\S+?)=(\S+)/g)) fields[key] = value;
  return fields;
}

const sum = (rows, key) => rows.reduce((total, row) => total + (Number.parseFloat(row[key]) || 0), 0);
/** Sum of every `background.<…>` field of the rows, in ms. */
const background = (rows) =>
  rows.reduce(
    (total, row) =>
      total + Object.entries(row).reduce((t, [k, v]) => (k.startsWith('background.') ? t + (Number.parseFloat(v) || 0) : t), 0),
    0,
  );
const mb = (bytes) => (bytes / 1e6).toFixed(1);

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: node bench/lib/gc-trace-summary.mjs <stdout with --trace-gc-nvp>…');
  process.exit(2);
}
for (const file of files) {
  const rows = fs
    .readFileSync(file, 'latin1')
    .split('\n')
    .filter((line) => /\bgc=\w+/.test(line))
    .map(fieldsOf);
  const capacity = Math.max(...rows.map((r) => Number(r.new_space_capacity) || 0));
  const loaded = rows.filter((r) => Number(r.new_space_capacity) === capacity && r.reduce_memory !== '1');
  const scavenges = loaded.filter((r) => r.gc === 's');
  const majors = loaded.filter((r) => r.gc === 'mc' || r.gc === 'ms');
  const allocated = sum(scavenges, 'allocated');
  const promoted = sum(scavenges, 'promoted');
  const liveAfter = majors.map((r) => Number(r.end_object_size) / 1e6).sort((a, b) => a - b);
  const median = liveAfter[Math.floor(liveAfter.length / 2)];
  console.log(
    `${file}: ${loaded.length} collections with the young generation at ${mb(capacity)} MB (${rows.length - loaded.length} others left out)`,
  );
  console.log(
    `  scavenges ${scavenges.length}: ${mb(allocated)} MB allocated, ${mb(promoted)} MB promoted (${((100 * promoted) / (allocated || 1)).toFixed(0)} %); ` +
      `pauses ${sum(scavenges, 'pause').toFixed(0)} ms, helper threads ${background(scavenges).toFixed(0)} ms`,
  );
  console.log(
    `  mark-compacts ${majors.length}: live after ${liveAfter.length ? `${liveAfter[0].toFixed(0)}–${liveAfter.at(-1).toFixed(0)} MB (median ${median.toFixed(0)})` : '–'}; ` +
      `pauses ${sum(majors, 'pause').toFixed(0)} ms, incremental steps ${sum(majors, 'incremental').toFixed(0)} ms, ` +
      `helper threads ${background(majors).toFixed(0)} ms (marking ${sum(majors, 'background.mark').toFixed(0)})`,
  );
}
