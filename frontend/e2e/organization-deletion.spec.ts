import { spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

import { waitForEmail } from './support/mailbox';
import { registerSchool } from './support/school';
import { signedIn } from './support/session';
import { expect, test, type APIRequestContext } from './support/test';
import { seeToast } from './support/toast';

const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.resolve(here, '..', '..', 'backend', 'dist', 'main.js');
const port = Number(process.env.E2E_PORT);

/** A port the OS says is free now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

/**
 * A second instance of the app on the e2e server's database (e2e/support/serve.mjs answers its
 * address), its clock 31 days on: its start-up catch-up is the purge of deletions fallen due.
 * Reminders off, so it sends nobody else's.
 */
async function startLaterInstance(request: APIRequestContext, now: string) {
  const { url } = (await (
    await request.get(`http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/database`)
  ).json()) as { url: string };
  const laterPort = await freePort();
  const child = spawn(process.execPath, [main], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(laterPort),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      APP_NOW: now,
      APP_URL: `http://127.0.0.1:${laterPort}`,
      APP_BASE_DOMAIN: 'localhost',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      JWT_SECRET: 'end-to-end-tests-only-secret-0123456789',
      REMINDER_CRON: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  await expect
    .poll(
      async () =>
        (await request.get(`http://127.0.0.1:${laterPort}/api/health`).catch(() => null))?.ok() ??
        false,
      { message: 'the second instance answers', timeout: 60_000 },
    )
    .toBe(true);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

test('an admin deletes a test school: the banner for 30 days, then the school is gone', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'farewell',
    emailPrefix: 'farewell-admin',
    adminName: 'Fay Admin',
    password: 'admin-password',
  });

  const page = await signedIn(browser, school.token);
  await page.goto('/staff#delete-organization');
  const card = page.getByRole('region', { name: 'Delete this organisation' });
  await expect(card).toContainText('For 30 days the organisation is read-only');
  await card.getByRole('button', { name: 'Delete this organisation…' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${school.organizationName}?` });
  const confirm = dialog.getByRole('button', { name: 'Delete this organisation' });
  await dialog.getByLabel(`Type ${school.organizationName} to confirm`).fill('not the name');
  await expect(confirm).toBeDisabled();
  await dialog
    .getByLabel(`Type ${school.organizationName} to confirm`)
    .fill(school.organizationName);
  await dialog.getByLabel('Your password').fill(school.password);
  await confirm.click();
  await seeToast(
    page,
    'Deletion requested',
    `${school.organizationName} will be deleted on Wednesday 8 October 2025.`,
  );
  await waitForEmail(
    request,
    school.email,
    new RegExp(`${school.organizationName} will be deleted on Wednesday 8 October 2025`),
  );

  // Every page says so, and nothing can be changed meanwhile.
  const banner = page
    .getByRole('alert')
    .filter({ hasText: 'This organisation will be deleted on' });
  await expect(banner).toContainText(
    'This organisation will be deleted on Wednesday 8 October 2025.',
  );
  await page.goto('/');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Restore' })).toBeVisible();
  const refused = await request.post('/api/staff', {
    headers: { Authorization: `Bearer ${school.token}` },
    data: { name: 'Late Joiner', email: `late-${school.id}@example.com` },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^This organisation will be deleted on Wednesday 8 October 2025, so nothing can be changed/,
  );

  // 31 days on, an instance starts and catches up: the school is deleted, and its admin told.
  const later = await startLaterInstance(request, '2025-10-09T09:00');
  try {
    await waitForEmail(
      request,
      school.email,
      new RegExp(`${school.organizationName} has been deleted`),
    );
  } finally {
    await later.stop();
  }

  // Its address names no school, and its admin can no longer sign in.
  await page.goto(`http://${school.subdomain}.localhost:${port}/`);
  await expect(
    page.getByText(`No organisation uses the address ${school.subdomain}.localhost.`),
  ).toBeVisible();
  const signIn = await request.post('/api/auth/login', {
    data: {
      email: school.email,
      password: school.password,
      organizationSubdomain: school.subdomain,
    },
  });
  expect(signIn.status()).toBeGreaterThanOrEqual(400);
  expect(signIn.status()).toBeLessThan(500);
  await page.context().close();
});
