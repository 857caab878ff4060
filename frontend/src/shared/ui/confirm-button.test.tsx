import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { ConfirmButton } from './confirm-button';

function renderButton(onConfirm = vi.fn()) {
  renderWithProviders(
    <ConfirmButton
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
    const user = userEvent.setup();
    const onConfirm = renderButton();

    await user.click(screen.getByRole('button', { name: 'Delete Christmas Day' }));

    expect(await screen.findByText('Delete Christmas Day?')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('takes focus to the confirming button, and back on Escape', async () => {
    const user = userEvent.setup();
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
});
