import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { formatDateTime } from '@/shared/lib/dates';
import { cancelRequest, currentUser } from '@/testing/fixtures';
import {
  callCount,
  renderApp,
  renderWithProviders,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

import type { CancelRequestDto } from '../api';
import { CancelRequestsPage } from './cancel-requests-page';

const alice = { id: 's-1', name: 'Alice Able' };
const bob = { id: 's-2', name: 'Bob Brown' };
const cara = { id: 's-3', name: 'Cara Cole' };

const pendingAlice = cancelRequest('c-1', alice);
const pendingBob = cancelRequest('c-2', bob, {
  date: '2025-09-22',
  reason: 'Training course',
  createdAt: '2025-09-08T11:05:00.000Z',
});
const approvedAlice = cancelRequest('c-3', alice, {
  date: '2025-09-01',
  status: 'approved',
  source: 'unavailability',
  processedAutomatically: true,
  replacement: cara,
  reason: 'Sick Leave',
  createdAt: '2025-08-29T16:00:00.000Z',
});
const rejectedUnknown = cancelRequest('c-4', null, { date: '2025-09-03', status: 'rejected' });

type Replies = Parameters<typeof stubFetch>[0];

function renderCancels(
  options: { role?: string; requests?: CancelRequestDto[]; replies?: Replies } = {},
) {
  const fetchMock = stubFetch({
    'GET /api/cancel-requests': {
      body: options.requests ?? [pendingAlice, pendingBob, approvedAlice, rejectedUnknown],
    },
    ...options.replies,
  });
  const rendered = renderWithProviders(
    <AccessContext value={accessFor(options.role ?? 'admin')}>
      <CancelRequestsPage />
    </AccessContext>,
    '/cancel-requests',
  );
  return { fetchMock, ...rendered };
}

async function cards(list: 'Pending' | 'Completed' | 'Rota changes'): Promise<HTMLElement[]> {
  const name = list === 'Rota changes' ? list : `${list} cancel requests`;
  const found = await screen.findByRole('list', { name });
  return within(found).getAllByRole('listitem');
}

describe('Cancel Requests page', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('has the heading, the hint and tabs with counts, and shows each pending request', async () => {
    renderCancels();

    expect(screen.getByRole('heading', { level: 1, name: 'Cancel Requests' })).toBeInTheDocument();
    expect(document.title).toBe('Cancel Requests · Duty Manager');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(
      screen.getByText(/To ask for a duty to be cancelled, click your duty on the/),
    ).toHaveTextContent(
      'To ask for a duty to be cancelled, click your duty on the Dashboard calendar and choose Request Cancel.',
    );
    expect(await screen.findByRole('tab', { name: 'Pending (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Completed (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rota changes (1)' })).toBeInTheDocument();

    const [first, second] = await cards('Pending');
    const card = within(first as HTMLElement);
    expect(card.getByText('Alice Able')).toBeInTheDocument();
    expect(card.getByText('Pending')).toHaveClass('ant-tag');
    expect(first).toHaveTextContent('Duty date: Thursday 11 September 2025');
    expect(first).toHaveTextContent(`Requested ${formatDateTime(pendingAlice.createdAt)}`);
    expect(card.getByText('Hospital appointment')).toBeInTheDocument();
    expect(card.queryByText(/Replaced by/)).not.toBeInTheDocument();
    expect(card.queryByText('From unavailability')).not.toBeInTheDocument();
    expect(card.queryByText('Processed automatically')).not.toBeInTheDocument();

    expect(second).toHaveTextContent('Bob Brown');
    expect(second).toHaveTextContent('Duty date: Monday 22 September 2025');
    expect(second).toHaveTextContent(`Requested ${formatDateTime(pendingBob.createdAt)}`);
    expect(second).toHaveTextContent('Training course');

    expect(
      screen.getByRole('button', { name: 'Approve cancel request from Alice Able' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Reject cancel request from Bob Brown' }),
    ).toBeInTheDocument();
  });

  it('shows decided requests with their badge and Unknown Staff, and the rota\'s own removals apart', async () => {
    const snowDay = cancelRequest('c-5', bob, {
      date: '2025-09-05',
      status: 'approved',
      source: 'rota_change',
      processedAutomatically: true,
      reason: 'Holiday: Snow closure, Other',
    });
    renderCancels({ requests: [pendingAlice, pendingBob, approvedAlice, rejectedUnknown, snowDay] });

    // People's requests only: what the rota did by itself is under Rota changes.
    await user.click(await screen.findByRole('tab', { name: 'Completed (1)' }));

    const [rejected] = await cards('Completed');
    const other = within(rejected as HTMLElement);
    expect(other.getByText('Unknown Staff')).toBeInTheDocument();
    expect(other.getByText('Rejected')).toHaveClass('ant-tag-red');
    expect(rejected).toHaveTextContent('Duty date: Wednesday 3 September 2025');
    expect(other.queryByText('From unavailability')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Rota changes (2)' }));
    const [approved, snow] = await cards('Rota changes');
    expect(within(snow as HTMLElement).getByText('Rota change')).toHaveClass('ant-tag');
    expect(snow).toHaveTextContent('Holiday: Snow closure, Other');
    const card = within(approved as HTMLElement);
    expect(card.getByText('Alice Able')).toBeInTheDocument();
    expect(card.getByText('Approved')).toHaveClass('ant-tag-green');
    expect(approved).toHaveTextContent('Duty date: Monday 1 September 2025');
    expect(card.getByText('Replaced by Cara Cole')).toBeInTheDocument();
    expect(card.getByText('From unavailability')).toBeInTheDocument();
    expect(card.getByText('Processed automatically')).toBeInTheDocument();
    expect(approved).toHaveTextContent(`Requested ${formatDateTime(approvedAlice.createdAt)}`);

    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
  });

  it('names buttons for Unknown Staff when the person is missing', async () => {
    renderCancels({ requests: [cancelRequest('c-9', null)] });

    expect(
      await screen.findByRole('button', { name: 'Approve cancel request from Unknown Staff' }),
    ).toBeInTheDocument();
  });

  it('says when there are no pending and no completed requests', async () => {
    renderCancels({ requests: [] });

    expect(await screen.findByText('No pending cancel requests')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending (0)' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Completed (0)' }));

    expect(await screen.findByText('No completed cancel requests')).toBeInTheDocument();
  });

  it('shows exactly three skeleton cards while loading', async () => {
    renderCancels();

    const loading = screen.getByRole('status', { name: 'Loading cancel requests' });
    expect(loading.querySelectorAll('.ant-card')).toHaveLength(3);
    expect(loading.querySelectorAll('.ant-skeleton')).toHaveLength(3);

    expect(await cards('Pending')).toHaveLength(2);
    expect(screen.queryByRole('status', { name: 'Loading cancel requests' })).toBeNull();
  });

  it("shows the server's reason when the list fails, and retries", async () => {
    const { fetchMock } = renderCancels({
      replies: {
        'GET /api/cancel-requests': [
          {
            status: 503,
            body: { statusCode: 503, message: 'Try again in a minute', error: 'Unavailable' },
          },
          { body: [pendingAlice] },
        ],
      },
    });

    expect(await screen.findByText('Failed to load cancel requests')).toBeInTheDocument();
    expect(screen.getByText('Try again in a minute')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await cards('Pending')).toHaveLength(1);
    expect(callCount(fetchMock, 'GET /api/cancel-requests')).toBe(2);
  });

  describe('deciding', () => {
    it('approves a request, says the duty is cancelled and refreshes the list', async () => {
      const decided = { ...pendingAlice, status: 'approved' as const };
      const { fetchMock } = renderCancels({
        replies: {
          'GET /api/cancel-requests': [{ body: [pendingAlice] }, { body: [decided] }],
          'PATCH /api/cancel-requests/c-1': {
            body: {
              request: decided,
              processedAutomatically: false,
              replacement: null,
              message: 'Cancel request approved',
            },
          },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Approve cancel request from Alice Able' }),
      );

      const toast = await screen.findByText(
        'The duty has been cancelled and the staff member has been removed from the rota',
      );
      expect(toast.closest('.ant-notification-notice')).toHaveTextContent('Cancellation Approved');
      expect(sentBodies(fetchMock, 'PATCH /api/cancel-requests/c-1')).toEqual([
        { status: 'approved' },
      ]);
      expect(await screen.findByText('No pending cancel requests')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Completed (1)' })).toBeInTheDocument();
    });

    it('rejects a request', async () => {
      const { fetchMock } = renderCancels({
        replies: {
          'PATCH /api/cancel-requests/c-2': {
            body: {
              request: { ...pendingBob, status: 'rejected' },
              processedAutomatically: false,
              replacement: null,
              message: 'Cancel request rejected',
            },
          },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Reject cancel request from Bob Brown' }),
      );

      expect(await screen.findByText('Request updated')).toBeInTheDocument();
      expect(screen.queryByText('Cancellation Approved')).toBeNull();
      expect(sentBodies(fetchMock, 'PATCH /api/cancel-requests/c-2')).toEqual([
        { status: 'rejected' },
      ]);
    });

    it.each([
      ['Approve', 'approve'],
      ['Reject', 'reject'],
    ])('says access is denied when the server refuses to %s', async (button, verb) => {
      renderCancels({
        replies: {
          'PATCH /api/cancel-requests/c-1': {
            status: 403,
            body: { statusCode: 403, message: 'Forbidden resource', error: 'Forbidden' },
          },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: `${button} cancel request from Alice Able` }),
      );

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Access denied')).toBeInTheDocument();
      expect(
        within(alert).getByText(`You don't have permission to ${verb} cancel requests`),
      ).toBeInTheDocument();
    });

    it("shows the server's reason for other failures", async () => {
      renderCancels({
        replies: {
          'PATCH /api/cancel-requests/c-1': {
            status: 409,
            body: {
              statusCode: 409,
              message:
                "This cancel request has already been approved; a decided request can't change again",
              error: 'Conflict',
              code: 'already_decided',
            },
          },
        },
      });

      await user.click(
        await screen.findByRole('button', { name: 'Approve cancel request from Alice Able' }),
      );

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Already decided')).toBeInTheDocument();
      expect(
        within(alert).getByText(
          "This cancel request has already been approved; a decided request can't change again",
        ),
      ).toBeInTheDocument();
    });

    it('falls back to a fixed text when the server gives no reason', async () => {
      renderCancels({ replies: { 'PATCH /api/cancel-requests/c-1': { networkError: true } } });

      await user.click(
        await screen.findByRole('button', { name: 'Reject cancel request from Alice Able' }),
      );

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Error')).toBeInTheDocument();
      expect(within(alert).getByText('Failed to update cancel request')).toBeInTheDocument();
    });

    it('hides Approve and Reject from managers, who cannot decide cancellations', async () => {
      renderCancels({ role: 'manager' });

      expect(await cards('Pending')).toHaveLength(2);
      expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
      expect(
        screen.getByText(/Only administrators approve or reject cancel requests\./),
      ).toBeInTheDocument();
    });

    it('hides Approve and Reject from staff', async () => {
      storeToken();
      stubFetch({
        'GET /api/auth/user': { body: currentUser({ user: { role: 'staff' } }) },
        'GET /api/cancel-requests': { body: [pendingAlice] },
      });

      renderApp('/cancel-requests');

      expect(await cards('Pending')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
    });
  });
});
