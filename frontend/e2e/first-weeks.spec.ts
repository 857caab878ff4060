import { expect, type Page, test } from './support/test';
import { expectAccessible } from './support/axe';
import { expectFitsTheScreen } from './support/layout';
import { linkPath, waitForEmail } from './support/mailbox';
import { registerSchool, unique } from './support/school';
import { apiCaller, SERVER_NOW, signedIn } from './support/session';
import { staffAccount } from './support/staff-account';
import { seeToast } from './support/toast';

// What a new school meets in its first weeks (issue 39): the account, sign-in and staff screens.
// The server's today is Monday 8 September 2025 (e2e/support/serve.mjs).

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** Where a line of `element`'s text breaks inside a word: the letters either side of each break. */
async function breaksInsideWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const text = element.textContent ?? '';
      const node = element.firstChild?.nodeType === Node.TEXT_NODE ? element.firstChild : element;
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      const textNode = node.nodeType === Node.TEXT_NODE ? node : walker.nextNode();
      if (!textNode) return [];
      const tops: number[] = [];
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(textNode, i);
        range.setEnd(textNode, i + 1);
        tops.push(range.getBoundingClientRect().top);
      }
      const found: string[] = [];
      for (let i = 1; i < text.length; i += 1) {
        const newLine = tops[i]! > tops[i - 1]! + 2;
        if (newLine && !/[\s-]/.test(text[i - 1]!))
          found.push(`${text.slice(0, i)} / ${text.slice(i)}`);
      }
      return found;
    }),
  );
}

test('a new admin is reminded to verify their address, and adds themselves to the staff list', async ({
  page,
  request,
}) => {
  const id = unique();
  const email = `first-${id}@example.com`;
  const organizationName = `First School ${id}`;
  await page.clock.setFixedTime(SERVER_NOW);
  await page.goto('/');
  const register = page.getByRole('tabpanel', { name: 'Start Free Trial' });
  await register.getByLabel('Your name').fill('Fay First');
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password').fill('first-password');
  await register.getByLabel('Organization name').fill(organizationName);
  await register.getByLabel('Organization subdomain').fill(`first-${id}`);
  await register.getByRole('button', { name: 'Start Free Trial' }).click();

  // Signed in at once, and told what verifying is for, with a resend.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const reminder = page.getByRole('alert').filter({ hasText: 'Please verify your email address' });
  await expect(reminder).toContainText(`Open the link we sent to ${email}.`);
  await expect(reminder).toContainText(
    'password resets, duty reminders and news of requests go there',
  );
  await reminder.getByRole('button', { name: 'Resend verification email' }).click();
  await seeToast(page, 'Verification email sent');

  // My Rota offers them to add themselves instead of "Choose a staff member".
  await page.goto('/my-rota');
  const offer = page.getByRole('alert').filter({ hasText: 'You are not on the staff list' });
  await expect(offer).toBeVisible();
  await offer.getByRole('radio', { name: 'Non-Teaching' }).check();
  await offer.getByRole('button', { name: 'Add me to the staff list' }).click();
  await seeToast(page, 'Success', 'You are on the staff list.');
  await expect(offer).toHaveCount(0);
  // My Rota now opens on their own record: "My Unavailability" is for one's own only.
  await expect(page.getByRole('region', { name: 'My Unavailability' })).toBeVisible();
  await expect(page.getByText('Choose a staff member to see their rota.')).toHaveCount(0);

  // Verified: the reminder is gone.
  const verification = await waitForEmail(request, email, /Verify/);
  await page.goto(linkPath(verification, '/verify-email'));
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Please verify your email address')).toHaveCount(0);
  await expect(page.getByRole('banner').getByText(organizationName)).toBeVisible();
});

test("the Admin Panel's empty staff table says so in readable text (axe color-contrast)", async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'empty',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const page = await signedIn(browser, school.token);
  await page.goto('/staff');
  const staffSection = page.getByRole('region', { name: 'Staff Management' });
  await expect(staffSection.getByText('No staff members yet')).toBeVisible();
  await expectAccessible(page, 'staff management with no staff', {
    include: '.ant-table-placeholder',
  });
  await page.context().close();
});

test('an invitation welcomes the new member to their school, with "Set your password"', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'welcome',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  const email = `ivy-${school.id}@example.com`;
  await admin('post', '/api/staff', { name: 'Ivy Invited', email, invite: true });
  const invitation = await waitForEmail(request, email, /invited/);

  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.clock.setFixedTime(SERVER_NOW);
  await page.goto(linkPath(invitation, '/reset-password'));
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome to ${school.organizationName}` }),
  ).toBeVisible();
  await expect(
    page.getByText(
      `Hello Ivy Invited, you have been invited to Duty Manager at ${school.organizationName}`,
    ),
  ).toBeVisible();
  await expect(page.getByText('Choose a new password')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  await expectAccessible(page, 'invitation welcome');
  await page.getByLabel('New password').fill('ivy-password');
  await page.getByLabel('Confirm password').fill('ivy-password');
  await page.getByRole('button', { name: 'Set your password' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The link works once; opened again it says so before a password is typed.
  await page.goto(linkPath(invitation, '/reset-password'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'This invitation has expired' }),
  ).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await context.close();
});

test('on the Account page a member renames themselves, changes their password staying signed in, and moves their sign-in email', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'account',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  const sam = await staffAccount(request, school, admin, 'Sam Small');
  const otherSession = (
    (await (
      await request.post('/api/auth/login', {
        data: {
          email: sam.email,
          password: 'sam-password',
          organizationSubdomain: school.subdomain,
        },
      })
    ).json()) as { token: string }
  ).token;

  const page = await signedIn(browser, sam.token);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expectAccessible(page, 'account page');

  // Name: the staff list follows.
  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByLabel('Name').fill('Samira Small');
  await details.getByRole('button', { name: 'Save name' }).click();
  await seeToast(page, 'Name changed', 'Your name has been changed.');
  const staff = (await admin('get', '/api/staff')) as unknown as { id: string; name: string }[];
  expect(staff.find((person) => person.id === sam.id)?.name).toBe('Samira Small');

  // Password: the current one first; this browser stays signed in, the other session ends.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('sam-password');
  await password.getByLabel('New password', { exact: true }).fill('sam-new-password');
  await password.getByLabel('Confirm new password').fill('sam-new-password');
  await password.getByRole('button', { name: 'Change Password' }).click();
  await seeToast(
    page,
    'Password changed',
    'Every other session of your account has been signed out.',
  );
  const other = await request.get('/api/auth/user', {
    headers: { Authorization: `Bearer ${otherSession}` },
  });
  expect(other.status()).toBe(401);
  // Still signed in here, with the new session the answer brought.
  await page.getByRole('navigation').getByRole('link', { name: 'My Rota' }).click();
  await expect(page.getByRole('region', { name: 'My Unavailability' })).toBeVisible();
  const stored = await page.evaluate(() => window.localStorage.getItem('authToken'));
  expect(stored).not.toBe(sam.token);
  const me = await request.get('/api/auth/user', {
    headers: { Authorization: `Bearer ${stored}` },
  });
  expect(((await me.json()) as { user: { name: string } }).user.name).toBe('Samira Small');
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  const signIn = (email: string, pw: string) =>
    request.post('/api/auth/login', {
      data: { email, password: pw, organizationSubdomain: school.subdomain },
    });
  expect((await signIn(sam.email, 'sam-password')).status()).toBe(401);
  expect((await signIn(sam.email, 'sam-new-password')).status()).toBe(200);

  // Sign-in email: started here with the password, confirmed from the new address.
  const newEmail = `samira-${school.id}@example.com`;
  await details.getByRole('button', { name: 'Change sign-in email' }).click();
  await details.getByLabel('New sign-in email').fill(newEmail);
  await details.getByLabel('Password').fill('sam-new-password');
  await details.getByRole('button', { name: 'Send confirmation link' }).click();
  await seeToast(page, 'Check your new inbox', `We have sent a link to ${newEmail}.`);
  await expect(page.getByText('Your sign-in email is being changed')).toBeVisible();
  await waitForEmail(request, sam.email, /being changed/);
  const confirmation = await waitForEmail(request, newEmail, /Confirm your new/);
  await page.goto(linkPath(confirmation, '/confirm-email'));
  await expect(
    page.getByText('Your new email address is confirmed. Please sign in with it.'),
  ).toBeVisible();
  expect((await signIn(newEmail, 'sam-new-password')).status()).toBe(200);
  await page.context().close();
});

test('a staff member edits an unavailability period, and a duty the new dates cover is taken off', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'away',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  const sam = await staffAccount(request, school, admin, 'Sam Small');
  const bea = (
    await admin('post', '/api/staff', {
      name: 'Bea Broad',
      email: `bea-${school.id}@example.com`,
      isTeaching: false,
    })
  ).id as string;
  await admin('post', '/api/rota', { date: '2025-09-17', slots: [sam.id, bea] });
  const created = await request.post('/api/staff-unavailability', {
    headers: { Authorization: `Bearer ${sam.token}` },
    data: {
      staffId: sam.id,
      startDate: '2025-09-15',
      endDate: '2025-09-15',
      reason: 'Dentist',
      type: 'personal',
    },
  });
  expect(created.status()).toBe(201);

  const page = await signedIn(browser, sam.token);
  await page.goto('/my-rota');
  const mine = page.getByRole('region', { name: 'My Unavailability' });
  await mine.getByRole('button', { name: 'Edit unavailability Mon 15 Sep 2025' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Unavailability' });
  await expect(dialog.getByLabel('Reason')).toHaveValue('Dentist');
  const end = dialog.getByLabel('End date');
  await end.click();
  await end.fill('17 Sep 2025');
  await end.press('Enter');
  await dialog.getByLabel('Reason').fill('Dentist and recovery');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await seeToast(
    page,
    'Success',
    'Unavailability period updated. 1 duty assignment in the new dates cancelled',
  );
  await expect(dialog).toHaveCount(0);
  await expect(mine.getByText('Mon 15 Sep 2025 – Wed 17 Sep 2025')).toBeVisible();
  await expect(mine.getByText('Dentist and recovery')).toBeVisible();

  const days = (await (
    await request.get('/api/rota?startDate=2025-09-17&endDate=2025-09-17', {
      headers: { Authorization: `Bearer ${school.token}` },
    })
  ).json()) as { slots: { staff: { id: string } | null }[] }[];
  expect(days[0]?.slots.map((slot) => slot.staff?.id)).not.toContain(sam.id);
  await page.context().close();
});

test('Staff Management at 1366 px: names whole, a search, a filter, and invitations for several people at once', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'people',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  // Someone who can sign in (a role to choose, "Can sign in") beside long names, as schools have.
  await staffAccount(request, school, admin, 'Sam Small');
  const names = [
    'Maximilian Featherstonehaugh-Smythe',
    'Bartholomew Kowalczyk-Richardson',
    'Anne-Marie Oyelaran-Whitfield',
    'Kit Kaur',
  ];
  for (const name of names) {
    await admin('post', '/api/staff', {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`,
    });
  }

  const page = await signedIn(browser, school.token, { viewport: { width: 1366, height: 900 } });
  await page.goto('/staff');
  const section = page.getByRole('region', { name: 'Staff Management' });
  const table = section.getByRole('table');
  await expect(table.getByRole('cell', { name: names[0], exact: true })).toBeVisible();
  expect(await breaksInsideWords(page, '.ant-table-tbody .ant-typography strong')).toEqual([]);

  await section.getByRole('searchbox', { name: 'Search staff' }).fill('KAUR');
  await expect(table.getByRole('cell', { name: 'Kit Kaur', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: names[0], exact: true })).toHaveCount(0);
  await expect(section.getByText('1 of 5')).toBeVisible();
  await section.getByRole('searchbox', { name: 'Search staff' }).fill('');

  await section.getByRole('combobox', { name: 'Show' }).click();
  await page.getByTitle('Not signed in yet').click();
  await expect(table.getByRole('cell', { name: 'Sam Small', exact: true })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Kit Kaur', exact: true })).toBeVisible();

  await section.getByRole('checkbox', { name: `Choose ${names[0]}` }).check();
  await section.getByRole('checkbox', { name: 'Choose Kit Kaur' }).check();
  await section.getByRole('button', { name: 'Invite 2 people to sign in' }).click();
  await seeToast(page, 'Success', 'Invitations sent to 2 people');
  await waitForEmail(request, `maximilian-${school.id}@example.com`, /invited/);
  await waitForEmail(request, `kit-${school.id}@example.com`, /invited/);
  await expect(
    section.getByRole('row', { name: /Kit Kaur/ }).getByText('Invited', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'staff management with a filter', {
    include: '[aria-label="Staff members"]',
  });
  await page.context().close();
});

test('on a phone the header is two short rows and the notification list stays on the screen', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'bell',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  const sam = await staffAccount(request, school, admin, 'Sam Small');
  const bea = (
    await admin('post', '/api/staff', { name: 'Bea Broad', email: `bea-${school.id}@example.com` })
  ).id as string;
  await admin('post', '/api/rota', { date: '2025-09-10', slots: [bea] });
  // Bea asks Sam to cover: Sam has a notification waiting.
  await admin('post', '/api/swap-requests', {
    requesterId: bea,
    targetId: sam.id,
    originalDate: '2025-09-10',
    swapDate: '2025-09-10',
    reason: 'Parents evening',
  });

  const page = await signedIn(browser, sam.token, PHONE);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  const headerBox = (await header.boundingBox())!;
  expect(headerBox.height).toBeLessThanOrEqual(100);
  // Logout on the title's row, not a row of its own.
  const logout = (await header.getByRole('button', { name: 'Logout' }).boundingBox())!;
  const title = (await header.getByRole('link', { name: 'Duty Manager' }).boundingBox())!;
  expect(Math.abs(logout.y + logout.height / 2 - (title.y + title.height / 2))).toBeLessThan(8);
  await expect(header.getByText('Staff', { exact: true })).toBeVisible();
  await expectFitsTheScreen(page, 'dashboard header on a phone');

  await header.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const list = page.getByRole('dialog', { name: 'Notifications' });
  const markAll = list.getByRole('button', { name: 'Mark all as read' });
  await expect(markAll).toBeVisible();
  const popover = (await page.locator('.ant-popover').boundingBox())!;
  expect(popover.x).toBeGreaterThanOrEqual(0);
  expect(popover.x + popover.width).toBeLessThanOrEqual(390);
  const button = (await markAll.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(390);
  await page.context().close();
});

test('the calendar link reads "Copied" for two seconds even when the browser refuses the Clipboard API', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'copy',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const page = await signedIn(browser, school.token);
  // A browser set to refuse (no permission granted, the window not focused).
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: () =>
          Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      },
    });
  });
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Calendar Subscription' });
  await card.getByRole('button', { name: 'Create Subscription Link' }).click();
  const all = card.getByRole('region', { name: 'All duties' });
  await all.getByRole('button', { name: 'Copy' }).click();
  await expect(all.getByRole('button', { name: 'Copied' })).toBeVisible();
  await seeToast(page, 'Copied!', 'Calendar subscription URL copied to clipboard');
  await expect(all.getByRole('button', { name: 'Copy' })).toBeVisible();
  await page.context().close();
});

test('one way back to signing in, and every date picker writes dates as the app does', async ({
  browser,
  page,
  request,
}) => {
  await page.goto('/forgot-password');
  await expect(
    page.getByRole('heading', { name: 'Forgot your password?', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  await expect(page.getByText('Back to sign in')).toHaveCount(0);
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Organization subdomain').fill('nowhere');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('button', { name: 'Back to Login' })).toBeVisible();
  await expect(page.getByText('Back to sign in')).toHaveCount(0);

  const school = await registerSchool(request, {
    prefix: 'dates',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = await signedIn(browser, school.token);
  await admin.goto('/staff');
  const testing = admin.getByRole('region', { name: 'Email System Testing' });
  // The quick test's day, tomorrow: Tuesday 9 September 2025.
  await expect(testing.getByRole('textbox', { name: 'Duty date' })).toHaveValue('9 Sep 2025');
  await admin.context().close();
});
