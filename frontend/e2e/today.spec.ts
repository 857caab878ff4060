import { expect, test } from './support/test';
import { registerSchool, TERMS_2025_26 } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { staffAccount } from './support/staff-account';
import { seeToast } from './support/toast';

// The server runs with APP_NOW=2025-09-08T09:00 (e2e/support/serve.mjs): Monday 8 September 2025,
// a school day of the 2025–26 autumn term saved below.
const TODAY = '2025-09-08';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

test("the duty manager's Today board shows a gap after a colleague's leave is added and fills it with Find cover", async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'today',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  await admin('put', '/api/term-dates/2025', { terms: TERMS_2025_26 });
  // A leave's freed place stays open (no auto-fill), so the duty manager sees the gap.
  await admin('post', '/api/auto-approval-settings', {
    adminPassword: 'admin-password',
    autoFillCancellations: false,
  });
  const dee = await staffAccount(request, school, admin, 'Dee Fox');
  const people: Record<string, string> = {};
  for (const name of ['Ann Lee', 'Ben Cole']) {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`;
    people[name] = String((await admin('post', '/api/staff', { name, email })).id);
  }
  const { duty: lunch } = (await admin('post', '/api/duties', {
    name: 'Lunch',
    place: 'Canteen',
    startTime: '12:30',
    endTime: '13:10',
    weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 })),
  })) as { duty: { id: string } };
  // Today: Dee is the duty manager, Ann on lunch.
  await admin('post', '/api/rota', { date: TODAY, slots: [dee.id] });
  await admin('post', '/api/rota', { date: TODAY, slots: [people['Ann Lee']], dutyId: lunch.id });

  const page = await signedIn(browser, dee.token, PHONE);
  try {
    // The Dashboard links today's duty manager to the board.
    await page.goto('/');
    await page.getByRole('link', { name: "Today's duties" }).click();
    await expect(page).toHaveURL(/\/today$/);
    const duties = page.getByRole('list', { name: "Today's duties" });
    const lunchCard = duties.getByRole('listitem').filter({ hasText: 'Lunch — Canteen' });
    await expect(lunchCard).toContainText('12:30–13:10');
    await expect(lunchCard).toContainText('Ann Lee');
    await expect(lunchCard.getByText(/missing/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'On leave today' })).toContainText(
      'Nobody is on leave today',
    );

    // The admin records Ann's leave for today: she is taken off lunch.
    await admin('post', '/api/staff-unavailability', {
      staffId: people['Ann Lee'],
      startDate: TODAY,
      endDate: TODAY,
      reason: 'Dentist',
    });
    // The board asks again when the window regains focus.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(lunchCard.getByText('1 person missing')).toBeVisible();
    await expect(lunchCard).toContainText('Nobody on it yet');
    await expect(page.getByRole('region', { name: 'On leave today' })).toContainText('Ann Lee');

    // Find cover: the least loaded first; one tap puts Ben on the gap.
    await lunchCard.getByRole('button', { name: 'Find cover for Lunch — Canteen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Find cover: Lunch — Canteen' });
    const ben = dialog
      .getByRole('list', { name: 'Who can cover' })
      .getByRole('button', { name: /Ben Cole/ });
    await expect(ben).toBeVisible();
    // A big tap target on a phone.
    expect((await ben.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await ben.click();
    await seeToast(page, 'Ben Cole is on Lunch — Canteen');
    await expect(dialog).toBeHidden();
    await expect(lunchCard).toContainText('Ben Cole');
    await expect(lunchCard.getByText(/missing/)).toHaveCount(0);
    await expect(lunchCard.getByRole('button', { name: /Find cover/ })).toHaveCount(0);

    // The rota has it.
    const rota = (await admin('get', `/api/rota/today?date=${TODAY}`)) as {
      duties: { name: string; people: { name: string }[]; missing: number }[];
    };
    expect(rota.duties.find((d) => d.name === 'Lunch')).toMatchObject({
      missing: 0,
      people: [{ name: 'Ben Cole' }],
    });
  } finally {
    await page.context().close();
  }
});
