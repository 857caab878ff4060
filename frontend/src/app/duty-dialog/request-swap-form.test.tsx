import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { autoApproval, currentWeek, rotaDay, staffMember, swapRequest } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';
import { choose, findToast, offeredNames } from '@/testing/antd-helpers';
import { alice, allStaff, bob, cat, holiday } from '@/testing/rota-fixtures';

import { MonthlyRotaWithDialog } from './monthly-rota-with-dialog';

// Monday 8 September (the server's today): Alice and Bob. Tuesday 9 September: Alice, Cat, and Abe
// in a third slot the organisation no longer has.
const abe = staffMember('s-5', 'Abe Young');
const monday = rotaDay('2025-09-08', [alice, bob]);
const tuesday = rotaDay('2025-09-09', [alice, cat]);
const staff = [...allStaff, abe];

const SWAPS = 'POST /api/swap-requests';
const OPTIONS = 'GET /api/swap-requests/options';

/** The server's answer for a duty: who can take it (here Cat, though Abe is free too). */
function swapOptions(colleagues = [cat]) {
  return {
    duties: ['2025-09-08', '2025-09-09'],
    colleagues: colleagues.map((person) => ({
      id: person.id,
      name: person.name,
      isTeaching: person.isTeaching,
      tradeDates: [],
    })),
  };
}

function renderRota(overrides: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': { body: [monday, tuesday] },
    'GET /api/holidays': { body: [holiday()] },
    'GET /api/rota/closures': { body: [] },
    'GET /api/staff': { body: staff },
    'GET /api/auto-approval-settings': { body: autoApproval() },
    [OPTIONS]: { body: swapOptions() },
    ...overrides,
  });
  const { store } = renderWithProviders(
    <AccessContext value={accessFor('admin')}>
      <MonthlyRotaWithDialog />
    </AccessContext>,
  );
  return { fetchMock, store };
}

/** Opens Alice's Monday duty and its swap form. */
async function openSwapForm(user: UserEvent) {
  await user.click(
    await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: 'Duty Manager 1 — Monday 8 September 2025',
  });
  await user.click(await within(dialog).findByRole('button', { name: 'Request Swap' }));
  await within(dialog).findByRole('combobox', { name: 'Swap with' });
  return dialog;
}

/** Waits until the options for the duty have arrived, so the list shows them, not "Loading…". */
async function optionsArrived(store: ReturnType<typeof renderRota>['store']) {
  await waitFor(() =>
    expect(
      Object.values(store.getState().api.queries).some(
        (query) => query?.endpointName === 'getSwapOptions' && query.status !== 'pending',
      ),
    ).toBe(true),
  );
}

function reasonField(dialog: HTMLElement) {
  return within(dialog).getByRole('textbox', { name: 'Reason' });
}

describe('Request Swap form', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('offers "Ask anyone" and only the colleagues the server says can take that day', async () => {
    const { fetchMock, store } = renderRota();

    const dialog = await openSwapForm(user);
    await optionsArrived(store);

    // Abe is free that day too, but the server leaves him out (away, say): so does the list.
    expect(await offeredNames(user, dialog, 'Swap with')).toEqual(['Ask anyone', 'Cat Rowe']);
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/swap-requests/options');
    expect(asked.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { requesterId: alice.id, originalDate: '2025-09-08' },
    ]);
  });

  it('says when nobody else can take the duty, and offers nobody', async () => {
    const { store } = renderRota({ [OPTIONS]: { body: swapOptions([]) } });

    const dialog = await openSwapForm(user);
    await optionsArrived(store);

    expect(await within(dialog).findByText('Nobody else can take this duty')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Swap with' }));
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(0);
  });

  it('says when who can take the duty failed to load, and retries', async () => {
    const { fetchMock } = renderRota({
      [OPTIONS]: [
        { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
        { body: swapOptions() },
      ],
    });

    const dialog = await openSwapForm(user);

    expect(
      await within(dialog).findByText('Failed to load who can take this duty'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));

    await waitFor(() =>
      expect(
        within(dialog).queryByText('Failed to load who can take this duty'),
      ).not.toBeInTheDocument(),
    );
    expect(callCount(fetchMock, OPTIONS)).toBe(2);
    expect(await offeredNames(user, dialog, 'Swap with')).toEqual(['Ask anyone', 'Cat Rowe']);
  });

  it('asks for a colleague and a reason before sending anything', async () => {
    const { fetchMock } = renderRota();
    const dialog = await openSwapForm(user);

    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    const toast = await findToast('alert', 'Missing information');
    expect(
      within(toast).getByText('Please select a staff member and provide a reason'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Please select a staff member')).toBeInTheDocument();
    expect(within(dialog).getByText('Please provide a reason')).toBeInTheDocument();

    expect(callCount(fetchMock, SWAPS)).toBe(0);
  });

  it('takes a reason of spaces for no reason', async () => {
    const { fetchMock } = renderRota();
    const dialog = await openSwapForm(user);

    await choose(user, dialog, 'Swap with', 'Cat Rowe');
    await fill(user, reasonField(dialog), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    const toast = await findToast('alert', 'Missing information');
    expect(
      within(toast).getByText('Please select a staff member and provide a reason'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Please provide a reason')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please select a staff member')).not.toBeInTheDocument();
    expect(callCount(fetchMock, SWAPS)).toBe(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks for a cover of the duty, and says the request was created', async () => {
    const { fetchMock } = renderRota({
      [SWAPS]: {
        status: 201,
        body: {
          request: swapRequest('sw-1', alice, cat, {
            status: 'awaiting_colleague',
            originalDate: '2025-09-08',
            swapDate: '2025-09-08',
          }),
          processedAutomatically: false,
          message: 'Swap request sent to Cat Rowe. It waits for their answer.',
        },
      },
    });
    const dialog = await openSwapForm(user);

    await choose(user, dialog, 'Swap with', 'Cat Rowe');
    await fill(user, reasonField(dialog), '  Parents evening  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    const toast = await findToast('status', 'Swap request created');
    expect(
      within(toast).getByText('Swap request sent to Cat Rowe. It waits for their answer.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, SWAPS)).toEqual([
      {
        requesterId: alice.id,
        targetId: cat.id,
        originalDate: '2025-09-08',
        swapDate: '2025-09-08',
        reason: 'Parents evening',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"Ask anyone" offers the duty to everyone who can take it, naming nobody', async () => {
    const { fetchMock } = renderRota({
      [SWAPS]: {
        status: 201,
        body: {
          request: swapRequest('sw-2', alice, cat, { status: 'awaiting_colleague' }),
          processedAutomatically: false,
          message: 'Swap request offered to 1 colleague. The first to accept takes it.',
        },
      },
    });
    const dialog = await openSwapForm(user);

    await choose(user, dialog, 'Swap with', 'Ask anyone');
    await fill(user, reasonField(dialog), 'Training course');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    const toast = await findToast('status', 'Swap request created');
    expect(
      within(toast).getByText('Swap request offered to 1 colleague. The first to accept takes it.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, SWAPS)).toEqual([
      {
        requesterId: alice.id,
        open: true,
        originalDate: '2025-09-08',
        swapDate: '2025-09-08',
        reason: 'Training course',
      },
    ]);
  });

  it("shows the server's message, else a fixed one, and keeps the form", async () => {
    const { fetchMock } = renderRota({
      [SWAPS]: [
        {
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            message: 'Cat Rowe is unavailable on Monday 8 September 2025',
          },
        },
        { networkError: true },
      ],
    });
    const dialog = await openSwapForm(user);

    await choose(user, dialog, 'Swap with', 'Cat Rowe');
    await fill(user, reasonField(dialog), 'Parents evening');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    const first = await findToast('alert', 'Error');
    expect(
      within(first).getByText('Cat Rowe is unavailable on Monday 8 September 2025'),
    ).toBeInTheDocument();
    expect(reasonField(dialog)).toHaveValue('Parents evening');

    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('Failed to create swap request')).toBeInTheDocument();
    expect(callCount(fetchMock, SWAPS)).toBe(2);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Swap with' })).toBeInTheDocument();
  });

  it('says the swap needs approval when swap auto-approval is off', async () => {
    const { store } = renderRota({
      'GET /api/auto-approval-settings': { body: autoApproval({ swaps: false }) },
    });
    const dialog = await openSwapForm(user);

    // The same note shows while the settings load: wait until they have.
    await waitFor(() =>
      expect(store.getState().api.queries['getAutoApprovalSettings(undefined)']?.data).toEqual(
        autoApproval({ swaps: false }),
      ),
    );

    expect(
      await within(dialog).findByText('Swapping requires approval by an admin or manager.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Your colleague is asked first: nothing changes until they accept.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Auto-approval is on/)).not.toBeInTheDocument();
  });

  it('says when the swap will be processed automatically', async () => {
    renderRota({ 'GET /api/auto-approval-settings': { body: autoApproval({ swaps: true }) } });
    const dialog = await openSwapForm(user);

    expect(
      await within(dialog).findByText(
        'Auto-approval is on: your request will be processed automatically.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByText('Swapping requires approval by an admin or manager.'),
    ).not.toBeInTheDocument();
  });
});
