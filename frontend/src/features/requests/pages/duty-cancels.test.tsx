import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { findToast } from '@/testing/antd-helpers';
import {
  cancelRequest,
  currentUser,
  currentWeek,
  dutyManagerDuty,
  otherDuty,
  staffMember,
} from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

import type { CancelRequestDto } from '../api';
import { CancelRequestsPage } from './cancel-requests-page';

// docs/product.md#duties: a cancellation of a duty other than the Duty Manager duty, asked on screen.
const alice = staffMember('s-1', 'Alice Able');
const ownRecord = staffMember('s-9', 'Sam Staff', { userId: 'u-1', email: 'sam@hillside.example' });
const brk = otherDuty({
  id: 'd-break',
  name: 'Break',
  place: 'Playground',
  startTime: '10:40',
  endTime: '11:00',
});

function renderCancels(
  path: string,
  requests: CancelRequestDto[] = [],
  replies: Parameters<typeof stubFetch>[0] = {},
) {
  storeToken();
  const fetchMock = stubFetch({
    'GET /api/auth/user': { body: currentUser({ user: { role: 'staff', name: 'Sam Staff' } }) },
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/staff': { body: [alice, ownRecord] },
    'GET /api/duties': { body: [dutyManagerDuty(), brk] },
    'GET /api/cancel-requests': { body: requests },
    ...replies,
  });
  return {
    fetchMock,
    ...renderWithProviders(
      <AccessContext value={accessFor('staff')}>
        <CancelRequestsPage />
      </AccessContext>,
      path,
    ),
  };
}

describe('cancel requests for any duty', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it("opens the cancel form for My Rota's duty and day, which names the duty and sends its dutyId", async () => {
    const { fetchMock } = renderCancels(
      '/cancel-requests?ask=cancel&dutyId=d-break&date=2025-09-11',
      [],
      {
        'POST /api/cancel-requests': {
          status: 201,
          body: {
            request: cancelRequest('c-9', ownRecord, { date: '2025-09-11' }),
            processedAutomatically: false,
            replacement: null,
            message: 'Cancel request sent. An administrator approves or rejects it.',
          },
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request Cancel' });
    expect(await within(dialog).findByText(/Ask to be taken off your duty/)).toHaveTextContent(
      'Ask to be taken off your duty Break — Playground · 10:40–11:00 on Thursday 11 September 2025.',
    );
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(reason).toHaveFocus());
    await fill(user, reason, 'Trip');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await findToast('status', 'Cancel request pending')).toHaveTextContent(
      'Cancel request sent. An administrator approves or rejects it.',
    );
    expect(sentBodies(fetchMock, 'POST /api/cancel-requests')).toEqual([
      { staffId: 's-9', date: '2025-09-11', reason: 'Trip', dutyId: 'd-break' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Request Cancel' })).not.toBeInTheDocument(),
    );
  });

  it('closes without asking anything', async () => {
    const { fetchMock } = renderCancels(
      '/cancel-requests?ask=cancel&dutyId=d-break&date=2025-09-11',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request Cancel' });
    await user.click(await within(dialog).findByRole('button', { name: 'Close' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Request Cancel' })).not.toBeInTheDocument(),
    );
    expect(callCount(fetchMock, 'POST /api/cancel-requests')).toBe(0);
  });

  it('says so when the duty is not on the school list', async () => {
    renderCancels('/cancel-requests?ask=cancel&dutyId=d-gone&date=2025-09-11');
    const dialog = await screen.findByRole('dialog', { name: 'Request Cancel' });
    expect(await within(dialog).findByText('Duty not found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument();
  });

  it('names the duty, its place and time on the cancel card', async () => {
    renderCancels('/cancel-requests', [
      cancelRequest('c-1', alice, {
        duty: {
          id: brk.id,
          name: 'Break',
          place: 'Playground',
          startTime: '10:40',
          endTime: '11:00',
        },
      }),
    ]);
    expect(await screen.findByText('Duty: Break — Playground · 10:40–11:00')).toBeInTheDocument();
  });

  it('opens no form without the ask, and loads no duties: the page is as before', async () => {
    const { fetchMock } = renderCancels('/cancel-requests', [cancelRequest('c-1', alice)]);
    expect(
      await screen.findByRole('list', { name: 'Pending cancel requests' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/Duty:/)).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/duties')).toBe(0);
  });
});
