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
  const list = await screen.findByRole('list', { name: 'Pending swap requests' });
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

async function typeDate(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
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
      expect(await screen.findByRole('tab', { name: 'Pending (2)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(screen.getByRole('tab', { name: 'Completed (2)' })).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 2, name: 'Pending Requests' }),
      ).toBeInTheDocument();

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

      await user.click(await screen.findByRole('tab', { name: 'Completed (2)' }));

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
      expect(screen.getByRole('tab', { name: 'Pending (0)' })).toBeInTheDocument();

      await user.click(screen.getByRole('tab', { name: 'Completed (0)' }));

      expect(await screen.findByText('No completed swap requests')).toBeInTheDocument();
    });

    it('shows placeholders while loading, and no counts yet', async () => {
      renderSwaps();

      const loading = screen.getByRole('status', { name: 'Loading swap requests' });
      expect(loading.querySelectorAll('.ant-card')).toHaveLength(3);
      expect(screen.getByRole('tab', { name: 'Pending' })).toBeInTheDocument();

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
      expect(screen.getByRole('tab', { name: 'Pending (1)' })).toBeInTheDocument();
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
      expect(await screen.findByRole('tab', { name: 'Pending (1)' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Completed (1)' })).toBeInTheDocument();
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

      expect(await pendingRows()).toHaveLength(2);
      expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
      expect(
        screen.getByText('Administrators and managers approve or reject swap requests.'),
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

  describe('creating', () => {
    it('opens the dialog with focus in it, and marks every field as required', async () => {
      const { fetchMock } = renderSwaps();
      await pendingRows();

      const dialog = await openForm(user);

      await waitFor(() =>
        expect(within(dialog).getByRole('combobox', { name: 'Requester' })).toHaveFocus(),
      );
      const required = Array.from(dialog.querySelectorAll('.ant-form-item-required')).map(
        (label) => label.textContent,
      );
      expect(required).toEqual(['Requester', 'Target', 'Original date', 'Swap date', 'Reason']);
      expect(within(dialog).getByText(SWAP_DATE_HELP)).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      for (const message of Object.values(REQUIRED_MESSAGES)) {
        expect(await within(dialog).findByText(message)).toBeInTheDocument();
      }
      expect(callCount(fetchMock, 'POST /api/swap-requests')).toBe(0);
    });

    it('refuses a reason of spaces only', async () => {
      const { fetchMock } = renderSwaps();
      await pendingRows();
      const dialog = await openForm(user);

      await fill(user, within(dialog).getByLabelText('Reason'), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      expect(await within(dialog).findByText(REQUIRED_MESSAGES.reason)).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/swap-requests')).toBe(0);
    });

    it('offers active staff by name, and never the requester as the target', async () => {
      renderSwaps();
      await pendingRows();
      const dialog = await openForm(user);
      const requester = within(dialog).getByRole('combobox', { name: 'Requester' });
      const target = within(dialog).getByRole('combobox', { name: 'Target' });

      expect(await offeredNames(user, requester)).toEqual(['Alice Able', 'Bob Brown', 'Cara Cole']);
      expect(await offeredNames(user, target)).toEqual(['Alice Able', 'Bob Brown', 'Cara Cole']);

      await choose(user, target, 'Bob Brown');
      await choose(user, requester, 'Alice Able');

      expect(await offeredNames(user, target)).toEqual(['Bob Brown', 'Cara Cole']);
      expect(selectedText(target)).toBe('Bob Brown');

      // Choosing the target as the requester clears the target.
      await choose(user, requester, 'Bob Brown');

      expect(selectedText(requester)).toBe('Bob Brown');
      expect(selectedText(target)).not.toContain('Bob Brown');
      expect(await offeredNames(user, target)).toEqual(['Alice Able', 'Cara Cole']);
    });

    it('creates a cover: the swap date follows the original date', async () => {
      const { fetchMock } = renderSwaps({
        replies: {
          'POST /api/swap-requests': {
            status: 201,
            body: {
              request: cover,
              processedAutomatically: false,
              message: 'Swap request sent for approval',
            },
          },
        },
      });
      await pendingRows();
      const dialog = await openForm(user);

      await choose(user, within(dialog).getByRole('combobox', { name: 'Requester' }), 'Alice Able');
      await choose(user, within(dialog).getByRole('combobox', { name: 'Target' }), 'Bob Brown');
      await typeDate(user, within(dialog).getByLabelText('Original date'), '10/9/2025');
      expect(within(dialog).getByLabelText('Swap date')).toHaveValue('10 Sep 2025');
      await fill(user, within(dialog).getByLabelText('Reason'), '  Parents evening  ');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      const toast = await screen.findByText('Swap request created successfully');
      expect(toast.closest('.ant-notification-notice')).toHaveTextContent('Swap request created');
      expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
        {
          requesterId: 's-1',
          targetId: 's-2',
          originalDate: '2025-09-10',
          swapDate: '2025-09-10',
          reason: 'Parents evening',
        },
      ]);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Create Swap Request' })).toBeNull(),
      );
    });

    it("creates a trade, and shows the server's message when it was processed automatically", async () => {
      const { fetchMock } = renderSwaps({
        replies: {
          'POST /api/swap-requests': {
            status: 201,
            body: {
              request: { ...trade, status: 'approved', processedAutomatically: true },
              processedAutomatically: true,
              message: 'Swap request processed automatically: the duties have been traded',
            },
          },
        },
      });
      await pendingRows();
      const dialog = await openForm(user);

      await choose(user, within(dialog).getByRole('combobox', { name: 'Requester' }), 'Cara Cole');
      await choose(user, within(dialog).getByRole('combobox', { name: 'Target' }), 'Alice Able');
      await typeDate(user, within(dialog).getByLabelText('Original date'), '2025-09-15');
      await typeDate(user, within(dialog).getByLabelText('Swap date'), '19/9/2025');
      await fill(user, within(dialog).getByLabelText('Reason'), 'Dentist');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      const toast = await screen.findByText(
        'Swap request processed automatically: the duties have been traded',
      );
      expect(toast.closest('.ant-notification-notice')).toHaveTextContent('Swap request created');
      expect(screen.queryByText('Swap request created successfully')).toBeNull();
      expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
        {
          requesterId: 's-3',
          targetId: 's-1',
          originalDate: '2025-09-15',
          swapDate: '2025-09-19',
          reason: 'Dentist',
        },
      ]);
    });

    it("keeps the dialog open with the server's reason when creating fails", async () => {
      renderSwaps({
        replies: {
          'POST /api/swap-requests': {
            status: 400,
            body: {
              statusCode: 400,
              message: 'Alice Able is not on duty on 10 September 2025',
              error: 'Bad Request',
            },
          },
        },
      });
      await pendingRows();
      const dialog = await openForm(user);

      await choose(user, within(dialog).getByRole('combobox', { name: 'Requester' }), 'Alice Able');
      await choose(user, within(dialog).getByRole('combobox', { name: 'Target' }), 'Bob Brown');
      await typeDate(user, within(dialog).getByLabelText('Original date'), '10/9/2025');
      await fill(user, within(dialog).getByLabelText('Reason'), 'Parents evening');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      const alert = await screen.findByRole('alert');
      expect(
        within(alert).getByText('Alice Able is not on duty on 10 September 2025'),
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Create Swap Request' })).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Reason')).toHaveValue('Parents evening');
    });

    it('falls back to a fixed text when creating fails without a reason', async () => {
      renderSwaps({ replies: { 'POST /api/swap-requests': { networkError: true } } });
      await pendingRows();
      const dialog = await openForm(user);

      await choose(user, within(dialog).getByRole('combobox', { name: 'Requester' }), 'Alice Able');
      await choose(user, within(dialog).getByRole('combobox', { name: 'Target' }), 'Bob Brown');
      await typeDate(user, within(dialog).getByLabelText('Original date'), '10/9/2025');
      await fill(user, within(dialog).getByLabelText('Reason'), 'Parents evening');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Failed to create swap request')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Create Swap Request' })).toBeInTheDocument();
    });

    it('disables weekends and days before the server’s today', async () => {
      renderSwaps();
      await pendingRows();
      const dialog = await openForm(user);

      await user.click(within(dialog).getByLabelText('Original date'));

      const cell = (date: string) => {
        const found = document.querySelector(`.ant-picker-dropdown td[title="${date}"]`);
        if (!found) throw new Error(`no cell ${date}`);
        return found;
      };
      // The calendar opens after the click has been handled; on a busy machine that is later.
      await waitFor(() => cell('2025-09-15'));
      expect(cell('2025-09-05')).toHaveClass('ant-picker-cell-disabled'); // Friday, past
      expect(cell('2025-09-08')).not.toHaveClass('ant-picker-cell-disabled'); // today
      expect(cell('2025-09-13')).toHaveClass('ant-picker-cell-disabled'); // Saturday
      expect(cell('2025-09-14')).toHaveClass('ant-picker-cell-disabled'); // Sunday
      expect(cell('2025-09-15')).not.toHaveClass('ant-picker-cell-disabled');
    });

    it('does not take a typed weekend or past day', async () => {
      const { fetchMock } = renderSwaps();
      await pendingRows();
      const dialog = await openForm(user);
      const original = within(dialog).getByLabelText('Original date');
      const swap = within(dialog).getByLabelText('Swap date');

      await typeDate(user, original, '13/9/2025'); // a Saturday
      await typeDate(user, swap, '5/9/2025'); // before today
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      expect(await within(dialog).findByText(REQUIRED_MESSAGES.originalDate)).toBeInTheDocument();
      expect(within(dialog).getByText(REQUIRED_MESSAGES.swapDate)).toBeInTheDocument();
      expect(original).toHaveValue('');
      expect(swap).toHaveValue('');
      expect(callCount(fetchMock, 'POST /api/swap-requests')).toBe(0);
    });

    it('lets staff ask only for themselves', async () => {
      const { fetchMock } = renderSwaps({
        role: 'staff',
        staff: [...allStaff, ownRecord],
        replies: {
          'POST /api/swap-requests': {
            status: 201,
            body: { request: cover, processedAutomatically: false, message: 'Pending approval' },
          },
        },
      });
      await pendingRows();
      const dialog = await openForm(user);

      const requester = await within(dialog).findByRole('combobox', { name: 'Requester' });
      expect(requester).toBeDisabled();
      expect(selectedText(requester)).toBe('Ada Admin');
      const target = within(dialog).getByRole('combobox', { name: 'Target' });
      await waitFor(() => expect(target).toHaveFocus());
      expect(await offeredNames(user, target)).toEqual(['Alice Able', 'Bob Brown', 'Cara Cole']);

      await choose(user, target, 'Cara Cole');
      await typeDate(user, within(dialog).getByLabelText('Original date'), '11/9/2025');
      await fill(user, within(dialog).getByLabelText('Reason'), 'Training day');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

      expect(await screen.findByText('Swap request created successfully')).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
        {
          requesterId: 's-9',
          targetId: 's-3',
          originalDate: '2025-09-11',
          swapDate: '2025-09-11',
          reason: 'Training day',
        },
      ]);
    });

    it('tells staff without a staff record why they cannot ask', async () => {
      renderSwaps({ role: 'staff' });
      await pendingRows();
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
