import { expect, type Page } from './test';

const matches = (text: string, expected: string | RegExp) =>
  typeof expected === 'string' ? text.includes(expected) : expected.test(text);

/**
 * Checks that a toast with `title` (and `description`) was shown, then closes it the way a
 * person would if it is still there. Toasts sit bottom right and pause while hovered, so one
 * left open can sit over the next thing a test clicks (a dialog's Save button, a Friday on the
 * rota) for good. The check reads the page's toast log (e2e/support/test.ts), so a toast that
 * has already timed out on a slow machine still counts.
 */
export async function seeToast(
  page: Page,
  title: string | RegExp,
  description?: string | RegExp,
): Promise<void> {
  // Each call takes the first matching toast after the one the previous call took, so a
  // test that expects the same toast twice sees two.
  let found = -1;
  await expect
    .poll(
      async () => {
        // A page that is navigating has no log to read yet: look again once it has loaded.
        const { from, shown } = await page
          .evaluate(() => ({
            from: window.__toastLogRead__ ?? 0,
            shown: (window.__toastLog__ ?? []).map((toast) => toast.textContent ?? ''),
          }))
          .catch(() => ({ from: 0, shown: [] as string[] }));
        found = shown.findIndex(
          (text, i) =>
            i >= from &&
            matches(text, title) &&
            (description === undefined || matches(text, description)),
        );
        return found >= 0;
      },
      {
        message: `a toast "${String(title)}"${description ? ` saying "${String(description)}"` : ''}`,
      },
    )
    .toBe(true);
  await page.evaluate((next) => (window.__toastLogRead__ = next), found + 1);
  const open = page.locator('.ant-notification-notice').filter({ hasText: title });
  await expect(async () => {
    if ((await open.count()) > 0)
      await open.first().getByRole('button', { name: 'Close' }).click({ timeout: 2_000 });
    await expect(open).toHaveCount(0, { timeout: 2_000 });
  }).toPass();
}
