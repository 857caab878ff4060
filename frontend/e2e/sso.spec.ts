import { expectAccessible } from './support/axe';
import { expect, newContext, test } from './support/test';
import { registerSchool } from './support/school';
import { signedIn } from './support/session';
import { seeToast } from './support/toast';

/**
 * Sign in with Google, end to end: the admin turns it on in the Admin Panel with the app's
 * registration at the provider, and a member of staff signs in through the provider's own login
 * page. The provider is the OpenID Provider e2e/support/serve.mjs runs as the app's Google
 * (OIDC_GOOGLE_ISSUER); it is registered there with these credentials.
 */
const CLIENT_ID = 'duty-manager-e2e';
const CLIENT_SECRET = 'e2e-client-secret';

test('an admin turns on Google sign-in and a member of staff signs in through the provider’s login page', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'sso',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const domain = `${school.id}.example`;
  const samEmail = `sam@${domain}`;
  const added = await request.post('/api/staff', {
    headers: { Authorization: `Bearer ${school.token}` },
    data: { name: 'Sam Sky', email: samEmail, invite: true },
  });
  expect(added.status()).toBe(201);

  // The admin registers the app's Google credentials and the school's Workspace domain.
  const admin = await signedIn(browser, school.token);
  try {
    await admin.goto('/staff');
    const section = admin.getByRole('region', { name: 'Sign-in' });
    await section.getByRole('button', { name: 'Show' }).click();
    await expect(section.getByText(/\/api\/auth\/sso\/callback$/)).toBeVisible();
    const google = section.locator('.ant-card', {
      has: admin.getByRole('heading', { level: 3, name: 'Google' }),
    });
    await google.getByRole('button', { name: 'Edit' }).click();
    await google.getByRole('switch', { name: 'Sign in with Google' }).click();
    await google.getByLabel('Client ID').fill(CLIENT_ID);
    await google.getByLabel('Client secret').fill(CLIENT_SECRET);
    const domains = google.getByRole('combobox', { name: 'Allowed domains' });
    await domains.fill(domain);
    await domains.press('Enter');
    // Changing how people sign in asks the admin to confirm it is them.
    await google.getByLabel('Your password').fill(school.password);
    await google.getByRole('button', { name: 'Save' }).click();
    await seeToast(admin, 'Settings updated', 'Google sign-in settings saved');
    const saved = google.getByRole('list', { name: 'Saved Google sign-in settings' });
    await expect(saved).toContainText('Client secretSaved');
    await expect(saved).toContainText(`Allowed domains${domain}`);
    await expectAccessible(admin, 'admin panel, sign-in section');
  } finally {
    await admin.context().close();
  }

  // Sam, signed out, opens the school's own address (APP_BASE_DOMAIN=localhost in the e2e
  // server; Chromium resolves *.localhost here) and signs in with Google: the address names the
  // school, so there is no subdomain to type.
  const schoolAddress = `http://${school.subdomain}.localhost:${process.env.E2E_PORT}`;
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await page.goto(`${schoolAddress}/login`);
    await expect(page.getByText(`Sign in to ${school.organizationName}`)).toBeVisible();
    await expect(page.getByLabel('Organization subdomain')).toHaveCount(0);
    const signInWithGoogle = page.getByRole('link', { name: 'Sign in with Google' });
    await expect(signInWithGoogle).toBeVisible();
    await expectAccessible(page, 'sign-in form with a provider');
    await signInWithGoogle.click();

    // The provider's own login page.
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
    await page.getByPlaceholder('Enter any login').fill(samEmail);
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    // Back at the school's address: the one-time code becomes Sam's session there.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(page.url()).toBe(`${schoolAddress}/`);
    const user = await page.evaluate(async () => {
      const res = await fetch('/api/auth/user', {
        headers: { Authorization: `Bearer ${window.localStorage.getItem('authToken')}` },
      });
      return ((await res.json()) as { user: { email: string; role: string } }).user;
    });
    expect(user).toMatchObject({ email: samEmail, role: 'staff' });
  } finally {
    await context.close();
  }
});

test('a refused sign-in says why on the Sign In tab', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    // What the callback answers to a state it never issued.
    await page.goto('/api/auth/sso/callback?code=x&state=never-issued');
    await expect(page).toHaveURL(/\/login\?sso_error=expired$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('alert')).toContainText(
      'Sign-in took too long or was already used; please try again.',
    );
    await expectAccessible(page, 'sign-in form after a refused sign-in');
  } finally {
    await context.close();
  }
});
