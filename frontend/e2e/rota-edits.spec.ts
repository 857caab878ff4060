import { type APIRequestContext, expect, type Page, test } from './support/test';
import { expectAccessible } from './support/axe';
import { linkPath, waitForEmail } from './support/mailbox';
import { registerSchool, type RegisteredSchool } from './support/school';
import { apiCaller, type ApiCall, signedIn } from './support/session';
import { seeToast } from './support/toast';

// The server runs with APP_NOW=2025-09-08T09:00 (e2e/support/serve.mjs): Monday 8 September
// 2025 in London. docs/product.md#editing-the-rota-directly and #the-rota-stays-true.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The 2025-2026 terms, so that planning and the candidates know the school's term time. */
const TERMS_2025 = {
  terms: [
    { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19' },
    { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27' },
    { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21' },
  ],
};

interface School {
  school: RegisteredSchool;
  admin: ApiCall;
  people: Record<string, string>;
  email: (name: string) => string;
}

/** A school with term dates and these staff (name, teaching), each with an email of their own. */
async function schoolWith(
  request: APIRequestContext,
  prefix: string,
  staff: [string, boolean][],
): Promise<School> {
  const school = await registerSchool(request, {
    prefix,
    adminName: 'Ada Admin',
    password: `${prefix}-password`,
  });
  const admin = apiCaller(request, school.token);
  const email = (name: string) => `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`;
  const people: Record<string, string> = {};
  for (const [name, isTeaching] of staff) {
    people[name] = (await admin('post', '/api/staff', { name, email: email(name), isTeaching }))
      .id as string;
  }
  await admin('put', '/api/term-dates/2025', TERMS_2025);
  return { school, admin, people, email };
}

/** Invites `name` to sign in, makes them a manager, lets them choose a password; their token. */
async function managerToken(
  request: APIRequestContext,
  { school, admin, email }: School,
  name: string,
): Promise<string> {
  const address = email(name);
  const { id } = await admin('post', '/api/staff', { name, email: address, invite: true });
  await admin('put', `/api/staff/${String(id)}/role`, { role: 'manager' });
  const invitation = await waitForEmail(request, address, /invited/);
  const token = new URL(linkPath(invitation, '/reset-password'), 'http://x').searchParams.get(
    'token',
  );
  const password = 'manager-password';
  const reset = await request.post('/api/auth/reset-password', {
    data: { token, newPassword: password },
  });
  expect(reset.status()).toBe(200);
  const login = await request.post('/api/auth/login', {
    data: { email: address, password, organizationSubdomain: school.subdomain },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** Picks `name` in the open dialog's staff list by keyboard, once the list offers them. */
async function chooseByKeyboard(page: Page, name: string) {
  const picker = page.getByRole('dialog').getByRole('combobox', { name: 'Staff member' });
  await expect(picker).toBeFocused();
  await page.keyboard.type(name);
  await expect(page.locator(`.ant-select-item-option[title="${name}"]`)).toBeVisible();
  await page.keyboard.press('Enter');
  // The choice shows in the select, titled with the name (the list itself is outside the dialog).
  await expect(page.getByRole('dialog').getByTitle(name, { exact: true })).toBeVisible();
}

/** The page is no wider than the screen: nothing to scroll sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test('a manager replaces someone from the calendar on a phone, and assigns an empty day on the Weekly Rota', async ({
  browser,
  request,
}) => {
  const data = await schoolWith(request, 'edits', [
    ['Ann Lee', true],
    ['Ben Ray', false],
    ['Cat Cole', true],
    ['Dan Dee', false],
  ]);
  const { admin, people, email } = data;
  const managerTokenValue = await managerToken(request, data, 'Mia Manager');
  // Ann and Ben on Wednesday; Dan has had a duty this year, Cat and Mia none.
  await admin('post', '/api/rota', {
    date: '2025-09-10',
    slots: [people['Ann Lee'], people['Ben Ray']],
  });
  await admin('post', '/api/rota', { date: '2025-09-11', slots: [people['Dan Dee'], null] });

  const page = await signedIn(browser, managerTokenValue, PHONE);
  await page.goto('/');
  const month = page.getByRole('region', { name: 'Monthly Rota' });
  await month.getByRole('button', { name: 'Duty Manager 1, Wed 10 Sep 2025: Ann Lee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Duty Manager 1 — Wednesday 10 September 2025' });
  const edits = dialog.getByRole('group', { name: 'Change the rota' });
  await expect(edits.getByRole('button', { name: 'Remove' })).toBeVisible();
  await expect(edits.getByRole('button', { name: 'Move to another day' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Request Swap' })).toBeVisible();
  await edits.getByRole('button', { name: 'Replace with…' }).click();

  // The people who may be on the day, fewest duties this year first; Ann and Ben are on it.
  const picker = dialog.getByRole('combobox', { name: 'Staff member' });
  await expect(picker).toBeFocused();
  await expectAccessible(page, 'replace with… (phone)');
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('ArrowDown');
  const options = page.locator('.ant-select-item-option');
  await expect(options.first()).toHaveAttribute('title', 'Cat Cole');
  await expect(options.first()).toContainText('0 duties this year');
  await expect(options.first()).toContainText('Teaching');
  await expect(options.last()).toHaveAttribute('title', 'Dan Dee');
  await expect(options.last()).toContainText('1 duty this year');
  await expect(options.last()).toContainText('Non-Teaching');
  await expect(page.locator('.ant-select-item-option[title="Ann Lee"]')).toHaveCount(0);
  await expect(page.locator('.ant-select-item-option[title="Ben Ray"]')).toHaveCount(0);
  await chooseByKeyboard(page, 'Cat Cole');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Ann is on the Year 7 trip');
  await dialog.getByRole('button', { name: 'Replace', exact: true }).click();

  await seeToast(
    page,
    'Duty replaced',
    "Cat Cole takes Ann Lee's duty on Wednesday 10 September 2025.",
  );
  await expect(dialog).toBeHidden();
  await expect(
    month.getByRole('button', { name: 'Duty Manager 1, Wed 10 Sep 2025: Cat Cole' }),
  ).toBeVisible();
  await expect(
    month.getByRole('button', { name: 'Duty Manager 2, Wed 10 Sep 2025: Ben Ray' }),
  ).toBeVisible();
  await expect(month.getByRole('button', { name: /Wed 10 Sep 2025: Ann Lee$/ })).toHaveCount(0);
  const removed = await waitForEmail(request, email('Ann Lee'), /Duty removed/);
  expect(removed.text).toContain('Ann is on the Year 7 trip');

  // The Weekly Rota: next Monday has nobody yet; Assign puts the least loaded person there.
  await page.goto('/rota');
  await page.getByRole('button', { name: 'Next Week' }).click();
  const monday = page.getByRole('region', { name: 'Monday' });
  await expect(monday).toContainText('15 September 2025');
  await expect(monday).toContainText('No assignment');
  await monday.getByRole('button', { name: 'Assign a duty manager, Mon 15 Sep 2025' }).click();
  const assign = page.getByRole('dialog', { name: 'Duty Manager 1 — Monday 15 September 2025' });
  await chooseByKeyboard(page, 'Mia Manager');
  await expectNoSidewaysScroll(page);
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await seeToast(page, 'Staff assigned', 'Mia Manager is on duty on Monday 15 September 2025.');
  await expect(
    monday.getByRole('button', { name: 'Duty Manager 1, Mon 15 Sep 2025: Mia Manager' }),
  ).toBeVisible();
  await page.context().close();
});

test("a deactivated person's days from today on are refilled by others; the past stays", async ({
  browser,
  request,
}) => {
  const { school, admin, people } = await schoolWith(request, 'leaver', [
    ['Ann Lee', true],
    ['Ben Ray', false],
    ['Cat Cole', true],
    ['Dan Dee', false],
    ['Eve Ens', true],
  ]);
  for (const date of ['2025-09-05', '2025-09-08', '2025-09-09', '2025-09-10']) {
    await admin('post', '/api/rota', { date, slots: [people['Ann Lee'], null] });
  }

  const left = await admin('put', `/api/staff/${people['Ann Lee']}`, { isActive: false });
  // The repair also fills the planned days' empty second slots from tomorrow on
  // (docs/product.md#the-rota-stays-true).
  expect((left.rotaChange as { message: string }).message).toBe(
    'Deactivating Ann Lee removed 3 duties on 8–10 Sep; 3 refilled, and filled 2 duties on 9–10 Sep.',
  );

  const page = await signedIn(browser, school.token);
  await page.goto('/');
  const month = page.getByRole('region', { name: 'Monthly Rota' });
  // Friday 5 September has passed: it keeps Ann, as it happened.
  await expect(
    month.getByRole('button', { name: 'Duty Manager 1, Fri 5 Sep 2025: Ann Lee' }),
  ).toBeVisible();
  for (const day of ['Mon 8 Sep 2025', 'Tue 9 Sep 2025', 'Wed 10 Sep 2025']) {
    await expect(
      month.getByRole('button', {
        name: new RegExp(`^Duty Manager 1, ${day}: (?!Ann Lee$|Click to assign$)`),
      }),
    ).toBeVisible();
    await expect(
      month.getByRole('button', { name: `Duty Manager 1, ${day}: Ann Lee` }),
    ).toHaveCount(0);
  }

  // The Weekly Rota shows the same people, and Ann is no longer offered for a day.
  await page.goto('/rota');
  const tuesday = page.getByRole('region', { name: 'Tuesday' });
  await expect(tuesday).toContainText('Assigned');
  await expect(
    tuesday.getByRole('button', {
      name: /^Duty Manager 1, Tue 9 Sep 2025: (?!Ann Lee$|Unfilled$|Unknown$)/,
    }),
  ).toBeVisible();
  // Today's second slot is still empty (the repair fills from tomorrow on): Ann isn't offered for it.
  await page
    .getByRole('region', { name: 'Monday' })
    .getByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Unfilled' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Duty Manager 2 — Monday 8 September 2025' });
  await dialog.getByRole('combobox', { name: 'Staff member' }).click();
  await expect(page.locator('.ant-select-item-option').first()).toBeVisible();
  await expect(page.locator('.ant-select-item-option[title="Ann Lee"]')).toHaveCount(0);
  await page.context().close();
});
