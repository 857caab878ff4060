#!/usr/bin/env node
// Lighthouse (the root devDependency, 13.x) against the built app in the system Chromium, each
// page at a phone (Lighthouse's default) and a desktop (its desktop preset) form factor:
//   - landing: `/` signed out (mobile and desktop);
//   - dashboard: `/` as a freshly registered organisation's admin (desktop);
//   - duties, today, grid: the Duties page (`/duties`), the Today board (`/today`) and the
//     all-duties grid (`/rota?duty=all`) as the admin of a secondary school with 150 staff, 14
//     duties and a planned rota (bench/lighthouse-school.mjs), mobile and desktop.
// Categories: performance, accessibility, best practices, SEO. Writes
// bench/results/lighthouse-<page>-<formfactor>.json (scores, FCP, LCP, TBT, CLS, Speed Index,
// total byte weight, date, versions) and prints a table with each row's performance target and
// whether the median met it. A missed target is reported, never a failure: timings follow load.
//
// The app runs as a throwaway instance on its own port with its own embedded PostgreSQL and SMTP
// sink (frontend/e2e/support/serve.mjs), serving frontend/dist (or STATIC_DIR if set).
//   npm run bench:lighthouse          (builds first)
//   node bench/lighthouse.mjs         (uses the existing frontend/dist and backend/dist)
// Environment: LIGHTHOUSE_PORT (default 3600; the server also takes the next three ports, for
// its SMTP sink, mailbox and OIDC provider, and port + 20000 for PostgreSQL), CHROMIUM_PATH (default /usr/bin/chromium), STATIC_DIR,
// LIGHTHOUSE_RUNS (default 1: audits per row; the row shows the run of median performance score
// and the file keeps every run's score), LIGHTHOUSE_PAGES (a comma-separated subset, e.g.
// "today,grid"), LIGHTHOUSE_FORM_FACTORS (a subset of "mobile,desktop"), LIGHTHOUSE_REPORTS (a folder: also write each run's full Lighthouse JSON there,
// to see what costs FCP, LCP, TBT or CLS, and beside each a .cpu-tasks.json: the main thread's tasks
// that make cpuTBT, each with its start after the first paint and its thread time at 1x).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

import { buildSchool } from './lighthouse-school.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3600);
const origin = `http://127.0.0.1:${port}`;
// Must match AUTH_TOKEN_STORAGE_KEY in frontend/src/shared/auth/auth-token.ts.
const AUTH_TOKEN_STORAGE_KEY = 'authToken';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  totalByteWeight: 'total-byte-weight',
};

/**
 * The audited pages: who is signed in (`new`: a freshly registered organisation's admin;
 * `school`: bench/lighthouse-school.mjs's admin; none: signed out) and each form factor's
 * performance target (docs/performance.md, "Lighthouse").
 */
const PAGES = [
  { page: 'landing', path: '/', formFactors: ['mobile', 'desktop'], targets: { mobile: 95, desktop: 98 } },
  { page: 'dashboard', path: '/', as: 'new', formFactors: ['desktop'], targets: { desktop: 95 } },
  { page: 'duties', path: '/duties', as: 'school', formFactors: ['mobile', 'desktop'], targets: { mobile: 90, desktop: 95 } },
  { page: 'today', path: '/today', as: 'school', formFactors: ['mobile', 'desktop'], targets: { mobile: 90, desktop: 95 } },
  { page: 'grid', path: '/rota?duty=all', as: 'school', formFactors: ['mobile', 'desktop'], targets: { mobile: 90, desktop: 95 } },
];

const server = startServer();
let chrome;
try {
  await waitForHealth();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const chromium = await browser.version();

  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
  const forms = process.env.LIGHTHOUSE_FORM_FACTORS?.split(',').map((f) => f.trim());
  const pages = PAGES.filter((p) => !wanted || wanted.includes(p.page))
    .map((p) => ({ ...p, formFactors: p.formFactors.filter((f) => !forms || forms.includes(f)) }))
    .filter((p) => p.formFactors.length > 0);
  if (pages.length === 0) throw new Error(`LIGHTHOUSE_PAGES=${process.env.LIGHTHOUSE_PAGES}: none of ${PAGES.map((p) => p.page)}`);
  const rounds = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  const tokens = {};
  if (pages.some((p) => p.as === 'new')) tokens.new = await registerOrganisation();
  if (pages.some((p) => p.as === 'school')) {
    tokens.school = await registerOrganisation();
    const started = Date.now();
    const school = await buildSchool(origin, tokens.school);
    console.log(
      `school: ${school.staff} staff, ${school.duties} duties, today ${school.today} assigned, planned to ${school.plannedTo} ` +
        `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  // Round-robin, so every row's runs spread over the whole sitting's load.
  const samples = new Map(pages.flatMap((p) => p.formFactors.map((f) => [`${p.page}-${f}`, []])));
  for (let round = 0; round < rounds; round++)
    for (const p of pages)
      for (const formFactor of p.formFactors)
        samples.get(`${p.page}-${formFactor}`).push(await audit(browser, p, formFactor, tokens[p.as]));
  await browser.disconnect();

  fs.mkdirSync(resultsDir, { recursive: true });
  const date = new Date().toISOString();
  const loadAverage = os.loadavg().map((l) => Number(l.toFixed(2)));
  const rows = [];
  for (const p of pages)
    for (const formFactor of p.formFactors) {
      const runs = samples.get(`${p.page}-${formFactor}`);
      const median = medianRun(runs);
      const { lighthouseVersion, ...run } = median;
      const target = p.targets[formFactor];
      const met = target == null ? null : run.scores.performance >= target;
      const performanceScores = runs.map((r) => r.scores.performance);
      const cpuTbtMs = runs.map((r) => r.metrics.cpuTbtMs);
      const cpuMs = runs.map((r) => r.metrics.cpuMs);
      const row = { page: p.page, path: p.path, ...run, target, met, performanceScores, cpuTbtMs, cpuMs };
      rows.push(row);
      const file = path.join(resultsDir, `lighthouse-${p.page}-${formFactor}.json`);
      const summary = {
        page: p.page,
        path: p.path,
        signedIn: p.as === 'new' ? 'a new organisation\'s admin' : p.as === 'school' ? 'the admin of bench/lighthouse-school.mjs\'s school' : null,
        date,
        loadAverage,
        lighthouseVersion,
        chromium,
        target,
        performanceScores,
        cpuTbtMs,
        cpuMsRuns: cpuMs,
        ...run,
      };
      fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
      console.log(`wrote ${path.relative(root, file)}`);
    }
  printTable(rows, chromium, rounds, loadAverage);
} finally {
  await chrome?.kill();
  await stopServer();
}

/**
 * `auditOnce`, run again (up to three times in all) when Lighthouse could not record the load's
 * trace (NO_NAVSTART, which it asks to answer by running again): on a busy machine it happens
 * now and then, and it ended the whole bench.
 */
async function audit(browser, page, formFactor, token) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(browser, page, formFactor, token);
    } catch (err) {
      if (attempt >= 3 || !String(err?.message).includes('NO_NAVSTART')) throw err;
      console.warn(`${page.page} (${formFactor}): ${err.message}; running it again`);
    }
  }
}

/** One Lighthouse navigation; with a token, signed in through localStorage first. */
async function auditOnce(browser, { page: name, path: urlPath }, formFactor, token) {
  const page = await browser.newPage();
  try {
    // Every audit starts with a cold HTTP cache; the signed-in one keeps its storage, so
    // Lighthouse's own reset (which clears both) is off for it.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    // The token must be stored before the audited load, and Lighthouse must not wipe storage.
    // Signed out, the origin's storage is emptied here as well: Lighthouse's own reset left the
    // token an earlier signed-in audit had stored, so with LIGHTHOUSE_RUNS > 1 the landing page's
    // later runs audited the Dashboard.
    await page.goto(`${origin}/api/health`);
    await page.evaluate(
      ([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.clear()),
      [AUTH_TOKEN_STORAGE_KEY, token ?? null],
    );
    const flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: CATEGORIES,
      disableStorageReset: Boolean(token),
    };
    const config = formFactor === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(`${origin}${urlPath}`, flags, config, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${urlPath}`);
    const { lhr } = result;
    if (process.env.LIGHTHOUSE_REPORTS) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const file = `${name}-${formFactor}-${new Date().toISOString().replace(/[:.]/g, '')}.json`;
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, file), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (token && lhr.finalDisplayedUrl !== `${origin}${urlPath}`)
      throw new Error(`signed-in audit ended at ${lhr.finalDisplayedUrl}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]),
    );
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([name, id]) => {
        const value = lhr.audits[id]?.numericValue;
        return [name, value == null ? null : name === 'cls' ? Number(value.toFixed(3)) : Math.round(value)];
      }),
    );
    const { tasks, ...blocking } = cpuBlocking(result.artifacts?.Trace, lhr);
    Object.assign(metrics, blocking);
    if (process.env.LIGHTHOUSE_REPORTS && tasks) {
      // Beside the report: the tasks that make cpuTBT (thread ms at 1x, from the first paint).
      const file = `${name}-${formFactor}-${new Date().toISOString().replace(/[:.]/g, '')}.cpu-tasks.json`;
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, file), JSON.stringify(tasks));
    }
    return {
      formFactor,
      throttling: lhr.configSettings.throttlingMethod,
      scores,
      metrics,
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    await page.close();
  }
}

/**
 * The page's main-thread work after its first paint in CPU time, which a machine busy with other
 * work does not lengthen as it does the wall time Lighthouse's TBT is simulated from: `cpuMs`, the
 * thread time (the trace's `tdur`) of every top-level task from the observed first contentful
 * paint to the trace's end; `cpuTbtMs`, the Total Blocking Time those tasks would make at the
 * phone preset's 4x CPU slowdown (each task's thread time x 4, less 50 ms; x 1 on a desktop).
 * Lighthouse's own TBT follows the machine's load by several hundred ms; this one by much less,
 * so it is what compares two builds on a shared machine. The renderer's main thread is the one
 * with the most such time.
 */
function cpuBlocking(trace, lhr) {
  const fcpTs = lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaintTs;
  if (!trace || fcpTs == null) return { cpuMs: null, cpuTbtMs: null };
  const slowdown = lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1;
  const mains = new Set(
    trace.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map();
  for (const e of trace.traceEvents) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.ts < fcpTs || e.tdur == null) continue;
    const thread = `${e.pid}:${e.tid}`;
    if (!mains.has(thread)) continue;
    const sums = byThread.get(thread) ?? { cpu: 0, blocking: 0, tasks: [] };
    const ms = e.tdur / 1000;
    sums.cpu += ms;
    sums.blocking += Math.max(0, ms * slowdown - 50);
    if (ms * slowdown > 50) sums.tasks.push({ atMs: Math.round((e.ts - fcpTs) / 1000), cpuMs: Number(ms.toFixed(1)) });
    byThread.set(thread, sums);
  }
  const main = [...byThread.values()].sort((a, b) => b.cpu - a.cpu)[0];
  return main
    ? { cpuMs: Math.round(main.cpu), cpuTbtMs: Math.round(main.blocking), tasks: main.tasks }
    : { cpuMs: null, cpuTbtMs: null };
}

async function registerOrganisation() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Lighthouse Admin',
      email: `lighthouse-${id}@example.com`,
      password: 'Lighthouse-bench-1',
      organizationName: `Lighthouse School ${id}`,
      organizationSubdomain: `lighthouse-${id}`,
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

function startServer() {
  const child = spawn(process.execPath, [path.join(root, 'frontend', 'e2e', 'support', 'serve.mjs')], {
    cwd: path.join(root, 'frontend'),
    stdio: ['ignore', 'ignore', 'inherit'],
    // serve.mjs takes every port it uses from the environment (Playwright's config picks them).
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_SMTP_PORT: String(port + 1),
      E2E_MAILBOX_PORT: String(port + 2),
      E2E_OIDC_PORT: String(port + 3),
      E2E_PG_PORT: String(port + 20000),
    },
  });
  child.exited = new Promise((resolve) => child.on('exit', resolve));
  return child;
}

async function stopServer() {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  await server.exited;
}

async function waitForHealth() {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${origin}/api/health did not answer within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The run whose performance score is the median (the lower middle one of an even count). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function printTable(rows, chromium, rounds, loadAverage) {
  console.log(
    `\nLighthouse, ${chromium}; ${rounds === 1 ? 'one run' : `median of ${rounds} runs`} per row; ` +
      `load average ${loadAverage.join(' ')}; times in ms, weight in KB (1000 bytes)`,
  );
  const table = [['page', 'form', 'perf', 'target', '', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'cpuTBT', 'CLS', 'SI', 'weight']];
  for (const row of rows) {
    const { scores: s, metrics: m } = row;
    table.push([
      row.page,
      row.formFactor,
      String(s.performance ?? '-'),
      row.target == null ? '-' : `>= ${row.target}`,
      row.met == null ? '' : row.met ? 'pass' : 'FAIL',
      ...CATEGORIES.slice(1).map((c) => String(s[c] ?? '-')),
      String(m.fcpMs),
      String(m.lcpMs),
      String(m.tbtMs),
      String(m.cpuTbtMs ?? '-'),
      String(m.cls),
      String(m.speedIndexMs),
      (m.totalByteWeight / 1000).toFixed(0),
    ]);
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) console.log(r.map((c, i) => (i < 2 || i === 4 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  if (rounds > 1)
    for (const row of rows)
      console.log(
        `${row.page} ${row.formFactor}: performance ${row.performanceScores.join(', ')}; cpuTBT ${row.cpuTbtMs.join(', ')}; ` +
          `CPU ms after FCP ${row.cpuMs.join(', ')}`,
      );
}
