import type { APIRequestContext } from '@playwright/test';

import { waitForEmail, type ReceivedEmail } from './support/mailbox';
import { registerSchool, TERMS_2025_26 } from './support/school';
import { apiCaller, signedIn } from './support/session';
import { staffAccount } from './support/staff-account';
import { expect, test } from './support/test';
import { seeToast } from './support/toast';

// Issue 43 (docs/product.md#drafts, #the-rota-stays-true): an admin plans next term as a draft,
// looks at its fairness, publishes it; a teacher sees it and gets one email. Then a holiday over
// planned days says how many duties will move before it is saved. The server's today is Monday
// 8 September 2025 (e2e/support/serve.mjs): next term is the spring term.

const mailboxUrl = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages`;

async function emailsTo(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<ReceivedEmail[]> {
  const messages = (await (await request.get(mailboxUrl)).json()) as ReceivedEmail[];
  return messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
}

test('next term planned as a draft, checked for fairness and published; a holiday says what will move', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'drafts',
    adminName: 'Ada Admin',
    password: 'admin-password',
  });
  const admin = apiCaller(request, school.token);
  await admin('put', '/api/term-dates/2025', { terms: TERMS_2025_26 });
  const tess = await staffAccount(request, school, admin, 'Tess Teacher');
  for (const [name, isTeaching] of [
    ['Ben Cole', true],
    ['Cat Dunn', true],
    ['Dee Fox', false],
    ['Eve Gale', false],
  ] as const) {
    await admin('post', '/api/staff', {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`,
      isTeaching,
    });
  }
  const tessApi = apiCaller(request, tess.token);

  const page = await signedIn(browser, school.token);
  try {
    // 1. Rota Management: the spring term planned as a draft.
    await page.goto('/staff#rota-management');
    const drafts = page.getByRole('region', { name: 'Drafts' });
    await expect(drafts.getByText('No drafts yet')).toBeVisible();
    await drafts.getByRole('combobox', { name: 'Days to draft' }).click();
    await page.locator('.ant-select-item-option[title^="Spring term"]').click();
    await drafts.getByRole('button', { name: 'Plan as a draft' }).click();
    await expect(page).toHaveURL(/\/rota\/drafts\/[0-9a-f-]+$/);

    // 2. Its fairness, with the draft in place; staff see nothing of it yet.
    const fairness = page.getByRole('region', { name: 'Fairness' });
    await expect(fairness.getByText(/Largest gap to a fair share: \d+\.\d\d duties/)).toBeVisible();
    await expect(
      fairness.getByRole('table', { name: 'Fairness with this draft' }).getByText('Tess Teacher'),
    ).toBeVisible();
    const before = (await tessApi(
      'get',
      '/api/rota?startDate=2026-01-05&endDate=2026-03-27',
    )) as unknown as {
      slots: { staff: unknown }[];
    }[];
    expect(before.flatMap((d) => d.slots.filter((s) => s.staff))).toEqual([]);
    expect(await emailsTo(request, tess.email, /^Your duties from/)).toEqual([]);

    // 3. Published: the rota now, and Tess gets one email saying what she has.
    await page.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish this draft?' });
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await seeToast(page, 'Draft published');
    const letter = await waitForEmail(request, tess.email, /^Your duties from/);
    expect(letter.text).toContain('/my-rota');
    expect(await emailsTo(request, tess.email, /^Your duties from/)).toHaveLength(1);
    const published = (await tessApi(
      'get',
      '/api/rota?startDate=2026-01-05&endDate=2026-03-27',
    )) as unknown as {
      date: string;
      slots: { staff: { id: string } | null }[];
    }[];
    const hers = published
      .filter((d) => d.slots.some((s) => s.staff?.id === tess.id))
      .map((d) => d.date);
    expect(hers.length).toBeGreaterThan(0);

    // Tess sees them on My Rota.
    const tessPage = await signedIn(browser, tess.token);
    try {
      await tessPage.goto('/my-rota');
      // "Tuesday 6 January 2026", as My Rota writes a day.
      const first = new Date(`${hers[0]}T12:00:00Z`)
        .toLocaleDateString('en-GB', {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        })
        .replace(',', '');
      await expect(
        tessPage.getByRole('list', { name: 'Duty days' }).getByText(first),
      ).toBeVisible();
    } finally {
      await tessPage.context().close();
    }

    // 4. A holiday over two planned days: "N duties will move" before it is saved.
    await page.goto('/holidays');
    const form = page.getByRole('region', { name: 'Add New Holiday' });
    await form.getByLabel('Name').fill('Snow closure');
    await form.getByLabel('Start Date').fill('2026-01-12');
    await form.getByLabel('Start Date').press('Enter');
    await form.getByLabel('End Date').fill('2026-01-13');
    await form.getByLabel('End Date').press('Enter');
    const impact = form.getByRole('status').filter({ hasText: /duties will move/ });
    await expect(impact).toBeVisible();
    const moving = Number((await impact.textContent())!.match(/(\d+) duties will move/)![1]);
    expect(moving).toBeGreaterThanOrEqual(4);
    await form.getByRole('button', { name: 'Add Holiday' }).click();
    await expect(
      page.getByText(/Adding holiday 'Snow closure' removed 4 duties on 12–13 Jan/),
    ).toBeVisible();
  } finally {
    await page.context().close();
  }
});
