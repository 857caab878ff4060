import { expect, test, type Page } from './support/test';
import { registerSchool, TERMS_2025_26 } from './support/school';
import { apiCaller, signedIn } from './support/session';

// The server runs with APP_NOW=2025-09-08T09:00 (e2e/support/serve.mjs): Monday 8 September 2025.

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** Types a time into an antd TimePicker and confirms it. */
async function typeTime(page: Page, label: string, time: string) {
  const field = page.getByRole('dialog', { name: 'Add Duty' }).getByLabel(label, { exact: true });
  await field.click();
  await field.fill(time);
  await field.press('Enter');
}

test('a primary school starts from the template, adds a lunch duty only SLT may take, fills the year, and the grid shows nobody on two overlapping duties', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'duties',
    adminName: 'Dee Duties',
    password: 'duties-password',
  });
  const api = apiCaller(request, school.token);
  await api('put', '/api/term-dates/2025', { terms: TERMS_2025_26 });
  const names = [
    'Ann Head',
    'Ben Deputy',
    'Cat Class',
    'Dan Class',
    'Eve Class',
    'Fay Class',
    'Gus Support',
    'Hal Support',
    'Ivy Class',
    'Jon Class',
  ];
  const ids: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    const created = (await api('post', '/api/staff', {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}.${school.subdomain}@example.com`,
      isTeaching: i < 8,
    })) as { id: string };
    ids[name] = created.id;
  }
  await api('post', '/api/staff-groups', {
    name: 'SLT',
    memberIds: [ids['Ann Head'], ids['Ben Deputy']],
  });
  // Two duties a day at most, the all-day Duty Manager duty among them.
  await api('put', '/api/duty-rules', { maxDutiesPerDay: 2, allDayDutiesCount: true });

  const page = await signedIn(browser, school.token);
  await page.goto('/duties');
  await expect(page.getByRole('heading', { level: 1, name: 'Duties' })).toBeVisible();

  // Start from the primary school's duties.
  await page.getByRole('button', { name: 'Primary school' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Added 5 duties')).toBeVisible();
  const list = page.getByRole('list', { name: 'Duties' });
  await expect(list.getByRole('listitem')).toHaveCount(6);

  // A lunch duty in the library that only SLT may take.
  await page.getByRole('button', { name: 'Add Duty' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Duty' });
  await drawer.getByLabel('Name', { exact: true }).fill('SLT lunch');
  await drawer.getByLabel('Place', { exact: true }).fill('Library');
  await typeTime(page, 'Start', '12:15');
  await typeTime(page, 'End', '13:00');
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
    await drawer.getByRole('checkbox', { name: day }).check();
  await drawer.getByRole('radio', { name: 'Named groups and people' }).check();
  const groups = drawer.getByRole('combobox', { name: 'Staff groups' });
  await groups.fill('SLT');
  await expect(page.locator('.ant-select-item-option[title="SLT"]')).toBeVisible();
  await groups.press('Enter');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Duty added')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(7);

  // Fill the year, every duty together (the Rota Management card's default).
  await page.goto('/staff');
  const management = page.getByRole('region', { name: 'Rota Management' });
  await expect(management.getByRole('combobox', { name: 'Duties to plan' })).toBeVisible();
  await management.getByRole('button', { name: 'Fill Unassigned Dates' }).click();
  // Its preview lists the changes first (docs/product.md#bulk-tools).
  await page
    .getByRole('dialog', { name: 'Fill Unassigned Dates' })
    .getByRole('button', { name: 'Fill the empty slots' })
    .click({ timeout: 60_000 });
  await expect(page.getByText('Fill Complete')).toBeVisible({ timeout: 60_000 });

  // The grid of a week: nobody on two duties whose times overlap, the SLT lunch held by SLT.
  await page.goto('/rota?week=2025-09-15&duty=all');
  const table = page.getByRole('table', { name: /^Every duty/ });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(7);
  const days: Map<string, { duty: string; window: [number, number] | null }[]>[] = [
    new Map(),
    new Map(),
    new Map(),
    new Map(),
    new Map(),
  ];
  for (let r = 0; r < 7; r += 1) {
    const row = rows.nth(r);
    const heading = (await row.getByRole('rowheader').innerText())
      .split('\n')
      .map((line) => line.trim());
    const duty = heading[0]!;
    const times = heading.find((line) => /^\d\d:\d\d–\d\d:\d\d$/.test(line));
    const window: [number, number] | null = times
      ? [toMinutes(times.slice(0, 5)), toMinutes(times.slice(6))]
      : null;
    const cells = row.getByRole('cell');
    for (let d = 0; d < 5; d += 1) {
      const people = (await cells.nth(d).locator('li').allInnerTexts())
        .map((text) => text.trim())
        .filter((text) => text !== 'Unfilled');
      if (duty.startsWith('SLT lunch')) {
        expect(people.length, `SLT lunch on day ${d + 1}`).toBe(1);
        expect(['Ann Head', 'Ben Deputy']).toContain(people[0]);
      }
      for (const person of people)
        (days[d]!.get(person) ?? days[d]!.set(person, []).get(person)!).push({ duty, window });
    }
  }
  for (const [d, held] of days.entries()) {
    for (const [person, duties] of held) {
      expect(duties.length, `${person} on day ${d + 1}`).toBeLessThanOrEqual(2);
      for (const a of duties) {
        for (const b of duties) {
          if (a === b || !a.window || !b.window) continue;
          expect(
            a.window[0] < b.window[1] && b.window[0] < a.window[1],
            `${person} on ${a.duty} and ${b.duty}, day ${d + 1}`,
          ).toBe(false);
        }
      }
    }
  }
  await page.close();
});
