import { type APIRequestContext, expect, type Page, test } from './support/test';
import { expectAccessible } from './support/axe';
import { registerSchool } from './support/school';
import { signedIn } from './support/session';
import { seeToast } from './support/toast';

// The server runs with APP_NOW=2025-09-08T09:00 (e2e/support/serve.mjs): Monday 8 September
// 2025 in London. The screens take "today" from the server; signedIn() pins the browser clock to
// the same moment anyway so nothing else can disagree.

interface Api {
  post: (url: string, data?: object) => Promise<Record<string, unknown>>;
  get: (url: string) => Promise<Record<string, unknown>>;
}

function api(request: APIRequestContext, token: string): Api {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    post: async (url, data = {}) => {
      const res = await request.post(url, { headers, data });
      expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as Record<string, unknown>;
    },
    get: async (url) => {
      const res = await request.get(url, { headers });
      expect(res.status()).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    },
  };
}

/**
 * Picks `name` in the duty dialog's staff select, by keyboard: types the name, waits for it to be
 * offered (the list loads when the dialog opens) and presses Enter.
 */
async function chooseInDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByRole('combobox', { name: 'Staff member' });
  await picker.fill(name);
  await expect(page.locator(`.ant-select-item-option[title="${name}"]`)).toBeVisible();
  await picker.press('Enter');
  // The choice shows in the select, titled with the name (the list itself is outside the dialog).
  await expect(dialog.getByTitle(name, { exact: true })).toBeVisible();
  return dialog;
}

test('an admin fills the year, assigns by hand, meets the assignment conflicts, uses three slots, clears the future, and the figures match', async ({
  browser,
  request,
}) => {
  const { id, token } = await registerSchool(request, {
    prefix: 'rota',
    adminName: 'Rhea Rota',
    password: 'rota-password',
  });
  const admin = api(request, token);

  const people: Record<string, string> = {};
  for (const [name, isTeaching] of [
    ['Ann Lee', true],
    ['Bob Ray', false],
    ['Cat Cole', true],
    ['Dan Dee', false],
    ['Eve Ens', true],
  ] as const) {
    const created = await admin.post('/api/staff', {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}-${id}@example.com`,
      isTeaching,
    });
    people[name] = created.id as string;
  }
  await admin.post('/api/holidays', {
    name: 'Inset day',
    type: 'inset_day',
    startDate: '2025-09-19',
    endDate: '2025-09-19',
  });
  await admin.post('/api/holidays', {
    name: 'Autumn half term',
    type: 'half_term',
    startDate: '2025-10-27',
    endDate: '2025-10-31',
  });

  const page = await signedIn(browser, token);

  // Fill unassigned for the academic year, from the Admin Panel, behind a browser confirmation.
  // The school has no term dates yet: the server refuses, and the screen offers to set them or to
  // plan every weekday to 31 August; the holidays entered are still kept free.
  await page.goto('/staff');
  const tools = page.getByRole('region', { name: 'Rota Management' });
  await expect(tools.getByRole('note')).toContainText('No term dates are set for 2025-2026');
  await expect(
    tools.getByText(
      'Fill only the empty duty slots from tomorrow to 31 August 2026, the end of academic year 2025-2026. Existing assignments stay as they are.',
    ),
  ).toBeVisible();
  await tools.getByRole('button', { name: 'Fill Unassigned Dates' }).click();
  const termDates = page.getByRole('dialog', { name: 'Term dates needed' });
  await expect(termDates).toContainText('No term dates are set for 2025-2026');
  await expect(termDates.getByRole('link', { name: 'Set term dates' })).toHaveAttribute(
    'href',
    '/holidays#term-dates',
  );
  await expectAccessible(page, 'term dates needed dialog');
  await termDates.getByRole('button', { name: 'Plan every weekday' }).click();
  // The preview over every weekday, then the fill (docs/product.md#bulk-tools).
  await page
    .getByRole('dialog', { name: 'Fill Unassigned Dates' })
    .getByRole('button', { name: 'Fill the empty slots' })
    .click({ timeout: 60_000 });
  await seeToast(
    page,
    'Fill Complete',
    /Filled \d+ slots on \d+ days from 9 September 2025 to 31 August 2026\./,
  );
  await expect(termDates).toBeHidden();

  // The dashboard's month: filled from tomorrow, the inset day skipped, the past and today empty.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  const month = page.getByRole('region', { name: 'Monthly Rota' });
  await expect(month.getByText('Week 1', { exact: true })).toBeVisible();
  await expect(month.getByRole('button', { name: 'Today' })).toBeHidden();
  await expect(
    month.getByRole('button', { name: /^Duty Manager 1, Tue 9 Sep 2025: (?!Click to assign)/ }),
  ).toBeVisible();
  await expect(
    month.getByRole('button', { name: /^Duty Manager 2, Tue 30 Sep 2025: (?!Click to assign)/ }),
  ).toBeVisible();
  await expect(month.getByText('Inset day', { exact: true })).toBeVisible();
  await expect(month.getByRole('button', { name: /Fri 19 Sep 2025/ })).toHaveCount(0);
  // 1–5 September and today: six days of two empty slots.
  await expect(month.getByRole('button', { name: /: Click to assign$/ })).toHaveCount(12);
  await expectAccessible(page, 'dashboard with a filled month');

  // By hand: Eve on Friday 5 September.
  await month
    .getByRole('button', { name: 'Duty Manager 1, Fri 5 Sep 2025: Click to assign' })
    .click();
  await (
    await chooseInDialog(page, 'Eve Ens')
  )
    .getByRole('button', { name: 'Assign', exact: true })
    .click();
  await seeToast(page, 'Staff assigned', 'Eve Ens is Duty Manager 1 on Friday 5 September 2025');
  await expect(
    month.getByRole('button', { name: 'Duty Manager 1, Fri 5 Sep 2025: Eve Ens' }),
  ).toBeVisible();

  // Duplicate assignment: while the dialog of today's first slot is open, someone else puts Ann
  // on today's second slot. The rota is read again, showing her there.
  await month
    .getByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Click to assign' })
    .click();
  let dialog = await chooseInDialog(page, 'Ann Lee');
  await admin.post('/api/rota', { date: '2025-09-08', dutyManager2Id: people['Ann Lee'] });
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await seeToast(page, 'Duplicate assignment', 'This staff member is already assigned to this day');
  await expect(
    month.getByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Ann Lee' }),
  ).toBeVisible();

  // Today's first slot from the people who may be on it, least loaded first: Ann is on the day
  // already, so she is not offered.
  await dialog.getByRole('combobox', { name: 'Staff member' }).click();
  await expect(page.locator('.ant-select-item-option[title="Cat Cole"]')).toBeVisible();
  await expect(page.locator('.ant-select-item-option[title="Ann Lee"]')).toHaveCount(0);
  dialog = await chooseInDialog(page, 'Cat Cole');
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await seeToast(page, 'Staff assigned', 'Cat Cole is on duty on Monday 8 September 2025.');
  await expect(
    month.getByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Cat Cole' }),
  ).toBeVisible();

  // Move to another day on a filled rota: a full day is offered as a trade with someone on it
  // (docs/product.md#editing-the-rota-directly), never as a move that ends in "Slots full".
  const moves = (await admin.get(
    '/api/rota/move-options?date=2025-09-08&position=2',
  )) as unknown as { days: { date: string; freeSlots: number; tradeWith: { name: string }[] }[] };
  const tradeDay = moves.days.find((day) => day.freeSlots === 0 && day.tradeWith.length > 0)!;
  await month.getByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Ann Lee' }).click();
  dialog = page.getByRole('dialog', { name: 'Duty Manager 2 — Monday 8 September 2025' });
  await dialog.getByRole('button', { name: 'Move to another day' }).click();
  const moveTo = dialog.getByRole('textbox', { name: 'Move to' });
  await expect(moveTo).toBeFocused();
  await moveTo.fill(tradeDay.date);
  await moveTo.press('Enter');
  const tradeWith = dialog.getByRole('radiogroup', { name: 'Trade with' });
  await expect(tradeWith.getByRole('radio')).toHaveCount(tradeDay.tradeWith.length);
  await dialog.getByRole('button', { name: 'Trade', exact: true }).click();
  await expect(dialog.getByText('Please choose who takes this duty in exchange')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    month.getByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Ann Lee' }),
  ).toBeVisible();

  // The figures after the fill match the server's, on the Statistics page and the dashboard.
  const statistics = await admin.get('/api/duty-statistics');
  const stats = await admin.get('/api/dashboard-stats');
  await expect(page.getByRole('group', { name: 'This Week' })).toContainText('All slots filled');
  await expect(page.getByRole('group', { name: 'Active Staff' })).toContainText('5 members');
  const dutyStatistics = page.getByRole('region', { name: 'Duty Statistics' });
  await expect(dutyStatistics).toContainText(`Total duties this month${stats.totalDuties} days`);
  await page.getByRole('navigation').getByRole('link', { name: 'Statistics' }).click();
  await expect(
    page.getByText('Academic year 2025-2026 duty statistics and workload distribution'),
  ).toBeVisible();
  await expect(page.getByText('September 2025 to July 2026')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Duties' })).toContainText(
    String(statistics.totalDuties),
  );
  await expect(page.getByRole('group', { name: 'Highest Number of Duties' })).toContainText(
    String(statistics.highest),
  );
  await expect(page.getByRole('group', { name: 'Lowest Number of Duties' })).toContainText(
    String(statistics.lowest),
  );
  const rows = page.getByRole('row');
  for (const person of statistics.staff as { name: string; total: number }[]) {
    await expect(rows.filter({ hasText: person.name })).toContainText(String(person.total));
  }
  await expectAccessible(page, 'statistics with figures');

  // Three duty managers per day: every day gets a third slot.
  await page.getByRole('navigation').getByRole('link', { name: 'Admin' }).click();
  const settings = page.getByRole('region', { name: 'Duty Manager Settings' });
  await settings.getByRole('button', { name: 'Show' }).click();
  await settings.getByRole('button', { name: 'Edit' }).click();
  await settings.getByRole('spinbutton', { name: 'Duty managers per day' }).fill('3');
  await settings.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'Settings Updated', 'Duty managers per day set to 3');
  await expect(settings.getByText('Duty managers per day: 3')).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(
    month.getByRole('button', { name: 'Duty Manager 3, Tue 9 Sep 2025: Click to assign' }),
  ).toBeVisible();
  await expect(month.getByRole('button', { name: /^Duty Manager 3, / })).toHaveCount(
    await month.getByRole('button', { name: /^Duty Manager 1, / }).count(),
  );
  await expect(page.getByRole('group', { name: 'This Week' })).toContainText('5 slots unfilled');

  // Clear the year chosen (this one): today and later are emptied, Friday 5 September stays. The
  // duties given by hand are pinned, which Clear keeps: unpinned first (docs/product.md#pinned-duties).
  await page.getByRole('navigation').getByRole('link', { name: 'Admin' }).click();
  const pinned = page.getByRole('region', { name: 'Pinned Duties' });
  await pinned.getByRole('button', { name: 'Unpin all in the period' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Unpin all' }).click();
  await seeToast(page, /^Unpinned \d+ dut(y|ies)$/);
  await tools.getByRole('button', { name: 'Clear Rota Assignments' }).click();
  await page
    .getByRole('dialog', { name: 'Clear Rota Assignments' })
    .getByRole('button', { name: 'Clear the assignments' })
    .click();
  await seeToast(
    page,
    'Rota Cleared',
    /Removed \d+ assignments on \d+ days from 8 September 2025 to 31 August 2026\./,
  );
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(
    month.getByRole('button', { name: 'Duty Manager 1, Fri 5 Sep 2025: Eve Ens' }),
  ).toBeVisible();
  await expect(month.getByRole('button', { name: /: (?!Click to assign)/ })).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'This Week' })).toContainText('No duties assigned');
  await expect(dutyStatistics).toContainText('Total duties this month1 day');
  await page.getByRole('navigation').getByRole('link', { name: 'Statistics' }).click();
  await expect(page.getByRole('group', { name: 'Total Duties' })).toContainText('1');
  await expect(rows.filter({ hasText: 'Eve Ens' })).toContainText('1');
  // The activity log names the days as the toasts do, never as yyyy-MM-dd.
  await page.goto('/activity');
  const log = page.getByRole('table');
  await expect(log.getByRole('row').nth(1)).toContainText(
    /Cleared the rota: Removed \d+ assignments on \d+ days from 8 September 2025 to 31 August 2026\./,
  );
  await expect(log).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await page.context().close();
});

test('the Weekly Rota opens on the current week, walks through the weeks and prints without the shell', async ({
  browser,
  request,
}) => {
  const { id, token } = await registerSchool(request, {
    prefix: 'week',
    adminName: 'Walt Week',
    password: 'week-password',
  });
  const admin = api(request, token);
  const ann = (
    await admin.post('/api/staff', {
      name: 'Ann Week',
      email: `ann-${id}@example.com`,
      isTeaching: true,
    })
  ).id as string;
  await admin.post('/api/rota', { date: '2025-09-09', dutyManager1Id: ann });

  const page = await signedIn(browser, token);
  await page.goto('/rota');
  await expect(page.getByRole('heading', { name: 'Weekly Rota', level: 1 })).toBeVisible();
  await expect(page.getByText('View and manage weekly duty assignments')).toBeVisible();
  const monday = page.getByRole('region', { name: 'Monday' });
  await expect(monday).toContainText('8 September 2025');
  await expect(monday).toHaveAttribute('aria-current', 'date');
  await expect(monday).toContainText('No assignment');
  const tuesday = page.getByRole('region', { name: 'Tuesday' });
  await expect(tuesday).toContainText('Assigned');
  await expect(
    tuesday.getByRole('button', { name: 'Duty Manager 1, Tue 9 Sep 2025: Ann Week' }),
  ).toBeVisible();
  await expect(
    tuesday.getByRole('button', { name: 'Duty Manager 2, Tue 9 Sep 2025: Unfilled' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(page.getByRole('region', { name: 'Monday' })).toContainText('15 September 2025');
  await page.getByRole('button', { name: 'Current Week' }).click();
  await expect(page.getByRole('region', { name: 'Monday' })).toContainText('8 September 2025');
  // My Rota lists the chosen person's duties in the academic year containing today. The admin has
  // no staff record, so it asks whose rota to show.
  await page.getByRole('navigation').getByRole('link', { name: 'My Rota' }).click();
  await expect(page.getByText('Duty days for academic year 2025-2026')).toBeVisible();
  const duties = page.getByRole('region', { name: 'Duty Assignments' });
  await expect(duties).toContainText('Choose a staff member to see their rota.');
  const staffSelect = page.getByRole('combobox', { name: 'Staff member' });
  await staffSelect.fill('Ann Week');
  await staffSelect.press('Enter');
  await expect(duties).toContainText('1 duty day');
  await expect(duties.getByRole('list', { name: 'Duty days' })).toContainText(
    'Tuesday 9 September 2025',
  );
  await expect(duties.getByRole('list', { name: 'Duty days' })).toContainText('Solo duty');
  await expectAccessible(page, 'my rota with a solo duty');
  await page.getByRole('navigation').getByRole('link', { name: 'Weekly Rota' }).click();

  // Print view: the shell's header and navigation are not printed.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Duty Manager 1, Tue 9 Sep 2025: Ann Week' }),
  ).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.context().close();
});
