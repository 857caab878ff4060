import { generate } from 'otplib';

import { expectAccessible } from './support/axe';
import { registerSchool } from './support/school';
import { expect, type Page, test } from './support/test';
import { seeToast } from './support/toast';

/** 30-second steps, as the authenticator app counts them (real time: the server checks codes against it, not APP_NOW). */
const currentStep = () => Math.floor(Date.now() / 1000 / 30);

/**
 * The code an authenticator app would show, for a step after `lastUsed` (a step whose code was
 * used is refused): now's, or the next step's while now's is used up (the server allows one step
 * of drift either way). Returns the step, to pass as `lastUsed` next time.
 */
async function nextCode(secret: string, lastUsed: number): Promise<{ code: string; step: number }> {
  const step = Math.max(currentStep(), lastUsed + 1);
  return { code: await generate({ secret, epoch: step * 30 }), step };
}

async function signInWithPassword(page: Page, email: string, password: string, subdomain: string) {
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('Organization subdomain').fill(subdomain);
  await form.getByRole('button', { name: 'Sign In' }).click();
  return form.getByRole('region', { name: 'Two-step verification' });
}

async function logout(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
}

test('an admin turns on two-step verification, then signs in with a code from the app, and with a recovery code once', async ({
  page,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'totp',
    adminName: 'Tess Totp',
    password: 'tess-password',
  });

  // Signed in with the password alone, the admin opens the Account page.
  await page.goto('/');
  await signInWithPassword(page, school.email, school.password, school.subdomain);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await expect(card.getByText('Signing in asks for your password only.')).toBeVisible();

  // Password, then the QR code with the setup key as text, then a first code.
  await card.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await card.getByLabel('Password').fill(school.password);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const setupKey = card.getByText("Can't scan it?").locator('code');
  const secret = ((await setupKey.textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'two-step verification setup');
  const first = await nextCode(secret, 0);
  await card.getByLabel('Authentication code').fill(first.code);
  await card.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, shown once.
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await expectAccessible(page, 'recovery codes');
  await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await seeToast(page, 'Two-step verification is on');
  await expect(card.getByText('Recovery codes left: 10')).toBeVisible();

  // Out, and in again: the password, then a code computed here as the phone would.
  await logout(page);
  let step = await signInWithPassword(page, school.email, school.password, school.subdomain);
  await expect(step.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expectAccessible(page, 'sign-in second step');
  const second = await nextCode(secret, first.step);
  await step.getByLabel('Authentication code').fill(second.code);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await seeToast(page, 'Welcome back!');

  // A recovery code instead of the app signs in once…
  await logout(page);
  step = await signInWithPassword(page, school.email, school.password, school.subdomain);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await step.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // …and never again.
  await logout(page);
  step = await signInWithPassword(page, school.email, school.password, school.subdomain);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await step.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await step.getByRole('button', { name: 'Verify' }).click();
  await seeToast(page, 'Verification failed', 'That code is not correct. Please try again.');
  await expect(step.getByLabel('Recovery code')).toHaveValue('');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0);
});
