import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { DashboardStatsDto } from '../api';
import { DashboardSummaryCards } from './dashboard-summary-cards';

function stats(overrides: Partial<DashboardStatsDto> = {}): DashboardStatsDto {
  return {
    unfilled: 0,
    activeStaffCount: 12,
    pendingSwaps: 3,
    pendingCancellations: 2,
    mostActive: { name: 'Ann Lee', count: 4 },
    leastActive: { name: 'Bob Stone', count: 1 },
    averageDuties: 2.5,
    totalDuties: 30,
    month: '2025-09',
    weekStart: '2025-09-08',
    weekEnd: '2025-09-12',
    ...overrides,
  };
}

function renderCards(reply: Parameters<typeof stubFetch>[0][string]) {
  const fetchMock = stubFetch({ 'GET /api/dashboard-stats': reply });
  return { fetchMock, ...renderWithProviders(<DashboardSummaryCards />, '/') };
}

function card(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

describe('Dashboard summary cards', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('reads "Loading..." on every card until the figures arrive', async () => {
    renderCards({ body: stats() });

    expect(screen.getAllByText('Loading...')).toHaveLength(4);
    expect(within(card('This Week')).getByText('Loading...')).toBeInTheDocument();
    expect(within(card('Active Staff')).getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pending Swaps/ })).toHaveTextContent('Loading...');
    expect(screen.getByRole('link', { name: /Pending Cancellations/ })).toHaveTextContent(
      'Loading...',
    );

    expect(await screen.findByText('12 members')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows the figures, with the request cards opening their screens', async () => {
    const { router } = renderCards({ body: stats() });

    expect(await within(card('Active Staff')).findByText('12 members')).toBeInTheDocument();
    const swaps = screen.getByRole('link', { name: 'Pending Swaps 3 requests' });
    const cancellations = screen.getByRole('link', { name: 'Pending Cancellations 2 requests' });
    expect(swaps).toHaveAttribute('href', '/swaps');
    expect(cancellations).toHaveAttribute('href', '/cancel-requests');
    // This Week and Active Staff are not links.
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(within(card('This Week')).queryByRole('link')).not.toBeInTheDocument();

    await user.tab();
    expect(swaps).toHaveFocus();
    await user.tab();
    expect(cancellations).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/cancel-requests');
  });

  it('opens Swap Requests on a click', async () => {
    const { router } = renderCards({ body: stats() });

    await user.click(await screen.findByRole('link', { name: /Pending Swaps/ }));

    expect(router.state.location.pathname).toBe('/swaps');
  });

  it('says all slots are filled, in the success colour, when none is empty', async () => {
    renderCards({ body: stats({ unfilled: 0 }) });

    const value = await within(card('This Week')).findByText('All slots filled');
    expect(value).toHaveClass('ant-typography-success');
    expect(value).toHaveAttribute('data-tone', 'success');
  });

  it('says no duties are assigned, in neutral grey, when the week has none', async () => {
    const withoutUnfilled = stats();
    delete withoutUnfilled.unfilled;
    renderCards({ body: withoutUnfilled });

    const value = await within(card('This Week')).findByText('No duties assigned');
    expect(value).toHaveClass('ant-typography-secondary');
    expect(value).toHaveAttribute('data-tone', 'secondary');
  });

  it('counts unfilled slots in the warning colour', async () => {
    renderCards({ body: stats({ unfilled: 3 }) });

    const value = await within(card('This Week')).findByText('3 slots unfilled');
    expect(value).toHaveClass('ant-typography-warning');
    expect(value).toHaveAttribute('data-tone', 'warning');
  });

  it("names the week This Week counts: on a weekend, the coming one", async () => {
    // Saturday 13 September: the server counts Monday 15 to Friday 19.
    renderCards({ body: stats({ unfilled: 9, weekStart: '2025-09-15', weekEnd: '2025-09-19' }) });

    const thisWeek = card('This Week');
    expect(await within(thisWeek).findByText('9 slots unfilled')).toBeInTheDocument();
    expect(within(thisWeek).getByText('Mon 15 Sep – Fri 19 Sep')).toBeInTheDocument();
  });

  it('says "1 slot unfilled" for a single empty slot, and counts one request or member', async () => {
    renderCards({
      body: stats({ unfilled: 1, activeStaffCount: 1, pendingSwaps: 1, pendingCancellations: 0 }),
    });

    expect(await screen.findByText('1 slot unfilled')).toBeInTheDocument();
    expect(screen.getByText('1 member')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pending Swaps 1 request' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Pending Cancellations 0 requests' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    const { fetchMock } = renderCards([
      {
        status: 500,
        body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' },
      },
      { body: stats({ pendingSwaps: 7 }) },
    ]);

    expect(await screen.findByText('Failed to load the dashboard figures')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('7 requests')).toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/dashboard-stats')).toBe(2);
  });
});
