import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

import { expect, test, type Locator, type Page } from './support/test';
import { registerSchool, TERMS_2025_26 } from './support/school';
import { apiCaller, SERVER_NOW } from './support/session';
import { staffAccount } from './support/staff-account';

// Issue 44, point 3: subject access. A member of staff signs in, opens Account, and downloads
// everything held about them: the JSON file and the readable page. The server's today is Monday
// 8 September 2025 (e2e/support/serve.mjs); the browser's clock is pinned to it.

/**
 * Clicks `button` and waits for the download it starts; the file kept under the name the server
 * gave it (the browser's own copy has none, and a page opened from disk is read by its extension).
 */
async function downloadFrom(
  page: Page,
  button: Locator,
): Promise<{ name: string; path: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const name = download.suggestedFilename();
  const path = test.info().outputPath(name);
  await download.saveAs(path);
  return { name, path, text: await readFile(path, 'utf8') };
}

test('a member of staff signs in and downloads their data, as a file and as a readable page', async ({
  page,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'mydata',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  await admin('put', '/api/term-dates/2025', { terms: TERMS_2025_26 });
  const tess = await staffAccount(request, school, admin, 'Tess Teacher');
  const colin = await staffAccount(request, school, admin, 'Colin Colleague');
  const { duty: lunch } = (await admin('post', '/api/duties', {
    name: 'Lunch',
    place: 'Canteen',
    startTime: '12:30',
    endTime: '13:10',
    weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 })),
  })) as { duty: { id: string } };
  // Tess: the Duty Manager duty on Tuesday, lunch on Thursday. Colin: lunch on Friday.
  await admin('post', '/api/rota', { date: '2025-09-09', slots: [tess.id] });
  await admin('post', '/api/rota', { date: '2025-09-11', slots: [tess.id], dutyId: lunch.id });
  await admin('post', '/api/rota', { date: '2025-09-12', slots: [colin.id], dutyId: lunch.id });

  // She signs in as anyone does, with her email, password and school.
  await page.clock.setFixedTime(SERVER_NOW);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(tess.email);
  await form.getByLabel('Password').fill('tess-password');
  await form.getByLabel('Organization subdomain').fill(school.subdomain);
  await form.getByRole('button', { name: 'Sign In' }).click();

  await page.getByRole('link', { name: 'Account' }).click();
  const card = page.getByRole('region', { name: 'Your data' });
  await expect(card).toBeVisible();

  // The data file: her profile and both her duties, and nobody else's.
  const data = await downloadFrom(page, card.getByRole('button', { name: 'Download my data' }));
  expect(data.name).toBe('my-data-2025-09-08.json');
  const doc = JSON.parse(data.text) as {
    format: string;
    profile: { name: string; email: string; role: string };
    duties: { date: string; duty: string; place: string | null; startTime: string | null }[];
  };
  expect(doc.format).toBe('duty-manager/subject-access');
  expect(doc.profile).toMatchObject({ name: 'Tess Teacher', email: tess.email, role: 'staff' });
  expect(doc.duties).toEqual([
    expect.objectContaining({ date: '2025-09-09', duty: 'Duty Manager', startTime: null }),
    expect.objectContaining({
      date: '2025-09-11',
      duty: 'Lunch',
      place: 'Canteen',
      startTime: '12:30',
    }),
  ]);
  expect(data.text).not.toContain('Colin Colleague');
  expect(data.text).not.toContain('2025-09-12');

  // The readable page: her name and duties in words, for a person who can't read JSON.
  const summary = await downloadFrom(
    page,
    card.getByRole('button', { name: 'Download a readable summary' }),
  );
  expect(summary.name).toBe('my-data-2025-09-08.html');
  for (const fact of ['Tess Teacher', 'Duty Manager', 'Lunch', 'Canteen', '12:30–13:10']) {
    expect(summary.text).toContain(fact);
  }
  expect(summary.text).not.toContain('Colin Colleague');

  // Opened from disk, as she would open it: the sections read as headings and tables, under the
  // page's own policy (nothing refused: its one stylesheet is allowed by hash).
  const opened = await page.context().newPage();
  const refused: string[] = [];
  opened.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await opened.goto(pathToFileURL(summary.path).href);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText(
    `The data ${school.organizationName} holds about Tess Teacher`,
  );
  await expect(opened.getByRole('heading', { name: 'Duties (2)' })).toBeVisible();
  const duties = opened.locator('h2#duties + table');
  await expect(duties.getByRole('row')).toHaveCount(3);
  await expect(duties.getByRole('row').nth(2)).toContainText('Lunch');
  await expect(duties.getByRole('row').nth(2)).toContainText('Canteen');
  // Styled: the table's borders come from the stylesheet the policy allows.
  await expect(duties.locator('td').first()).toHaveCSS('border-top-style', 'solid');
  expect(refused).toEqual([]);
  await opened.close();
});
