import { expect, newContext, test } from './support/test';
import { expectAccessible } from './support/axe';
import { linkPath, waitForEmail } from './support/mailbox';
import { registerSchool } from './support/school';
import { SERVER_NOW, signedIn } from './support/session';
import { seeToast } from './support/toast';

test('an admin manages staff (one by CSV), invites someone who signs in as Staff, and manages holidays', async ({
  browser,
  request,
}) => {
  // A long journey (about 20 s alone): on 2 cores beside another worker it can pass 30 s.
  const admin = await registerSchool(request, {
    prefix: 'oak',
    emailPrefix: 'head',
    adminName: 'Hana Head',
    password: 'head-password',
  });
  const { id } = admin;
  const page = await signedIn(browser, admin.token);

  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  const staffSection = page.getByRole('region', { name: 'Staff Management' });

  // Two staff added by hand, one of them invited.
  const addStaff = async (
    name: string,
    email: string,
    type: 'Teaching' | 'Non-Teaching',
    invite = false,
  ) => {
    await staffSection.getByRole('button', { name: 'Add Staff Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('radio', { name: type, exact: true }).check();
    if (invite) await dialog.getByLabel('Invite them to sign in').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(staffSection.getByRole('cell', { name, exact: true })).toBeVisible();
  };
  await addStaff('Ann Lee', `ann-${id}@example.com`, 'Teaching');
  const bobEmail = `bob-${id}@example.com`;
  await addStaff('Bob Ray', bobEmail, 'Non-Teaching', true);

  // A third from a CSV file, with a bad row left out.
  await staffSection.getByRole('button', { name: 'Import CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import staff from CSV' });
  await importDialog.locator('input[type=file]').setInputFiles({
    name: 'staff.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `name,email,department,teaching\nCat Csv,cat-${id}@example.com,Science,yes\nBroken Row,not-an-email,,\n`,
    ),
  });
  await expect(importDialog.getByText('1 ready to import, 1 with errors')).toBeVisible();
  await expect(importDialog.getByText('"not-an-email" is not a valid email address')).toBeVisible();
  await expectAccessible(page, 'import staff dialog with a preview');
  await importDialog.getByRole('button', { name: 'Import 1 staff' }).click();
  await seeToast(page, 'Imported 1 staff member');
  await expect(staffSection.getByRole('cell', { name: 'Cat Csv', exact: true })).toBeVisible();

  // Edit one.
  await staffSection.getByRole('button', { name: 'Edit Ann Lee' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Staff Member' });
  await editDialog.getByLabel('Department').fill('Mathematics');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(staffSection.getByRole('cell', { name: 'Mathematics' })).toBeVisible();

  // Deactivate and reactivate one.
  const annRow = staffSection.getByRole('row', { name: /Ann Lee/ });
  await staffSection.getByRole('button', { name: 'Deactivate Ann Lee' }).click();
  await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(annRow.getByText('Inactive', { exact: true })).toBeVisible();
  await staffSection.getByRole('button', { name: 'Reactivate Ann Lee' }).click();
  await page.getByRole('button', { name: 'Reactivate', exact: true }).click();
  await expect(annRow.getByText('Active', { exact: true })).toBeVisible();

  // The invited person chooses a password from the email and ends signed in as Staff; the
  // email says where to sign in later: the school's own address (APP_BASE_DOMAIN=localhost).
  const invitation = await waitForEmail(request, bobEmail, /invited/);
  expect(invitation.text).toContain(
    `To sign in later, go to http://${admin.subdomain}.localhost:${process.env.E2E_PORT}, ${admin.organizationName}'s own address, and sign in with this email address and your password.`,
  );
  const bobContext = await newContext(browser);
  const bob = await bobContext.newPage();
  await bob.clock.setFixedTime(SERVER_NOW);
  await bob.goto(linkPath(invitation, '/reset-password'));
  // An invitation welcomes them to their school, not to a password reset.
  await expect(
    bob.getByRole('heading', { level: 1, name: `Welcome to ${admin.organizationName}` }),
  ).toBeVisible();
  await expect(bob.getByText('Choose a new password')).toHaveCount(0);
  await bob.getByLabel('New password').fill('bob-password');
  await bob.getByLabel('Confirm password').fill('bob-password');
  await bob.getByRole('button', { name: 'Set your password' }).click();
  await expect(bob.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await seeToast(bob, 'Your password has been set. You are signed in.');
  await expect(bob.getByRole('banner').getByText('Staff', { exact: true })).toBeVisible();
  await expectAccessible(bob, 'dashboard (staff)');

  // A staff-role user opening the Admin Panel sees the Access Denied card.
  await bob.goto('/staff');
  await expect(bob.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    bob.getByText("You don't have administrator permissions to access this section."),
  ).toBeVisible();
  await expect(
    bob.getByText('Contact your system administrator if you need access to these features.'),
  ).toBeVisible();
  await bobContext.close();
  await expect(staffSection.getByRole('row', { name: /Bob Ray/ })).toBeVisible();

  // Holidays: add, edit, delete, and the bank holidays of the academic year.
  await page.goto('/holidays');
  await expect(page.getByRole('heading', { name: 'Holiday Management' })).toBeVisible();
  await expect(page.getByText('Manage bank holidays, half-terms, and inset days')).toBeVisible();
  await expect(page.getByText('No holidays scheduled')).toBeVisible();

  const form = page.getByRole('region', { name: 'Add New Holiday' });
  await form.getByLabel('Name').fill('Harvest Festival');
  await form.getByLabel('Start Date').fill('2025-10-10');
  await form.getByLabel('Start Date').press('Enter');
  await form.getByLabel('End Date').fill('2025-10-10');
  await form.getByLabel('End Date').press('Enter');
  await form.getByRole('button', { name: 'Add Holiday' }).click();
  await seeToast(page, 'Holiday added successfully');
  const upcoming = page.getByRole('region', { name: 'Upcoming Holidays' });
  await expect(upcoming.getByText('Harvest Festival')).toBeVisible();

  await upcoming.getByRole('button', { name: 'Edit Harvest Festival' }).click();
  const editHoliday = page.getByRole('dialog', { name: 'Edit Holiday' });
  await editHoliday.getByLabel('Name').fill('Harvest Assembly');
  await editHoliday.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'Holiday updated successfully');
  await expect(upcoming.getByText('Harvest Assembly')).toBeVisible();

  await upcoming.getByRole('button', { name: 'Delete Harvest Assembly' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await seeToast(page, 'Holiday deleted successfully');
  await expect(upcoming.getByText('Harvest Assembly')).toBeHidden();

  await page.getByRole('button', { name: 'Add bank holidays' }).click();
  const bankHolidays = page.getByRole('dialog', { name: 'Add bank holidays' });
  await expect(
    bankHolidays.getByRole('list', { name: 'Bank holidays' }).getByRole('listitem'),
  ).toHaveCount(8);
  await bankHolidays.getByRole('button', { name: 'Add 8 bank holidays' }).click();
  await expect(
    page.getByText('Added 8 bank holidays for 2025-2026.', { exact: false }),
  ).toBeVisible();
  await expect(upcoming.getByText('Christmas Day')).toBeVisible();
  await expect(upcoming.getByText('Boxing Day')).toBeVisible();
  await expectAccessible(page, 'holidays with the bank holidays');
  await expect(upcoming.getByText('Bank Holiday').first()).toBeVisible();
});
