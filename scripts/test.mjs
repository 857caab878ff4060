#!/usr/bin/env node
// `npm test`: builds the app once, then runs every test runner (backend jest, frontend
// vitest, Playwright end-to-end, the frontend bundle size budget, the docs anchors the code
// cites) even when an earlier one fails, prints each runner's slowest tests (so drift is
// visible), one closing line per runner and a total, and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

// The runtime is the `node` package in node_modules (npm puts its .bin first on a script's PATH,
// README "Prerequisites"), whatever Node the machine has. Said first, so every log shows it, and
// refused when older: a run on the wrong Node would prove nothing about the one we ship.
const MIN_NODE_MAJOR = 24;
console.log(`node ${process.version} (${process.execPath})`);
if (Number(process.versions.node.split('.')[0]) < MIN_NODE_MAJOR) {
  console.error(
    `\nnpm test needs Node ${MIN_NODE_MAJOR} or later and this is ${process.version}. Run \`npm ci\` (it installs ` +
      'the node package) and then `npm test`, which runs on node_modules/.bin/node.',
  );
  process.exit(1);
}
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-test-reports-'));

function run(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// Every runner's slowest tests, in one list at the end (vitest's own slowest-tests reporter,
// frontend/scripts/slowest-tests-reporter.ts, is for `npm test -w frontend` on its own; the
// reporters given here replace the config's, so it doesn't print twice).
const SLOWEST = 8;

/** `[duration ms, name]` of every test in a jest-style JSON report (jest, and vitest's json reporter). */
function jestStyleDurations(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((t) => [t.duration ?? 0, `${path.relative(root, file.name)} › ${t.fullName ?? t.title}`]),
  );
}

/** `[name, first line of the error]` of every failed test (or file that failed as a whole) in a jest-style report. */
function jestStyleFailures(report) {
  return (report?.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [[where, firstLine(file.message ?? file.failureMessage)]];
    return tests.map((t) => [`${where} › ${t.fullName ?? t.title}`, firstLine((t.failureMessages ?? [])[0])]);
  });
}

/** `[name, first line of the error]` of every test that failed in Playwright's JSON report. */
function playwrightFailures(report) {
  const out = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const error = (t.results ?? []).map((r) => r.error?.message).find(Boolean);
        out.push([[...trail, spec.title].join(' › '), firstLine(error)]);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  return out;
}

// The first non-empty line of an error, without colour codes, so the summary names the cause.
function firstLine(text) {
  const clean = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return (clean.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 300);
}

/** `[duration ms, name]` of every test in Playwright's JSON report (suites nest). */
function playwrightDurations(report) {
  const out = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        out.push([ms, [...trail, spec.title].join(' › ')]);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  return out;
}

const runners = [
  {
    name: 'backend',
    cmd: ['npm', ['test', '-w', 'backend', '--', '--json', `--outputFile=${path.join(reports, 'jest.json')}`]],
    count: () => {
      const r = readJson(path.join(reports, 'jest.json'));
      return r && { passed: r.numPassedTests, failed: r.numFailedTests + r.numRuntimeErrorTestSuites };
    },
    durations: () => jestStyleDurations(readJson(path.join(reports, 'jest.json'))),
    failures: () => jestStyleFailures(readJson(path.join(reports, 'jest.json'))),
  },
  {
    name: 'frontend',
    cmd: [
      'npm',
      ['test', '-w', 'frontend', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest.json')}`],
    ],
    count: () => {
      const r = readJson(path.join(reports, 'vitest.json'));
      if (!r) return r;
      // numFailedTestSuites counts every failed describe block too, so a file that failed as a whole
      // (an import or hook error, no failed test of its own) is counted from the file results.
      const brokenFiles = (r.testResults ?? []).filter(
        (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
      ).length;
      return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles };
    },
    durations: () => jestStyleDurations(readJson(path.join(reports, 'vitest.json'))),
    failures: () => jestStyleFailures(readJson(path.join(reports, 'vitest.json'))),
  },
  {
    name: 'e2e',
    cmd: ['npm', ['run', 'test:e2e', '-w', 'frontend']],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
    count: () => {
      const r = readJson(path.join(reports, 'playwright.json'));
      return r && { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
    },
    durations: () => playwrightDurations(readJson(path.join(reports, 'playwright.json'))),
    failures: () => playwrightFailures(readJson(path.join(reports, 'playwright.json'))),
  },
  {
    // Runs against the build above; one test per enforced page budget (scripts/check-bundle-size.mjs;
    // a page it measures but does not enforce is a figure, not a test).
    name: 'bundle size',
    cmd: [process.execPath, ['scripts/check-bundle-size.mjs', `--report=${path.join(reports, 'bundle-size.json')}`]],
    count: () => {
      const r = readJson(path.join(reports, 'bundle-size.json'));
      const enforced = r?.results.filter((p) => p.enforced);
      return enforced && { passed: enforced.filter((p) => p.ok).length, failed: enforced.filter((p) => !p.ok).length };
    },
  },
  {
    // Every docs/<page>.md#<anchor> the repository cites exists (scripts/check-doc-anchors.mjs),
    // one test per citation; the check first proves itself on a planted sample.
    name: 'doc anchors',
    cmd: [process.execPath, ['scripts/check-doc-anchors.mjs', `--report=${path.join(reports, 'doc-anchors.json')}`]],
    count: () => {
      const r = readJson(path.join(reports, 'doc-anchors.json'));
      if (!r) return r;
      if (!r.selfTest) return { passed: 0, failed: 1 };
      return { passed: r.citations - r.broken.length, failed: r.broken.length };
    },
  },
];

const build = run('npm', ['run', 'build']);
if (build.status !== 0) {
  console.error('\nbuild failed: no tests were run');
  process.exit(1);
}

const results = runners.map((runner) => {
  const [cmd, args] = runner.cmd;
  const started = Date.now();
  const res = run(cmd, args, { env: runner.env });
  const seconds = (Date.now() - started) / 1000;
  const counts = runner.count() ?? { passed: 0, failed: 0 };
  // A runner that crashed before reporting has failed even if it counted nothing.
  const failed = res.status !== 0 && counts.failed === 0 ? 1 : counts.failed;
  const slowest = (runner.durations?.() ?? []).sort((a, b) => b[0] - a[0]).slice(0, SLOWEST);
  const failures = runner.failures?.() ?? [];
  return { name: runner.name, passed: counts.passed, failed, ok: res.status === 0, seconds, slowest, failures };
});

console.log('\n──────── slowest tests ────────');
for (const r of results.filter((r) => r.slowest.length > 0)) {
  console.log(`${r.name} (${r.seconds.toFixed(0)} s in all):`);
  for (const [ms, name] of r.slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}

// What failed, last but one, so the end of a long log (all a CI page may keep) names it.
if (results.some((r) => r.failures.length > 0)) {
  console.log('\n──────── failed tests ────────');
  for (const r of results) {
    for (const [name, error] of r.failures) console.log(`${r.name}: ${name}\n    ${error}`);
  }
}

console.log('\n──────── test summary ────────');
for (const r of results) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`total: ${passed} passed, ${failed} failed`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(results.every((r) => r.ok) ? 0 : 1);
