import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { StaffDto } from '@/features/staff/api';
import { AccessContext, accessFor } from '@/shared/auth/access';
import { formatDateTime } from '@/shared/lib/dates';
import { currentUser, currentWeek, staffMember, swapRequest } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderApp,
  renderWithProviders,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

import type { SwapRequestDto } from '../api';
import { REQUIRED_MESSAGES, SWAP_DATE_HELP } from '../components/create-swap-request-dialog';
import { SwapRequestsPage } from './swap-requests-page';

// The signed-in user of `currentUser()` is u-1 (ada@hillside.example). Sent unsorted.
const cara = staffMember('s-3', 'Cara Cole');
const alice = staffMember('s-1', 'Alice Able');
const dan = staffMember('s-4', 'Dan Dunn', { isActive: false });
const bob = staffMember('s-2', 'Bob Brown');
const allStaff = [cara, alice, dan, bob];
const ownRecord = staffMember('s-9', 'Ada Admin', { userId: 'u-1', email: 'ada@hillside.example' });

const cover = swapRequest('sw-1', alice, bob);
const trade = swapRequest('sw-2', cara, alice, {
  kind: 'trade',
  originalDate: '2025-09-15',
  swapDate: '2025-09-19',
  reason: 'Dentist',
  createdAt: '2025-09-08T10:45:00.000Z',
});
const approved = swapRequest('sw-3', bob, cara, {
  status: 'approved',
  processedAutomatically: true,
  decidedAt: '2025-09-08T09:00:00.000Z',
  updatedAt: '2025-09-08T09:00:00.000Z',
});
const rejected = swapRequest('sw-4', null, null, {
  status: 'rejected',
  reason: 'Too late',
  decidedBy: { id: 's-1', name: 'Alice Able' },
  decidedAt: '2025-09-05T14:20:00.000Z',
  updatedAt: '2025-09-05T14:20:00.000Z',
});

type Replies = Parameters<typeof stubFetch>[0];

function renderSwaps(
  options: {
    role?: string;
    staff?: StaffDto[];
    requests?: SwapRequestDto[];
    replies?: Replies;
  } = {},
) {
  const role = options.role ?? 'admin';
  storeToken();
  const fetchMock = stubFetch({
    'GET /api/auth/user': { body: currentUser({ user: { role: role as 'staff' } }) },
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/staff': { body: options.staff ?? allStaff },
    'GET /api/swap-requests': { body: options.requests ?? [cover, trade, approved, rejected] },
    ...options.replies,
  });
  const rendered = renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <SwapRequestsPage />
    </AccessContext>,
    '/swaps',
  );
  return { fetchMock, ...rendered };
}

async function pendingRows(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Swap requests waiting for me' });
  return within(list).getAllByRole('listitem');
}

async function completedRows(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Completed swap requests' });
  return within(list).getAllByRole('listitem');
}

async function openDialog(user: UserEvent): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'Create Swap Request' }));
  return screen.findByRole('dialog', { name: 'Create Swap Request' });
}

/** Opens the dialog and waits for its form, which needs the staff list first. */
async function openForm(user: UserEvent): Promise<HTMLElement> {
  const dialog = await openDialog(user);
  await within(dialog).findByRole('combobox', { name: 'Requester' });
  return dialog;
}

/** The names a staff picker offers, in order. */
async function offeredNames(user: UserEvent, field: HTMLElement): Promise<string[]> {
  await user.click(field);
  await screen.findAllByRole('option');
  const popup = document.querySelector(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  ) as HTMLElement;
  const names = Array.from(popup.querySelectorAll('.ant-select-item-option')).map(
    (option) => option.getAttribute('title') ?? '',
  );
  // Clicking again closes the list (Escape would close the dialog too).
  await user.click(field);
  return names;
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

/** The options the open Select's list shows now (after typing, the ones that match). */
function visibleOptions(): string[] {
  const popup = document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  return Array.from(popup?.querySelectorAll('.ant-select-item-option') ?? []).map(
    (option) => option.getAttribute('title') ?? '',
  );
}

function visibleOption(title: string): HTMLElement {
  const popup = document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const option = popup?.querySelector(`.ant-select-item-option[title="${title}"]`);
  if (!option) throw new Error(`no option ${title}`);
  return option as HTMLElement;
}

function selectedText(field: HTMLElement): string | null {
  return field.closest('.ant-select')?.querySelector('.ant-select-content')?.textContent ?? null;
}

describe('Swap Requests page', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  describe('the lists', () => {
    it('has the heading and tabs with counts, and lists pending requests first', async () => {
      renderSwaps();

      expect(screen.getByRole('heading', { level: 1, name: 'Swap Requests' })).toBeInTheDocument();
      expect(document.title).toBe('Swap Requests · Duty Manager');
      expect(await screen.findByRole('tab', { name: 'Waiting for me (2)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(screen.getByRole('tab', { name: 'History (2)' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Waiting for me' })).toBeInTheDocument();

      const [first, second] = await pendingRows();
      const row = within(first as HTMLElement);
      expect(row.getByText('Alice Able → Bob Brown')).toBeInTheDocument();
      expect(row.getByText('Cover')).toBeInTheDocument();
      expect(row.getByText('Original date: Wed 10 Sep 2025')).toBeInTheDocument();
      expect(row.queryByText(/Swap date/)).not.toBeInTheDocument();
      expect(row.getByText('Parents evening')).toBeInTheDocument();
      expect(first).toHaveTextContent(`Requested ${formatDateTime(cover.createdAt)}`);

      const tradeRow = within(second as HTMLElement);
      expect(tradeRow.getByText('Cara Cole → Alice Able')).toBeInTheDocument();
      expect(tradeRow.getByText('Trade')).toBeInTheDocument();
      expect(
        tradeRow.getByText('Original date: Mon 15 Sep 2025 · Swap date: Fri 19 Sep 2025'),
      ).toBeInTheDocument();
      expect(tradeRow.getByText('Dentist')).toBeInTheDocument();
      expect(second).toHaveTextContent(`Requested ${formatDateTime(trade.createdAt)}`);

      expect(
        screen.getByRole('button', { name: 'Approve swap request from Alice Able' }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Reject swap request from Cara Cole' }),
      ).toBeInTheDocument();
    });

    it('shows decided requests under Recent History with their badges and times', async () => {
      renderSwaps();

      await user.click(await screen.findByRole('tab', { name: 'History (2)' }));

      expect(screen.getByRole('heading', { level: 2, name: 'Recent History' })).toBeInTheDocument();
      const [first, second] = await completedRows();
      const approvedRow = within(first as HTMLElement);
      expect(approvedRow.getByText('Bob Brown → Cara Cole')).toBeInTheDocument();
      const approvedTag = approvedRow.getByText('Approved');
      expect(approvedTag).toHaveClass('ant-tag-green');
      expect(approvedRow.getByText('Processed automatically')).toBeInTheDocument();
      expect(first).toHaveTextContent(`Updated ${formatDateTime(approved.updatedAt)}`);

      const rejectedRow = within(second as HTMLElement);
      expect(rejectedRow.getByText('Unknown Staff → Unknown Staff')).toBeInTheDocument();
      expect(rejectedRow.getByText('Rejected')).toHaveClass('ant-tag-red');
      expect(rejectedRow.queryByText('Processed automatically')).not.toBeInTheDocument();
      expect(second).toHaveTextContent(
        `Updated ${formatDateTime(rejected.updatedAt)} by Alice Able`,
      );
      expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    });

    it('reads a missing name as Unknown Staff, also in the button names', async () => {
      renderSwaps({ requests: [swapRequest('sw-5', null, bob)] });

      const [row] = await pendingRows();
      expect(within(row as HTMLElement).getByText('Unknown Staff → Bob Brown')).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Approve swap request from Unknown Staff' }),
      ).toBeInTheDocument();
    });

    it('says when there are no pending and no completed requests', async () => {
      renderSwaps({ requests: [] });

      expect(await screen.findByText('No pending swap requests')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Waiting for me (0)' })).toBeInTheDocument();

      await user.click(screen.getByRole('tab', { name: 'History (0)' }));

      expect(await screen.findByText('No completed swap requests')).toBeInTheDocument();
    });

    it('shows placeholders while loading, and no counts yet', async () => {
      renderSwaps();

      const loading = screen.getByRole('status', { name: 'Loading swap requests' });
      expect(loading.querySelectorAll('.ant-card')).toHaveLength(3);
      expect(screen.getByRole('tab', { name: 'Waiting for me' })).toBeInTheDocument();

      await pendingRows();
      expect(screen.queryByRole('status', { name: 'Loading swap requests' })).toBeNull();
    });

    it("shows the server's reason when the list fails, and retries", async () => {
      const { fetchMock } = renderSwaps({
        replies: {
          'GET /api/swap-requests': [
            {
              status: 500,
              body: { statusCode: 500, message: 'Database unavailable', error: 'Server Error' },
            },
            { body: [cover] },
          ],
        },
      });

      expect(await screen.findByText('Failed to load swap requests')).toBeInTheDocument();
      expect(screen.getByText('Database unavailable')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Retry' }));

      expect(await pendingRows()).toHaveLength(1);
      expect(screen.getByRole('tab', { name: 'Waiting for me (1)' })).toBeInTheDocument();
      expect(callCount(fetchMock, 'GET /api/swap-requests')).toBe(2);
    });
  });

  describe('deciding', () => {
    it('approves a request and refreshes the lists', async () => {
      const decided = { ...cover, status: 'approved' as const };
      const { fetchMock } = renderSwaps({
        replies: {
          'GET /api/swap-requests': [{ body: [cover, trade] }, { body: [trade, decided] }],
          'PUT /api/swap-requests/sw-1': { body: decided },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Approve swap request from Alice Able' }),
      );

      const toast = await screen.findByText('Swap request updated successfully');
      expect(toast.closest('.ant-notification-notice')).toHaveTextContent('Success');
      expect(sentBodies(fetchMock, 'PUT /api/swap-requests/sw-1')).toEqual([
        { status: 'approved' },
      ]);
      expect(await screen.findByRole('tab', { name: 'Waiting for me (1)' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'History (1)' })).toBeInTheDocument();
    });

    it('rejects a request', async () => {
      const { fetchMock } = renderSwaps({
        replies: {
          'PUT /api/swap-requests/sw-2': { body: { ...trade, status: 'rejected' } },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Reject swap request from Cara Cole' }),
      );

      expect(await screen.findByText('Swap request updated successfully')).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'PUT /api/swap-requests/sw-2')).toEqual([
        { status: 'rejected' },
      ]);
    });

    it("shows the server's reason when a decision fails", async () => {
      renderSwaps({
        replies: {
          'PUT /api/swap-requests/sw-1': {
            status: 400,
            body: {
              statusCode: 400,
              message: 'Bob Brown is already on duty on 10 September',
              error: 'Bad Request',
            },
          },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Approve swap request from Alice Able' }),
      );

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Error')).toBeInTheDocument();
      expect(
        within(alert).getByText('Bob Brown is already on duty on 10 September'),
      ).toBeInTheDocument();
    });

    it('falls back to a fixed text when the server gives no reason', async () => {
      renderSwaps({ replies: { 'PUT /api/swap-requests/sw-1': { networkError: true } } });

      await user.click(
        await screen.findByRole('button', { name: 'Reject swap request from Alice Able' }),
      );

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Failed to update swap request')).toBeInTheDocument();
    });

    it('says so when someone else decided first, and shows the decision that stands', async () => {
      const decided = { ...cover, status: 'rejected' as const };
      const { fetchMock } = renderSwaps({
        replies: {
          'GET /api/swap-requests': [{ body: [cover] }, { body: [decided] }],
          'PUT /api/swap-requests/sw-1': {
            status: 409,
            body: {
              statusCode: 409,
              message:
                "This swap request has already been rejected; a decided request can't change again",
              error: 'Conflict',
              code: 'already_decided',
            },
          },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Approve swap request from Alice Able' }),
      );

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Already decided')).toBeInTheDocument();
      expect(
        within(alert).getByText(
          "This swap request has already been rejected; a decided request can't change again",
        ),
      ).toBeInTheDocument();
      expect(await screen.findByText('No pending swap requests')).toBeInTheDocument();
      expect(callCount(fetchMock, 'GET /api/swap-requests')).toBe(2);
    });

    it('hides Approve and Reject from staff', async () => {
      storeToken();
      stubFetch({
        'GET /api/auth/user': { body: currentUser({ user: { role: 'staff' } }) },
        'GET /api/swap-requests': { body: [cover, trade] },
      });

      renderApp('/swaps');

      await user.click(await screen.findByRole('tab', { name: 'My requests (2)' }));
      const list = await screen.findByRole('list', { name: 'My swap requests' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
      expect(
        screen.getByText(
          'The colleague answers first; then administrators and managers approve or reject swap requests.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Create Swap Request' })).toBeInTheDocument();
    });

    it('lets managers decide', async () => {
      renderSwaps({ role: 'manager' });

      expect(
        await screen.findByRole('button', { name: 'Approve swap request from Alice Able' }),
      ).toBeInTheDocument();
    });
  });

  describe('answering, withdrawing and the states in words', () => {
    // Seen by Ada (staff): Alice asked her by name; Bob offers his duty to anyone; Ada asked Cara.
    const askedMe = swapRequest('sw-10', alice, ownRecord, {
      status: 'awaiting_colleague',
      waitingFor: 'colleague',
      answeredAt: null,
      canAnswer: true,
      canDecline: true,
    });
    const offered = swapRequest('sw-11', bob, null, {
      status: 'awaiting_colleague',
      waitingFor: 'colleague',
      open: true,
      targetId: null,
      answeredAt: null,
      canAnswer: true,
    });
    const mine = swapRequest('sw-12', ownRecord, cara, {
      status: 'awaiting_colleague',
      waitingFor: 'colleague',
      answeredAt: null,
      canWithdraw: true,
    });
    const staffView = { role: 'staff', staff: [...allStaff, ownRecord] };

    it('lists what waits for my answer with Accept, and Decline only when I was asked by name', async () => {
      renderSwaps({ ...staffView, requests: [askedMe, offered, mine] });

      expect(await screen.findByRole('tab', { name: 'Waiting for me (2)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const [named, open] = await pendingRows();
      expect(within(named as HTMLElement).getByText('Alice Able → Ada Admin')).toBeInTheDocument();
      expect(within(named as HTMLElement).getByText('Waiting for Ada Admin')).toBeInTheDocument();
      expect(
        within(named as HTMLElement).getByRole('button', {
          name: 'Accept swap request from Alice Able',
        }),
      ).toBeInTheDocument();
      expect(
        within(named as HTMLElement).getByRole('button', {
          name: 'Decline swap request from Alice Able',
        }),
      ).toBeInTheDocument();
      expect(within(open as HTMLElement).getByText('Bob Brown → anyone')).toBeInTheDocument();
      expect(within(open as HTMLElement).getByText('Open to anyone')).toBeInTheDocument();
      expect(
        within(open as HTMLElement).getByRole('button', {
          name: 'Accept swap request from Bob Brown',
        }),
      ).toBeInTheDocument();
      expect(within(open as HTMLElement).queryByRole('button', { name: /Decline/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Approve|Reject|Withdraw/ })).toBeNull();
    });

    it("accepts and shows the server's message", async () => {
      const { fetchMock } = renderSwaps({
        ...staffView,
        requests: [askedMe],
        replies: {
          'POST /api/swap-requests/sw-10/accept': {
            body: {
              request: { ...askedMe, status: 'pending', canAnswer: false, canDecline: false },
              processedAutomatically: false,
              message:
                "You accepted Alice Able's request for Wednesday 10 September. It now waits for approval.",
            },
          },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Accept swap request from Alice Able' }),
      );

      expect(
        await screen.findByText(
          "You accepted Alice Able's request for Wednesday 10 September. It now waits for approval.",
        ),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/swap-requests/sw-10/accept')).toBe(1);
    });

    it('declines', async () => {
      const { fetchMock } = renderSwaps({
        ...staffView,
        requests: [askedMe],
        replies: {
          'POST /api/swap-requests/sw-10/decline': { body: { ...askedMe, status: 'declined' } },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Decline swap request from Alice Able' }),
      );

      expect(
        await screen.findByText("You declined Alice Able's request. The duty stays theirs."),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/swap-requests/sw-10/decline')).toBe(1);
    });

    it('says when someone else took an open request first, and refreshes the list', async () => {
      const { fetchMock } = renderSwaps({
        ...staffView,
        replies: {
          'GET /api/swap-requests': [{ body: [offered] }, { body: [] }],
          'POST /api/swap-requests/sw-11/accept': {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              message: 'Someone else has already taken this duty',
              code: 'already_taken',
            },
          },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Accept swap request from Bob Brown' }),
      );

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Already taken')).toBeInTheDocument();
      expect(
        within(alert).getByText('Someone else has already taken this duty'),
      ).toBeInTheDocument();
      expect(await screen.findByText('No swap requests wait for your answer')).toBeInTheDocument();
      expect(callCount(fetchMock, 'GET /api/swap-requests')).toBe(2);
    });

    it('withdraws my own request after asking', async () => {
      const { fetchMock } = renderSwaps({
        ...staffView,
        requests: [mine],
        replies: {
          'POST /api/swap-requests/sw-12/withdraw': { body: { ...mine, status: 'withdrawn' } },
        },
      });

      await user.click(await screen.findByRole('tab', { name: 'My requests (1)' }));
      const list = await screen.findByRole('list', { name: 'My swap requests' });
      expect(within(list).getByText('Waiting for Cara Cole')).toBeInTheDocument();
      expect(within(list).queryByRole('button', { name: /Accept/ })).toBeNull();
      await user.click(
        within(list).getByRole('button', { name: 'Withdraw swap request from Ada Admin' }),
      );
      expect(await screen.findByText('Withdraw this swap request?')).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/swap-requests/sw-12/withdraw')).toBe(0);
      await user.click(screen.getByRole('button', { name: 'Withdraw' }));

      expect(await screen.findByText('The swap request has been withdrawn.')).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/swap-requests/sw-12/withdraw')).toBe(1);
    });

    it('names every finished state, and marks an approval given before the answer', async () => {
      const finished = [
        swapRequest('sw-20', alice, bob, { status: 'approved', approvedUnanswered: true }),
        swapRequest('sw-21', alice, bob, { status: 'declined' }),
        swapRequest('sw-22', alice, bob, { status: 'withdrawn' }),
        swapRequest('sw-23', alice, bob, { status: 'expired' }),
        swapRequest('sw-24', alice, bob, { status: 'rejected' }),
      ].map((request) => ({ ...request, waitingFor: null }));
      renderSwaps({ requests: finished });

      await user.click(await screen.findByRole('tab', { name: 'History (5)' }));
      const rows = await completedRows();
      expect(rows.map((row) => within(row).getAllByText(/^[A-Z][a-z]+$/)[0]?.textContent)).toEqual([
        'Approved',
        'Declined',
        'Withdrawn',
        'Expired',
        'Rejected',
      ]);
      expect(
        within(rows[0] as HTMLElement).getByText('Approved before answer'),
      ).toBeInTheDocument();
      expect(within(rows[1] as HTMLElement).queryByText('Approved before answer')).toBeNull();
    });

    it("offers an admin Approve on a named request the colleague hasn't answered, but not a manager", async () => {
      const waiting = swapRequest('sw-30', alice, bob, {
        status: 'awaiting_colleague',
        waitingFor: 'colleague',
        answeredAt: null,
        canWithdraw: true,
      });
      renderSwaps({ requests: [waiting] });

      await user.click(await screen.findByRole('tab', { name: 'Waiting for colleagues (1)' }));
      const list = await screen.findByRole('list', {
        name: 'Swap requests waiting for colleagues',
      });
      expect(within(list).getByText('Waiting for Bob Brown')).toBeInTheDocument();
      expect(
        within(list).getByRole('button', { name: 'Approve swap request from Alice Able' }),
      ).toBeInTheDocument();
      expect(
        within(list).getByRole('button', { name: 'Withdraw swap request from Alice Able' }),
      ).toBeInTheDocument();
    });

    it('gives a manager no Approve before the colleague has answered', async () => {
      const waiting = swapRequest('sw-30', alice, bob, {
        status: 'awaiting_colleague',
        waitingFor: 'colleague',
        answeredAt: null,
      });
      renderSwaps({ role: 'manager', requests: [waiting] });

      await user.click(await screen.findByRole('tab', { name: 'Waiting for colleagues (1)' }));
      await screen.findByText('Waiting for Bob Brown');
      expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    });
  });

  describe('a link to one request', () => {
    it('opens the tab holding it and highlights it', async () => {
      storeToken();
      stubFetch({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/current-week': { body: currentWeek() },
        'GET /api/staff': { body: allStaff },
        'GET /api/swap-requests': { body: [cover, trade, approved, rejected] },
      });
      renderWithProviders(
        <AccessContext value={accessFor('admin')}>
          <SwapRequestsPage />
        </AccessContext>,
        '/swaps?request=sw-4',
      );

      expect(await screen.findByRole('tab', { name: 'History (2)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const rows = await completedRows();
      expect(rows[1]).toHaveAttribute('aria-current', 'true');
      expect(rows[0]).not.toHaveAttribute('aria-current');
      await waitFor(() => expect(rows[1]).toHaveFocus());

      // The tabs still change by hand.
      await user.click(screen.getByRole('tab', { name: 'Waiting for me (2)' }));
      expect(screen.getByRole('tab', { name: 'Waiting for me (2)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });
  });

  describe('creating', () => {
    const OPTIONS = 'GET /api/swap-requests/options';
    // Alice's future duties; for the one chosen, who can take it and what they could trade.
    const options = {
      duties: ['2025-09-10', '2025-09-15'],
      colleagues: [
        { id: bob.id, name: bob.name, isTeaching: true, tradeDates: ['2025-09-17', '2025-09-19'] },
        { id: cara.id, name: cara.name, isTeaching: false, tradeDates: [] },
      ],
    };
    const created = (message: string) => ({
      status: 201,
      body: { request: cover, processedAutomatically: false, message },
    });

    it('opens the dialog with focus in it, and marks every field as required', async () => {
      const { fetchMock } = renderSwaps({ replies: { [OPTIONS]: { body: options } } });
      await pendingRows();

      const dialog = await openForm(user);

      await waitFor(() =>
        expect(within(dialog).getByRole('combobox', { name: 'Requester' })).toHaveFocus(),
      );
      const required = Array.from(dialog.querySelectorAll('.ant-form-item-required')).map(
        (label) => label.textContent,
      );
      expect(required).toEqual(['Requester', 'Original date', 'Target', 'Swap date', 'Reason']);
      expect(within(dialog).getByText(SWAP_DATE_HELP)).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      for (const message of Object.values(REQUIRED_MESSAGES)) {
        expect(await within(dialog).findByText(message)).toBeInTheDocument();
      }
      expect(callCount(fetchMock, 'POST /api/swap-requests')).toBe(0);
    });

    it('refuses a reason of spaces only', async () => {
      const { fetchMock } = renderSwaps({ replies: { [OPTIONS]: { body: options } } });
      await pendingRows();
      const dialog = await openForm(user);

      await fill(user, within(dialog).getByLabelText('Reason'), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      expect(await within(dialog).findByText(REQUIRED_MESSAGES.reason)).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/swap-requests')).toBe(0);
    });

    it("offers only the requester's duties, the colleagues who can take the chosen one, and their trade dates", async () => {
      const { fetchMock, store } = renderSwaps({
        replies: {
          [OPTIONS]: { body: options },
          'POST /api/swap-requests': created(
            'Swap request sent to Bob Brown. It waits for their answer.',
          ),
        },
      });
      await pendingRows();
      const dialog = await openForm(user);
      const field = (name: string) => within(dialog).getByRole('combobox', { name });

      expect(await offeredNames(user, field('Requester'))).toEqual([
        'Alice Able',
        'Bob Brown',
        'Cara Cole',
      ]);
      await choose(user, field('Requester'), 'Alice Able');
      await optionsLoaded(store, { requesterId: 's-1' });
      expect(await offeredNames(user, field('Original date'))).toEqual([
        'Wednesday 10 September 2025',
        'Monday 15 September 2025',
      ]);
      await choose(user, field('Original date'), 'Monday 15 September 2025');
      await optionsLoaded(store, { requesterId: 's-1', originalDate: '2025-09-15' });
      expect(await offeredNames(user, field('Target'))).toEqual([
        'Ask anyone',
        'Bob Brown',
        'Cara Cole',
      ]);
      await choose(user, field('Target'), 'Bob Brown');
      expect(await offeredNames(user, field('Swap date'))).toEqual([
        'Monday 15 September 2025 (cover: the same day)',
        'Wednesday 17 September 2025 (trade)',
        'Friday 19 September 2025 (trade)',
      ]);
      await choose(user, field('Swap date'), 'Friday 19 September 2025 (trade)');
      expect(
        await within(dialog).findByText(
          "A trade: Bob Brown takes Alice Able's duty on Monday 15 September 2025, and Alice Able takes Bob Brown's on Friday 19 September 2025.",
        ),
      ).toBeInTheDocument();
      await fill(user, within(dialog).getByLabelText('Reason'), '  Dentist  ');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      const toast = await screen.findByText(
        'Swap request sent to Bob Brown. It waits for their answer.',
      );
      expect(toast.closest('.ant-notification-notice')).toHaveTextContent('Swap request created');
      expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
        {
          requesterId: 's-1',
          targetId: 's-2',
          originalDate: '2025-09-15',
          swapDate: '2025-09-19',
          reason: 'Dentist',
        },
      ]);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Create Swap Request' })).toBeNull(),
      );
    });

    it('finds dates by typing, and never turns an intended trade into a cover unseen', async () => {
      const { fetchMock, store } = renderSwaps({
        replies: {
          [OPTIONS]: { body: options },
          'POST /api/swap-requests': created('Swap request sent to Bob Brown.'),
        },
      });
      await pendingRows();
      const dialog = await openForm(user);
      const field = (name: string) => within(dialog).getByRole('combobox', { name });
      await choose(user, field('Requester'), 'Alice Able');
      await optionsLoaded(store, { requesterId: 's-1' });

      // Typing into the original date narrows its list.
      await user.type(field('Original date'), '15');
      expect(visibleOptions()).toEqual(['Monday 15 September 2025']);
      await user.click(visibleOption('Monday 15 September 2025'));
      await optionsLoaded(store, { requesterId: 's-1', originalDate: '2025-09-15' });

      // Bob has duties to trade: nothing is chosen for the person.
      await choose(user, field('Target'), 'Bob Brown');
      expect(within(dialog).queryByText(/^A cover:/)).toBeNull();
      await fill(user, within(dialog).getByLabelText('Reason'), 'Dentist');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
      expect(await within(dialog).findByText(REQUIRED_MESSAGES.swapDate)).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/swap-requests')).toBe(0);

      await user.type(field('Swap date'), 'Friday');
      expect(visibleOptions()).toEqual(['Friday 19 September 2025 (trade)']);
      await user.click(visibleOption('Friday 19 September 2025 (trade)'));
      expect(await within(dialog).findByText(/^A trade: Bob Brown takes Alice Able's duty/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      await screen.findByText('Swap request sent to Bob Brown.');
      expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
        expect.objectContaining({ originalDate: '2025-09-15', swapDate: '2025-09-19' }),
      ]);
    });

    it('makes a cover of a colleague with nothing to trade, and says so', async () => {
      const { store } = renderSwaps({ replies: { [OPTIONS]: { body: options } } });
      await pendingRows();
      const dialog = await openForm(user);
      const field = (name: string) => within(dialog).getByRole('combobox', { name });
      await choose(user, field('Requester'), 'Alice Able');
      await optionsLoaded(store, { requesterId: 's-1' });
      await choose(user, field('Original date'), 'Monday 15 September 2025');
      await optionsLoaded(store, { requesterId: 's-1', originalDate: '2025-09-15' });
      await choose(user, field('Target'), 'Cara Cole');

      expect(
        await within(dialog).findByText("A cover: Cara Cole takes Alice Able's duty on Monday 15 September 2025."),
      ).toBeInTheDocument();
      expect(selectedText(field('Swap date'))).toBe('Monday 15 September 2025 (cover: the same day)');
    });

    it('asks anyone: an open cover, with no colleague named', async () => {
      const message =
        'Your duty on Wednesday 10 September 2025 is offered to 2 colleagues who can take it. The first to accept takes it.';
      const { fetchMock } = renderSwaps({
        role: 'staff',
        staff: [...allStaff, ownRecord],
        replies: { [OPTIONS]: { body: options }, 'POST /api/swap-requests': created(message) },
      });
      await screen.findByRole('tab', { name: 'Waiting for me (0)' });
      const dialog = await openForm(user);
      const field = (name: string) => within(dialog).getByRole('combobox', { name });

      expect(field('Requester')).toBeDisabled();
      expect(selectedText(field('Requester'))).toBe('Ada Admin');
      await choose(user, field('Original date'), 'Wednesday 10 September 2025');
      await choose(user, field('Target'), 'Ask anyone');
      // Form.useWatch hands the choice on after a render.
      await waitFor(() => expect(field('Swap date')).toBeDisabled());
      await fill(user, within(dialog).getByLabelText('Reason'), 'Parents evening');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
        {
          requesterId: 's-9',
          open: true,
          originalDate: '2025-09-10',
          swapDate: '2025-09-10',
          reason: 'Parents evening',
        },
      ]);
    });

    it("keeps the dialog open with the server's reason when nobody can take the duty", async () => {
      renderSwaps({
        replies: {
          [OPTIONS]: { body: options },
          'POST /api/swap-requests': {
            status: 409,
            body: {
              statusCode: 409,
              message:
                "Nobody else can take Alice Able's duty on Wednesday 10 September 2025: everyone is on duty, away, off that day or at their weekly cap",
              error: 'Conflict',
              code: 'nobody_eligible',
            },
          },
        },
      });
      await pendingRows();
      const dialog = await openForm(user);
      const field = (name: string) => within(dialog).getByRole('combobox', { name });

      await choose(user, field('Requester'), 'Alice Able');
      await choose(user, field('Original date'), 'Wednesday 10 September 2025');
      await choose(user, field('Target'), 'Ask anyone');
      await fill(user, within(dialog).getByLabelText('Reason'), 'Parents evening');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(/Nobody else can take Alice Able's duty/)).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Create Swap Request' })).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Reason')).toHaveValue('Parents evening');
    });

    it("never offers the previous requester's duties while the new requester's load", async () => {
      const { fetchMock, store } = renderSwaps({
        replies: {
          [OPTIONS]: [{ body: options }, { body: { duties: ['2025-09-12'], colleagues: [] } }],
        },
      });
      await pendingRows();
      const dialog = await openForm(user);
      const field = (name: string) => within(dialog).getByRole('combobox', { name });
      await choose(user, field('Requester'), 'Alice Able');
      await optionsLoaded(store, { requesterId: 's-1' });

      const release = holdRequests(fetchMock, OPTIONS);
      await choose(user, field('Requester'), 'Bob Brown');

      expect(await openedEmpty(user, field('Original date'))).toBe('Loading…');
      release();
      await optionsLoaded(store, { requesterId: 's-2' });
      expect(await offeredNames(user, field('Original date'))).toEqual([
        'Friday 12 September 2025',
      ]);
    });

    it("never offers the colleagues and trade dates of the previous duty while the new one's load", async () => {
      const { fetchMock, store } = renderSwaps({
        replies: {
          [OPTIONS]: [
            { body: options },
            { body: options },
            { body: { duties: options.duties, colleagues: [options.colleagues[1]] } },
          ],
        },
      });
      await pendingRows();
      const dialog = await openForm(user);
      const field = (name: string) => within(dialog).getByRole('combobox', { name });
      await choose(user, field('Requester'), 'Alice Able');
      await optionsLoaded(store, { requesterId: 's-1' });
      await choose(user, field('Original date'), 'Wednesday 10 September 2025');
      await optionsLoaded(store, { requesterId: 's-1', originalDate: '2025-09-10' });

      const release = holdRequests(fetchMock, OPTIONS);
      await choose(user, field('Original date'), 'Monday 15 September 2025');

      expect(await openedEmpty(user, field('Target'))).toBe('Loading…');
      release();
      await optionsLoaded(store, { requesterId: 's-1', originalDate: '2025-09-15' });
      expect(await offeredNames(user, field('Target'))).toEqual(['Ask anyone', 'Cara Cole']);
      await choose(user, field('Target'), 'Cara Cole');
      // Cara has no duty to trade: only the cover is left to pick.
      expect(await offeredNames(user, field('Swap date'))).toEqual([
        'Monday 15 September 2025 (cover: the same day)',
      ]);
    });

    it('says when the requester has no duties to swap', async () => {
      renderSwaps({ replies: { [OPTIONS]: { body: { duties: [], colleagues: [] } } } });
      await pendingRows();
      const dialog = await openForm(user);

      await choose(user, within(dialog).getByRole('combobox', { name: 'Requester' }), 'Alice Able');
      await user.click(within(dialog).getByRole('combobox', { name: 'Original date' }));

      expect(await screen.findByText('No duties from today on')).toBeInTheDocument();
    });

    it('tells staff without a staff record why they cannot ask', async () => {
      renderSwaps({ role: 'staff' });
      const dialog = await openDialog(user);

      expect(
        await within(dialog).findByText('No staff record linked to your account'),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Submit Request' })).toBeNull();

      await user.click(within(dialog).getByRole('button', { name: 'OK' }));

      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Create Swap Request' })).toBeNull(),
      );
    });
  });
});

/**
 * Holds every later request to `request` (`METHOD /path`) unanswered until the returned function
 * is called, so a test can look at a screen while it waits.
 */
function holdRequests(fetchMock: ReturnType<typeof stubFetch>, request: string): () => void {
  const answer = fetchMock.getMockImplementation()!;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}` === request) await released;
    return answer(input, init);
  });
  return release;
}

/** Opens a picker that offers nothing yet: what its list says instead. */
async function openedEmpty(user: UserEvent, field: HTMLElement): Promise<string | null> {
  await user.click(field);
  const popup = await waitFor(() => {
    const open = document.querySelector<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    );
    if (!open) throw new Error('the list did not open');
    return open;
  });
  const offered = popup.querySelectorAll('.ant-select-item-option').length;
  const text = popup.textContent;
  await user.click(field);
  return offered === 0 ? text : `${offered} options offered`;
}

/** Waits until the swap options for `arg` have arrived, so a picker opened next lists them. */
async function optionsLoaded(
  store: ReturnType<typeof renderSwaps>['store'],
  arg: { requesterId: string; originalDate?: string },
) {
  await waitFor(() =>
    expect(
      Object.values(store.getState().api.queries).some(
        (query) =>
          query?.endpointName === 'getSwapOptions' &&
          query.status === 'fulfilled' &&
          JSON.stringify(query.originalArgs) === JSON.stringify(arg),
      ),
    ).toBe(true),
  );
}
