import { expect, type Page, test } from './support/test';
import { expectAccessible } from './support/axe';
import { linkPath, waitForEmail } from './support/mailbox';
import { registerSchool } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { staffAccount } from './support/staff-account';
import { seeToast } from './support/toast';

const slot = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Monthly Rota' }).getByRole('button', { name, exact: true });

test('a staff member swaps, cancels and records unavailability; the admin approves; auto-fill and auto-approval do their part', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'requests',
    emailPrefix: 'requests-admin',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const { id, token: adminToken } = school;
  const admin = apiCaller(request, adminToken);

  const people: Record<string, string> = {};
  const sueEmail = `sue-${id}@example.com`;
  // Ann has an account: a swap asks her first, and she accepts the last one.
  const ann = await staffAccount(request, school, admin, 'Ann Lee', true);
  people['Ann Lee'] = ann.id;
  for (const [name, isTeaching] of [
    ['Bob Ray', false],
    ['Cat Cole', true],
    ['Dan Dee', false],
    ['Sue Sky', true],
  ] as const) {
    const email =
      name === 'Sue Sky' ? sueEmail : `${name.split(' ')[0]!.toLowerCase()}-${id}@example.com`;
    people[name] = (
      await admin('post', '/api/staff', { name, email, isTeaching, invite: name === 'Sue Sky' })
    ).id as string;
  }
  // Sue chooses her password from the invitation and signs in as Staff.
  const invitation = await waitForEmail(request, sueEmail, /invited/);
  const token = new URL(linkPath(invitation, '/reset-password'), 'http://x').searchParams.get(
    'token',
  );
  expect(
    (
      await request.post('/api/auth/reset-password', {
        data: { token, newPassword: 'sue-password' },
      })
    ).status(),
  ).toBe(200);
  const login = await request.post('/api/auth/login', {
    data: { email: sueEmail, password: 'sue-password', organizationSubdomain: school.subdomain },
  });
  expect(login.status()).toBe(200);
  const sueToken = ((await login.json()) as { token: string }).token;

  // The rota: Ann has two earlier duties, Cat none; Sue is on five days.
  const duties: [string, string[]][] = [
    ['2025-09-01', ['Ann Lee']],
    ['2025-09-02', ['Ann Lee']],
    ['2025-09-10', ['Sue Sky', 'Bob Ray']],
    ['2025-09-12', ['Sue Sky', 'Dan Dee']],
    ['2025-09-15', ['Sue Sky', 'Bob Ray']],
    ['2025-09-17', ['Dan Dee', 'Sue Sky']],
    ['2025-09-22', ['Sue Sky', 'Dan Dee']],
  ];
  for (const [date, names] of duties) {
    await admin('post', '/api/rota', { date, slots: names.map((n) => people[n]) });
  }

  const sue = await signedIn(browser, sueToken);
  const ada = await signedIn(browser, adminToken);

  // 1. Sue asks Ann to cover Wednesday 10 September, from the duty dialog.
  await sue.goto('/');
  await slot(sue, 'Duty Manager 1, Wed 10 Sep 2025: Sue Sky').click();
  let dialog = sue.getByRole('dialog', { name: 'Duty Manager 1 — Wednesday 10 September 2025' });
  await dialog.getByRole('button', { name: 'Request Swap' }).click();
  // Bob is Sue's colleague that day, so he is not offered.
  await dialog.getByRole('combobox', { name: 'Swap with' }).click();
  await expect(sue.getByRole('option', { name: 'Bob Ray' })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Swap with' }).fill('Ann Lee');
  await dialog.getByRole('combobox', { name: 'Swap with' }).press('Enter');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('  Parents evening  ');
  await expectAccessible(sue, 'duty dialog (swap form filled, staff)');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await seeToast(
    sue,
    'Swap request created',
    'Swap request sent to Ann Lee. It waits for their answer.',
  );
  await expect(dialog).toBeHidden();

  // 2. It waits for Ann, not for approval; an admin may approve it all the same, and it is
  // marked as approved before the answer.
  await ada.goto('/swaps');
  await expect(ada.getByRole('tab', { name: 'Waiting for me (0)' })).toBeVisible();
  await ada.getByRole('tab', { name: 'Waiting for colleagues (1)' }).click();
  await expect(ada.getByText('Sue Sky → Ann Lee')).toBeVisible();
  await expect(ada.getByText('Waiting for Ann Lee')).toBeVisible();
  await expect(ada.getByText('Parents evening')).toBeVisible();
  await ada.getByRole('button', { name: 'Approve swap request from Sue Sky' }).click();
  await seeToast(ada, 'Success', 'Swap request updated successfully');
  await ada.getByRole('tab', { name: 'History (1)' }).click();
  await expect(ada.getByText('Approved before answer')).toBeVisible();

  // Both see the rota changed, and Sue's email arrives.
  await ada.goto('/');
  await expect(slot(ada, 'Duty Manager 1, Wed 10 Sep 2025: Ann Lee')).toBeVisible();
  await sue.reload();
  await expect(slot(sue, 'Duty Manager 1, Wed 10 Sep 2025: Ann Lee')).toBeVisible();
  const approvedEmail = await waitForEmail(
    request,
    sueEmail,
    /^Swap request approved: Wednesday 10 September 2025$/,
  );
  expect(approvedEmail.text).toContain('Ann Lee takes your duty on Wednesday 10 September 2025');

  // 3. Sue cancels Friday 12 September. Cancellations are processed automatically and auto-fill
  // is on (the defaults): Dan (non-teaching) stays, so a teacher replaces Sue, and of Ann (3
  // duties) and Cat (none) it is Cat.
  await slot(sue, 'Duty Manager 1, Fri 12 Sep 2025: Sue Sky').click();
  dialog = sue.getByRole('dialog', { name: 'Duty Manager 1 — Friday 12 September 2025' });
  await dialog.getByRole('button', { name: 'Request Cancel' }).click();
  await expect(
    dialog.getByText('Auto-approval is on: your request will be processed automatically.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Please provide a reason for cancellation')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Hospital appointment');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await seeToast(
    sue,
    'Cancel request processed',
    /Sue Sky is no longer on duty on Friday 12 September 2025 and Cat Cole takes the duty\./,
  );
  await expect(slot(sue, 'Duty Manager 1, Fri 12 Sep 2025: Cat Cole')).toBeVisible();
  await expect(slot(sue, 'Duty Manager 2, Fri 12 Sep 2025: Dan Dee')).toBeVisible();

  // 4. Sue records leave over two of her duties: both are taken off and refilled (a teacher each
  // time, since Bob and Dan stay; Cat still has fewer duties than Ann).
  await sue.getByRole('navigation').getByRole('link', { name: 'My Rota' }).click();
  const mine = sue.getByRole('region', { name: 'My Unavailability' });
  await expect(mine.getByText('No upcoming or current unavailability')).toBeVisible();
  await mine.getByRole('button', { name: 'Add Unavailability' }).click();
  dialog = sue.getByRole('dialog', { name: 'Add Unavailability' });
  await dialog.getByLabel('Start date').fill('2025-09-15');
  await dialog.getByLabel('Start date').press('Enter');
  await dialog.getByLabel('End date').fill('2025-09-17');
  await dialog.getByLabel('End date').press('Enter');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Family wedding');
  await expectAccessible(sue, 'add unavailability dialog (filled, staff)');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await seeToast(
    sue,
    'Success',
    'Unavailability period added successfully. 2 duty assignments cancelled and all refilled.',
  );
  await expect(mine.getByText('Family wedding')).toBeVisible();
  await expect(mine.getByText('Annual Leave')).toBeVisible();

  await sue.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(slot(sue, 'Duty Manager 1, Mon 15 Sep 2025: Cat Cole')).toBeVisible();
  await expect(slot(sue, 'Duty Manager 2, Mon 15 Sep 2025: Bob Ray')).toBeVisible();
  await expect(slot(sue, 'Duty Manager 2, Wed 17 Sep 2025: Cat Cole')).toBeVisible();
  await expect(slot(sue, 'Duty Manager 1, Wed 17 Sep 2025: Dan Dee')).toBeVisible();

  // The removed duties are recorded as approved cancellations, apart from the requests people made.
  await sue.getByRole('navigation').getByRole('link', { name: 'Cancel Requests' }).click();
  await expect(sue.getByRole('tab', { name: 'Completed (1)' })).toBeVisible();
  await sue.getByRole('tab', { name: 'Rota changes (2)' }).click();
  const recorded = sue.getByRole('list', { name: 'Rota changes' });
  await expect(recorded.getByText('From unavailability')).toHaveCount(2);
  await expect(recorded.getByText('Duty date: Monday 15 September 2025')).toBeVisible();
  await expectAccessible(sue, 'cancel requests, rota changes (staff)');

  // 5. The admin turns swap auto-approval on (re-entering her password)…
  await ada.goto('/staff');
  const card = ada.getByRole('region', { name: 'Auto-Approval Settings' });
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByRole('switch', { name: 'Auto-approve swap requests' }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  await seeToast(
    ada,
    'Admin Password Required',
    'Please enter the admin password to save settings.',
  );
  await card.getByLabel('Admin password').fill(school.password);
  await expectAccessible(ada, 'auto-approval settings with the admin password');
  await card.getByRole('button', { name: 'Save' }).click();
  await seeToast(ada, 'Settings updated', 'Auto-approval settings saved');

  // …and Sue's next swap is made as soon as Ann accepts it.
  await sue.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await slot(sue, 'Duty Manager 1, Mon 22 Sep 2025: Sue Sky').click();
  dialog = sue.getByRole('dialog', { name: 'Duty Manager 1 — Monday 22 September 2025' });
  await dialog.getByRole('button', { name: 'Request Swap' }).click();
  await dialog.getByRole('combobox', { name: 'Swap with' }).fill('Ann Lee');
  await dialog.getByRole('combobox', { name: 'Swap with' }).press('Enter');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Training course');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await seeToast(
    sue,
    'Swap request created',
    'Swap request sent to Ann Lee. It waits for their answer.',
  );
  const waiting = (
    (await apiCaller(request, ann.token)('get', '/api/swap-requests')) as unknown as {
      id: string;
      canAnswer: boolean;
    }[]
  ).filter((swap) => swap.canAnswer);
  expect(waiting).toHaveLength(1);
  const accepted = await apiCaller(request, ann.token)(
    'post',
    `/api/swap-requests/${waiting[0]!.id}/accept`,
  );
  expect(accepted.message).toBe(
    'The swap was approved automatically: you are now on duty on Monday 22 September 2025.',
  );
  await sue.reload();
  await expect(slot(sue, 'Duty Manager 1, Mon 22 Sep 2025: Ann Lee')).toBeVisible();

  await sue.context().close();
  await ada.context().close();

  const swaps = (await admin('get', '/api/swap-requests')) as unknown as {
    status: string;
    processedAutomatically: boolean;
  }[];
  expect(swaps.map((s) => [s.status, s.processedAutomatically])).toEqual([
    ['approved', true],
    ['approved', false],
  ]);
});
