import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { DashboardStatsDto } from '../api';
import { DutyStatisticsCard } from './duty-statistics-card';

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

function renderCard(reply: Parameters<typeof stubFetch>[0][string]) {
  stubFetch({ 'GET /api/dashboard-stats': reply });
  return renderWithProviders(<DutyStatisticsCard />, '/');
}

/** The value a figure's label (`dt`) is paired with. */
function figure(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement) || value.tagName !== 'DD')
    throw new Error(`no value for ${label}`);
  return value;
}

describe('Duty Statistics card', () => {
  it('shows this month’s most and least active people, the average and the total, in days', async () => {
    renderCard({ body: stats() });

    const region = screen.getByRole('region', { name: 'Duty Statistics' });
    expect(
      within(region).getByRole('status', { name: 'Loading duty statistics' }),
    ).toBeInTheDocument();

    expect(await within(region).findByText('September 2025')).toBeInTheDocument();
    expect(figure('Most active this month')).toHaveTextContent('Ann Lee 4 days');
    expect(figure('Least active this month')).toHaveTextContent('Bob Stone 1 day');
    expect(figure('Average duties per person')).toHaveTextContent('2.5 days');
    expect(figure('Total duties this month')).toHaveTextContent('30 days');
  });

  it('drops a needless ".0" from a whole average', async () => {
    renderCard({ body: stats({ averageDuties: 3, totalDuties: 1 }) });

    expect(await screen.findByText('3 days')).toBeInTheDocument();
    expect(figure('Total duties this month')).toHaveTextContent('1 day');
  });

  it('says so when nobody is active', async () => {
    const nobody = stats({ activeStaffCount: 0, averageDuties: 0, totalDuties: 0 });
    delete nobody.mostActive;
    delete nobody.leastActive;
    renderCard({ body: nobody });

    expect(
      await screen.findByText('No active staff yet, so there is nothing to count.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Most active this month')).not.toBeInTheDocument();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    const user = setupUser();
    renderCard([{ networkError: true }, { body: stats() }]);

    expect(await screen.findByText('Failed to load duty statistics')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
  });
});
