import { expect, type Page } from '@playwright/test';

/**
 * Checks that a toast with `title` (and `description`) is showing, then closes it the way a
 * person would. Toasts sit bottom right and pause while hovered, so one left open can sit over
 * the next thing a test clicks (a dialog's Save button, a Friday on the rota) for good.
 */
export async function seeToast(
  page: Page,
  title: string | RegExp,
  description?: string | RegExp,
): Promise<void> {
  const toast = page.locator('.ant-notification-notice').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
}
