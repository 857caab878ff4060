import { defineConfig, devices } from '@playwright/test';
import { e2ePorts } from './e2e/support/ports';

const ports = e2ePorts();

/**
 * End-to-end tests drive the built app (backend serving the SPA, one origin) in the system's
 * Chromium: Playwright never downloads a browser here. The server gets free ports chosen by the
 * OS (e2e/support/ports.ts) and a fresh embedded PostgreSQL (see e2e/support/serve.mjs).
 *
 * Sized for a 2-core machine that may be busy: one app process, its PostgreSQL and each
 * worker's Chromium share the cores, so CI runs one worker (two workers drove the load
 * average to 7–10 and turned waits into failures). Waits are for conditions only; the limits
 * below are generous ceilings for a loaded machine, never a pause. No retries: a flaky test
 * must fail, not pass on its second try.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 1 : 2,
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${ports.E2E_PORT}`,
    // The app turns antd's animations off for people who ask for less motion; the tests ask
    // too, so they wait for what a screen shows rather than for a dialog to finish fading in.
    reducedMotion: 'reduce',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // A UTF-8 locale, as on every desktop: under a bare POSIX locale (a shell started with
      // `env -i`), Chromium cannot write a non-ASCII file name and saves downloads such as
      // "duty-rota-Zoë Ångström….ics" as "download".
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The Node that runs Playwright (node_modules/.bin/node under npm or npx) runs the app too.
    command: `"${process.execPath}" e2e/support/serve.mjs`,
    url: `http://127.0.0.1:${ports.E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
