import { expect, type Page, test } from './support/test';
import { registerSchool } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { staffAccount } from './support/staff-account';
import { seeToast } from './support/toast';

// docs/product.md#duties: requests for any duty. A school with a morning break duty in the
// playground; Tia and Ned, two teachers, each on it one Thursday; the admin Ada approves. Each in
// their own browser context. The server's today is Monday 8 September 2025.

const BREAK = 'Break — Playground · 10:40–11:00';

/** The options of the open Select dropdown. */
const options = (page: Page) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/** Chooses `text` in the open Select dropdown. */
async function pick(page: Page, text: string) {
  await options(page)
    .and(page.getByTitle(text, { exact: true }))
    .click();
}

test('a trade of two break duties between two teachers is asked, accepted and approved in three browser contexts', async ({
  browser,
  request,
}) => {
  const registered = await registerSchool(request, {
    prefix: 'dutytrade',
    emailPrefix: 'dutytrade-admin',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, registered.token);
  const tia = await staffAccount(request, registered, admin, 'Tia Teacher');
  const ned = await staffAccount(request, registered, admin, 'Ned Teacher');
  const { duty } = (await admin('post', '/api/duties', {
    name: 'Break',
    place: 'Playground',
    startTime: '10:40',
    endTime: '11:00',
    weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 })),
  })) as { duty: { id: string } };
  await admin('post', '/api/rota', { date: '2025-09-11', slots: [tia.id], dutyId: duty.id });
  await admin('post', '/api/rota', { date: '2025-09-18', slots: [ned.id], dutyId: duty.id });

  const tiaPage = await signedIn(browser, tia.token);
  const nedPage = await signedIn(browser, ned.token);
  const ada = await signedIn(browser, registered.token);

  // Tia asks from My Rota: her break on Thursday 11th for Ned's on Thursday 18th.
  await tiaPage.goto('/my-rota');
  await tiaPage
    .getByRole('link', { name: 'Ask for a swap: Break — Playground, Thursday 11 September 2025' })
    .click();
  const dialog = tiaPage.getByRole('dialog', { name: 'Create Swap Request' });
  // The dialog opens on that duty and day.
  await expect(dialog.getByText(BREAK, { exact: true })).toBeVisible();
  await expect(
    dialog.getByText('Thursday 11 September 2025', { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Target' }).click();
  await expect(options(tiaPage)).toHaveText(['Ask anyone', 'Ned Teacher']);
  await pick(tiaPage, 'Ned Teacher');
  await dialog.getByRole('combobox', { name: 'Swap date' }).click();
  await pick(tiaPage, 'Thursday 18 September 2025 (trade)');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('School trip');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await seeToast(
    tiaPage,
    'Swap request created',
    'Swap request sent to Ned Teacher. It waits for their answer.',
  );

  // Ned sees which duty it is, with its place and time, and accepts.
  await nedPage.goto('/swaps');
  const asked = nedPage
    .getByRole('list', { name: 'Swap requests waiting for me' })
    .getByRole('listitem');
  await expect(asked).toContainText('Tia Teacher → Ned Teacher');
  await expect(asked).toContainText(BREAK);
  await asked.getByRole('button', { name: 'Accept swap request from Tia Teacher' }).click();
  await seeToast(nedPage, 'Swap accepted', /It now waits for approval\./);

  // Ada approves it.
  await ada.goto('/swaps');
  const toApprove = ada
    .getByRole('list', { name: 'Swap requests waiting for me' })
    .getByRole('listitem');
  await expect(toApprove).toContainText(BREAK);
  await toApprove.getByRole('button', { name: 'Approve swap request from Tia Teacher' }).click();
  await seeToast(ada, 'Success', 'Swap request updated successfully');

  // The break duty moved both ways: each teacher's My Rota shows their new Thursday.
  for (const [page, date] of [
    [tiaPage, 'Thursday 18 September 2025'],
    [nedPage, 'Thursday 11 September 2025'],
  ] as const) {
    await page.goto('/my-rota');
    const rows = page.getByRole('list', { name: 'Duty days' }).getByRole('listitem');
    await expect(rows.filter({ hasText: BREAK })).toHaveCount(1);
    await expect(rows.filter({ hasText: BREAK })).toContainText(date);
  }

  for (const page of [ada, tiaPage, nedPage]) await page.context().close();
});
