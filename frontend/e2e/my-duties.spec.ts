import { expectFitsTheScreen } from './support/layout';
import { expect, test, type Locator, type Page } from './support/test';
import { registerSchool, TERMS_2025_26 } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { staffAccount } from './support/staff-account';

// Issue 42, point 2: a teacher's own duties of every kind, with their times, place and what the
// post involves, on a phone (an iPhone 13/14's 390×844 CSS pixels, as e2e/phone.spec.ts). The
// server's today is Monday 8 September 2025 (e2e/support/serve.mjs).

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** The lunch duty as the screens name it: "Lunch — Canteen · 12:30–13:10". */
const LUNCH = 'Lunch — Canteen';
const LUNCH_TIMES = '12:30–13:10';
const LUNCH_NOTE = 'Open the side door at 12:25 and stay until the last table is cleared.';

/** Waits until nothing on the page is loading: no skeleton, spinner or busy region is left. */
async function settled(page: Page) {
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The list item (a duty row) holding `text`. */
function itemWith(list: Locator, text: string): Locator {
  return list.getByRole('listitem').filter({ hasText: text });
}

test('a teacher sees "Lunch — Canteen 12:30–13:10" on My Rota on a phone', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'myduties',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  await admin('put', '/api/term-dates/2025', { terms: TERMS_2025_26 });
  const tess = await staffAccount(request, school, admin, 'Tess Teacher');
  const { duty: lunch } = (await admin('post', '/api/duties', {
    name: 'Lunch',
    place: 'Canteen',
    description: LUNCH_NOTE,
    startTime: '12:30',
    endTime: '13:10',
    weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 })),
  })) as { duty: { id: string } };
  // Lunch on Thursday, and the Duty Manager duty on Tuesday.
  await admin('post', '/api/rota', { date: '2025-09-11', slots: [tess.id], dutyId: lunch.id });
  await admin('post', '/api/rota', { date: '2025-09-09', slots: [tess.id] });

  const page = await signedIn(browser, tess.token, PHONE);
  try {
    // My Rota: a row per duty, the lunch with its place, times and instructions in the same item.
    await page.goto('/my-rota');
    const days = page.getByRole('list', { name: 'Duty days' });
    const thursday = itemWith(days, 'Thursday 11 September 2025');
    await expect(thursday).toHaveCount(1);
    // The words, "Lunch — Canteen 12:30–13:10": the screen puts " · " between the two.
    await expect(thursday.getByText(LUNCH, { exact: false })).toBeVisible();
    await expect(thursday.getByText(LUNCH_TIMES, { exact: false })).toBeVisible();
    await expect(thursday.getByText(`${LUNCH} · ${LUNCH_TIMES}`, { exact: true })).toBeVisible();
    await expect(thursday.getByText(LUNCH_NOTE)).toBeVisible();
    await expect(
      itemWith(days, 'Tuesday 9 September 2025').getByText('Duty Manager · All day'),
    ).toBeVisible();
    await expect(page.getByText('2 duty days')).toBeVisible();
    await settled(page);
    await expectFitsTheScreen(page, 'My Rota (teacher)');

    // The Dashboard: the same rows first, and Thursday's own duties in the month's week.
    await page.goto('/');
    const next = page.getByRole('region', { name: 'Your next duties' });
    await expect(
      itemWith(next, 'Thursday 11 September 2025').getByText(`${LUNCH} · ${LUNCH_TIMES}`),
    ).toBeVisible();
    const month = page.getByRole('region', { name: 'Monthly Rota' });
    await expect(month.getByRole('list', { name: 'Your duties, Thu 11 Sep' })).toHaveText(
      `${LUNCH} · ${LUNCH_TIMES}`,
    );
    await expect(month.getByRole('list', { name: 'Your duties, Tue 9 Sep' })).toHaveText(
      'Duty Manager · All day',
    );
    await settled(page);
    await expectFitsTheScreen(page, 'Dashboard (teacher)');

    // The Weekly Rota: the day cards list them too.
    await page.goto('/rota');
    await expect(
      page
        .getByRole('region', { name: 'Thursday' })
        .getByRole('list', { name: 'Your duties, Thu 11 Sep' }),
    ).toHaveText(`${LUNCH} · ${LUNCH_TIMES}`);
    await settled(page);
    await expectFitsTheScreen(page, 'Weekly Rota (teacher)');
  } finally {
    await page.context().close();
  }
});
