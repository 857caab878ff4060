import { expect, type Page, test } from './support/test';
import { expectAccessible } from './support/axe';
import { linkPath, waitForEmail } from './support/mailbox';
import { seeToast } from './support/toast';

function uniqueAccount() {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    name: 'Alex Admin',
    email: `alex-${suffix}@example.com`,
    password: 'first-password',
    organizationName: `Riverside School ${suffix}`,
    subdomain: `riverside-${suffix}`,
  };
}

async function signIn(page: Page, email: string, password: string, subdomain: string) {
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('Organization subdomain').fill(subdomain);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('a school signs up, verifies its email, signs out, forgets its password and gets back in', async ({
  page,
  request,
}) => {
  const account = uniqueAccount();

  // Sign up: the Start Free Trial tab is the default.
  await page.goto('/');
  const register = page.getByRole('tabpanel', { name: 'Start Free Trial' });
  await register.getByLabel('Your name').fill(account.name);
  await register.getByLabel('Email').fill(account.email);
  await register.getByLabel('Password').fill(account.password);
  await register.getByLabel('Organization name').fill(account.organizationName);
  await register.getByLabel('Organization subdomain').fill(account.subdomain.toUpperCase());
  await register.getByRole('button', { name: 'Start Free Trial' }).click();

  // The dashboard shell with the organisation's name and the admin role.
  await seeToast(page, 'Welcome to Duty Manager!');
  const header = page.getByRole('banner');
  await expect(header.getByText(account.organizationName)).toBeVisible();
  await expect(header.getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Weekly Rota' }),
  ).toBeVisible();

  // The verification link from the real email.
  const verification = await waitForEmail(request, account.email, /Verify/);
  await page.goto(linkPath(verification, '/verify-email'));
  await seeToast(page, 'Email Verified');
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expectAccessible(page, 'verify email (success)');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Log out: back to the landing page, and the token is gone.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('tab', { name: 'Start Free Trial' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // A wrong password.
  await signIn(page, account.email, 'not-the-password', account.subdomain);
  // Closed like a person would: toasts sit bottom right and pause while hovered.
  await seeToast(page, 'Login failed', 'Invalid credentials');

  // Forgot password → the emailed link → a new password.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The page's code loads on first visit; until then the sign-in form, with its own Email
  // field, is still the one on screen.
  await expect(
    page.getByRole('heading', { name: 'Forgot your password?', level: 1 }),
  ).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Organization subdomain').fill(account.subdomain);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account exists with that email, a password reset link has been sent.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Another Email' })).toBeVisible();
  await expectAccessible(page, 'forgot password (email sent)');

  const reset = await waitForEmail(request, account.email, /Reset/);
  await page.goto(linkPath(reset, '/reset-password'));
  await page.getByLabel('New password').fill('second-password');
  await page.getByLabel('Confirm password').fill('second-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Your password has been reset. Please sign in with your new password.'),
  ).toBeVisible();
  await expectAccessible(page, 'reset password (done)');
  await page.getByRole('button', { name: 'Back to Login' }).click();
  // The Sign In form opens filled in for the account.
  const signInPanel = page.getByRole('tabpanel', { name: 'Sign In' });
  await expect(signInPanel.getByLabel('Email')).toHaveValue(account.email);
  await expect(signInPanel.getByLabel('Organization subdomain')).toHaveValue(account.subdomain);

  // The old password no longer works; the new one does.
  await signIn(page, account.email, 'second-password', account.subdomain);
  await expect(page.getByRole('banner').getByText(account.organizationName)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('the sign-up and sign-in forms show their validation messages for bad input', async ({
  page,
}) => {
  await page.goto('/');
  const register = page.getByRole('tabpanel', { name: 'Start Free Trial' });
  await register.getByLabel('Your name').fill('A');
  await register.getByLabel('Email').fill('not-an-email');
  await register.getByLabel('Password').fill('12345');
  await register.getByLabel('Organization name').fill('B');
  await register.getByLabel('Organization subdomain').fill('bad sub!');
  await register.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(register.getByText('Invalid email address')).toBeVisible();
  await expect(register.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(
    register.getByText('Subdomain can only contain lowercase letters, numbers, and hyphens'),
  ).toBeVisible();
  await expectAccessible(page, 'sign-up form with errors');

  await page.getByRole('tab', { name: 'Sign In' }).click();
  const signInForm = page.getByRole('tabpanel', { name: 'Sign In' });
  await signInForm.getByRole('button', { name: 'Sign In' }).click();
  await expect(signInForm.getByText('Organization is required')).toBeVisible();
  await expectAccessible(page, 'sign-in form with errors');
});

test('signed-out visitors see the landing page on any app path', async ({ page }) => {
  await page.goto('/rota');
  await expect(page.getByRole('tab', { name: 'Start Free Trial' })).toBeVisible();
  await expect(page.getByText('£10')).toBeVisible();
});
