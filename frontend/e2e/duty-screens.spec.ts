import { readFile } from 'node:fs/promises';

import { expectAccessible } from './support/axe';
import { expect, test, type Locator, type Page } from './support/test';
import { registerSchool, TERMS_2025_26 } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { seeToast } from './support/toast';

// The server runs with APP_NOW=2025-09-08T09:00 (e2e/support/serve.mjs): Monday 8 September 2025.
// A fill plans from tomorrow, so today's duties stay empty for an assignment by hand.

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

const STAFF = [
  ['Ann Lee', true],
  ['Ben Cole', true],
  ['Cat Dunn', true],
  ['Dee Fox', false],
  ['Eve Gale', false],
  ['Fay Hart', false],
] as const;

/** Minutes as the Load per person table shows them: "1,350". */
const MINUTES = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** The lunch duty's title on the screens: its name with its place. */
const LUNCH = 'Lunch — Hall';

/** Picks `name` in the open dialog's staff list by keyboard, once the list offers them. */
async function chooseByKeyboard(page: Page, name: string) {
  const picker = page.getByRole('dialog').getByRole('combobox', { name: 'Staff member' });
  await expect(picker).toBeFocused();
  await page.keyboard.type(name);
  await expect(page.locator(`.ant-select-item-option[title="${name}"]`)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByTitle(name, { exact: true })).toBeVisible();
}

/** The Load per person table's body rows, as its cells' texts. */
async function loadRows(table: Locator): Promise<string[][]> {
  // `.ant-table-row`: a scrolling antd table also has a hidden measuring row.
  const rows = table.locator('tbody tr.ant-table-row');
  const result: string[][] = [];
  for (let i = 0; i < (await rows.count()); i += 1)
    result.push((await rows.nth(i).getByRole('cell').allInnerTexts()).map((c) => c.trim()));
  return result;
}

test('an admin of a school with a lunch duty sees it need someone on the Dashboard, fills every duty, assigns today’s lunch by hand, sees every duty’s week and the load per duty, and exports it', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'dutyscreens',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const api = apiCaller(request, school.token);
  await api('put', '/api/term-dates/2025', { terms: TERMS_2025_26 });
  for (const [name, isTeaching] of STAFF) {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`;
    await api('post', '/api/staff', { name, email, isTeaching });
  }
  const { duty: lunch } = (await api('post', '/api/duties', {
    name: 'Lunch',
    place: 'Hall',
    startTime: '12:15',
    endTime: '13:00',
    weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 })),
  })) as { duty: { id: string } };

  const page = await signedIn(browser, school.token);
  try {
    // (a) The Dashboard: the lunch duty needs someone on every school day from tomorrow.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const needing = page.getByRole('list', { name: 'Other duties that need someone' });
    const lunchLine = needing.getByRole('button', {
      name: new RegExp(`^${LUNCH}: \\d+ school days need someone$`),
    });
    await expect(lunchLine).toBeVisible();
    await expect(needing.getByRole('listitem')).toHaveCount(1);
    const unfilledDays = Number(
      /: (\d+) school days/.exec((await lunchLine.innerText()).trim())![1],
    );
    // Tomorrow to the end of the summer term, less the holidays: well over a hundred days.
    expect(unfilledDays).toBeGreaterThan(150);
    // Its days link to their week with every duty shown.
    await lunchLine.click();
    await expect(lunchLine).toHaveAttribute('aria-expanded', 'true');
    const days = page.getByRole('list', { name: `${LUNCH}: school days that need someone` });
    await expect(days.getByRole('link').first()).toHaveAttribute(
      'href',
      '/rota?week=2025-09-08&duty=all',
    );
    await expect(days.getByRole('link').first()).toHaveText('Tue 9 Sep 2025');
    await expectAccessible(page, 'dashboard with other duties needing someone');

    await page.getByRole('button', { name: 'Fill every duty' }).click();
    await seeToast(page, 'Fill Complete');
    await expect(needing).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Fill every duty' })).toHaveCount(0);

    // (b) The Weekly Rota of this week, showing the lunch duty: filled from tomorrow, today empty.
    await page.goto('/rota');
    const switcher = page.getByRole('radiogroup', { name: 'Duties shown' });
    await expect(switcher.getByRole('radio', { name: 'Duty Manager' })).toBeChecked();
    await switcher.getByText(LUNCH, { exact: true }).click();
    await expect(switcher.getByRole('radio', { name: LUNCH })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`[?&]duty=${lunch.id}(&|$)`));
    const monday = page.getByRole('region', { name: 'Monday' });
    const tuesday = page.getByRole('region', { name: 'Tuesday' });
    await expect(
      tuesday.getByRole('button', { name: /^Lunch — Hall 1, Tue 9 Sep 2025: / }),
    ).toBeVisible();
    await expect(tuesday.getByRole('button', { name: /: Unfilled$/ })).toHaveCount(0);
    await expect(monday).toContainText('No assignment');
    await expectAccessible(page, 'weekly rota (one other duty)');

    await monday.getByRole('button', { name: `Assign ${LUNCH}, Mon 8 Sep 2025` }).click();
    const assign = page.getByRole('dialog', { name: `${LUNCH} 1 — Monday 8 September 2025` });
    await expect(assign).toBeVisible();
    await chooseByKeyboard(page, 'Ann Lee');
    await expectAccessible(page, 'assign dialog (other duty)', { include: '.ant-modal' });
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await seeToast(page, 'Staff assigned', `Ann Lee is on ${LUNCH} on Monday 8 September 2025`);
    await expect(assign).toBeHidden();
    await expect(
      monday.getByRole('button', { name: `${LUNCH} 1, Mon 8 Sep 2025: Ann Lee` }),
    ).toBeVisible();

    // Every duty of the week in one grid: the Duty Manager duty unfilled today, lunch held all week.
    await page.getByRole('radiogroup', { name: 'Duties shown' }).getByText('All duties').click();
    await expect(page).toHaveURL(/[?&]duty=all(&|$)/);
    const grid = page.getByRole('table', { name: 'Every duty, Mon 8 Sep 2025 to Fri 12 Sep 2025' });
    await expect(grid).toBeVisible();
    const rows = grid.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    const lunchRow = rows.filter({
      has: page.getByRole('rowheader', { name: new RegExp(`^${LUNCH}`) }),
    });
    await expect(lunchRow.getByRole('rowheader')).toContainText('12:15–13:00');
    await expect(lunchRow.getByRole('cell').first()).toHaveText('Ann Lee');
    for (let d = 1; d < 5; d += 1) {
      await expect(lunchRow.getByRole('cell').nth(d).locator('li')).toHaveCount(1);
      await expect(lunchRow.getByRole('cell').nth(d)).not.toContainText('Unfilled');
    }
    const managerRow = rows.filter({ has: page.getByRole('rowheader', { name: /^Duty Manager/ }) });
    await expect(managerRow.getByRole('cell').first().getByText('Unfilled')).toHaveCount(2);
    await expectAccessible(page, 'weekly rota (all duties)');

    // The Dashboard's month shows the lunch duty too, with Ann on it today.
    await page.goto('/');
    const month = page.getByRole('region', { name: 'Monthly Rota' });
    await month
      .getByRole('radiogroup', { name: 'Duties shown' })
      .getByText(LUNCH, { exact: true })
      .click();
    await expect(
      month.getByRole('button', { name: `${LUNCH} 1, Mon 8 Sep 2025: Ann Lee` }),
    ).toBeVisible();

    // (c) Statistics → Fairness → All duties: each person's duties per duty and their load.
    await page.goto('/statistics');
    await page.getByRole('tab', { name: 'Fairness' }).click();
    const fairnessSwitch = page.getByRole('radiogroup', { name: 'Duties shown' });
    await expect(fairnessSwitch.getByRole('radio', { name: 'Duty Manager' })).toBeChecked();
    await fairnessSwitch.getByText('All duties').click();
    const table = page.getByRole('table', { name: 'Load per person' });
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(STAFF.length);
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    expect(headers[0]).toBe('Name');
    expect(headers.slice(-3)).toEqual(['Load', 'Fair share', 'Difference']);
    const dutyNames = headers.slice(1, -3);
    expect(dutyNames).toHaveLength(2);
    expect(dutyNames).toContain('Lunch');
    const lunchColumn = 1 + dutyNames.indexOf('Lunch');
    const shown = await loadRows(table);
    expect(shown.map((row) => row[0]).sort()).toEqual(STAFF.map(([name]) => name).sort());
    // Each duty's cell: how many the person holds, then its minutes (45 a lunch).
    const countIn = (cell: string) => Number(cell.split('\n')[0]!.trim());
    for (const row of shown) {
      const lunches = countIn(row[lunchColumn]!);
      expect(row[lunchColumn]!.split('\n').at(-1)!.trim(), `${row[0]}'s lunch minutes`).toBe(
        `${MINUTES.format(lunches * 45)} min`,
      );
    }
    // The lunches filled from tomorrow, and Ann's today.
    expect(shown.reduce((sum, row) => sum + countIn(row[lunchColumn]!), 0)).toBe(unfilledDays + 1);
    expect(
      countIn(shown.find((row) => row[0] === 'Ann Lee')![lunchColumn]!),
    ).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('group', { name: 'Largest gap' })).toBeVisible();
    await expectAccessible(page, 'fairness view (all duties)');

    // The CSV export: a column per duty, and the same people and counts.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^duty-load-.*year\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    const cellsOf = (line: string) => line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    expect(cellsOf(lines[0]!)).toEqual(['Name', ...dutyNames, 'Load', 'Fair share', 'Difference']);
    const exported = lines
      .slice(1, 1 + STAFF.length)
      .map(cellsOf)
      .map((cells) => [cells[0], ...dutyNames.map((_, i) => Number(cells[1 + i]))]);
    expect(exported).toEqual(
      shown.map((row) => [row[0], ...dutyNames.map((_, i) => countIn(row[1 + i]!))]),
    );
  } finally {
    await page.context().close();
  }

  // (d) On a phone the switcher is a list to pick from, within the screen's width.
  const phone = await signedIn(browser, school.token, PHONE);
  try {
    await phone.goto('/rota');
    const picker = phone.getByRole('combobox', { name: 'Duties shown' });
    await expect(picker).toBeVisible();
    await expect(phone.getByRole('radiogroup', { name: 'Duties shown' })).toHaveCount(0);
    const box = (await phone.locator('.ant-select').filter({ has: picker }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.viewport.width);
    await picker.click();
    await phone.locator(`.ant-select-item-option[title="${LUNCH}"]`).click();
    await expect(phone).toHaveURL(new RegExp(`[?&]duty=${lunch.id}(&|$)`));
    await expect(
      phone
        .getByRole('region', { name: 'Monday' })
        .getByRole('button', { name: `${LUNCH} 1, Mon 8 Sep 2025: Ann Lee` }),
    ).toBeVisible();
    await expectAccessible(phone, 'weekly rota on a phone (one other duty)');
    await picker.click();
    await phone.locator('.ant-select-item-option[title="All duties"]').click();
    await expect(phone).toHaveURL(/[?&]duty=all(&|$)/);
    await expect(
      phone.getByRole('table', { name: 'Every duty, Mon 8 Sep 2025 to Fri 12 Sep 2025' }),
    ).toBeVisible();
  } finally {
    await phone.context().close();
  }
});
