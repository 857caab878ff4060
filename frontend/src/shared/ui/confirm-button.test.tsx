import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders, setupUser } from '@/testing/test-utils';

import { ConfirmButton } from './confirm-button';

function renderButton(onConfirm = vi.fn(), deferred = false) {
  renderWithProviders(
    <ConfirmButton
      deferred={deferred}
      confirmTitle="Delete Christmas Day?"
      okText="Delete"
      okDanger
      onConfirm={onConfirm}
    >
      Delete Christmas Day
    </ConfirmButton>,
  );
  return onConfirm;
}

describe('ConfirmButton', () => {
  it('asks first, then acts on confirmation', async () => {
    const user = setupUser();
    const onConfirm = renderButton();

    await user.click(screen.getByRole('button', { name: 'Delete Christmas Day' }));

    expect(await screen.findByText('Delete Christmas Day?')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('takes focus to the confirming button, and back on Escape', async () => {
    const user = setupUser();
    const onConfirm = renderButton();
    const trigger = screen.getByRole('button', { name: 'Delete Christmas Day' });

    trigger.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus());

    await user.keyboard('{Escape}');

    await waitFor(() => expect(trigger).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument(),
    );
  });

  it('spins on the confirming button until the action settles, then closes; reopened, it does not spin', async () => {
    // A macrotask between steps, as between a person's clicks: with none, the reopening click
    // lands in the same task as the close and antd's trigger never opens again.
    const user = setupUser({ delay: 0 });
    let finish: () => void = () => undefined;
    const onConfirm = renderButton(vi.fn(() => new Promise<void>((resolve) => (finish = resolve))));

    await user.click(screen.getByRole('button', { name: 'Delete Christmas Day' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    // Still open, busy, and a second press does nothing.
    const busy = screen.getByRole('button', { name: /Delete$/ });
    expect(busy).toHaveClass('ant-btn-loading');
    await user.click(busy);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Delete Christmas Day?')).toBeVisible();

    finish();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Christmas Day' }));
    expect(await screen.findByRole('button', { name: 'Delete' })).not.toHaveClass(
      'ant-btn-loading',
    );
  });

  describe('deferred (the Popconfirm mounted from the first press)', () => {
    it('asks on the first press, then acts on confirmation', async () => {
      const user = setupUser();
      const onConfirm = renderButton(vi.fn(), true);

      await user.click(screen.getByRole('button', { name: 'Delete Christmas Day' }));

      expect(await screen.findByText('Delete Christmas Day?')).toBeInTheDocument();
      expect(onConfirm).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      expect(onConfirm).toHaveBeenCalledTimes(1);
    });

    it('opens from the keyboard, takes focus to the confirming button, and back on Escape', async () => {
      const user = setupUser();
      const onConfirm = renderButton(vi.fn(), true);

      screen.getByRole('button', { name: 'Delete Christmas Day' }).focus();
      await user.keyboard(' ');

      await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus());
      await user.keyboard('{Escape}');

      // The button in the plain one's place, found again by its role and name.
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Delete Christmas Day' })).toHaveFocus(),
      );
      expect(onConfirm).not.toHaveBeenCalled();
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument(),
      );

      // Pressed again: the Popconfirm opens as usual.
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus());
    });
  });
});
