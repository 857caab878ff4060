import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { DutyStatisticsDto, StaffDutyStatisticsDto } from '../api';
import { formatVsAverage } from '../components/fairness';
import { periodText, StatisticsPage } from './statistics-page';

function person(
  staffId: string,
  name: string,
  days: [number, number, number, number, number],
  overrides: Partial<StaffDutyStatisticsDto> = {},
): StaffDutyStatisticsDto {
  const [monday, tuesday, wednesday, thursday, friday] = days;
  return {
    staffId,
    name,
    department: null,
    isActive: true,
    isTeaching: true,
    total: monday + tuesday + wednesday + thursday + friday,
    monday,
    tuesday,
    wednesday,
    thursday,
    friday,
    ...overrides,
  };
}

// Sorted by total, most first, as the server sends them. Average 18 / 4 = 4.5.
const staff = [
  person('s-2', 'Bob Stone', [2, 1, 1, 1, 1], { department: 'Science' }),
  person('s-1', 'Ann Lee', [1, 1, 1, 1, 1], { department: 'English' }),
  person('s-3', 'Cat Rowe', [1, 1, 1, 1, 0], { isActive: false, isTeaching: false }),
  person('s-4', 'Dan Park', [1, 1, 1, 0, 0]),
];

function statistics(overrides: Partial<DutyStatisticsDto> = {}): DutyStatisticsDto {
  return {
    academicYear: '2025-2026',
    startDate: '2025-09-01',
    endDate: '2026-07-31',
    totalDuties: 18,
    averagePerStaff: 4.5,
    highest: 6,
    lowest: 3,
    staff,
    ...overrides,
  };
}

function renderPage(reply: Parameters<typeof stubFetch>[0][string]) {
  stubFetch({ 'GET /api/duty-statistics': reply });
  return renderWithProviders(<StatisticsPage />, '/statistics');
}

function figure(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

describe('Statistics page', () => {
  it('names the academic year and its statistics period, from the server', async () => {
    renderPage({ body: statistics() });

    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    // While loading, the table does not claim to be empty.
    expect(
      screen.queryByText('No duty statistics available for the selected period'),
    ).not.toBeInTheDocument();
    expect(
      await screen.findByText('Academic year 2025-2026 duty statistics and workload distribution'),
    ).toBeInTheDocument();
    expect(screen.getByText('September 2025 to July 2026')).toBeInTheDocument();
    expect(document.title).toBe('Statistics · Duty Manager');
  });

  it('shows the four figures, with the average rounded to a whole number', async () => {
    renderPage({ body: statistics({ averagePerStaff: 4.5, totalDuties: 18 }) });

    await screen.findByText('Bob Stone');
    expect(figure('Total Duties')).toHaveTextContent('18');
    expect(figure('Average per Staff')).toHaveTextContent(/^Average per Staff5$/);
    expect(figure('Highest Number of Duties')).toHaveTextContent(/^Highest Number of Duties6$/);
    expect(figure('Lowest Number of Duties')).toHaveTextContent(/^Lowest Number of Duties3$/);
  });

  it('rounds a lower average down', async () => {
    renderPage({ body: statistics({ averagePerStaff: 4.4 }) });

    await screen.findByText('Bob Stone');
    expect(figure('Average per Staff')).toHaveTextContent(/^Average per Staff4$/);
  });

  it('lists each person by total, most first, with departments, weekdays and the gap to the average', async () => {
    renderPage({ body: statistics() });

    // The table is there while loading too; wait for its rows.
    await screen.findByText('Bob Stone');
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.getAttribute('aria-label') ?? header.textContent);
    expect(headers).toEqual([
      'Staff Member',
      'Total',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'vs average',
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Monday' })).toHaveTextContent('Mon');

    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['Bob StoneScience', '6', '2', '1', '1', '1', '1', '+1.5'],
      ['Ann LeeEnglish', '5', '1', '1', '1', '1', '1', '+0.5'],
      ['Cat RoweInactive', '4', '1', '1', '1', '1', '0', '\u22120.5'],
      ['Dan Park', '3', '1', '1', '1', '0', '0', '\u22121.5'],
    ]);
    expect(within(rows[2] as HTMLElement).getByText('Inactive')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByText('Inactive')).not.toBeInTheDocument();
    expect(screen.getByText(/Team average: 4\.5 duties per person\./)).toBeInTheDocument();
  });

  it('shows a staff member colleagues’ lines without a department, as the server sends them', async () => {
    // docs/product.md#what-people-see-of-each-other: staff get their own department only.
    const bobAsStaffSee: StaffDutyStatisticsDto = { ...(staff[0] as StaffDutyStatisticsDto) };
    delete bobAsStaffSee.department;
    renderPage({ body: statistics({ staff: [bobAsStaffSee, ...staff.slice(1)] }) });

    const row = (await screen.findByText('Bob Stone')).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(/^Bob Stone$/);
    const own = screen.getByText('Ann Lee').closest('tr') as HTMLElement;
    expect(within(own).getAllByRole('cell')[0]).toHaveTextContent(/^Ann LeeEnglish$/);
  });

  it('says when there is nothing to show', async () => {
    renderPage({
      body: statistics({ staff: [], totalDuties: 0, averagePerStaff: 0, highest: 0, lowest: 0 }),
    });

    expect(
      await screen.findByText('No duty statistics available for the selected period'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the statistics cannot be loaded', async () => {
    const user = setupUser();
    renderPage([
      {
        status: 500,
        body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' },
      },
      { body: statistics() },
    ]);

    expect(await screen.findByText('Failed to load duty statistics')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Bob Stone')).toBeInTheDocument();
  });
});

describe('periodText', () => {
  it('names the first and last months', () => {
    expect(periodText('2026-09-01', '2027-07-31')).toBe('September 2026 to July 2027');
  });
});

describe('formatVsAverage', () => {
  it('signs the difference, to one decimal place, and reads "0" when there is none', () => {
    expect(formatVsAverage(6, 4.5)).toBe('+1.5');
    expect(formatVsAverage(4, 4.5)).toBe('\u22120.5');
    expect(formatVsAverage(5, 5)).toBe('0');
    expect(formatVsAverage(5, 5.04)).toBe('0');
    expect(formatVsAverage(7, 4)).toBe('+3');
    expect(formatVsAverage(1, 3.333)).toBe('\u22122.3');
  });
});
