import ExcelJS from 'exceljs';

import { expectAccessible } from './support/axe';
import { expect, test, type Locator } from './support/test';
import { registerSchool, TERMS_2025_26 } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { seeToast } from './support/toast';

const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const MINUS = '\u2212';

/** A difference as the Fairness table shows it: "+0.4", "−0.6", "0". */
function shownDifference(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return '0';
  const size = ONE_DECIMAL.format(Math.abs(rounded));
  return rounded > 0 ? `+${size}` : `${MINUS}${size}`;
}

/** "+0.4" → 0.4, "−0.6" → −0.6. */
function parseDifference(text: string): number {
  return Number(text.trim().replace(MINUS, '-'));
}

/** The table's body rows as Name, Done, Planned, Fair share, Difference. */
async function tableRows(table: Locator): Promise<string[][]> {
  // `.ant-table-row`: a scrolling antd table also has a hidden measuring row.
  const rows = table.locator('tbody tr.ant-table-row');
  const count = await rows.count();
  const result: string[][] = [];
  for (let i = 0; i < count; i += 1) {
    // The button that opens the row (how the share is made), Name, Done, Planned, Available
    // days, Fair share, Difference.
    const cells = (await rows.nth(i).getByRole('cell').allInnerTexts()).map((c) => c.trim());
    // The Name cell also holds the department on a second line.
    result.push([cells[1]!.split('\n')[0]!.trim(), cells[2]!, cells[3]!, cells[5]!, cells[6]!]);
  }
  return result;
}

test('an admin sets a part-timer’s working days, pairs when it is fair, fills the year and finds everyone within one duty of their fair share, in the page and the XLSX export', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'fairness',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const api = apiCaller(request, school.token);

  // Two duty managers a day, a mix mode the admin will change, and the year's term dates. The
  // autumn term began last week: its school days so far were left empty, and the fair shares
  // count them by the duties they held (none), so nobody is below their share for them.
  await api('post', '/api/system-settings', { dutyManagersPerDay: 2, mixMode: 'always' });
  await api('put', '/api/term-dates/2025', {
    terms: TERMS_2025_26,
  });
  const people = [
    ['Ann Lee', true],
    ['Ben Cole', true],
    ['Cat Dunn', true],
    ['Dee Fox', false],
    ['Eve Gale', false],
    ['Pat Part', false],
  ] as const;
  for (const [name, isTeaching] of people) {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`;
    await api('post', '/api/staff', { name, email, isTeaching });
  }

  const page = await signedIn(browser, school.token);
  try {
    await page.goto('/staff');

    // 1. Pat works Monday to Wednesday: the admin unticks Thursday and Friday.
    const staff = page.getByRole('region', { name: 'Staff Management' });
    await staff.getByRole('button', { name: 'Edit Pat Part' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Staff Member' });
    const days = dialog.getByRole('group', { name: 'Working days' });
    await days.getByRole('checkbox', { name: 'Thu' }).uncheck();
    await days.getByRole('checkbox', { name: 'Fri' }).uncheck();
    await expect(days.getByRole('checkbox', { name: 'Wed' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => {
        const list = (await (
          await request.get('/api/staff', {
            headers: { Authorization: `Bearer ${school.token}` },
          })
        ).json()) as { name: string; workingDays: number[] }[];
        return list.find((person) => person.name === 'Pat Part')?.workingDays;
      })
      .toEqual([1, 2, 3]);

    // 2. Rota rules: pair teaching and non-teaching staff only while it is fair.
    const rules = page.getByRole('region', { name: 'Rota rules' });
    await rules.getByRole('button', { name: 'Show' }).click();
    await rules.getByRole('button', { name: 'Edit' }).click();
    await rules.getByRole('radio', { name: /^Pair when it is fair/ }).check();
    await rules.getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Settings Updated', 'Rota rules saved');
    await expect(rules.getByText('Pair when it is fair')).toBeVisible();

    // 3. Fill the year with the bulk tool, from its preview.
    const tools = page.getByRole('region', { name: 'Rota Management' });
    await tools.getByRole('button', { name: 'Fill Unassigned Dates' }).click();
    await page
      .getByRole('dialog', { name: 'Fill Unassigned Dates' })
      .getByRole('button', { name: 'Fill the empty slots' })
      .click({ timeout: 60_000 });
    await seeToast(page, 'Fill Complete');

    // 4. The Fairness view: everyone within one duty of their fair share.
    await page.goto('/statistics');
    await page.getByRole('tab', { name: 'Fairness' }).click();
    await expect(page.getByRole('radio', { name: 'Year' })).toBeChecked();
    const table = page.getByRole('table', { name: 'Fair share per person' });
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(people.length);
    const shown = await tableRows(table);
    expect(shown.map(([name]) => name).sort()).toEqual(people.map(([name]) => name).sort());
    for (const [name, , , , difference] of shown) {
      expect(Math.abs(parseDifference(difference!)), `${name}'s difference`).toBeLessThanOrEqual(1);
    }
    // Pat works three days in five: a smaller fair share than a full-timer's.
    const pat = shown.find(([name]) => name === 'Pat Part')!;
    const ann = shown.find(([name]) => name === 'Ann Lee')!;
    expect(Number(pat[3])).toBeLessThan(Number(ann[3]));
    await expect(page.getByRole('group', { name: 'Largest difference' })).toBeVisible();
    await expectAccessible(page, 'fairness view');

    // 5. Export XLSX, and read the file back: the same people and figures, in the same order.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('fairness-2025-2026-year.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Name',
      'Department',
      'Staff type',
      'Working days',
      'Done',
      'Planned',
      'Fair share',
      'Difference',
      'Available days',
      'FTE',
      'Day weight',
      'Weighted days',
      'How the share is made',
    ]);
    const exported: string[][] = [];
    for (let r = 2; r <= sheet.rowCount; r += 1) {
      const row = sheet.getRow(r);
      const name = row.getCell(1).text;
      if (!name) break;
      exported.push([
        name,
        String(row.getCell(5).value),
        String(row.getCell(6).value),
        ONE_DECIMAL.format(Number(row.getCell(7).value)),
        shownDifference(Number(row.getCell(8).value)),
      ]);
      if (name === 'Pat Part') expect(row.getCell(4).text).toBe('Mon Tue Wed');
    }
    expect(exported).toEqual(shown);
  } finally {
    await page.context().close();
  }
});
