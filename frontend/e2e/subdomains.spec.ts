import { expectAccessible } from './support/axe';
import { linkUrl, waitForEmail } from './support/mailbox';
import { registerSchool, unique } from './support/school';
import { apiCaller } from './support/session';
import { expect, type Page, test } from './support/test';

/**
 * Organisation addresses (docs/product.md#accounts-and-sign-in). The e2e server runs with
 * APP_BASE_DOMAIN=localhost (e2e/support/serve.mjs), and Chromium resolves *.localhost to this
 * machine: localhost:<port> is the bare domain, <subdomain>.localhost:<port> a school's own address.
 */
const port = process.env.E2E_PORT;
const bare = `http://localhost:${port}`;
const schoolAddress = (subdomain: string) => `http://${subdomain}.localhost:${port}`;

const token = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));

test("signing up on the bare domain ends signed in on the new school's own address", async ({
  page,
}) => {
  const id = unique();
  const subdomain = `brook-${id}`;
  const organizationName = `Brook School ${id}`;

  await page.goto(`${bare}/`);
  const register = page.getByRole('tabpanel', { name: 'Start Free Trial' });
  await register.getByLabel('Your name').fill('Bea Brook');
  await register.getByLabel('Email').fill(`bea-${id}@example.com`);
  await register.getByLabel('Password').fill('brook-password');
  await register.getByLabel('Organization name').fill(organizationName);
  await register.getByLabel('Organization subdomain').fill(subdomain);
  await register.getByRole('button', { name: 'Start Free Trial' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(schoolAddress(subdomain));
  await expect(page.getByRole('banner').getByText(organizationName)).toBeVisible();
  expect(await token(page)).toBeTruthy();
  // The session lives on the school's address, not on the bare domain.
  await page.goto(`${bare}/`);
  await expect(page.getByRole('tab', { name: 'Start Free Trial' })).toBeVisible();
  expect(await token(page)).toBeNull();
});

test("the bare domain asks only for the school; the school's address asks for email and password under its name", async ({
  page,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'meadow',
    adminName: 'Mo Meadow',
    password: 'meadow-password',
  });

  await page.goto(`${bare}/login`);
  const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
  await expect(signIn.getByLabel('Organization subdomain')).toBeVisible();
  await expect(signIn.getByLabel('Password')).toHaveCount(0);
  await expectAccessible(page, 'bare domain sign-in');
  await signIn.getByLabel('Organization subdomain').fill(school.subdomain);
  await signIn.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${schoolAddress(school.subdomain)}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
  await expect(page.getByText(school.organizationName)).toBeVisible();
  await expect(page.getByLabel('Organization subdomain')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Start Free Trial' })).toHaveCount(0);
  await expectAccessible(page, "school's sign-in");
  await page.getByLabel('Email').fill(school.email);
  await page.getByLabel('Password').fill(school.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(school.organizationName)).toBeVisible();
  expect(new URL(page.url()).origin).toBe(schoolAddress(school.subdomain));
});

test("an invitation's link opens on the school's address and ends with the invitee signed in", async ({
  page,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'orchard',
    adminName: 'Olu Orchard',
    password: 'orchard-password',
  });
  const email = `ivy-${school.id}@example.com`;
  await apiCaller(request, school.token)('post', '/api/staff', {
    name: 'Ivy Invitee',
    email,
    invite: true,
  });

  const invitation = await waitForEmail(request, email, /invited/);
  const link = linkUrl(invitation, '/reset-password');
  expect(link.origin).toBe(schoolAddress(school.subdomain));
  expect(invitation.text).toContain(
    `To sign in later, go to ${schoolAddress(school.subdomain)}, ${school.organizationName}'s own address`,
  );

  await page.goto(link.href);
  await page.getByLabel('New password').fill('ivy-password');
  await page.getByLabel('Confirm password').fill('ivy-password');
  await page.getByRole('button', { name: 'Set your password' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(schoolAddress(school.subdomain));
  const header = page.getByRole('banner');
  await expect(header.getByText(school.organizationName)).toBeVisible();
  await expect(header.getByText('Staff', { exact: true })).toBeVisible();
});

test("an address no school uses says so and leads to Find your school, which emails the address's schools", async ({
  page,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'willow',
    adminName: 'Wren Willow',
    password: 'willow-password',
  });

  await page.goto(`${schoolAddress(`nowhere-${unique()}`)}/`);
  await expect(
    page.getByRole('heading', { name: "We couldn't find that school", level: 1 }),
  ).toBeVisible();
  await expectAccessible(page, 'unknown school');
  await page.getByRole('link', { name: 'Find your school' }).click();

  await expect(page).toHaveURL(`${bare}/find-school`);
  await expect(page.getByRole('heading', { name: 'Find your school', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(school.email);
  await page.getByRole('button', { name: 'Send Sign-In Links' }).click();
  await expect(
    page.getByText(
      'If that email address has an account with any organisation, we have sent it a list of them with their sign-in links.',
    ),
  ).toBeVisible();
  await expectAccessible(page, 'find your school (sent)');

  const list = await waitForEmail(request, school.email, /sign-in addresses/);
  const signInLink = linkUrl(list, '/login');
  expect(signInLink.href).toBe(`${schoolAddress(school.subdomain)}/login`);
  await page.goto(signInLink.href);
  await expect(page.getByText(school.organizationName)).toBeVisible();
});
