import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { autoApproval, cancelRequest, currentWeek, rotaDay } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';
import { findToast } from '@/testing/antd-helpers';
import { alice, allStaff, bob, cat, holiday } from '@/testing/rota-fixtures';

import { MonthlyRotaWithDialog } from './monthly-rota-with-dialog';

// Monday 8 September (the server's today): Alice and Bob.
const monday = rotaDay('2025-09-08', [alice, bob]);

const CANCELS = 'POST /api/cancel-requests';
const NEEDS_APPROVAL = 'Cancelling requires admin approval.';
const AUTOMATIC = 'Auto-approval is on: your request will be processed automatically.';
const AUTO_FILL = 'The eligible colleague with the fewest duties will take the duty.';

function renderRota(overrides: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': { body: [monday] },
    'GET /api/holidays': { body: [holiday()] },
    'GET /api/rota/closures': { body: [] },
    'GET /api/staff': { body: allStaff },
    'GET /api/auto-approval-settings': { body: autoApproval() },
    ...overrides,
  });
  const { store } = renderWithProviders(
    <AccessContext value={accessFor('admin')}>
      <MonthlyRotaWithDialog />
    </AccessContext>,
  );
  return { fetchMock, store };
}

/** Opens Bob's Monday duty and its cancel form. */
async function openCancelForm(user: UserEvent) {
  await user.click(
    await screen.findByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Bob Jones' }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: 'Duty Manager 2 — Monday 8 September 2025',
  });
  await user.click(await within(dialog).findByRole('button', { name: 'Request Cancel' }));
  await within(dialog).findByRole('textbox', { name: 'Reason' });
  return dialog;
}

function reasonField(dialog: HTMLElement) {
  return within(dialog).getByRole('textbox', { name: 'Reason' });
}

describe('Request Cancel form', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('asks for a reason before sending anything', async () => {
    const { fetchMock } = renderRota();
    const dialog = await openCancelForm(user);

    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(
      await within(dialog).findByText('Please provide a reason for cancellation'),
    ).toBeInTheDocument();
    expect(reasonField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(callCount(fetchMock, CANCELS)).toBe(0);
  });

  it('takes a reason of spaces for no reason', async () => {
    const { fetchMock } = renderRota();
    const dialog = await openCancelForm(user);

    await fill(user, reasonField(dialog), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(
      await within(dialog).findByText('Please provide a reason for cancellation'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, CANCELS)).toBe(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("sends the duty and the trimmed reason, and shows the server's answer", async () => {
    const { fetchMock } = renderRota({
      [CANCELS]: {
        status: 201,
        body: {
          request: cancelRequest('c-1', bob, {
            date: '2025-09-08',
            status: 'approved',
            processedAutomatically: true,
            replacement: { id: cat.id, name: cat.name },
          }),
          processedAutomatically: true,
          replacement: { id: cat.id, name: cat.name },
          message: 'Cancel request processed automatically. Cat Rowe takes the duty.',
        },
      },
    });
    const dialog = await openCancelForm(user);

    await fill(user, reasonField(dialog), '  Hospital appointment ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    const toast = await findToast('status', 'Cancel request processed');
    expect(
      within(toast).getByText('Cancel request processed automatically. Cat Rowe takes the duty.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, CANCELS)).toEqual([
      { staffId: bob.id, date: '2025-09-08', reason: 'Hospital appointment' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('titles a cancel request that waits for approval as pending, not processed', async () => {
    renderRota({
      [CANCELS]: {
        status: 201,
        body: {
          request: cancelRequest('c-1', bob, { date: '2025-09-08', status: 'pending' }),
          processedAutomatically: false,
          replacement: null,
          message: 'Cancel request created. It is pending approval.',
        },
      },
    });
    const dialog = await openCancelForm(user);

    await fill(user, reasonField(dialog), 'Hospital appointment');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    const toast = await findToast('status', 'Cancel request pending');
    expect(
      within(toast).getByText('Cancel request created. It is pending approval.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Cancel request processed')).not.toBeInTheDocument();
  });

  it("shows the server's message, else a fixed one, and keeps the form", async () => {
    const { fetchMock } = renderRota({
      [CANCELS]: [
        {
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            message: 'A cancel request for this duty is already pending',
          },
        },
        { networkError: true },
      ],
    });
    const dialog = await openCancelForm(user);

    await fill(user, reasonField(dialog), 'Hospital appointment');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    const first = await findToast('alert', 'Error');
    expect(
      within(first).getByText('A cancel request for this duty is already pending'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('Failed to create cancel request')).toBeInTheDocument();
    expect(callCount(fetchMock, CANCELS)).toBe(2);
    expect(reasonField(dialog)).toHaveValue('Hospital appointment');
  });

  it('says cancelling needs admin approval when cancellation auto-approval is off', async () => {
    const { store } = renderRota({
      'GET /api/auto-approval-settings': {
        body: autoApproval({ cancellations: false, autoFillCancellations: true }),
      },
    });
    const dialog = await openCancelForm(user);

    // The same note shows while the settings load: wait until they have.
    await waitFor(() =>
      expect(store.getState().api.queries['getAutoApprovalSettings(undefined)']?.data).toEqual(
        autoApproval({ cancellations: false, autoFillCancellations: true }),
      ),
    );
    expect(await within(dialog).findByText(NEEDS_APPROVAL)).toBeInTheDocument();
    expect(within(dialog).queryByText(AUTOMATIC)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(AUTO_FILL)).not.toBeInTheDocument();
  });

  it('says the request is processed automatically, and who takes the duty with auto-fill', async () => {
    renderRota({
      'GET /api/auto-approval-settings': {
        body: autoApproval({ cancellations: true, autoFillCancellations: true }),
      },
    });
    const dialog = await openCancelForm(user);

    expect(await within(dialog).findByText(AUTOMATIC)).toBeInTheDocument();
    expect(within(dialog).getByText(AUTO_FILL)).toBeInTheDocument();
    expect(within(dialog).queryByText(NEEDS_APPROVAL)).not.toBeInTheDocument();
  });

  it('says the request is processed automatically, without auto-fill', async () => {
    renderRota({
      'GET /api/auto-approval-settings': {
        body: autoApproval({ cancellations: true, autoFillCancellations: false }),
      },
    });
    const dialog = await openCancelForm(user);

    expect(await within(dialog).findByText(AUTOMATIC)).toBeInTheDocument();
    expect(within(dialog).queryByText(AUTO_FILL)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(NEEDS_APPROVAL)).not.toBeInTheDocument();
  });
});
