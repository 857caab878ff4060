import { expect, type Locator, type Page, test } from './support/test';
import { expectAccessible, waitForSettledScreen } from './support/axe';
import { expectFitsTheScreen } from './support/layout';
import { registerSchool } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { staffAccount } from './support/staff-account';

// The main screens on a phone (an iPhone 13/14's 390×844 CSS pixels): nothing scrolls sideways,
// no text is cut off or drawn over other text, and the Dashboard opens at this week. The server's
// today is Monday 8 September 2025: week 1 of September (1–5 Sep) is already past.

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

async function school(request: Parameters<typeof registerSchool>[0]) {
  const registered = await registerSchool(request, {
    prefix: 'phone',
    emailPrefix: 'phone-admin',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, registered.token);
  const sam = await staffAccount(request, registered, admin, 'Sam Small');
  const people: Record<string, string> = { 'Sam Small': sam.id };
  // A long name, as schools have: it must wrap, not push the page wider.
  for (const [name, isTeaching] of [
    ['Bea Broad', false],
    ['Maximilian Featherstonehaugh-Smythe', true],
    ['Kit Kaur', false],
  ] as const) {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${registered.id}@example.com`;
    people[name] = (await admin('post', '/api/staff', { name, email, isTeaching })).id as string;
  }
  const duties: [string, string[]][] = [
    ['2025-09-01', ['Sam Small', 'Bea Broad']],
    ['2025-09-03', ['Sam Small', 'Maximilian Featherstonehaugh-Smythe']],
    ['2025-09-05', ['Kit Kaur', 'Bea Broad']],
    ['2025-09-08', ['Sam Small', 'Maximilian Featherstonehaugh-Smythe']],
    ['2025-09-09', ['Kit Kaur', 'Bea Broad']],
    ['2025-09-10', ['Sam Small', 'Kit Kaur']],
    ['2025-09-16', ['Sam Small', 'Bea Broad']],
    ['2025-09-24', ['Maximilian Featherstonehaugh-Smythe', 'Sam Small']],
    ['2025-09-25', ['Sam Small', 'Kit Kaur']],
  ];
  for (const [date, names] of duties) {
    await admin('post', '/api/rota', { date, slots: names.map((n) => people[n]) });
  }
  // Something on every request screen: a swap waiting for a colleague, a cancellation processed
  // at once (the default), then, with cancellation auto-approval off, one waiting for approval.
  await admin('post', '/api/swap-requests', {
    requesterId: sam.id,
    targetId: people['Maximilian Featherstonehaugh-Smythe'],
    originalDate: '2025-09-10',
    swapDate: '2025-09-10',
    reason: 'Parents evening at my own children’s school',
  });
  await admin('post', '/api/cancel-requests', {
    staffId: sam.id,
    date: '2025-09-25',
    reason: 'Hospital appointment',
  });
  await admin('post', '/api/auto-approval-settings', {
    adminPassword: 'admin-password',
    cancellations: false,
  });
  await admin('post', '/api/cancel-requests', {
    staffId: sam.id,
    date: '2025-09-16',
    reason: 'School trip to the coast',
  });
  return { registered, sam };
}

/** Waits until nothing on the page is loading: no skeleton, spinner or busy region is left. */
async function settled(page: Page) {
  await waitForSettledScreen(page);
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

/**
 * Checks the page fits the phone and passes axe (the phone layouts have their own markup: the
 * folding weeks, the tabs on two lines), and keeps a full-page screenshot of it with the test's
 * output.
 */
async function checkScreen(page: Page, who: string, screen: string) {
  await settled(page);
  await page.screenshot({
    path: test.info().outputPath(`${who}-${screen.toLowerCase().replaceAll(' ', '-')}.png`),
    fullPage: true,
  });
  await expectFitsTheScreen(page, `${screen} (${who})`);
  await expectAccessible(page, `${screen} on a phone (${who})`);
}

/** Whether `first` comes before `second` in the document. */
async function comesBefore(first: Locator, second: Locator): Promise<boolean> {
  const other = await second.elementHandle();
  return first.evaluate(
    (a, b) => Boolean(b && a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING),
    other,
  );
}

/**
 * The Dashboard's month on a phone opens at this week: week 2 is open with today in it, and week
 * 1, already past, is folded under its header, which opens from the keyboard.
 */
async function expectMonthOpensAtThisWeek(page: Page) {
  const month = page.getByRole('region', { name: 'Monthly Rota' });
  await expect(month.locator('time[aria-current="date"]')).toHaveText('Mon 8 Sep');
  await expect(month.locator('time[aria-current="date"]')).toBeVisible();
  const pastWeek = month.getByRole('button', { name: 'Week 1 1 Sep – 5 Sep' });
  await expect(pastWeek).toHaveAttribute('aria-expanded', 'false');
  await expect(month.locator('time[datetime="2025-09-01"]')).toBeHidden();
  // This week's and later weeks' headers are open.
  await expect(month.getByRole('button', { name: 'Week 2 8 Sep – 12 Sep' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(month.getByRole('button', { name: 'Week 3 15 Sep – 19 Sep' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await pastWeek.focus();
  await page.keyboard.press('Enter');
  await expect(pastWeek).toHaveAttribute('aria-expanded', 'true');
  await expect(month.locator('time[datetime="2025-09-01"]')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(pastWeek).toHaveAttribute('aria-expanded', 'false');
  await expect(month.locator('time[datetime="2025-09-01"]')).toBeHidden();
}

test('a staff member on a phone: the Dashboard puts their next duties first and opens at this week; every main screen fits', async ({
  browser,
  request,
}) => {
  const { sam } = await school(request);
  const page = await signedIn(browser, sam.token, PHONE);

  await page.goto('/');
  const nextDuties = page.getByRole('region', { name: 'Your next duties' });
  const month = page.getByRole('region', { name: 'Monthly Rota' });
  await expect(nextDuties.getByRole('listitem')).toHaveText([
    /^Monday 8 September 2025\s*Today\s*With Maximilian Featherstonehaugh-Smythe$/,
    /^Wednesday 10 September 2025\s*With Kit Kaur$/,
    /^Tuesday 16 September 2025\s*With Bea Broad$/,
  ]);
  expect(await comesBefore(nextDuties, month), 'next duties come before the month').toBe(true);
  await expectMonthOpensAtThisWeek(page);
  await checkScreen(page, 'staff', 'Dashboard');

  await page.goto('/rota');
  await expect(page.getByRole('region', { name: 'Monday' })).toBeVisible();
  await checkScreen(page, 'staff', 'Weekly Rota');

  await page.goto('/my-rota');
  const assignments = page.getByRole('region', { name: 'Duty Assignments' });
  await expect(assignments.getByText('6 duty days')).toBeVisible();
  await checkScreen(page, 'staff', 'My Rota');

  await page.goto('/swaps');
  await page.getByRole('tab', { name: 'My requests (1)' }).click();
  await expect(page.getByText('Waiting for Maximilian Featherstonehaugh-Smythe')).toBeVisible();
  await checkScreen(page, 'staff', 'Swap Requests');

  await page.goto('/cancel-requests');
  await expect(page.getByText('School trip to the coast')).toBeVisible();
  await checkScreen(page, 'staff', 'Cancel Requests');

  await page.context().close();
});

test('an admin on a phone: the Dashboard opens at this week and every main screen fits', async ({
  browser,
  request,
}) => {
  const { registered } = await school(request);
  const page = await signedIn(browser, registered.token, PHONE);

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Monthly Rota' })).toBeVisible();
  // The admin has no staff record of their own: no duties of theirs to list.
  await expect(page.getByRole('region', { name: 'Your next duties' })).toHaveCount(0);
  await expectMonthOpensAtThisWeek(page);
  await checkScreen(page, 'admin', 'Dashboard');

  await page.goto('/rota');
  await expect(page.getByRole('region', { name: 'Monday' })).toBeVisible();
  await checkScreen(page, 'admin', 'Weekly Rota');

  await page.goto('/my-rota');
  const staffSelect = page.getByRole('combobox', { name: 'Staff member' });
  await staffSelect.fill('Sam');
  await staffSelect.press('Enter');
  await expect(
    page.getByRole('region', { name: 'Duty Assignments' }).getByText('6 duty days'),
  ).toBeVisible();
  await checkScreen(page, 'admin', 'My Rota');

  await page.goto('/swaps');
  await page.getByRole('tab', { name: /^Waiting for colleagues/ }).click();
  await expect(page.getByText('Waiting for Maximilian Featherstonehaugh-Smythe')).toBeVisible();
  await checkScreen(page, 'admin', 'Swap Requests');

  await page.goto('/cancel-requests');
  await expect(page.getByText('School trip to the coast')).toBeVisible();
  await checkScreen(page, 'admin', 'Cancel Requests');

  await page.context().close();
});
