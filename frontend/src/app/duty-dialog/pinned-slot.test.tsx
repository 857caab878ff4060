import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { findToast } from '@/testing/antd-helpers';
import { currentWeek, rotaDay } from '@/testing/fixtures';
import { alice, allStaff, bob, holiday } from '@/testing/rota-fixtures';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import { MonthlyRotaWithDialog } from './monthly-rota-with-dialog';

// Today is Monday 8 September 2025: Alice took Monday's slot 1 by an approved swap (pinned), Bob
// is in slot 2 (not pinned).
const plain = rotaDay('2025-09-08', [alice, bob]);
const monday = {
  ...plain,
  slots: [
    { ...plain.slots[0]!, pinned: true, pinnedReason: 'swap' as const, slotId: 'slot-1' },
    plain.slots[1]!,
  ],
};

function stubRota() {
  return stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': { body: [monday] },
    'GET /api/holidays': { body: [holiday()] },
    'GET /api/rota/closures': { body: [] },
    'GET /api/staff': { body: allStaff },
    'DELETE /api/rota/slots/slot-1/pin': { status: 204 },
  });
}

describe('A pinned slot on the month view (docs/product.md#pinned-duties)', () => {
  it('shows its pin, and a manager unpins it from the duty dialog', async () => {
    const user = setupUser();
    const fetchMock = stubRota();
    renderWithProviders(
      <AccessContext value={accessFor('manager')}>
        <MonthlyRotaWithDialog />
      </AccessContext>,
    );

    const slot = await screen.findByRole('button', {
      name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith',
    });
    expect(slot).toHaveAccessibleDescription('Pinned: approved swap');
    expect(
      screen.getByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Bob Jones' }),
    ).toBeInTheDocument();
    await user.click(slot);
    const dialog = await screen.findByRole('dialog', {
      name: 'Duty Manager 1 — Monday 8 September 2025',
    });
    expect(within(dialog).getByRole('img', { name: 'Pinned: approved swap' })).toBeInTheDocument();
    const edits = within(dialog).getByRole('group', { name: 'Change the rota' });
    await user.click(within(edits).getByRole('button', { name: 'Unpin' }));
    expect(await findToast('status', 'Unpinned')).toBeInTheDocument();
    expect(callCount(fetchMock, 'DELETE /api/rota/slots/slot-1/pin')).toBe(1);
  });

  it('offers no Unpin on a slot that is not pinned', async () => {
    const user = setupUser();
    stubRota();
    renderWithProviders(
      <AccessContext value={accessFor('admin')}>
        <MonthlyRotaWithDialog />
      </AccessContext>,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Bob Jones' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Duty Manager 2 — Monday 8 September 2025',
    });
    const edits = within(dialog).getByRole('group', { name: 'Change the rota' });
    expect(within(edits).queryByRole('button', { name: 'Unpin' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: /Pinned/ })).not.toBeInTheDocument();
  });
});
