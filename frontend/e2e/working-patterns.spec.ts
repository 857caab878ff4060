import { expect, type APIRequestContext, test } from './support/test';
import { expectAccessible } from './support/axe';
import { linkPath, waitForEmail } from './support/mailbox';
import { registerSchool, type RegisteredSchool } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { seeToast } from './support/toast';

// docs/product.md#working-patterns and #unavailability (weekly commitments). The server's today
// is Monday 8 September 2025 (e2e/support/serve.mjs); auto-fill is on by default.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface RotaDay {
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null }[];
}

/** ISO weekday (1 = Monday … 5 = Friday) of a `yyyy-MM-dd` date. */
function isoWeekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** An invited staff member chooses a password from the email and signs in: their token. */
async function staffToken(
  request: APIRequestContext,
  school: RegisteredSchool,
  email: string,
): Promise<string> {
  const invitation = await waitForEmail(request, email, /invited/);
  const token = new URL(linkPath(invitation, '/reset-password'), 'http://x').searchParams.get(
    'token',
  );
  const reset = await request.post('/api/auth/reset-password', {
    data: { token, newPassword: 'staff-password' },
  });
  expect(reset.status()).toBe(200);
  const login = await request.post('/api/auth/login', {
    data: { email, password: 'staff-password', organizationSubdomain: school.subdomain },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

test('a staff member adds a weekly commitment: their duties on that weekday within it go to others', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'weekly',
    emailPrefix: 'weekly-admin',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  const people: Record<string, string> = {};
  const sueEmail = `sue-${school.id}@example.com`;
  for (const [name, isTeaching] of [
    ['Sue Sky', true],
    ['Ann Lee', true],
    ['Bob Ray', false],
    ['Cat Cole', false],
  ] as const) {
    const email =
      name === 'Sue Sky'
        ? sueEmail
        : `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`;
    people[name] = (
      await admin('post', '/api/staff', { name, email, isTeaching, invite: name === 'Sue Sky' })
    ).id as string;
  }
  const sueId = people['Sue Sky']!;
  // Sue is on two Tuesdays inside the commitment, a Wednesday, and a Tuesday after it ends.
  const duties: [string, string][] = [
    ['2025-09-09', 'Ann Lee'],
    ['2025-09-10', 'Bob Ray'],
    ['2025-09-16', 'Cat Cole'],
    ['2025-09-23', 'Ann Lee'],
  ];
  for (const [date, colleague] of duties) {
    await admin('post', '/api/rota', { date, slots: [sueId, people[colleague]] });
  }
  const sueToken = await staffToken(request, school, sueEmail);

  const page = await signedIn(browser, sueToken);
  await page.goto('/my-rota');
  const section = page.getByRole('region', { name: 'Weekly commitments' });
  await expect(section.getByText('No weekly commitments')).toBeVisible();
  const form = section.getByRole('region', { name: 'Add a weekly commitment' });
  // From the server's today, unless changed.
  await expect(form.getByLabel('Start date')).toHaveValue('8 Sep 2025');
  await form.getByLabel('Weekdays').getByRole('checkbox', { name: 'Tue' }).check();
  await form.getByLabel('End date').fill('2025-09-19');
  await form.getByLabel('End date').press('Enter');
  await expect(form.getByRole('radio', { name: 'Every week' })).toBeChecked();
  await form.getByLabel('Reason').fill('Year 9 football club');
  await expectAccessible(page, 'weekly commitments with the form filled (staff)');
  await form.getByRole('button', { name: 'Add weekly commitment' }).click();

  await seeToast(
    page,
    'Success',
    'Weekly commitment added: unavailable on Tuesdays. 2 duty assignments cancelled and all refilled.',
  );
  const list = section.getByRole('list', { name: 'Weekly commitments' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Year 9 football club')).toBeVisible();
  await expect(list.getByText('Every week')).toBeVisible();

  // Through the API: no Tuesday in the rule's range has Sue, and her two were refilled by others.
  const rota = (await admin(
    'get',
    '/api/rota?startDate=2025-09-08&endDate=2025-09-30',
  )) as unknown as RotaDay[];
  const day = (date: string) => rota.find((d) => d.date === date);
  const onDuty = (date: string) => (day(date)?.slots ?? []).map((slot) => slot.staff?.id ?? null);
  const tuesdaysInRange = rota.filter(
    (d) => isoWeekday(d.date) === 2 && d.date >= '2025-09-08' && d.date <= '2025-09-19',
  );
  expect(tuesdaysInRange.map((d) => d.date)).toEqual(['2025-09-09', '2025-09-16']);
  for (const tuesday of tuesdaysInRange) {
    const staffIds = onDuty(tuesday.date);
    expect(staffIds, `${tuesday.date} without Sue`).not.toContain(sueId);
    expect(
      staffIds.filter((id) => id !== null),
      `${tuesday.date} refilled`,
    ).toHaveLength(2);
  }
  expect(onDuty('2025-09-09')).toContain(people['Ann Lee']);
  expect(onDuty('2025-09-16')).toContain(people['Cat Cole']);
  // Other weekdays and days after the commitment ends keep her.
  expect(onDuty('2025-09-10')).toContain(sueId);
  expect(onDuty('2025-09-23')).toContain(sueId);

  await page.context().close();
});

test('an admin sets a part-timer’s working days in the Edit Staff Member dialog on a phone, and the table shows the pattern', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'pattern',
    emailPrefix: 'pattern-admin',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  const pat = await admin('post', '/api/staff', {
    name: 'Pat Part',
    email: `pat-${school.id}@example.com`,
  });

  const page = await signedIn(browser, school.token, PHONE);
  await page.goto('/staff');
  const staffSection = page.getByRole('region', { name: 'Staff Management' });
  await staffSection.getByRole('button', { name: 'Edit Pat Part' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Staff Member' });
  const workingDays = dialog.getByLabel('Working days');
  await expect(workingDays.getByRole('checkbox', { name: 'Fri' })).toBeChecked();
  await workingDays.getByRole('checkbox', { name: 'Thu' }).uncheck();
  await workingDays.getByRole('checkbox', { name: 'Fri' }).uncheck();
  await expect(dialog.getByText('Empty means working days ÷ 5 (0.6 now).')).toBeVisible();
  // Days to avoid are offered among the days worked only.
  await expect(dialog.getByLabel('Days to avoid').getByRole('checkbox')).toHaveCount(3);
  await expectAccessible(page, 'edit staff member with a working pattern (phone)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = staffSection.getByRole('row', { name: /Pat Part/ });
  await expect(row.getByText('Mon–Wed · 0.6 FTE')).toBeVisible();
  const staff = (await admin('get', '/api/staff')) as unknown as {
    id: string;
    workingDays: number[];
    fte: number | null;
  }[];
  expect(staff.find((person) => person.id === pat.id)).toMatchObject({
    workingDays: [1, 2, 3],
    fte: null,
  });

  await page.context().close();
});

test('an admin moves a part-timer’s working days: the FTE follows and the form says her share; an FTE of 2.5 or a cap of -1 is refused, not saved as 1', async ({
  browser,
  request,
}) => {
  // Issue 39, defects 2 and 3.
  const school = await registerSchool(request, {
    prefix: 'share',
    emailPrefix: 'share-admin',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  const mira = await admin('post', '/api/staff', {
    name: 'Mira Three',
    email: `mira-${school.id}@example.com`,
    workingDays: [1, 3, 5],
    fte: 0.6,
  });
  const saved = async () =>
    ((await admin('get', '/api/staff')) as unknown as Record<string, unknown>[]).find(
      (person) => person.id === mira.id,
    );

  const page = await signedIn(browser, school.token);
  await page.goto('/staff');
  const staffSection = page.getByRole('region', { name: 'Staff Management' });
  await staffSection.getByRole('button', { name: 'Edit Mira Three' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Staff Member' });
  await expect(
    dialog.getByText('Fair share: 0.6 of a full-timer’s duties (3 days ÷ 5).'),
  ).toBeVisible();

  const workingDays = dialog.getByLabel('Working days');
  await workingDays.getByRole('checkbox', { name: 'Wed' }).uncheck();
  await workingDays.getByRole('checkbox', { name: 'Fri' }).uncheck();
  await workingDays.getByRole('checkbox', { name: 'Tue' }).check();
  const fte = dialog.getByRole('spinbutton', { name: 'FTE' });
  await expect(fte).toHaveValue('0.40');
  await expect(
    dialog.getByText(
      'Changed from 0.6 to follow the working days. Fair share: 0.4 of a full-timer’s duties (2 days ÷ 5).',
    ),
  ).toBeVisible();

  // Out of range: refused in the form with the rule, the typed value kept, nothing saved.
  await fte.fill('2.5');
  const cap = dialog.getByRole('spinbutton', { name: 'Weekly cap' });
  await cap.fill('-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('FTE must be from 0.05 to 1, with at most two decimals'),
  ).toBeVisible();
  await expect(
    dialog.getByText(
      "Weekly cap must be a whole number from 1 to 5, or empty for the organisation's default",
    ),
  ).toBeVisible();
  await expect(fte).toHaveValue('2.50');
  await expect(cap).toHaveValue('-1');
  await expectAccessible(page, 'edit staff member with an FTE and a cap out of range');
  expect(await saved()).toMatchObject({ workingDays: [1, 3, 5], fte: 0.6, weeklyCap: null });

  await fte.fill('0.4');
  await cap.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'Success', 'Staff member updated successfully');
  await expect(dialog).toBeHidden();
  const row = staffSection.getByRole('row', { name: /Mira Three/ });
  await expect(row.getByText('Mon, Tue · 0.4 FTE')).toBeVisible();
  expect(await saved()).toMatchObject({ workingDays: [1, 2], fte: 0.4, weeklyCap: null });

  await page.context().close();
});
