// Test helpers for antd Selects and the app's toasts, shared by the rota screens' tests.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The names an antd Select in `container` offers, in order. */
export async function offeredNames(
  user: UserEvent,
  container: HTMLElement,
  label: string,
): Promise<string[]> {
  await user.click(await within(container).findByRole('combobox', { name: label }));
  await screen.findAllByRole('option');
  return Array.from(document.querySelectorAll('.ant-select-item-option')).map(
    (option) => option.getAttribute('title') ?? '',
  );
}

/**
 * Picks `name` in the antd Select labelled `label` inside `container`, once it is there (a
 * LazySelect's code comes after the page's).
 */
export async function choose(user: UserEvent, container: HTMLElement, label: string, name: string) {
  await user.click(await within(container).findByRole('combobox', { name: label }));
  const option = (await screen.findAllByTitle(name)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!option) throw new Error(`no option ${name}`);
  await user.click(option);
}

/** The toast on screen with this title: failures are alerts, the others statuses. */
export function findToast(role: 'alert' | 'status', title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen
      .queryAllByRole(role)
      .find((element) => within(element).queryByText(title) !== null);
    if (!toast) throw new Error(`no ${role} toast titled ${title}`);
    return toast;
  });
}
