import { readFile } from 'node:fs/promises';

import { expect, test } from './support/test';
import { expectAccessible } from './support/axe';
import ICAL from 'ical.js';

import { registerSchool } from './support/school';
import { onBaseUrl, signedIn } from './support/session';
import { seeToast } from './support/toast';

const LONG_NAME = 'Zoë Ångström-Éléonore Bénédicte de la Cruz-Fernández Øyelaran';

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Every VEVENT of an iCalendar text, through ical.js. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((event) => {
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = event.getFirstPropertyValue('dtend') as ICAL.Time;
    return {
      summary: event.getFirstPropertyValue('summary') as string,
      start: start.toString(),
      end: end.toString(),
      allDay: start.isDate && end.isDate,
    };
  });
}

test('a member subscribes from the Dashboard, copies and rotates the link, and exports My Rota to a calendar file', async ({
  browser,
  request,
}) => {
  const { id, token, subdomain } = await registerSchool(request, {
    prefix: 'calendar',
    adminName: 'Cleo Calendar',
    password: 'calendar-password',
  });
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: string };
  };
  const zoe = await post('/api/staff', { name: LONG_NAME, email: `zoe-${id}@example.com` });
  const bob = await post('/api/staff', { name: 'Bob Stone', email: `bob-${id}@example.com` });
  await post('/api/staff', { name: 'Cy Free', email: `cy-${id}@example.com` });
  await post('/api/rota', { date: '2025-09-09', dutyManager1Id: zoe.id, dutyManager2Id: bob.id });
  await post('/api/rota', { date: '2025-09-10', dutyManager1Id: zoe.id });
  await post('/api/rota', { date: '2025-12-31', dutyManager1Id: zoe.id });

  const page = await signedIn(browser, token, {
    permissions: ['clipboard-read', 'clipboard-write'],
  });

  // Dashboard: make a link, copy it, and a calendar app can fetch it without signing in.
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Calendar Subscription' });
  await expect(
    card.getByText(
      'Calendar apps check for changes about every hour; Google Calendar may take up to a day.',
    ),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Create Subscription Link' }).click();
  const all = card.getByRole('region', { name: 'All duties' });
  const urlBox = all.getByRole('textbox', { name: 'All duties subscription URL' });
  await expect(urlBox).toBeVisible();
  const url = await urlBox.inputValue();
  // On the school's own address, like every link it is given (APP_BASE_DOMAIN=localhost).
  expect(url).toMatch(
    new RegExp(
      `^http://${subdomain}\\.localhost:${process.env.E2E_PORT}/api/calendar/subscribe/all-duties\\?token=[\\w-]{59}$`,
    ),
  );
  const webcal = url.replace(/^http:/, 'webcal:');
  await expect(all.getByRole('textbox', { name: 'All duties webcal URL' })).toHaveValue(webcal);
  await expectAccessible(page, 'dashboard with subscription links');
  await expect(all.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    webcal,
  );
  const mine = card.getByRole('region', { name: 'My duties' });
  await expect(mine.getByRole('textbox', { name: 'My duties subscription URL' })).toHaveValue(
    url.replace('/all-duties?', '/my-duties?'),
  );

  // The copied state lasts two seconds, then the button reads Copy again. A busy machine can
  // take longer than that to look, so the page notes every name its buttons take.
  await page.evaluate(() => {
    const names = new Set<string>();
    (window as { buttonNames?: Set<string> }).buttonNames = names;
    const note = () =>
      document.querySelectorAll('button').forEach((b) => names.add(b.textContent ?? ''));
    new MutationObserver(note).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await all.getByRole('button', { name: 'Copy' }).click();
  await seeToast(page, 'Copied!', 'Calendar subscription URL copied to clipboard');
  await expect
    .poll(() =>
      page.evaluate(() => [...((window as { buttonNames?: Set<string> }).buttonNames ?? [])]),
    )
    .toContain('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(all.getByRole('button', { name: 'Copy' })).toBeVisible();

  const feed = await request.get(onBaseUrl(url));
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const feedEvents = eventsOf(await feed.text());
  expect(
    feedEvents.filter((e) => e.summary === `Duty Manager - ${LONG_NAME}`).map((e) => e.start),
  ).toEqual(['2025-09-09', '2025-09-10', '2025-12-31']);

  // Rotating gives a new link; the copied one stops working at once.
  await card.getByRole('button', { name: 'Rotate link' }).click();
  await page.getByRole('button', { name: 'Rotate', exact: true }).click();
  await seeToast(page, 'Subscription link rotated', 'The previous link no longer works.');
  await expect(urlBox).not.toHaveValue(url);
  const rotated = await urlBox.inputValue();
  expect((await request.get(onBaseUrl(url))).status()).toBe(404);
  expect((await request.get(onBaseUrl(rotated))).status()).toBe(200);

  // My Rota: the export holds exactly the duties the page lists, as all-day events.
  await page.goto('/my-rota');
  const staffSelect = page.getByRole('combobox', { name: 'Staff member' });
  await staffSelect.fill('Zoë');
  await staffSelect.press('Enter');
  const assignments = page.getByRole('region', { name: 'Duty Assignments' });
  await expect(assignments.getByText('3 duty days')).toBeVisible();
  const listed = await page
    .getByRole('list', { name: 'Duty days' })
    .locator('time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
  expect(listed).toEqual(['2025-09-09', '2025-09-10', '2025-12-31']);
  await expect(page.getByRole('region', { name: 'Import into Outlook' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Outlook desktop' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Outlook on the web' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Outlook mobile' })).toBeVisible();
  await expectAccessible(page, 'my rota with the Outlook guides');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    assignments.getByRole('button', { name: 'Export to Calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`duty-rota-${LONG_NAME}.ics`);
  const file = await readFile((await download.path())!, 'utf8');
  const lines = file.split('\r\n');
  expect(lines.pop()).toBe('');
  for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  const exported = eventsOf(file);
  expect(exported.map((e) => e.start)).toEqual(listed);
  for (const event of exported) {
    expect(event).toEqual({
      summary: `Duty Manager - ${LONG_NAME}`,
      start: event.start,
      end: nextDay(event.start),
      allDay: true,
    });
  }

  // Someone with no duties gets neither an export nor the guides.
  await staffSelect.fill('Cy Free');
  await staffSelect.press('Enter');
  await expect(assignments.getByText('0 duty days')).toBeVisible();
  await expect(assignments.getByRole('button', { name: 'Export to Calendar' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Import into Outlook' })).toHaveCount(0);
  await page.context().close();
});
