import { expect, test } from './support/test';
import { expectAccessible } from './support/axe';
import { expectFitsTheScreen } from './support/layout';
import { linkPath, waitForEmail } from './support/mailbox';
import { registerSchool } from './support/school';
import { signedIn } from './support/session';
import { seeToast } from './support/toast';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(120),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

test('an admin edits the reminder template, tests reminders for a date and shares a procedure document with staff', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'settings',
    emailPrefix: 'settings-admin',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const { id, subdomain, token: adminToken } = school;
  const auth = { Authorization: `Bearer ${adminToken}` };

  // Sue (invited, signs in as staff) and Ann are on duty on Friday 12 September.
  const sueEmail = `sue-${id}@example.com`;
  const annEmail = `ann-${id}@example.com`;
  const ids: string[] = [];
  for (const [name, email, invite] of [
    ['Sue Sky', sueEmail, true],
    ['Ann Lee', annEmail, false],
  ] as const) {
    const res = await request.post('/api/staff', { headers: auth, data: { name, email, invite } });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  expect(
    (
      await request.post('/api/rota', { headers: auth, data: { date: '2025-09-12', slots: ids } })
    ).status(),
  ).toBe(201);
  const invitation = await waitForEmail(request, sueEmail, /invited/);
  const resetToken = new URL(linkPath(invitation, '/reset-password'), 'http://x').searchParams.get(
    'token',
  );
  expect(
    (
      await request.post('/api/auth/reset-password', {
        data: { token: resetToken, newPassword: 'sue-password' },
      })
    ).status(),
  ).toBe(200);
  const login = await request.post('/api/auth/login', {
    data: { email: sueEmail, password: 'sue-password', organizationSubdomain: subdomain },
  });
  const sueToken = ((await login.json()) as { token: string }).token;

  const ada = await signedIn(browser, adminToken);
  const sue = await signedIn(browser, sueToken);
  try {
    await ada.goto('/staff');

    // 1. The template: edit the subject, add a key reminder, watch the live preview, save.
    const template = ada.getByRole('region', { name: 'Email Template Editor' });
    await template.getByRole('button', { name: 'Show' }).click();
    await template.getByRole('button', { name: 'Edit' }).click();
    await template.getByRole('textbox', { name: 'Subject' }).fill('Duty reminder for {date}');
    await template.getByRole('button', { name: 'Add key reminder' }).click();
    const added = template.getByRole('textbox', { name: /^Key reminder \d+$/ }).last();
    await added.fill('Bring the <strong>radio</strong>');
    const live = template.getByRole('region', { name: 'Live preview' });
    await expect(
      live.getByText('Subject: Duty reminder for Tuesday 9 September 2025'),
    ).toBeVisible();
    const frame = template.frameLocator('iframe[title="Email preview"]');
    await expect(frame.locator('li').filter({ hasText: 'Bring the radio' })).toBeVisible();
    await expect(frame.locator('strong', { hasText: 'radio' })).toBeVisible();
    await template.getByRole('button', { name: 'Save' }).click();
    await seeToast(ada, 'Template saved', 'Email template updated successfully');
    await expect(template.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(template.getByText('Duty reminder for {date}')).toBeVisible();

    // 2. A test for Friday's duties: the result with its timestamp, and the emails arrive.
    const testing = ada.getByRole('region', { name: 'Email System Testing' });
    const date = testing.getByRole('textbox', { name: 'Duty date' });
    await date.click();
    await date.fill('12/09/2025');
    await date.press('Enter');
    await testing.getByRole('button', { name: 'Send test' }).click();
    const results = testing.getByRole('list', { name: 'Test results' });
    await expect(results.getByText('Test Succeeded')).toBeVisible();
    await expect(results.getByText('Sent 2 reminders for Friday 12 September 2025.')).toBeVisible();
    await expectAccessible(ada, 'admin panel with the template editor and test results');
    await expect(results.locator('time').first()).toHaveAttribute(
      'datetime',
      '2025-09-08T08:00:00.000Z',
    );
    await expect(results.locator('time').first()).not.toBeEmpty();
    const reminder = await waitForEmail(
      request,
      sueEmail,
      /^Duty reminder for Friday 12 September 2025$/,
    );
    expect(reminder.text).toContain('Bring the radio');
    await waitForEmail(request, annEmail, /^Duty reminder for Friday 12 September 2025$/);

    // 3. The procedure document: a PDF is taken, a program renamed to .pdf is refused.
    const instructions = ada.getByRole('region', { name: 'Instructions Manager' });
    await instructions.getByRole('button', { name: 'Show' }).click();
    const upload = instructions.locator('input[type="file"]');
    await expect(upload).toHaveAttribute('accept', '.pdf,.doc,.docx');
    await upload.setInputFiles({
      name: 'Duty procedures.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await seeToast(
      ada,
      'Document uploaded',
      '“Duty procedures.pdf” is now the procedure document.',
    );
    await expect(instructions.getByText('Duty procedures.pdf')).toBeVisible();

    await upload.setInputFiles({ name: 'setup.pdf', mimeType: 'application/pdf', buffer: EXE });
    const refusal =
      "“setup.pdf” is not a real PDF document: its content doesn't match its name. Upload the document itself as a .pdf, .doc or .docx file.";
    await seeToast(ada, 'Upload failed', refusal);
    await expect(instructions.getByRole('alert')).toContainText(refusal);
    await expect(instructions.getByText('Duty procedures.pdf')).toBeVisible();
    await expectAccessible(ada, 'instructions manager after a refused upload');

    // 4. Sue opens Instructions and downloads the document from its link (new tab).
    await sue.goto('/instructions');
    await expect(
      sue.getByRole('heading', { level: 1, name: 'Duty Manager Instructions' }),
    ).toBeVisible();
    const download = sue.getByRole('link', { name: 'Download Procedures' });
    await expect(download).toBeVisible();
    await expectAccessible(sue, 'instructions with a procedure document (staff)');
    await expect(download).toHaveAttribute('target', '_blank');
    await expect(download).toHaveAttribute(
      'href',
      /\/api\/settings\/procedure-file\/download\?ticket=/,
    );
    await expect(
      sue
        .getByRole('region', { name: 'Additional Documentation' })
        .getByRole('link', { name: 'Duty procedures.pdf' }),
    ).toBeVisible();
    const href = (await download.getAttribute('href'))!;
    const file = await sue.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.compare(await file.body(), PDF)).toBe(0);
    const [tab] = await Promise.all([sue.context().waitForEvent('page'), download.click()]);
    await expect.poll(() => tab.url()).toContain('/api/settings/procedure-file/download?ticket=');
    await tab.close();
    // Without the link's ticket the document is not served.
    expect((await sue.request.get('/api/settings/procedure-file/download')).status()).toBe(401);
  } finally {
    await ada.context().close();
    await sue.context().close();
  }
});

test('the Admin Panel lists its sections and jumps to each, beside them on a computer and across the top of a phone', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'panel',
    emailPrefix: 'panel-admin',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const sections = [
    'Duty Manager Settings',
    'Rota rules',
    'Email Reminder Settings',
    'Email Template Editor',
    'Email System Testing',
    'Instructions Manager',
    'Auto-Approval Settings',
    'Sign-in',
    'Organisation data',
    "Leavers' data",
    'Rota Management',
    'Staff Management',
    'Delete this organisation',
  ];

  const desk = await signedIn(browser, school.token);
  try {
    await desk.goto('/staff');
    const list = desk.getByRole('navigation', { name: 'Admin Panel sections' });
    await expect(list.getByRole('link')).toHaveText(sections);
    const staff = desk.getByRole('region', { name: 'Staff Management' });
    await expect(staff).toBeVisible();
    await expect(staff).not.toBeInViewport();

    // By keyboard: the link takes the page to the section and the focus into it.
    await list.getByRole('link', { name: 'Staff Management' }).focus();
    await desk.keyboard.press('Enter');
    await expect(staff).toBeInViewport();
    await expect(desk.locator('#staff-management')).toBeFocused();
    await desk.keyboard.press('Tab');
    await expect(staff.locator(':focus')).toHaveCount(1);
    // The list stayed in view beside the sections, marking the section followed, and the
    // address is still the router's.
    await expect(list).toBeInViewport();
    await expect(list.getByRole('link', { name: 'Staff Management' })).toHaveClass(
      /ant-anchor-link-title-active/,
    );
    expect(new URL(desk.url()).pathname + new URL(desk.url()).hash).toBe('/staff');

    // By mouse, back up to the first section; the app's navigation still works after.
    await list.getByRole('link', { name: 'Duty Manager Settings' }).click();
    await expect(desk.getByRole('region', { name: 'Duty Manager Settings' })).toBeInViewport();
    await expect(staff).not.toBeInViewport();
    await desk
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(desk).toHaveURL(/\/$/);
    await desk.goBack();
    await expect(desk.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  } finally {
    await desk.context().close();
  }

  const phone = await signedIn(browser, school.token, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await phone.goto('/staff');
    const list = phone.getByRole('navigation', { name: 'Admin Panel sections' });
    await expect(list.getByRole('link')).toHaveText(sections);
    // The strip scrolls sideways within itself: the page is no wider than the screen.
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const staff = phone.getByRole('region', { name: 'Staff Management' });
    await expect(staff).not.toBeInViewport();
    await list.getByRole('link', { name: 'Staff Management' }).tap();
    await expect(staff).toBeInViewport();
    // The strip stays at the top, and the section's heading is not hidden under it.
    const link = list.getByRole('link', { name: 'Staff Management' });
    await expect(link).toBeInViewport();
    const strip = (await link.boundingBox())!;
    const heading = (await staff.getByRole('heading', { name: 'Staff Management' }).boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(strip.y + strip.height);
    // No section's title is cut short beside its buttons, and no text overlaps. Checked from the
    // top of the page: further down, sections scroll under the sticky strip on purpose.
    await phone.evaluate(() => window.scrollTo(0, 0));
    await expect(list).toBeInViewport();
    await expectFitsTheScreen(phone, 'Admin Panel (phone)');
  } finally {
    await phone.context().close();
  }
});
