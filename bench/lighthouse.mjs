#!/usr/bin/env node
// Lighthouse (the root devDependency, 13.x) against the built app in the system Chromium: the
// landing page `/` (mobile, Lighthouse's default, and the desktop preset) and, signed in as a
// freshly registered organisation's admin, the dashboard `/` (desktop preset). Categories:
// performance, accessibility, best practices, SEO. Writes bench/results/lighthouse-<page>.json
// (scores, FCP, LCP, TBT, CLS, Speed Index, total byte weight, date, versions) and prints a table.
//
// The app runs as a throwaway instance on its own port with its own embedded PostgreSQL and SMTP
// sink (frontend/e2e/support/serve.mjs), serving frontend/dist (or STATIC_DIR if set).
//   npm run bench:lighthouse          (builds first)
//   node bench/lighthouse.mjs         (uses the existing frontend/dist and backend/dist)
// Environment: LIGHTHOUSE_PORT (default 3600; the server also takes the next three ports, for
// its SMTP sink, mailbox and OIDC provider, and port + 20000 for PostgreSQL), CHROMIUM_PATH (default /usr/bin/chromium), STATIC_DIR,
// LIGHTHOUSE_REPORTS (a folder: also write each run's full Lighthouse JSON there, to see what
// costs FCP, LCP, TBT or CLS).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

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

  const token = await registerOrganisation();
  const runs = {
    landing: {
      mobile: await audit(browser, '/', 'mobile'),
      desktop: await audit(browser, '/', 'desktop'),
    },
    dashboard: { desktop: await audit(browser, '/', 'desktop', token) },
  };
  await browser.disconnect();

  fs.mkdirSync(resultsDir, { recursive: true });
  const date = new Date().toISOString();
  for (const [page, byFormFactor] of Object.entries(runs)) {
    const lighthouseVersion = Object.values(byFormFactor)[0].lighthouseVersion;
    const file = path.join(resultsDir, `lighthouse-${page}.json`);
    const summary = { page, path: '/', date, lighthouseVersion, chromium, runs: byFormFactor };
    for (const run of Object.values(byFormFactor)) delete run.lighthouseVersion;
    fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`wrote ${path.relative(root, file)}`);
  }
  printTable(runs, chromium);
} finally {
  await chrome?.kill();
  await stopServer();
}

/**
 * `auditOnce`, run again (up to three times in all) when Lighthouse could not record the load's
 * trace (NO_NAVSTART, which it asks to answer by running again): on a busy machine it happens
 * now and then, and it ended the whole bench.
 */
async function audit(browser, urlPath, formFactor, token) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(browser, urlPath, formFactor, token);
    } catch (err) {
      if (attempt >= 3 || !String(err?.message).includes('NO_NAVSTART')) throw err;
      console.warn(`${urlPath} (${formFactor}${token ? ', signed in' : ''}): ${err.message}; running it again`);
    }
  }
}

/** One Lighthouse navigation; with a token, signed in through localStorage first. */
async function auditOnce(browser, urlPath, formFactor, token) {
  const page = await browser.newPage();
  try {
    // Every audit starts with a cold HTTP cache; the signed-in one keeps its storage, so
    // Lighthouse's own reset (which clears both) is off for it.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    if (token) {
      // The token must be stored before the audited load, and Lighthouse must not wipe storage.
      await page.goto(`${origin}/api/health`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_TOKEN_STORAGE_KEY, token]);
    }
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
      const name = `${token ? 'dashboard' : 'landing'}-${formFactor}.json`;
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
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

function printTable(runs, chromium) {
  console.log(`\nLighthouse, ${chromium}; times in ms, weight in KB (1000 bytes)`);
  const rows = [['page', 'form', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'weight']];
  for (const [page, byFormFactor] of Object.entries(runs))
    for (const run of Object.values(byFormFactor)) {
      const { scores: s, metrics: m } = run;
      rows.push([
        page,
        run.formFactor,
        ...CATEGORIES.map((c) => String(s[c] ?? '-')),
        String(m.fcpMs),
        String(m.lcpMs),
        String(m.tbtMs),
        String(m.cls),
        String(m.speedIndexMs),
        (m.totalByteWeight / 1000).toFixed(0),
      ]);
    }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
}
