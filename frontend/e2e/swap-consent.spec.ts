import { expect, type Page, test } from './support/test';
import { expectAccessible } from './support/axe';
import { registerSchool } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { staffAccount } from './support/staff-account';
import { seeToast } from './support/toast';

// docs/product.md#requests: the colleague is asked first; then approvers decide. Each test has
// its own school, with Rita (who asks), Tom and Una (colleagues) and the admin Ada, each in their
// own browser context. The server's today is Monday 8 September 2025.

const slot = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Monthly Rota' }).getByRole('button', { name, exact: true });

async function school(request: Parameters<typeof registerSchool>[0], prefix: string) {
  const registered = await registerSchool(request, {
    prefix,
    emailPrefix: `${prefix}-admin`,
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, registered.token);
  const rita = await staffAccount(request, registered, admin, 'Rita Requester');
  const tom = await staffAccount(request, registered, admin, 'Tom Colleague');
  const una = await staffAccount(request, registered, admin, 'Una Other', false);
  // Rita's duties; Tom's Friday is what he could trade.
  for (const date of ['2025-09-10', '2025-09-11', '2025-09-12']) {
    await admin('post', '/api/rota', { date, slots: [rita.id] });
  }
  await admin('post', '/api/rota', { date: '2025-09-19', slots: [tom.id] });
  return { registered, admin, rita, tom, una };
}

/** The options of the open Select dropdown. */
const options = (page: Page) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/** Chooses `text` in the open Select dropdown. */
async function pick(page: Page, text: string) {
  await options(page)
    .and(page.getByTitle(text, { exact: true }))
    .click();
}

/** Opens the bell and follows the notification whose text matches. */
async function followNotification(page: Page, text: RegExp) {
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByRole('link', { name: text }).click();
  await expect(panel).toBeHidden();
}

test('a swap asks the colleague first: Tom accepts from the bell, Ada approves, and all three see the new rota', async ({
  browser,
  request,
}) => {
  const { registered, rita, tom } = await school(request, 'consent');
  const ritaPage = await signedIn(browser, rita.token);
  const tomPage = await signedIn(browser, tom.token);
  const ada = await signedIn(browser, registered.token);

  // Rita asks Tom to cover Wednesday: only her duties and the colleagues who can take it are offered.
  await ritaPage.goto('/swaps');
  await ritaPage.getByRole('button', { name: 'Create Swap Request' }).click();
  const dialog = ritaPage.getByRole('dialog', { name: 'Create Swap Request' });
  await dialog.getByRole('combobox', { name: 'Original date' }).click();
  await expect(options(ritaPage)).toHaveText([
    'Wednesday 10 September 2025',
    'Thursday 11 September 2025',
    'Friday 12 September 2025',
  ]);
  await pick(ritaPage, 'Wednesday 10 September 2025');
  await dialog.getByRole('combobox', { name: 'Target' }).click();
  await expect(options(ritaPage)).toHaveText(['Ask anyone', 'Tom Colleague', 'Una Other']);
  await pick(ritaPage, 'Tom Colleague');
  // Tom has a duty Rita could take: the form leaves cover or trade to her, and says which it is.
  await dialog.getByRole('combobox', { name: 'Swap date' }).click();
  await pick(ritaPage, 'Wednesday 10 September 2025 (cover: the same day)');
  await expect(
    dialog.getByText(
      "A cover: Tom Colleague takes Rita Requester's duty on Wednesday 10 September 2025.",
    ),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Parents evening');
  await expectAccessible(ritaPage, 'create swap request dialog (filled, staff)');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await seeToast(
    ritaPage,
    'Swap request created',
    'Swap request sent to Tom Colleague. It waits for their answer.',
  );
  await ritaPage.getByRole('tab', { name: 'My requests (1)' }).click();
  await expect(ritaPage.getByText('Waiting for Tom Colleague')).toBeVisible();

  // Nothing for approvers yet: it waits for Tom.
  await ada.goto('/swaps');
  await expect(ada.getByRole('tab', { name: 'Waiting for me (0)' })).toBeVisible();

  // Tom sees it on his dashboard and in the bell, and accepts from there.
  await tomPage.goto('/');
  await expect(tomPage.getByRole('link', { name: 'Waiting for your answer: 1' })).toBeVisible();
  await followNotification(tomPage, /Rita Requester/);
  await expect(tomPage).toHaveURL(/\/swaps\?request=/);
  const highlighted = tomPage.locator('li[aria-current="true"]');
  await expect(highlighted).toContainText('Rita Requester → Tom Colleague');
  await expectAccessible(tomPage, 'swap requests, a linked request to answer (staff)');
  await highlighted
    .getByRole('button', { name: 'Accept swap request from Rita Requester' })
    .click();
  await seeToast(tomPage, 'Swap accepted', /It now waits for approval\./);

  // Ada's bell tells her it waits for approval; she approves it.
  await ada.reload();
  await followNotification(ada, /Rita Requester/);
  const toApprove = ada.locator('li[aria-current="true"]');
  await expect(toApprove).toContainText('Waiting for approval');
  await toApprove.getByRole('button', { name: 'Approve swap request from Rita Requester' }).click();
  await seeToast(ada, 'Success', 'Swap request updated successfully');
  await expect(ada.getByRole('tab', { name: 'History (1)' })).toBeVisible();

  // All three see Tom on Wednesday.
  for (const page of [ada, ritaPage, tomPage]) {
    await page.goto('/');
    await expect(slot(page, 'Duty Manager 1, Wed 10 Sep 2025: Tom Colleague')).toBeVisible();
  }
  // Rita is told in the bell too.
  await expect(ritaPage.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();

  for (const page of [ada, ritaPage, tomPage]) await page.context().close();
});

test('an open request goes to the first colleague who accepts; the second is told it has gone', async ({
  browser,
  request,
}) => {
  const { rita, tom, una } = await school(request, 'anyone');
  const ritaPage = await signedIn(browser, rita.token);
  const tomPage = await signedIn(browser, tom.token);
  const unaPage = await signedIn(browser, una.token);

  await ritaPage.goto('/swaps');
  await ritaPage.getByRole('button', { name: 'Create Swap Request' }).click();
  const dialog = ritaPage.getByRole('dialog', { name: 'Create Swap Request' });
  await dialog.getByRole('combobox', { name: 'Original date' }).click();
  await pick(ritaPage, 'Thursday 11 September 2025');
  await dialog.getByRole('combobox', { name: 'Target' }).click();
  await pick(ritaPage, 'Ask anyone');
  await expect(dialog.getByRole('combobox', { name: 'Swap date' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Training course');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await seeToast(ritaPage, 'Swap request created', /is offered to 2 colleagues who can take it/);

  // Both colleagues see the offer before either answers.
  for (const page of [tomPage, unaPage]) {
    await page.goto('/swaps');
    await expect(page.getByText('Open to anyone')).toBeVisible();
  }
  await tomPage.getByRole('button', { name: 'Accept swap request from Rita Requester' }).click();
  await seeToast(tomPage, 'Swap accepted', /It now waits for approval\./);

  // Una's screen still offers it; accepting tells her it has gone and refreshes her list.
  await unaPage.getByRole('button', { name: 'Accept swap request from Rita Requester' }).click();
  await seeToast(unaPage, 'Already taken', 'Someone else has already taken this duty');
  await expect(unaPage.getByText('No swap requests wait for your answer')).toBeVisible();

  await ritaPage.reload();
  await ritaPage.getByRole('tab', { name: 'My requests (1)' }).click();
  await expect(ritaPage.getByText('Rita Requester → Tom Colleague')).toBeVisible();
  await expect(ritaPage.getByText('Waiting for approval')).toBeVisible();

  for (const page of [ritaPage, tomPage, unaPage]) await page.context().close();
});

test('the requester withdraws a request, and the colleague can no longer answer it', async ({
  browser,
  request,
}) => {
  const { rita, tom } = await school(request, 'withdraw');
  const asRita = apiCaller(request, rita.token);
  await asRita('post', '/api/swap-requests', {
    requesterId: rita.id,
    targetId: tom.id,
    originalDate: '2025-09-12',
    swapDate: '2025-09-19',
    reason: 'Conference',
  });
  const ritaPage = await signedIn(browser, rita.token);
  const tomPage = await signedIn(browser, tom.token);

  await tomPage.goto('/swaps');
  await expect(
    tomPage.getByRole('button', { name: 'Accept swap request from Rita Requester' }),
  ).toBeVisible();

  await ritaPage.goto('/swaps');
  await ritaPage.getByRole('tab', { name: 'My requests (1)' }).click();
  await ritaPage.getByRole('button', { name: 'Withdraw swap request from Rita Requester' }).click();
  await expect(ritaPage.getByText('Withdraw this swap request?')).toBeVisible();
  await ritaPage.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await seeToast(ritaPage, 'Swap withdrawn', 'The swap request has been withdrawn.');
  await ritaPage.getByRole('tab', { name: 'History (1)' }).click();
  await expect(ritaPage.getByText('Withdrawn', { exact: true })).toBeVisible();

  // Tom is told, and the request no longer waits for him; the rota is unchanged.
  await tomPage.goto('/');
  await followNotification(tomPage, /withdrew/);
  await expect(tomPage.getByRole('tab', { name: 'Waiting for me (0)' })).toBeVisible();
  await expect(tomPage.locator('li[aria-current="true"]')).toContainText('Withdrawn');
  await tomPage.goto('/');
  await expect(slot(tomPage, 'Duty Manager 1, Fri 12 Sep 2025: Rita Requester')).toBeVisible();

  for (const page of [ritaPage, tomPage]) await page.context().close();
});
