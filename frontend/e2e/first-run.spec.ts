import { expect, type Page, test } from './support/test';
import { expectAccessible } from './support/axe';
import { waitForEmail } from './support/mailbox';
import { registerSchool } from './support/school';
import { apiCaller, onBaseUrl, signedIn } from './support/session';
import { seeToast } from './support/toast';

// The server runs with APP_NOW=2025-09-08T09:00 (e2e/support/serve.mjs): Monday 8 September
// 2025 in London, in academic year 2025-2026. A new school has no term dates, so the proposal is
// the typical English pattern: autumn 1 Sep – 19 Dec 2025, spring 5 Jan – 27 Mar 2026, summer
// 13 Apr – 21 Jul 2026 (docs/product.md#term-dates).

interface RotaDay {
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null }[];
}

const STEPS = [
  'Add staff',
  'Set term dates',
  'Add bank holidays',
  'Fill the rota',
  'Invite staff',
  'Subscribe to the calendar',
];

/** The people on duty on each day that has anyone, by date. */
function onDuty(days: RotaDay[]): Record<string, string[]> {
  const people: Record<string, string[]> = {};
  for (const day of days) {
    const names = day.slots.flatMap((slot) => (slot.staff ? [slot.staff.name] : []));
    if (names.length > 0) people[day.date] = names;
  }
  return people;
}

/** The first-run checklist's link of a step. */
function stepLink(page: Page, title: string) {
  return page
    .getByRole('list', { name: 'Setup steps' })
    .getByRole('link', { name: title, exact: true });
}

/** Checks the Dashboard's checklist ticks exactly the steps `done`, in order. */
async function expectTicks(page: Page, done: string[]) {
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expect(checklist.getByText(`${done.length} of 6 done`)).toBeVisible();
  const items = checklist.getByRole('list', { name: 'Setup steps' }).getByRole('listitem');
  await expect(items).toHaveCount(STEPS.length);
  for (const [index, title] of STEPS.entries()) {
    const item = items.nth(index);
    await expect(item.getByRole('link')).toHaveText(title);
    await expect(item).toContainText(done.includes(title) ? 'Done' : 'To do');
  }
}

test('a new school follows the first-run checklist, and nobody is on duty over Christmas', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'firstrun',
    adminName: 'Fran First',
    password: 'first-run-password',
  });
  const api = apiCaller(request, school.token);
  const page = await signedIn(browser, school.token);
  try {
    // A new school: nothing done, every weekday to 31 August needs someone, no term dates.
    await page.goto('/');
    await expectTicks(page, []);
    await expect(
      page.getByRole('button', { name: /^\d+ school days need someone$/ }),
    ).toBeVisible();
    await expect(page.getByText('2025-2026 has no term dates yet')).toBeVisible();
    await expectAccessible(page, 'dashboard of a new school');

    // 1. Staff, through the API.
    const ann = await api('post', '/api/staff', {
      name: 'Ann Lee',
      email: `ann-${school.id}@example.com`,
    });
    await api('post', '/api/staff', {
      name: 'Bob Ray',
      email: `bob-${school.id}@example.com`,
      isTeaching: false,
    });

    // 2. Term dates: the checklist leads to them; the proposal is saved as it is.
    await stepLink(page, 'Set term dates').click();
    await expect(page).toHaveURL(/\/holidays#term-dates$/);
    const terms = page.getByRole('region', { name: 'Term Dates' });
    await expect(terms.getByText('No term dates saved for 2025-2026 yet')).toBeVisible();
    await expect(
      terms.getByText("A typical English pattern — adjust it to your school's"),
    ).toBeVisible();
    const autumn = terms.getByRole('group', { name: 'Autumn term' });
    await expect(autumn.getByLabel('First day', { exact: true })).toHaveValue('1 Sep 2025');
    await expect(autumn.getByLabel('Last day', { exact: true })).toHaveValue('19 Dec 2025');
    await expect(
      terms.getByRole('group', { name: 'Spring term' }).getByLabel('First day', { exact: true }),
    ).toHaveValue('5 Jan 2026');
    await expectAccessible(page, 'term dates proposed');
    await terms.getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Success', 'Saved the term dates of 2025-2026');
    await expect(terms.getByText('No term dates saved for 2025-2026 yet')).toBeHidden();

    // 3. Bank holidays: England & Wales, the organisation's region, previewed first.
    await page.getByRole('tab', { name: 'Holidays' }).click();
    await page.getByRole('button', { name: 'Add bank holidays' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add bank holidays' });
    await expect(dialog.getByRole('combobox', { name: 'Region' })).toBeVisible();
    await expect(dialog.getByTitle('England & Wales')).toBeVisible();
    const preview = dialog.getByRole('list', { name: 'Bank holidays' }).getByRole('listitem');
    await expect(preview).toHaveCount(8);
    await expect(preview.first()).toContainText('Thu 25 Dec 2025 Christmas Day');
    await expect(dialog.getByText('Already added')).toHaveCount(0);
    await expectAccessible(page, 'bank holidays dialog');
    await dialog.getByRole('button', { name: 'Add 8 bank holidays' }).click();
    await seeToast(
      page,
      'Success',
      'Added 8 bank holidays for 2025-2026. 0 were already listed and skipped.',
    );
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Upcoming Holidays' }).getByText('Boxing Day'),
    ).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expectTicks(page, ['Add staff', 'Set term dates', 'Add bank holidays']);

    // 4. The rota, filled through the API, to the end of the summer term.
    await api('post', '/api/rota/fill-unassigned');
    const christmas = onDuty(
      (await api(
        'get',
        '/api/rota?startDate=2025-12-15&endDate=2026-01-09',
      )) as unknown as RotaDay[],
    );
    // In term to Friday 19 December and again from Monday 5 January; nobody in between.
    expect(Object.keys(christmas)).toEqual([
      '2025-12-15',
      '2025-12-16',
      '2025-12-17',
      '2025-12-18',
      '2025-12-19',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
    ]);
    expect(christmas['2025-12-19']?.sort()).toEqual(['Ann Lee', 'Bob Ray']);
    // Filled from tomorrow: today alone still needs someone, and every year has its terms.
    expect(await api('get', '/api/rota/health')).toMatchObject({
      unfilledDays: [{ date: '2025-09-08', filled: 0, slots: 2 }],
      yearsWithoutTermDates: [],
      violations: [],
    });

    await page.reload();
    await expectTicks(page, ['Add staff', 'Set term dates', 'Add bank holidays', 'Fill the rota']);
    const health = page.getByRole('button', { name: '1 school day needs someone' });
    await health.click();
    await expect(
      page.getByRole('list', { name: 'School days that need someone' }).getByRole('link'),
    ).toHaveText(['Mon 8 Sep 2025']);
    await expect(page.getByText('has no term dates yet')).toHaveCount(0);

    // 5. Invite someone, from the Staff Management section the checklist leads to.
    await stepLink(page, 'Invite staff').click();
    await expect(page).toHaveURL(/\/staff#staff-management$/);
    const staff = page.getByRole('region', { name: 'Staff Management' });
    await staff.getByRole('button', { name: 'Invite Ann Lee' }).click();
    await seeToast(page, 'Success', 'Invitation sent');
    await waitForEmail(request, String(ann.email), /invited/);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expectTicks(page, STEPS.slice(0, 5));

    // 6. Subscribe: the link leads down the Dashboard to the card; a calendar app fetches it.
    await stepLink(page, 'Subscribe to the calendar').click();
    await expect(page).toHaveURL(/\/#calendar-subscription$/);
    const card = page.getByRole('region', { name: 'Calendar Subscription' });
    await card.getByRole('button', { name: 'Create Subscription Link' }).click();
    const url = await card
      .getByRole('textbox', { name: 'All duties subscription URL' })
      .inputValue();
    expect((await request.get(onBaseUrl(url))).status()).toBe(200);

    // Every step done: the checklist is gone.
    expect(await api('get', '/api/setup-checklist')).toMatchObject({ complete: true });
    const checklistLoaded = page.waitForResponse(
      (response) => response.url().endsWith('/api/setup-checklist') && response.ok(),
    );
    await page.reload();
    await checklistLoaded;
    await expect(
      page.getByRole('group', { name: 'Active Staff' }).getByText('2 members'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test('a snow day closes a filled day: both people are taken off it and told', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'snowday',
    adminName: 'Sol Snow',
    password: 'snow-day-password',
  });
  const api = apiCaller(request, school.token);
  const people = [
    { name: 'Ann Lee', email: `ann-${school.id}@example.com` },
    { name: 'Bob Ray', email: `bob-${school.id}@example.com`, isTeaching: false },
  ];
  for (const person of people) await api('post', '/api/staff', person);
  const { proposal } = (await api('get', '/api/term-dates')) as { proposal: object[] };
  await api('put', '/api/term-dates/2025', { terms: proposal });
  await api('post', '/api/rota/fill-unassigned');
  const before = onDuty(
    (await api('get', '/api/rota?startDate=2025-09-10&endDate=2025-09-10')) as unknown as RotaDay[],
  );
  expect(before['2025-09-10']?.sort()).toEqual(['Ann Lee', 'Bob Ray']);

  const page = await signedIn(browser, school.token);
  try {
    await page.goto('/holidays');
    const form = page.getByRole('region', { name: 'Add New Holiday' });
    await form.getByLabel('Name').fill('Snow closure');
    await form.getByRole('combobox', { name: 'Type' }).click();
    await page.locator('.ant-select-dropdown').getByTitle('Other', { exact: true }).click();
    await form.getByLabel('Start Date').fill('2025-09-10');
    await form.getByLabel('Start Date').press('Enter');
    await expect(form.getByLabel('End Date')).toHaveValue('10 Sep 2025');
    await form.getByRole('button', { name: 'Add Holiday' }).click();

    await seeToast(
      page,
      'Success',
      "Adding holiday 'Snow closure' removed 2 duties on 10 Sep; 0 refilled (holiday).",
    );
    await expect(
      page.getByRole('region', { name: 'Upcoming Holidays' }).getByText('Snow closure'),
    ).toBeVisible();
  } finally {
    await page.context().close();
  }

  const after = onDuty(
    (await api('get', '/api/rota?startDate=2025-09-09&endDate=2025-09-11')) as unknown as RotaDay[],
  );
  expect(Object.keys(after)).toEqual(['2025-09-09', '2025-09-11']);
  for (const person of people) {
    const email = await waitForEmail(request, person.email, /^Duty removed/);
    expect(email.text).toContain('Snow closure');
  }
});
