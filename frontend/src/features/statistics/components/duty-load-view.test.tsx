import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor, type Role } from '@/shared/auth/access';
import { catchDownloads, requestedUrl, serveFile, type Download } from '@/testing/downloads';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { DutyLoadDto, FairnessDto } from '../api';
import { FairnessView } from './fairness-view';
import { dutyManagerDuty, otherDuty } from '@/testing/fixtures';

const YEARS = 'GET /api/academic-years';
const DUTIES = 'GET /api/duties';
const FAIRNESS = 'GET /api/fairness';
const LOAD = 'GET /api/fairness/duties';
const LOAD_EXPORT = '/api/fairness/duties/export';

const ACADEMIC_YEARS = {
  today: '2025-09-08',
  current: 2025,
  planning: 2025,
  years: [
    {
      academicYear: 2025,
      label: '2025-2026',
      startDate: '2025-09-01',
      endDate: '2026-08-31',
      hasTermDates: true,
      summerTermEnd: '2026-07-21',
      planFrom: '2025-09-09',
      planTo: '2026-07-21',
    },
  ],
};

const dutyManager = dutyManagerDuty({ weekdays: [] });

const lunch = otherDuty();

const FAIRNESS_BODY: FairnessDto = {
  academicYear: '2025-2026',
  period: 'year',
  startDate: '2025-09-01',
  endDate: '2026-08-31',
  rows: [],
  summary: {
    totalDuties: 0,
    people: 0,
    averageDuties: 0,
    largestDifference: 0,
    spread: 0,
    rootSumOfSquares: 0,
    schoolDays: 190,
    dutiesShared: 0,
    weightedDays: 0,
    shareRule: 'Fair share = 0 duties.',
  },
};

const LOAD_BODY: DutyLoadDto = {
  academicYear: '2025-2026',
  period: 'year',
  startDate: '2025-09-01',
  endDate: '2026-08-31',
  duties: [
    { id: 'd-dm', name: 'Duty Manager', weight: 60 },
    { id: 'd-lunch', name: 'Lunch', weight: 40 },
  ],
  rows: [
    {
      staffId: 's-1',
      name: 'Ann Lee',
      load: 1240,
      target: 1195.5,
      difference: 44.5,
      perDuty: [
        { dutyId: 'd-dm', count: 14, load: 840 },
        { dutyId: 'd-lunch', count: 10, load: 400 },
      ],
    },
    {
      staffId: 's-2',
      name: 'Bob Stone',
      load: 1180,
      target: 1224.5,
      difference: -44.5,
      perDuty: [
        { dutyId: 'd-dm', count: 17, load: 1020 },
        { dutyId: 'd-lunch', count: 4, load: 160 },
      ],
    },
  ],
  summary: {
    largestGap: 44.5,
    perDuty: [
      { dutyId: 'd-dm', min: 14, max: 17 },
      { dutyId: 'd-lunch', min: 4, max: 10 },
    ],
  },
};

function renderView(role: Role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <FairnessView />
    </AccessContext>,
    '/statistics?view=fairness',
  );
}

/** A cell's text, its separate lines (the innermost elements) joined by " / ". */
function cellText(cell: HTMLElement): string {
  const lines = Array.from(cell.querySelectorAll('*')).filter(
    (e) => e.children.length === 0 && e.textContent,
  );
  return lines.length ? lines.map((e) => e.textContent).join(' / ') : (cell.textContent ?? '');
}

/** Each body row's cells as text. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell').map(cellText));
}

describe('Fairness view over every duty', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('shows a school whose only duty is the Duty Manager today’s view, with no switch', async () => {
    const fetchMock = stubFetch({
      [YEARS]: { body: ACADEMIC_YEARS },
      [DUTIES]: { body: [dutyManager] },
      [FAIRNESS]: { body: FAIRNESS_BODY },
    });
    renderView();

    await screen.findByRole('table', { name: 'Fair share per person' });
    await waitFor(() => expect(callCount(fetchMock, DUTIES)).toBe(1));
    expect(screen.queryByRole('radiogroup', { name: 'Duties shown' })).toBeNull();
    expect(screen.queryByText('All duties')).toBeNull();
    expect(callCount(fetchMock, LOAD)).toBe(0);
  });

  it('switches to every duty: each person’s count and minutes per duty, load, fair share and difference, and the team’s figures', async () => {
    const fetchMock = stubFetch({
      [YEARS]: { body: ACADEMIC_YEARS },
      [DUTIES]: { body: [dutyManager, lunch] },
      [FAIRNESS]: { body: FAIRNESS_BODY },
      [LOAD]: { body: LOAD_BODY },
    });
    renderView();

    await screen.findByRole('table', { name: 'Fair share per person' });
    const switcher = await screen.findByRole('radiogroup', { name: 'Duties shown' });
    await user.click(within(switcher).getByText('All duties'));

    const table = await screen.findByRole('table', { name: 'Load per person' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Duty Manager', 'Lunch', 'Load', 'Fair share', 'Difference']);
    expect(rowsOf(table)).toEqual([
      ['Ann Lee', '14 / 840 min', '10 / 400 min', '1,240', '1,195.5', '+44.5'],
      ['Bob Stone', '17 / 1,020 min', '4 / 160 min', '1,180', '1,224.5', '\u221244.5'],
    ]);
    expect(screen.getByRole('group', { name: 'Largest gap' })).toHaveTextContent(
      /^Largest gap44\.5 min$/,
    );
    const spread = screen.getByLabelText('Each duty, fewest to most');
    expect(spread).toHaveTextContent('Duty Manager14–17');
    expect(spread).toHaveTextContent('Lunch4–10');
    expect(screen.queryByRole('table', { name: 'Fair share per person' })).toBeNull();
    expect(
      Object.fromEntries(requestedUrl(fetchMock, '/api/fairness/duties').searchParams),
    ).toEqual({ academicYear: '2025', period: 'year' });
  });

  it("shows the server's reason when the load can't be read, and retries", async () => {
    stubFetch({
      [YEARS]: { body: ACADEMIC_YEARS },
      [DUTIES]: { body: [dutyManager, lunch] },
      [FAIRNESS]: { body: FAIRNESS_BODY },
      [LOAD]: [
        {
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: '2025-2026 has no term dates' },
        },
        { body: LOAD_BODY },
      ],
    });
    renderView();

    await user.click(await screen.findByText('All duties'));

    expect(await screen.findByText('Failed to load the load over every duty')).toBeInTheDocument();
    expect(screen.getByText('2025-2026 has no term dates')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Load per person' })).toBeInTheDocument();
  });

  it('says when nobody is on the staff to compare', async () => {
    stubFetch({
      [YEARS]: { body: ACADEMIC_YEARS },
      [DUTIES]: { body: [dutyManager, lunch] },
      [FAIRNESS]: { body: FAIRNESS_BODY },
      [LOAD]: { body: { ...LOAD_BODY, rows: [] } },
    });
    renderView();

    await user.click(await screen.findByText('All duties'));

    expect(
      await screen.findByText('Nobody is on the staff to compare in this period'),
    ).toBeInTheDocument();
  });

  describe('export', () => {
    let downloads: Download[];
    let restore: () => void;

    beforeEach(() => {
      ({ downloads, restore } = catchDownloads());
    });
    afterEach(() => restore());

    it.each([
      ['CSV', 'csv', 'text/csv; charset=utf-8'],
      ['XLSX', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ])('Export %s downloads the load over every duty', async (label, format, type) => {
      const fetchMock = stubFetch({
        [YEARS]: { body: ACADEMIC_YEARS },
        [DUTIES]: { body: [dutyManager, lunch] },
        [FAIRNESS]: { body: FAIRNESS_BODY },
        [LOAD]: { body: LOAD_BODY },
      });
      serveFile(fetchMock, LOAD_EXPORT, {
        body: 'Name,Duty Manager,Lunch\nAnn Lee,14,10\n',
        contentType: type,
        fileName: `duty-load-2025-2026-year.${format}`,
      });
      window.localStorage.setItem('authToken', 'good-token');
      renderView();
      await user.click(await screen.findByText('All duties'));
      await screen.findByRole('table', { name: 'Load per person' });

      await user.click(screen.getByRole('button', { name: `Export ${label}` }));

      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(downloads[0]!.fileName).toBe(`duty-load-2025-2026-year.${format}`);
      expect(Object.fromEntries(requestedUrl(fetchMock, LOAD_EXPORT).searchParams)).toEqual({
        academicYear: '2025',
        period: 'year',
        format,
      });
      expect(callCount(fetchMock, 'GET /api/fairness/export')).toBe(0);
    });
  });

  it('shows staff their own row over every duty, without exports', async () => {
    stubFetch({
      [YEARS]: { body: ACADEMIC_YEARS },
      [DUTIES]: { body: [dutyManager, lunch] },
      [FAIRNESS]: { body: FAIRNESS_BODY },
      [LOAD]: { body: { ...LOAD_BODY, rows: [LOAD_BODY.rows[1]!] } },
    });
    renderView('staff');

    await user.click(await screen.findByText('All duties'));

    const table = await screen.findByRole('table', { name: 'Load per person' });
    expect(rowsOf(table).map((r) => r[0])).toEqual(['Bob Stone']);
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
