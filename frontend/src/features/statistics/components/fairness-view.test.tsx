import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor, type Role } from '@/shared/auth/access';
import { catchDownloads, requestedUrl, serveFile, type Download } from '@/testing/downloads';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { AcademicYearsDto } from '@/features/holidays/api';

import type { FairnessDto, FairnessRowDto } from '../api';
import { FairnessView } from './fairness-view';

const GET = 'GET /api/fairness';
const EXPORT = '/api/fairness/export';

function row(
  staffId: string,
  name: string,
  done: number,
  planned: number,
  share: number,
): FairnessRowDto {
  return {
    staffId,
    name,
    department: null,
    isActive: true,
    isTeaching: true,
    workingDays: [1, 2, 3, 4, 5],
    done,
    planned,
    share,
    difference: Math.round((done + planned - share) * 100) / 100,
    patternDays: 190,
    awayDays: 0,
    availableDays: 190,
    fte: null,
    dayWeight: 1,
    weightedDays: 190,
    shareExplanation: `Works every weekday: 190 of the 190 school days available. No FTE set: each day counts 1. Share: 66 duties × 190 ÷ 424 weighted days = ${share}.`,
  };
}

const ANN = row('s-1', 'Ann Lee', 10, 20, 29.6);
const BOB = row('s-2', 'Bob Stone', 8, 16, 24.6);
const SAM = {
  ...row('s-3', 'Sam Part', 4, 8, 11.8),
  workingDays: [1, 2],
  patternDays: 76,
  availableDays: 76,
  fte: 0.3,
  dayWeight: 0.75,
  weightedDays: 57,
  shareExplanation:
    'Works Mon, Tue: 76 of the 190 school days available. FTE 0.3 over 2 days a week (0.4): each day counts 0.75, so 57 weighted days. Share: 66 duties × 57 ÷ 424 weighted days = 8.87.',
};

/** This academic year and the next, starting on `planning`. */
function academicYears(planning = 2025): AcademicYearsDto {
  const year = (start: number) => ({
    academicYear: start,
    label: `${start}-${start + 1}`,
    startDate: `${start}-09-01`,
    endDate: `${start + 1}-08-31`,
    hasTermDates: true,
    summerTermEnd: `${start + 1}-07-21`,
    planFrom: `${start}-09-09`,
    planTo: `${start + 1}-07-21`,
  });
  return {
    today: planning === 2025 ? '2025-09-08' : '2026-08-27',
    current: 2025,
    planning,
    years: [year(2025), year(2026)],
  };
}
const YEARS = 'GET /api/academic-years';

function fairness(overrides: Partial<FairnessDto> = {}): FairnessDto {
  return {
    academicYear: '2025-2026',
    period: 'year',
    startDate: '2025-09-01',
    endDate: '2026-08-31',
    rows: [ANN, SAM, BOB],
    summary: {
      totalDuties: 66,
      people: 3,
      averageDuties: 22,
      largestDifference: 0.6,
      spread: 1,
      rootSumOfSquares: 0.76,
      schoolDays: 190,
      dutiesShared: 66,
      weightedDays: 424,
      shareRule:
        'Fair share = 66 duties × a person’s weighted days ÷ 424 weighted days. Weighted days: the period’s 190 school days on their working days, less days away, each counting their FTE ÷ (working days ÷ 5), or 1 without an FTE.',
    },
    ...overrides,
  };
}

function renderView(role: Role) {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <FairnessView />
    </AccessContext>,
    '/statistics?view=fairness',
  );
}

function table() {
  return screen.findByRole('table', { name: 'Fair share per person' });
}

function figure(name: string) {
  return screen.getByRole('group', { name });
}

/** Each body row's Name, Done, Planned, Fair share and Difference, as text. */
function rowsOf(tableElement: HTMLElement): string[][] {
  return within(tableElement)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        // After the button that opens the row: Name, Done, Planned, Available days, Fair share, Difference.
        .filter((_, i) => [1, 2, 3, 5, 6].includes(i))
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('Fairness view', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('shows admins everyone against their fair share, with signed differences and the team figures', async () => {
    stubFetch({ [YEARS]: { body: academicYears() }, [GET]: { body: fairness() } });
    renderView('admin');

    expect(
      screen.getByRole('status', { name: 'Loading the fairness figures' }),
    ).toBeInTheDocument();
    const rows = rowsOf(await table());
    expect(rows).toEqual([
      ['Ann Lee', '10', '20', '29.6', '+0.4'],
      ['Sam Part', '4', '8', '11.8', '+0.2'],
      ['Bob Stone', '8', '16', '24.6', '\u22120.6'],
    ]);
    expect(figure('Largest difference')).toHaveTextContent(/^Largest difference0\.6$/);
    expect(figure('Max − min')).toHaveTextContent(/^Max − min1$/);
    expect(figure('√Σd²')).toHaveTextContent(/^√Σd²0\.76$/);
    expect(
      screen.getByRole('progressbar', { name: 'Bob Stone: 24 of a fair share of 24.6 duties' }),
    ).toBeInTheDocument();
  });

  it("starts on next year once this year's summer term is over, and switches to this year", async () => {
    const fetchMock = stubFetch({
      [YEARS]: { body: academicYears(2026) },
      [GET]: [
        {
          body: fairness({
            academicYear: '2026-2027',
            startDate: '2026-09-01',
            endDate: '2027-08-31',
          }),
        },
        { body: fairness() },
      ],
    });
    renderView('admin');
    await table();

    expect(screen.getByText(/^2026-2027: /)).toBeInTheDocument();
    const years = screen.getByRole('radiogroup', { name: 'Academic year' });
    expect(within(years).getByRole('radio', { name: '2026-2027' })).toBeChecked();
    expect(requestedUrl(fetchMock, '/api/fairness', 0).searchParams.get('academicYear')).toBe(
      '2026',
    );

    await user.click(within(years).getByRole('radio', { name: '2025-2026' }));

    expect(await screen.findByText(/^2025-2026: /)).toBeInTheDocument();
    expect(requestedUrl(fetchMock, '/api/fairness', 1).searchParams.get('academicYear')).toBe(
      '2025',
    );
  });

  it('says how each share is made: the rule above the table, and each person’s in their row', async () => {
    stubFetch({ [YEARS]: { body: academicYears() }, [GET]: { body: fairness() } });
    renderView('admin');
    const tableElement = await table();

    expect(
      screen.getByText(/^Fair share = 66 duties × a person’s weighted days ÷ 424 weighted days\./),
    ).toBeInTheDocument();
    const sam = within(tableElement).getByRole('row', { name: /Sam Part/ });
    expect(within(sam).getByRole('cell', { name: '76' })).toBeInTheDocument();

    await user.click(within(sam).getByRole('button', { name: /expand row/i }));

    expect(
      await screen.findByText(
        'Works Mon, Tue: 76 of the 190 school days available. FTE 0.3 over 2 days a week (0.4): each day counts 0.75, so 57 weighted days. Share: 66 duties × 57 ÷ 424 weighted days = 8.87.',
      ),
    ).toBeVisible();
  });

  it('explains √Σd² in a tooltip that the keyboard opens too', async () => {
    stubFetch({ [YEARS]: { body: academicYears() }, [GET]: { body: fairness() } });
    renderView('manager');
    await table();

    const hint = screen.getByRole('img', { name: '√Σd²: load-balance measure' });
    act(() => hint.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('load-balance measure');
  });

  it('asks for the term chosen', async () => {
    const fetchMock = stubFetch({
      [YEARS]: { body: academicYears() },
      [GET]: [
        { body: fairness() },
        { body: fairness({ period: 'spring', rows: [ANN], startDate: '2026-01-05' }) },
      ],
    });
    renderView('admin');
    await table();

    await user.click(screen.getByRole('radio', { name: 'Spring term' }));

    await waitFor(() => expect(rowsOf(screen.getByRole('table'))).toHaveLength(1));
    expect(requestedUrl(fetchMock, '/api/fairness', 1).searchParams.get('period')).toBe('spring');
    expect(screen.getByRole('radio', { name: 'Spring term' })).toBeChecked();
    expect(callCount(fetchMock, GET)).toBe(2);
  });

  it('says when nobody has duties to compare', async () => {
    stubFetch({ [YEARS]: { body: academicYears() }, [GET]: { body: fairness({ rows: [] }) } });
    renderView('admin');

    expect(
      await screen.findByText('Nobody has duties to compare in this period yet'),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when the figures can't be read, and retries", async () => {
    stubFetch({
      [YEARS]: { body: academicYears() },
      [GET]: [
        {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'No term dates for 2025-2026' },
        },
        { body: fairness() },
      ],
    });
    renderView('admin');

    expect(await screen.findByText('Failed to load the fairness figures')).toBeInTheDocument();
    expect(screen.getByText('No term dates for 2025-2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await table()).toBeInTheDocument();
  });

  it('shows staff their own line against the team average, without the table or exports', async () => {
    stubFetch({ [YEARS]: { body: academicYears() }, [GET]: { body: fairness({ rows: [SAM] }) } });
    renderView('staff');

    const mine = await screen.findByLabelText('Your duties');
    expect(within(mine).getByText('Your fair share')).toBeInTheDocument();
    expect(within(mine).getByText('11.8')).toBeInTheDocument();
    expect(within(mine).getByText('+0.2')).toBeInTheDocument();
    expect(within(mine).getByText('Team average')).toBeInTheDocument();
    expect(within(mine).getByText('22')).toBeInTheDocument();
    expect(within(mine).getByText('How your share is made')).toBeInTheDocument();
    expect(within(mine).getByText(SAM.shareExplanation)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Fair share per person' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
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
    ])(
      'Export %s downloads the table of the period shown, named as the server says',
      async (label, format, type) => {
        const fetchMock = stubFetch({
          [YEARS]: { body: academicYears() },
          [GET]: { body: fairness() },
        });
        serveFile(fetchMock, EXPORT, {
          body: 'Name,Done\nAnn Lee,10\n',
          contentType: type,
          fileName: `fairness-2025-2026-year.${format}`,
        });
        window.localStorage.setItem('authToken', 'good-token');
        renderView('admin');
        await table();

        await user.click(screen.getByRole('button', { name: `Export ${label}` }));

        await waitFor(() => expect(downloads).toHaveLength(1));
        expect(downloads[0]!.fileName).toBe(`fairness-2025-2026-year.${format}`);
        expect(downloads[0]!.blob.size).toBe(new Blob(['Name,Done\nAnn Lee,10\n']).size);
        const url = requestedUrl(fetchMock, EXPORT);
        expect(Object.fromEntries(url.searchParams)).toEqual({
          academicYear: '2025',
          period: 'year',
          format,
        });
        const init = fetchMock.mock.calls.find(([input]) => String(input).includes(EXPORT))?.[1];
        expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer good-token');
      },
    );

    it("says why an export failed, with the server's message", async () => {
      stubFetch({
        [YEARS]: { body: academicYears() },
        [GET]: { body: fairness() },
        [`GET ${EXPORT}`]: {
          status: 403,
          body: { statusCode: 403, error: 'Forbidden', message: 'Not allowed' },
        },
      });
      renderView('admin');
      await table();

      await user.click(screen.getByRole('button', { name: 'Export XLSX' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Not allowed')).toBeInTheDocument();
      expect(downloads).toHaveLength(0);
    });
  });
});
