import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { TermDatesDto } from '@/features/holidays/api';
import { AccessContext, accessFor } from '@/shared/auth/access';
import { catchDownloads, requestedUrl, serveFile, type Download } from '@/testing/downloads';
import { currentWeek, rotaDay } from '@/testing/fixtures';
import { alice, bob, holiday } from '@/testing/rota-fixtures';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import { academicYearSpan, termSpan } from '../lib/rota-export';
import { MonthlyRota } from './monthly-rota';

const EXPORT = '/api/rota/export';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const TERMS = [
  { name: 'autumn' as const, startDate: '2025-09-03', endDate: '2025-12-19' },
  { name: 'spring' as const, startDate: '2026-01-05', endDate: '2026-03-27' },
  { name: 'summer' as const, startDate: '2026-04-13', endDate: '2026-07-21' },
];

function termDates(terms = TERMS): TermDatesDto {
  return {
    academicYear: 2025,
    label: '2025-2026',
    terms,
    proposal: TERMS,
    proposalSource: 'typical_pattern',
  };
}

function stubMonth(overrides: Parameters<typeof stubFetch>[0] = {}, serve = true) {
  const fetchMock = stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': { body: [rotaDay('2025-09-08', [alice, bob])] },
    'GET /api/holidays': { body: [holiday()] },
    'GET /api/rota/closures': { body: [] },
    'GET /api/term-dates': { body: termDates() },
    ...overrides,
  });
  if (serve)
    serveFile(fetchMock, EXPORT, { body: 'Date,Day\n', contentType: XLSX, fileName: 'rota.xlsx' });
  return fetchMock;
}

/** The export opens no slot: the month is enough, without the dialog src/app composes. */
const NoDialog = () => null;

function renderMonth(role = 'staff') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <MonthlyRota DutyDialog={NoDialog} />
    </AccessContext>,
  );
}

async function openExportMenu(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: /Export/ }));
  return screen.findByRole('menu');
}

describe('the Monthly Rota export', () => {
  let user: UserEvent;
  let downloads: Download[];
  let restore: () => void;

  beforeEach(() => {
    user = setupUser();
    ({ downloads, restore } = catchDownloads());
  });
  afterEach(() => restore());

  it('reads no term dates until the menu is opened', async () => {
    const fetchMock = stubMonth();
    renderMonth();
    await screen.findByRole('button', { name: /Export/ });
    expect(callCount(fetchMock, 'GET /api/term-dates')).toBe(0);
  });

  it.each([
    ['This month as CSV', { startDate: '2025-09-01', endDate: '2025-09-30', format: 'csv' }],
    ['This term as XLSX', { startDate: '2025-09-03', endDate: '2025-12-19', format: 'xlsx' }],
    [
      'This academic year as XLSX',
      { startDate: '2025-09-01', endDate: '2026-08-31', format: 'xlsx' },
    ],
  ])('%s asks for that period and downloads the file', async (item, query) => {
    const fetchMock = stubMonth();
    renderMonth();
    const menu = await openExportMenu(user);

    const entry = await within(menu).findByRole('menuitem', { name: item });
    await waitFor(() => expect(entry).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(entry);

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe('rota.xlsx');
    expect(Object.fromEntries(requestedUrl(fetchMock, EXPORT).searchParams)).toEqual(query);
    expect(requestedUrl(fetchMock, '/api/term-dates').searchParams.get('academicYear')).toBe(
      '2025',
    );
  });

  it('offers no term export while the year has no term dates, saying why', async () => {
    stubMonth({ 'GET /api/term-dates': { body: termDates([]) } });
    renderMonth('admin');
    const menu = await openExportMenu(user);

    expect(await within(menu).findByText('This term (no term dates for this month)')).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'This term as CSV' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it("shows the server's reason when an export is refused", async () => {
    stubMonth(
      {
        [`GET ${EXPORT}`]: {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'An export covers at most a year and a month',
          },
        },
      },
      false,
    );
    renderMonth();
    const menu = await openExportMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'This month as CSV' }));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('An export covers at most a year and a month'),
    ).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
  });
});

describe('export periods', () => {
  it('puts January to August in the academic year that began the September before', () => {
    expect(academicYearSpan('2026-01')).toEqual({ startDate: '2025-09-01', endDate: '2026-08-31' });
    expect(academicYearSpan('2025-09')).toEqual({ startDate: '2025-09-01', endDate: '2026-08-31' });
  });

  it('finds the term a month overlaps, and none for a month between terms', () => {
    expect(termSpan('2026-02', TERMS)).toEqual({ startDate: '2026-01-05', endDate: '2026-03-27' });
    expect(termSpan('2026-08', TERMS)).toBeUndefined();
  });
});
