import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import {
  cancelRequest,
  currentUser,
  currentWeek,
  dutyManagerDuty,
  otherDuty,
  staffMember,
  swapRequest,
} from '@/testing/fixtures';
import {
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

import type { SwapRequestDto } from '../api';
import { CancelRequestsPage } from './cancel-requests-page';
import { SwapRequestsPage } from './swap-requests-page';

// docs/product.md#duties: swaps and cancellations of a duty other than the Duty Manager duty.
const alice = staffMember('s-1', 'Alice Able');
const bob = staffMember('s-2', 'Bob Brown');
const ownRecord = staffMember('s-9', 'Ada Admin', { userId: 'u-1', email: 'ada@hillside.example' });
const dutyManager = dutyManagerDuty();
const brk = otherDuty({
  id: 'd-break',
  name: 'Break',
  place: 'Playground',
  startTime: '10:40',
  endTime: '11:00',
});
const hall = otherDuty({
  id: 'd-hall',
  name: 'Hall',
  place: 'Hall',
  startTime: '10:30',
  endTime: '10:50',
});
const breakOf = {
  id: brk.id,
  name: 'Break',
  place: 'Playground',
  startTime: '10:40',
  endTime: '11:00',
};
const hallOf = { id: hall.id, name: 'Hall', place: 'Hall', startTime: '10:30', endTime: '10:50' };

function renderSwaps(
  requests: SwapRequestDto[],
  replies: Parameters<typeof stubFetch>[0] = {},
  path = '/swaps',
) {
  storeToken();
  const fetchMock = stubFetch({
    'GET /api/auth/user': { body: currentUser({ user: { role: 'admin' } }) },
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/staff': { body: [alice, bob, ownRecord] },
    'GET /api/duties': { body: [dutyManager, brk, hall] },
    'GET /api/swap-requests': { body: requests },
    ...replies,
  });
  return {
    fetchMock,
    ...renderWithProviders(
      <AccessContext value={accessFor('admin')}>
        <SwapRequestsPage />
      </AccessContext>,
      path,
    ),
  };
}

async function choose(user: UserEvent, field: HTMLElement, name: string) {
  await user.click(field);
  const option = (await screen.findAllByTitle(name)).find(
    (element) =>
      element.classList.contains('ant-select-item-option') &&
      !element.closest('.ant-select-dropdown-hidden'),
  );
  if (!option) throw new Error(`no option ${name}`);
  await user.click(option);
}

describe('requests for any duty', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it("names another duty's swaps, its place and time, and the two duties of a trade between different duties", async () => {
    renderSwaps([
      swapRequest('sw-1', alice, bob, { duty: breakOf, swapDuty: breakOf }),
      swapRequest('sw-2', bob, alice, {
        kind: 'trade',
        swapDate: '2025-09-12',
        duty: hallOf,
        swapDuty: breakOf,
      }),
      swapRequest('sw-3', alice, null, { reason: 'The Duty Manager duty' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Swap requests waiting for me' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Break — Playground · 10:40–11:00');
    expect(rows[1]).toHaveTextContent(
      'Hall — Hall · 10:30–10:50 for Break — Playground · 10:40–11:00',
    );
    // The Duty Manager duty's request reads as before: no duty line.
    expect(rows[2]).not.toHaveTextContent('—');
  });

  it('asks for a swap of another duty: the Duty field picks the duty, whose days and colleagues are offered and sent', async () => {
    const { fetchMock, store } = renderSwaps([], {
      'GET /api/swap-requests/options': {
        body: {
          duties: ['2025-09-11'],
          colleagues: [
            { id: bob.id, name: bob.name, isTeaching: true, tradeDates: ['2025-09-18'] },
          ],
        },
      },
      'POST /api/swap-requests': {
        status: 201,
        body: {
          request: swapRequest('sw-9', alice, bob),
          processedAutomatically: false,
          message: 'Swap request sent to Bob Brown. It waits for their answer.',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Swap Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Swap Request' });
    const field = (name: string) => within(dialog).getByRole('combobox', { name });
    await within(dialog).findByRole('combobox', { name: 'Duty' });
    await choose(user, field('Requester'), 'Alice Able');
    await choose(user, field('Duty'), 'Break — Playground · 10:40–11:00');
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) =>
            query?.endpointName === 'getSwapOptions' &&
            query.status === 'fulfilled' &&
            JSON.stringify(query.originalArgs) ===
              JSON.stringify({ requesterId: 's-1', dutyId: 'd-break' }),
        ),
      ).toBe(true),
    );
    await choose(user, field('Original date'), 'Thursday 11 September 2025');
    await choose(user, field('Target'), 'Bob Brown');
    await choose(user, field('Swap date'), 'Thursday 18 September 2025 (trade)');
    await fill(user, within(dialog).getByLabelText('Reason'), 'Trip');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

    await screen.findByText('Swap request sent to Bob Brown. It waits for their answer.');
    expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
      {
        requesterId: 's-1',
        targetId: 's-2',
        originalDate: '2025-09-11',
        swapDate: '2025-09-18',
        reason: 'Trip',
        dutyId: 'd-break',
      },
    ]);
  });

  it("opens Create Swap Request for My Rota's duty and day", async () => {
    renderSwaps(
      [],
      { 'GET /api/swap-requests/options': { body: { duties: ['2025-09-11'], colleagues: [] } } },
      '/swaps?ask=swap&dutyId=d-break&date=2025-09-11',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create Swap Request' });
    const duty = await within(dialog).findByRole('combobox', { name: 'Duty' });
    expect(duty.closest('.ant-select')).toHaveTextContent('Break — Playground · 10:40–11:00');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('combobox', { name: 'Original date' }).closest('.ant-select'),
      ).toHaveTextContent('Thursday 11 September 2025'),
    );
  });

  it("names another duty's cancel request", async () => {
    storeToken();
    stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { role: 'admin' } }) },
      'GET /api/current-week': { body: currentWeek() },
      'GET /api/cancel-requests': {
        body: [cancelRequest('c-1', alice, { duty: { id: brk.id, name: 'Break' } })],
      },
    });
    renderWithProviders(
      <AccessContext value={accessFor('admin')}>
        <CancelRequestsPage />
      </AccessContext>,
      '/cancel-requests',
    );
    expect(await screen.findByText('Duty: Break')).toBeInTheDocument();
  });
});
