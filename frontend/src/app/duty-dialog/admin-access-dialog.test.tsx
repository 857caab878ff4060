import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import {
  autoApproval,
  cancelRequest,
  currentUser,
  currentWeek,
  rotaDay,
  swapRequest,
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
import { choose, findToast, offeredNames } from '@/testing/antd-helpers';
import { alice, bob, cat, dan } from '@/testing/rota-fixtures';

import { AdminAccessDialog } from './admin-access-dialog';
import type { DutySlot } from '@/features/rota/lib/duty-slot';

// Alice signs in as staff; her staff record is linked to her user. The server's today is Monday
// 8 September 2025.
const aliceAccount = { ...alice, userId: 'u-2' };
const monday = rotaDay('2025-09-08', [alice, bob]);
const lastFriday = rotaDay('2025-09-05', [alice, bob]);

const aliceOnMonday: DutySlot = { date: '2025-09-08', position: 1, day: monday };
const bobOnMonday: DutySlot = { date: '2025-09-08', position: 2, day: monday };
const aliceLastFriday: DutySlot = { date: '2025-09-05', position: 1, day: lastFriday };

const EXPLANATION = 'Only admins and managers can change the rota';
const OWN_DUTY = 'This is your duty: Duty Manager 1 on Monday 8 September 2025.';

function renderDialog(slot: DutySlot | undefined, overrides: Parameters<typeof stubFetch>[0] = {}) {
  storeToken();
  const fetchMock = stubFetch({
    'GET /api/auth/user': {
      body: currentUser({
        user: { id: 'u-2', name: 'Alice Smith', email: alice.email, role: 'staff' },
      }),
    },
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/staff': { body: [cat, dan, bob, aliceAccount] },
    'GET /api/auto-approval-settings': { body: autoApproval() },
    ...overrides,
  });
  const onClose = vi.fn();
  const { store } = renderWithProviders(
    <AccessContext value={accessFor('staff')}>
      <AdminAccessDialog open slot={slot} dutyManagersPerDay={2} onClose={onClose} />
    </AccessContext>,
  );
  /** Once today, the signed-in user and the staff list are known: whose duty it is is settled. */
  const settled = () =>
    waitFor(() => {
      const { queries } = store.getState().api;
      for (const query of ['getCurrentWeek', 'getCurrentUser', 'getStaff']) {
        expect(queries[`${query}(undefined)`]?.status).toBe('fulfilled');
      }
    });
  return { fetchMock, onClose, settled };
}

function dialog(): HTMLElement {
  return screen.getByRole('dialog', { name: 'Admin access required' });
}

describe('Admin access dialog', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('offers the swap and cancel requests on your own duty', async () => {
    renderDialog(aliceOnMonday);

    expect(await within(dialog()).findByText(OWN_DUTY, { exact: false })).toBeInTheDocument();
    expect(dialog()).toHaveTextContent(EXPLANATION);
    expect(within(dialog()).getByRole('button', { name: 'Request Swap' })).toBeEnabled();
    expect(within(dialog()).getByRole('button', { name: 'Request Cancel' })).toBeEnabled();
    expect(within(dialog()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks a colleague to cover your duty', async () => {
    const { fetchMock, onClose } = renderDialog(aliceOnMonday, {
      // Who can take Alice's Monday, as the server says.
      'GET /api/swap-requests/options': {
        body: {
          duties: ['2025-09-08', '2025-09-09'],
          colleagues: [{ id: cat.id, name: cat.name, isTeaching: true, tradeDates: [] }],
        },
      },
      'POST /api/swap-requests': {
        status: 201,
        body: {
          request: swapRequest('sw-1', alice, cat),
          processedAutomatically: false,
          message: 'Swap request sent to Cat Rowe. It waits for their answer.',
        },
      },
    });

    await user.click(await within(dialog()).findByRole('button', { name: 'Request Swap' }));
    await waitFor(() =>
      expect(within(dialog()).getByRole('combobox', { name: 'Swap with' })).toHaveFocus(),
    );
    expect(dialog()).toHaveTextContent(
      'Choose a colleague to cover your duty on Monday 8 September 2025.',
    );
    expect(await offeredNames(user, dialog(), 'Swap with')).toEqual(['Ask anyone', 'Cat Rowe']);
    await choose(user, dialog(), 'Swap with', 'Cat Rowe');
    await fill(user, within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Parents evening');
    await user.click(within(dialog()).getByRole('button', { name: 'Send Request' }));

    expect(await findToast('status', 'Swap request created')).toHaveTextContent(
      'Swap request sent to Cat Rowe. It waits for their answer.',
    );
    expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
      {
        requesterId: alice.id,
        targetId: cat.id,
        originalDate: '2025-09-08',
        swapDate: '2025-09-08',
        reason: 'Parents evening',
      },
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks for your duty to be cancelled, saying what happens next', async () => {
    const { fetchMock, onClose } = renderDialog(aliceOnMonday, {
      'POST /api/cancel-requests': {
        status: 201,
        body: {
          request: cancelRequest('c-1', alice, { date: '2025-09-08', status: 'approved' }),
          processedAutomatically: true,
          replacement: { id: cat.id, name: cat.name },
          message: 'Cancel request processed automatically. Cat Rowe takes the duty.',
        },
      },
    });

    await user.click(await within(dialog()).findByRole('button', { name: 'Request Cancel' }));

    expect(
      await within(dialog()).findByText(
        'Auto-approval is on: your request will be processed automatically.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog()).getByText(
        'The eligible colleague with the fewest duties will take the duty.',
      ),
    ).toBeInTheDocument();
    const reason = within(dialog()).getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(reason).toHaveFocus());
    await fill(user, reason, 'Hospital appointment');
    await user.click(within(dialog()).getByRole('button', { name: 'Send Request' }));

    expect(await findToast('status', 'Cancel request processed')).toHaveTextContent(
      'Cancel request processed automatically. Cat Rowe takes the duty.',
    );
    expect(sentBodies(fetchMock, 'POST /api/cancel-requests')).toEqual([
      { staffId: alice.id, date: '2025-09-08', reason: 'Hospital appointment' },
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('goes back from a form to the offer', async () => {
    const { fetchMock } = renderDialog(aliceOnMonday);

    await user.click(await within(dialog()).findByRole('button', { name: 'Request Cancel' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));

    expect(within(dialog()).getByRole('button', { name: 'Request Cancel' })).toHaveFocus();
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/cancel-requests')).toBe(0);
  });

  it("offers a trade on a colleague's duty, with one of your duties they could take", async () => {
    const { fetchMock, onClose, settled } = renderDialog(bobOnMonday, {
      // Alice's duties Bob could take in exchange for his Monday, as the server says.
      'GET /api/swap-requests/options': { body: { duties: ['2025-09-11'], colleagues: [] } },
      'POST /api/swap-requests': {
        status: 201,
        body: {
          request: swapRequest('sw-2', alice, bob, {
            status: 'awaiting_colleague',
            kind: 'trade',
            originalDate: '2025-09-11',
            swapDate: '2025-09-08',
          }),
          processedAutomatically: false,
          message: 'Swap request sent to Bob Jones. It waits for their answer.',
        },
      },
    });
    await settled();

    expect(dialog()).toHaveTextContent(EXPLANATION);
    expect(dialog()).toHaveTextContent(
      "This is Bob Jones's duty: Duty Manager 2 on Monday 8 September 2025.",
    );
    // Not the requests of one's own duty: it is Bob's.
    expect(within(dialog()).queryByRole('button', { name: 'Request Cancel' })).toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: 'Ask Bob Jones to trade' }));

    await within(dialog()).findByRole('combobox', { name: 'Your duty' });
    await choose(user, dialog(), 'Your duty', 'Thursday 11 September 2025');
    await fill(user, within(dialog()).getByRole('textbox', { name: 'Reason' }), 'School trip');
    await user.click(within(dialog()).getByRole('button', { name: 'Send Request' }));

    expect(await findToast('status', 'Swap request created')).toHaveTextContent(
      'Swap request sent to Bob Jones. It waits for their answer.',
    );
    expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
      {
        requesterId: alice.id,
        targetId: bob.id,
        originalDate: '2025-09-11',
        swapDate: '2025-09-08',
        reason: 'School trip',
      },
    ]);
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/swap-requests/options')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(asked).toContainEqual({
      requesterId: alice.id,
      targetId: bob.id,
      swapDate: '2025-09-08',
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says when none of your duties could be traded for a colleague's, and goes back", async () => {
    const { settled } = renderDialog(bobOnMonday, {
      'GET /api/swap-requests/options': { body: { duties: [], colleagues: [] } },
    });
    await settled();

    const trade = within(dialog()).getByRole('button', { name: 'Ask Bob Jones to trade' });
    await user.click(trade);
    expect(
      await within(dialog()).findByText(/^You have no duty Bob Jones could take in exchange/),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));

    await waitFor(() =>
      expect(
        within(dialog()).getByRole('button', { name: 'Ask Bob Jones to trade' }),
      ).toHaveFocus(),
    );
  });

  it('explains, without requests, on your own duty that has passed', async () => {
    const { settled } = renderDialog(aliceLastFriday);

    await settled();

    expect(dialog()).toHaveTextContent(EXPLANATION);
    expect(within(dialog()).getByRole('link', { name: 'Cancel Requests' })).toBeInTheDocument();
    expect(
      within(dialog()).queryByRole('button', { name: 'Request Swap' }),
    ).not.toBeInTheDocument();
  });

  it('explains without a slot, and closes with OK', async () => {
    const { fetchMock, onClose } = renderDialog(undefined);

    expect(dialog()).toHaveTextContent(EXPLANATION);
    expect(within(dialog()).getByRole('link', { name: 'Swap Requests' })).toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/staff')).toBe(0);

    await user.click(within(dialog()).getByRole('button', { name: 'OK' }));

    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
