import { type APIRequestContext, expect, test } from './support/test';
import { registerSchool, type RegisteredSchool } from './support/school';
import { apiCaller, type ApiCall, signedIn } from './support/session';
import { seeToast } from './support/toast';

// The server runs with APP_NOW=2025-09-08T09:00 (e2e/support/serve.mjs): Monday 8 September
// 2025 in London. Issue 39, defects 5 and 6: days out of term are closed, not gaps
// (docs/product.md#the-rota); Move to another day on a filled rota offers the days the person
// can take, and a trade on a full one (docs/product.md#editing-the-rota-directly).

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
}

/** A school with term dates and four staff, two teaching and two not. */
async function schoolWithTerms(request: APIRequestContext, prefix: string): Promise<School> {
  const school = await registerSchool(request, {
    prefix,
    adminName: 'Ada Admin',
    password: `${prefix}-password`,
    organizationName: 'Oakfield Academy',
  });
  const admin = apiCaller(request, school.token);
  const people: Record<string, string> = {};
  for (const [name, isTeaching] of [
    ['Ann Teacher', true],
    ['Ben Teacher', true],
    ['Cat Support', false],
    ['Dan Support', false],
  ] as const) {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`;
    people[name] = (await admin('post', '/api/staff', { name, email, isTeaching })).id as string;
  }
  await admin('put', '/api/term-dates/2025', TERMS_2025);
  return { school, admin, people };
}

test('Christmas weekdays read "Out of term" on the month and the week, with nothing to click, and print under the school\'s name', async ({
  browser,
  request,
}) => {
  const { school, admin, people } = await schoolWithTerms(request, 'outofterm');
  await admin('post', '/api/rota', {
    date: '2025-12-19',
    slots: [people['Ann Teacher'], people['Cat Support']],
  });

  const page = await signedIn(browser, school.token);
  await page.goto('/');
  const month = page.getByRole('region', { name: 'Monthly Rota' });
  await month.getByRole('combobox', { name: 'Month' }).click();
  await page.locator('.ant-select-item-option[title="December 2025"]').click();

  // The last day of term has its duty managers; the Monday after is the Christmas holiday.
  await expect(
    month.getByRole('button', { name: 'Duty Manager 1, Fri 19 Dec 2025: Ann Teacher' }),
  ).toBeVisible();
  const christmasMonday = month.locator('[data-date="2025-12-22"]');
  await expect(christmasMonday).toContainText('Out of term');
  await expect(christmasMonday).toContainText('Christmas holiday');
  await expect(christmasMonday.getByRole('button')).toHaveCount(0);
  await expect(month.getByRole('button', { name: /Mon 22 Dec 2025: Click to assign/ })).toHaveCount(0);
  // Only term time has slots: 1–19 December, 15 days of 2, two of them filled.
  await expect(month.getByRole('button', { name: /Dec 2025: Click to assign$/ })).toHaveCount(28);

  // On paper: closed days say so, and the sheet names the school and the day it was printed.
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.body.classList.add('rota-printing'));
  const heading = month.locator('.rota-print-title');
  await expect(heading).toBeVisible();
  await expect(heading).toContainText('Monthly Rota — December 2025');
  await expect(heading).toContainText('Oakfield Academy · Printed 8 September 2025');
  await expect(christmasMonday).toContainText('Christmas holiday');
  await page.emulateMedia({ media: 'screen' });

  // The Weekly Rota of Christmas week: no "No assignment", no Assign button.
  await page.goto('/rota?week=2025-12-22');
  const monday = page.getByRole('region', { name: 'Monday' });
  await expect(monday).toContainText('22 December 2025');
  await expect(monday).toContainText('Out of term');
  await expect(monday).toContainText('Christmas holiday');
  await expect(monday).not.toContainText('No assignment');
  await expect(page.getByRole('button', { name: /^Assign a duty manager/ })).toHaveCount(0);
  await page.context().close();
});

test('Move to another day on a full week offers the days Ann can take, and trades with someone on a full one', async ({
  browser,
  request,
}) => {
  const { school, admin, people } = await schoolWithTerms(request, 'moves');
  const [ann, ben, cat, dan] = ['Ann Teacher', 'Ben Teacher', 'Cat Support', 'Dan Support'].map(
    (name) => people[name]!,
  );
  // The week of 15 September is full, two a day.
  for (const [date, slots] of [
    ['2025-09-15', [ann, cat]],
    ['2025-09-16', [ben, dan]],
    ['2025-09-17', [ann, dan]],
    ['2025-09-18', [ben, cat]],
    ['2025-09-19', [ben, dan]],
  ] as const) {
    await admin('post', '/api/rota', { date, slots });
  }

  const page = await signedIn(browser, school.token);
  await page.goto('/rota?week=2025-09-15');
  await page
    .getByRole('region', { name: 'Monday' })
    .getByRole('button', { name: 'Duty Manager 1, Mon 15 Sep 2025: Ann Teacher' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Duty Manager 1 — Monday 15 September 2025' });
  await dialog
    .getByRole('group', { name: 'Change the rota' })
    .getByRole('button', { name: 'Move to another day' })
    .click();

  const moveTo = dialog.getByRole('textbox', { name: 'Move to' });
  await expect(moveTo).toBeFocused();
  await moveTo.click();
  const cell = (date: string) => page.locator(`.ant-picker-dropdown td[title="${date}"]`);
  // Wednesday she is on already; Tuesday is full, but Ben or Dan could take her Monday.
  await expect(cell('2025-09-17')).toHaveClass(/ant-picker-cell-disabled/);
  await expect(cell('2025-09-16')).not.toHaveClass(/ant-picker-cell-disabled/);
  await cell('2025-09-16').click();

  const tradeWith = dialog.getByRole('radiogroup', { name: 'Trade with' });
  await expect(dialog).toContainText('Tuesday 16 September 2025 is full.');
  await tradeWith.getByRole('radio', { name: 'Ben Teacher' }).check();
  await dialog.getByRole('button', { name: 'Trade', exact: true }).click();

  await seeToast(
    page,
    'Duties traded',
    'Ann Teacher is now on duty on Tuesday 16 September 2025, and Ben Teacher on Monday 15 September 2025.',
  );
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole('region', { name: 'Monday' })
      .getByRole('button', { name: 'Duty Manager 1, Mon 15 Sep 2025: Ben Teacher' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Tuesday' })
      .getByRole('button', { name: 'Duty Manager 1, Tue 16 Sep 2025: Ann Teacher' }),
  ).toBeVisible();
  await page.context().close();
});
