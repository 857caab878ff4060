import { expectAccessible } from './support/axe';
import { registerSchool } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { expect, test } from './support/test';
import { seeToast } from './support/toast';

const MINUS = '\u2212';

/** "+0.4" → 0.4, "−0.6" → −0.6. */
function parseDifference(text: string): number {
  return Number(text.trim().replace(MINUS, '-'));
}

// docs/product.md#time-and-the-academic-year: while this year runs, an admin sets up next year's
// term dates, fills next year from the Rota Management tools and reviews its fairness, each
// screen switched to next year with its academic-year buttons.
test('an admin sets up, fills and reviews next year while this one runs, picking it on each screen', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'nextyear',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const api = apiCaller(request, school.token);
  const people = [
    ['Ann Lee', true, undefined],
    ['Ben Cole', true, undefined],
    ['Cat Dunn', true, undefined],
    ['Dee Fox', false, undefined],
    ['Eve Gale', false, undefined],
    ['Pat Part', false, [1, 2, 3]],
  ] as const;
  for (const [name, isTeaching, workingDays] of people) {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`;
    await api('post', '/api/staff', {
      name,
      email,
      isTeaching,
      ...(workingDays ? { workingDays } : {}),
    });
  }

  const page = await signedIn(browser, school.token);
  try {
    // 1. Term Dates: next year, from the proposal, saved as it is.
    await page.goto('/holidays#term-dates');
    const terms = page.getByRole('region', { name: 'Term Dates' });
    const termYears = terms.getByRole('radiogroup', { name: 'Academic year' });
    await expect(termYears.getByRole('radio', { name: '2025-2026' })).toBeChecked();
    // antd's button-style radios hide the input: a person clicks the button's label.
    await termYears.getByText('2026-2027', { exact: true }).click();
    await expect(termYears.getByRole('radio', { name: '2026-2027' })).toBeChecked();
    await expect(terms.getByText('No term dates saved for 2026-2027 yet')).toBeVisible();
    await expect(
      terms.getByRole('group', { name: 'Summer term' }).getByLabel('Last day', { exact: true }),
    ).toHaveValue('21 Jul 2027');
    await terms.getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Success', 'Saved the term dates of 2026-2027');
    await expect(terms.getByText('No term dates saved for 2026-2027 yet')).toBeHidden();

    // 2. Rota Management: next year, filled from its 1 September to the end of its summer term.
    await page.goto('/staff#rota-management');
    const tools = page.getByRole('region', { name: 'Rota Management' });
    const toolYears = tools.getByRole('radiogroup', { name: 'Academic year' });
    await expect(toolYears.getByRole('radio', { name: '2025-2026' })).toBeChecked();
    // antd's button-style radios hide the input: a person clicks the button's label.
    await toolYears.getByText('2026-2027', { exact: true }).click();
    await expect(toolYears.getByRole('radio', { name: '2026-2027' })).toBeChecked();
    await expect(
      tools.getByText(
        'Fill only the empty duty slots from 1 September 2026 to 21 July 2027, the end of the summer term. Existing assignments stay as they are.',
      ),
    ).toBeVisible();
    await expectAccessible(page, 'rota management, next year');
    await tools.getByRole('button', { name: 'Fill Unassigned Dates' }).click();
    // Its preview lists the changes first (docs/product.md#bulk-tools).
    await page
      .getByRole('dialog', { name: 'Fill Unassigned Dates' })
      .getByRole('button', { name: 'Fill the empty slots' })
      .click({ timeout: 60_000 });
    await seeToast(page, 'Fill Complete', 'from 1 September 2026 to 21 July 2027.');

    // This year is untouched; next year's term days all have their two people.
    const thisYear = (await api(
      'get',
      '/api/rota?startDate=2025-09-01&endDate=2026-08-31',
    )) as unknown as unknown[];
    expect(thisYear).toEqual([]);

    // 3. The Fairness view of next year: everyone within one duty, and how each share is made.
    await page.goto('/statistics?view=fairness');
    const fairYears = page.getByRole('radiogroup', { name: 'Academic year' });
    await expect(fairYears.getByRole('radio', { name: '2025-2026' })).toBeChecked();
    // antd's button-style radios hide the input: a person clicks the button's label.
    await fairYears.getByText('2026-2027', { exact: true }).click();
    await expect(fairYears.getByRole('radio', { name: '2026-2027' })).toBeChecked();
    await expect(page.getByText(/^2026-2027: Tue 1 Sep 2026 to Tue 31 Aug 2027\./)).toBeVisible();
    const table = page.getByRole('table', { name: 'Fair share per person' });
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(people.length);
    for (let i = 0; i < people.length; i += 1) {
      // The button that opens the row, Name, Done, Planned, Available days, Fair share, Difference.
      const cells = await rows.nth(i).getByRole('cell').allInnerTexts();
      expect(Math.abs(parseDifference(cells[6]!)), `${cells[1]}'s difference`).toBeLessThanOrEqual(
        1,
      );
      expect(Number(cells[3])).toBeGreaterThan(0);
    }
    await expect(
      page.getByText(/^Fair share = \d+ duties × a person’s weighted days ÷/),
    ).toBeVisible();
    const pat = rows.filter({ hasText: 'Pat Part' });
    await pat.getByRole('button', { name: /expand row/i }).click();
    await expect(
      page.getByText(/^Works Mon, Tue, Wed: \d+ of the \d+ school days available\./),
    ).toBeVisible();
    await expectAccessible(page, 'fairness view, next year');
  } finally {
    await page.context().close();
  }
});
