import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test';

import { expectAccessible } from './support/axe';
import { linkPath, waitForEmail } from './support/mailbox';
import { registerSchool, type RegisteredSchool } from './support/school';
import { apiCaller, SERVER_NOW, signedIn } from './support/session';

interface School extends RegisteredSchool {
  staffToken: string;
  staffEmail: string;
}

/**
 * A school with staff, holidays, a rota, a swap waiting for the colleague, a cancel request, and an invited staff
 * member (Sue) who has chosen her password: every list on every screen has something in it.
 */
async function schoolWithEverything(request: APIRequestContext): Promise<School> {
  const school = await registerSchool(request, {
    prefix: 'a11y',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const { id } = school;
  const admin = apiCaller(request, school.token);
  const people: Record<string, string> = {};
  const staffEmail = `sue-${id}@example.com`;
  for (const [name, isTeaching, department] of [
    ['Ann Lee', true, 'Science'],
    ['Bob Ray', false, 'Office'],
    ['Cat Cole', true, 'English'],
    ['Sue Sky', true, 'Maths'],
  ] as const) {
    const email =
      name === 'Sue Sky' ? staffEmail : `${name.split(' ')[0]!.toLowerCase()}-${id}@example.com`;
    people[name] = (
      await admin('post', '/api/staff', {
        name,
        email,
        isTeaching,
        department,
        invite: name === 'Sue Sky',
      })
    ).id as string;
  }
  const inactive = (await admin('post', '/api/staff', {
    name: 'Old Timer',
    email: `old-${id}@example.com`,
  })) as { id: string };
  await admin('put', `/api/staff/${inactive.id}`, { isActive: false });
  await admin('post', '/api/holidays', {
    name: 'Inset day',
    type: 'inset_day',
    startDate: '2025-09-19',
    endDate: '2025-09-19',
    description: 'Training for all staff',
  });
  for (const [date, names] of [
    ['2025-09-02', ['Ann Lee', 'Bob Ray']],
    ['2025-09-09', ['Sue Sky', 'Bob Ray']],
    ['2025-09-10', ['Sue Sky', 'Cat Cole']],
    ['2025-09-12', ['Ann Lee', 'Sue Sky']],
  ] as const) {
    await admin('post', '/api/rota', { date, slots: names.map((n) => people[n]) });
  }
  await admin('post', '/api/swap-requests', {
    requesterId: people['Sue Sky'],
    targetId: people['Cat Cole'],
    originalDate: '2025-09-09',
    swapDate: '2025-09-09',
    reason: 'Parents evening',
  });
  await admin('post', '/api/cancel-requests', {
    staffId: people['Ann Lee'],
    date: '2025-09-12',
    reason: 'Hospital appointment',
  });
  await admin('post', '/api/staff-unavailability', {
    staffId: people['Sue Sky'],
    startDate: '2025-10-06',
    endDate: '2025-10-07',
    reason: 'Family wedding',
  });

  const invitation = await waitForEmail(request, staffEmail, /invited/);
  const resetToken = new URL(linkPath(invitation, '/reset-password'), 'http://x').searchParams.get(
    'token',
  );
  const reset = await request.post('/api/auth/reset-password', {
    data: { token: resetToken, newPassword: 'sue-password' },
  });
  expect(reset.status()).toBe(200);
  const login = await request.post('/api/auth/login', {
    data: { email: staffEmail, password: 'sue-password', organizationSubdomain: school.subdomain },
  });
  expect(login.status()).toBe(200);
  const staffToken = ((await login.json()) as { token: string }).token;
  return { ...school, staffToken, staffEmail };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

test.describe('every screen passes axe (WCAG 2.1 AA, no serious or critical violations)', () => {
  test('signed out: landing, sign in, forgot and reset password, verify email, resend', async ({
    page,
  }) => {
    await page.clock.setFixedTime(SERVER_NOW);
    await page.goto('/');
    await expect(page.getByText('£10')).toBeVisible();
    await expectAccessible(page, 'landing page (Start Free Trial)');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expectAccessible(page, 'landing page (Sign In)');
    const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(signIn.getByText('Organization is required')).toBeVisible();
    await expectAccessible(page, 'sign-in form with errors');

    await page.goto('/forgot-password');
    await expect(heading(page, 'Forgot your password?')).toBeVisible();
    await expectAccessible(page, 'forgot password');

    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByLabel('New password')).toBeVisible();
    await expectAccessible(page, 'reset password');

    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
    await expectAccessible(page, 'verify email (error)');

    await page.goto('/resend-verification');
    await expect(heading(page, 'Resend verification email')).toBeVisible();
    await expectAccessible(page, 'resend verification');
  });

  test('an admin: dashboard with the duty dialog, weekly rota and statistics', async ({
    browser,
    request,
  }) => {
    const school = await schoolWithEverything(request);
    const page = await signedIn(browser, school.token);
    try {
      await page.goto('/');
      const month = page.getByRole('region', { name: 'Monthly Rota' });
      await expect(month.getByText('Week 1', { exact: true })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Active Staff' })).toContainText('4 members');
      await expectAccessible(page, 'dashboard (admin)');

      // The duty dialog: assigning an empty slot, and the request forms of a filled one.
      await month
        .getByRole('button', { name: 'Duty Manager 1, Thu 11 Sep 2025: Click to assign' })
        .click();
      let duty = dialog(page, 'Duty Manager 1 — Thursday 11 September 2025');
      await expect(duty.getByRole('combobox', { name: 'Staff member' })).toBeVisible();
      await expectAccessible(page, 'duty dialog (assign)');
      await duty.getByRole('button', { name: 'Cancel' }).click();
      await expect(duty).toBeHidden();
      await month.getByRole('button', { name: 'Duty Manager 1, Tue 9 Sep 2025: Sue Sky' }).click();
      duty = dialog(page, 'Duty Manager 1 — Tuesday 9 September 2025');
      await expect(duty.getByRole('button', { name: 'Request Swap' })).toBeVisible();
      await expectAccessible(page, 'duty dialog (filled slot)');
      await duty.getByRole('button', { name: 'Request Swap' }).click();
      await expect(duty.getByRole('combobox', { name: 'Swap with' })).toBeVisible();
      await expectAccessible(page, 'duty dialog (swap form)');
      await duty.getByRole('button', { name: 'Back' }).click();
      await duty.getByRole('button', { name: 'Request Cancel' }).click();
      await duty.getByRole('button', { name: 'Send Request' }).click();
      await expect(duty.getByText('Please provide a reason for cancellation')).toBeVisible();
      await expectAccessible(page, 'duty dialog (cancel form with error)');
      await page.keyboard.press('Escape');
      await expect(duty).toBeHidden();

      await page.goto('/rota');
      await expect(page.getByRole('region', { name: 'Monday' })).toContainText('8 September 2025');
      await expectAccessible(page, 'weekly rota (admin)');

      await page.goto('/statistics');
      await expect(page.getByRole('group', { name: 'Total Duties' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'Sue Sky' })).toBeVisible();
      await expectAccessible(page, 'statistics');
    } finally {
      await page.context().close();
    }
  });

  test('an admin: holidays, swap and cancel requests, My Rota and instructions', async ({
    browser,
    request,
  }) => {
    const school = await schoolWithEverything(request);
    const page = await signedIn(browser, school.token);
    try {
      await page.goto('/holidays');
      const upcoming = page.getByRole('region', { name: 'Upcoming Holidays' });
      await expect(upcoming.getByText('Inset day', { exact: true })).toBeVisible();
      await expectAccessible(page, 'holidays');
      await upcoming.getByRole('button', { name: 'Edit Inset day' }).click();
      await expect(dialog(page, 'Edit Holiday').getByLabel('Name')).toHaveValue('Inset day');
      await expectAccessible(page, 'edit holiday dialog');
      await page.keyboard.press('Escape');
      await expect(dialog(page, 'Edit Holiday')).toBeHidden();

      await page.goto('/swaps');
      // Sue's request waits for Cat's answer, not yet for approval.
      await page.getByRole('tab', { name: 'Waiting for colleagues (1)' }).click();
      await expect(page.getByText('Sue Sky → Cat Cole')).toBeVisible();
      await expectAccessible(page, 'swap requests (waiting for a colleague)');
      await page.getByRole('tab', { name: 'History (0)' }).click();
      await expect(page.getByText('No completed swap requests')).toBeVisible();
      await expectAccessible(page, 'swap requests (completed)');
      await page.getByRole('button', { name: 'Create Swap Request' }).click();
      const create = page.getByRole('dialog', { name: 'Create Swap Request' });
      await expect(create).toBeVisible();
      await expectAccessible(page, 'create swap request dialog');
      await create.getByRole('button', { name: 'Submit Request' }).click();
      await expect(create.getByText(/Please/).first()).toBeVisible();
      await expectAccessible(page, 'create swap request dialog with errors');
      await page.keyboard.press('Escape');
      await expect(create).toBeHidden();

      // Cancellations are approved at once by default: Ann's is already in the history.
      await page.goto('/cancel-requests');
      await expect(page.getByRole('tab', { name: 'Pending (0)' })).toBeVisible();
      await expectAccessible(page, 'cancel requests (pending)');
      await page.getByRole('tab', { name: 'Completed (1)' }).click();
      await expect(page.getByText('Hospital appointment')).toBeVisible();
      await expectAccessible(page, 'cancel requests (completed)');

      await page.goto('/my-rota');
      const staffSelect = page.getByRole('combobox', { name: 'Staff member' });
      await staffSelect.fill('Sue Sky');
      await staffSelect.press('Enter');
      await expect(
        page.getByRole('region', { name: 'Duty Assignments' }).getByText('3 duty days'),
      ).toBeVisible();
      await expectAccessible(page, 'my rota (admin)');
      await page.getByRole('button', { name: 'Add Unavailability' }).click();
      await expect(dialog(page, 'Add Unavailability')).toBeVisible();
      await expectAccessible(page, 'add unavailability dialog');
      await page.keyboard.press('Escape');

      await page.goto('/instructions');
      await expect(heading(page, 'Duty Manager Instructions')).toBeVisible();
      await expectAccessible(page, 'instructions');
    } finally {
      await page.context().close();
    }
  });

  test('an admin: the Admin Panel with its sections and dialogs, activity log, help and 404', async ({
    browser,
    request,
  }) => {
    const school = await schoolWithEverything(request);
    const page = await signedIn(browser, school.token);
    try {
      // The Admin Panel, every section open, then its dialogs.
      await page.goto('/staff');
      const staff = page.getByRole('region', { name: 'Staff Management' });
      await expect(staff.getByRole('cell', { name: 'Old Timer', exact: true })).toBeVisible();
      await expectAccessible(page, 'admin panel');
      // Each Show turns into Hide once clicked, so always the first one left.
      const show = page.getByRole('button', { name: 'Show' });
      for (let left = await show.count(); left > 0; left -= 1) {
        await show.first().click();
        await expect(show).toHaveCount(left - 1);
      }
      await expect(page.getByRole('button', { name: 'Show' })).toHaveCount(0);
      await expectAccessible(page, 'admin panel, every section open');
      for (const section of [
        'Duty Manager Settings',
        'Email Reminder Settings',
        'Auto-Approval Settings',
      ]) {
        await page
          .getByRole('region', { name: section })
          .getByRole('button', { name: 'Edit' })
          .click();
      }
      await page
        .getByRole('region', { name: 'Email Template Editor' })
        .getByRole('button', { name: 'Edit' })
        .click();
      await page
        .getByRole('region', { name: 'Instructions Manager' })
        .getByRole('button', { name: 'Edit' })
        .click();
      await expectAccessible(page, 'admin panel, every section editing');

      await staff.getByRole('button', { name: 'Add Staff Member' }).click();
      const add = dialog(page, 'Add Staff Member');
      await add.getByRole('button', { name: 'Save' }).click();
      await expect(add.getByText(/required/i).first()).toBeVisible();
      await expectAccessible(page, 'add staff dialog with errors');
      await add.getByRole('button', { name: 'Cancel' }).click();
      await expect(add).toBeHidden();
      await staff.getByRole('button', { name: 'Edit Ann Lee' }).click();
      await expect(dialog(page, 'Edit Staff Member').getByLabel('Name')).toHaveValue('Ann Lee');
      await expectAccessible(page, 'edit staff dialog');
      await page.keyboard.press('Escape');
      await staff.getByRole('button', { name: 'Import CSV' }).click();
      const importDialog = dialog(page, 'Import staff from CSV');
      await expect(importDialog).toBeVisible();
      await expectAccessible(page, 'import staff dialog');
      await importDialog.locator('input[type=file]').setInputFiles({
        name: 'staff.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `name,email,department,teaching\nNew Person,new-${school.id}@example.com,Art,yes\nBroken Row,not-an-email,,\n`,
        ),
      });
      await expect(importDialog.getByText('1 ready to import, 1 with errors')).toBeVisible();
      await expectAccessible(page, 'import staff dialog with a preview');
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'Activity log' }).click();
      await expect(heading(page, 'Activity')).toBeVisible();
      await expectAccessible(page, 'activity log');

      await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
      await expect(heading(page, 'Help')).toBeVisible();
      await expectAccessible(page, 'help');

      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await expectAccessible(page, '404 page');
    } finally {
      await page.context().close();
    }
  });

  test('a staff member: dashboard, weekly rota and its admin-access dialog, requests, My Rota and the Access Denied card', async ({
    browser,
    request,
  }) => {
    const school = await schoolWithEverything(request);
    const page = await signedIn(browser, school.staffToken);
    try {
      await page.goto('/');
      await expect(page.getByRole('banner').getByText('Staff', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Monthly Rota' }).getByText('Week 1', { exact: true }),
      ).toBeVisible();
      await expectAccessible(page, 'dashboard (staff)');

      await page.goto('/rota');
      const tuesday = page.getByRole('region', { name: 'Tuesday' });
      await tuesday
        .getByRole('button', { name: 'Duty Manager 2, Tue 9 Sep 2025: Bob Ray' })
        .click();
      await expect(dialog(page, 'Admin access required')).toBeVisible();
      await expectAccessible(page, 'admin access dialog (staff)');
      await page.keyboard.press('Escape');

      await page.goto('/swaps');
      await page.getByRole('tab', { name: 'My requests (1)' }).click();
      await expect(page.getByText('Sue Sky → Cat Cole')).toBeVisible();
      await expectAccessible(page, 'swap requests (staff)');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
      await expectAccessible(page, 'notification bell open (staff)');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();
      await page.goto('/cancel-requests');
      await expect(heading(page, 'Cancel Requests')).toBeVisible();
      await expect(page.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toBeVisible();
      await expectAccessible(page, 'cancel requests (staff)');

      await page.goto('/my-rota');
      await expect(
        page.getByRole('region', { name: 'My Unavailability' }).getByText('Family wedding'),
      ).toBeVisible();
      await expectAccessible(page, 'my rota (staff)');

      await page.goto('/staff');
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expectAccessible(page, 'access denied (staff on the Admin Panel)');
    } finally {
      await page.context().close();
    }
  });
});

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${max} presses of Tab`);
}

/** What marks an element as focused: its outline and box shadow. */
async function focusRing(target: Locator) {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      outline:
        style.outlineStyle === 'none'
          ? 'none'
          : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
    };
  });
}

/** Whether the focus is inside the open dialog. */
const focusInside = (modal: Locator) =>
  modal.evaluate((element) => element.contains(document.activeElement));

test.describe('keyboard and focus', () => {
  test('a person signs in, opens the Admin Panel and adds a staff member with the keyboard alone', async ({
    page,
    request,
  }) => {
    const school = await registerSchool(request, {
      prefix: 'keys',
      adminName: 'Kim Keys',
      password: 'keys-password',
    });
    await page.clock.setFixedTime(SERVER_NOW);
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Start Free Trial' })).toBeVisible();

    // The first Tab reaches the skip link, which moves the focus to the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    // Sign in: the tab, the three fields, Enter.
    await tabTo(page, page.getByRole('tab', { name: 'Start Free Trial' }));
    await page.keyboard.press('ArrowRight');
    const signInTab = page.getByRole('tab', { name: 'Sign In' });
    await expect(signInTab).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(signInTab).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('tabpanel', { name: 'Sign In' });
    await tabTo(page, form.getByLabel('Email'));
    await page.keyboard.type(school.email);
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(school.password);
    await tabTo(page, form.getByLabel('Organization subdomain'));
    await page.keyboard.type(school.subdomain);
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Dashboard')).toBeVisible();

    // The navigation: Tab to it, arrow along to Admin, Enter.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await tabTo(page, nav.getByRole('link', { name: 'Dashboard' }));
    const adminLink = nav.getByRole('link', { name: 'Admin' });
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    for (
      let step = 0;
      step < 10 && !(await adminLink.evaluate((a) => a === document.activeElement));
      step += 1
    ) {
      // One step at a time: the menu moves the focus after the key is handled, which on a busy
      // machine is later; pressing again before then would skip past Admin.
      const before = await focusedText();
      await page.keyboard.press('ArrowRight');
      await expect.poll(focusedText).not.toBe(before);
    }
    await expect(adminLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Admin Panel')).toBeVisible();

    // Add Staff Member: Enter opens the dialog with the focus in its first field.
    const staff = page.getByRole('region', { name: 'Staff Management' });
    const addButton = staff.getByRole('button', { name: 'Add Staff Member' });
    await tabTo(page, addButton);
    await page.keyboard.press('Enter');
    const add = dialog(page, 'Add Staff Member');
    await expect(add.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Kit Keyboard');
    await page.keyboard.press('Tab');
    await expect(add.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(`kit-${school.id}@example.com`);
    await page.keyboard.press('Tab');
    await expect(add.getByLabel('Department')).toBeFocused();
    await page.keyboard.type('Computing');
    // The staff type: Tab into the radio group, an arrow to Non-Teaching.
    await page.keyboard.press('Tab');
    await expect(add.getByRole('radio', { name: 'Teaching', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(add.getByRole('radio', { name: 'Non-Teaching' })).toBeChecked();
    // Save with Space on the button.
    await tabTo(page, add.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Space');
    await expect(add).toBeHidden();
    const row = staff.getByRole('row', { name: /Kit Keyboard/ });
    await expect(row).toContainText('Computing');
    await expect(row).toContainText('Non-Teaching');
    // The focus is back where the dialog was opened from.
    await expect(addButton).toBeFocused();
  });

  test('focus is visible on navigation links, buttons and fields', async ({ browser, request }) => {
    const school = await registerSchool(request, {
      prefix: 'ring',
      adminName: 'Rita Ring',
      password: 'ring-password',
    });
    const page = await signedIn(browser, school.token);
    try {
      await page.goto('/holidays');
      await expect(heading(page, 'Holiday Management')).toBeVisible();
      const form = page.getByRole('region', { name: 'Add New Holiday' });
      const controls = [
        page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Holidays' }),
        page.getByRole('banner').getByRole('link', { name: 'Help' }),
        page.getByRole('banner').getByRole('button', { name: 'Logout' }),
        form.getByLabel('Name'),
        form.getByRole('button', { name: 'Add Holiday' }),
        page.getByRole('button', { name: 'Add bank holidays' }),
      ];
      for (const control of controls) {
        // Unfocused first (the focus on the page's body), then reached with the keyboard.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const before = await focusRing(control);
        await tabTo(page, control);
        // Polled: a ring that fades in (antd's transitions) reads as its start on a busy machine.
        await expect
          .poll(() => focusRing(control), {
            message: `${String(control)} looks the same focused as not (${JSON.stringify(before)})`,
          })
          .not.toEqual(before);
        const after = await focusRing(control);
        expect(after.outline !== 'none' || after.boxShadow !== 'none').toBe(true);
      }
    } finally {
      await page.context().close();
    }
  });

  test('dialogs keep the focus inside and give it back to the button that opened them', async ({
    browser,
    request,
  }) => {
    const school = await registerSchool(request, {
      prefix: 'trap',
      adminName: 'Tara Trap',
      password: 'trap-password',
    });
    const page = await signedIn(browser, school.token);
    try {
      await page.goto('/staff');
      const staff = page.getByRole('region', { name: 'Staff Management' });
      const addButton = staff.getByRole('button', { name: 'Add Staff Member' });
      const importButton = staff.getByRole('button', { name: 'Import CSV' });

      for (const [opener, name, close] of [
        [addButton, 'Add Staff Member', 'Escape'],
        [addButton, 'Add Staff Member', 'Cancel'],
        [importButton, 'Import staff from CSV', 'Escape'],
      ] as const) {
        await opener.focus();
        await page.keyboard.press('Enter');
        const modal = dialog(page, name);
        await expect(modal).toBeVisible();
        await expect.poll(() => focusInside(modal)).toBe(true);
        // Past the last control (or before the first) the focus may rest on the browser itself
        // (the document, as with a native modal dialog); it never lands on the page behind the
        // dialog, and the next press brings it back inside.
        const first = modal.getByRole('button', { name: 'Close' });
        const last = modal.locator('.ant-modal-footer button').last();
        for (const [key, from] of [
          ['Tab', last],
          ['Shift+Tab', first],
        ] as const) {
          await tabTo(page, from, { back: key === 'Shift+Tab' });
          let back = false;
          for (let presses = 1; presses <= 3 && !back; presses += 1) {
            await page.keyboard.press(key);
            const onBody = await page.evaluate(() => document.activeElement === document.body);
            back = await focusInside(modal);
            expect(onBody || back, `after ${presses} × ${key} at the end of ${name}`).toBe(true);
          }
          expect(back, `${key} at the end of ${name} comes back into the dialog`).toBe(true);
        }
        if (close === 'Escape') {
          await page.keyboard.press('Escape');
        } else {
          await tabTo(page, modal.getByRole('button', { name: 'Cancel' }));
          await page.keyboard.press('Enter');
        }
        await expect(modal).toBeHidden();
        await expect(opener).toBeFocused();
      }
    } finally {
      await page.context().close();
    }
  });
});
