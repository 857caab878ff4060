import { render, screen, waitFor, within } from '@testing-library/react';
import { QRCode } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { currentUser, currentWeek, dutyManagerDuty, otherDuty, rotaDay } from '@/testing/fixtures';
import { alice, cat, requestedRanges } from '@/testing/rota-fixtures';
import { renderWithProviders, setupUser, storeToken, stubFetch } from '@/testing/test-utils';

import { DutyPosterPage } from './duty-poster-page';

// Lunch in the canteen on Mondays to Thursdays; not on Fridays.
const lunch = otherDuty({
  id: 'd-2',
  weekdays: [1, 2, 3, 4].map((weekday) => ({ weekday, people: 1 })),
});

const autumn = {
  name: 'autumn' as const,
  startDate: '2025-09-03',
  endDate: '2025-12-19',
  halfTermStart: '2025-10-27',
  halfTermEnd: '2025-10-31',
};

function termDates(terms: (typeof autumn)[]) {
  return {
    academicYear: 2025,
    label: '2025-2026',
    proposal: [],
    proposalSource: 'typical_pattern',
    terms,
  };
}

function stubPoster(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/auth/user': { body: currentUser() },
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/duties': { body: [dutyManagerDuty(), lunch] },
    'GET /api/term-dates': { body: termDates([autumn]) },
    'GET /api/rota': {
      body: [rotaDay('2025-09-08', [cat]), rotaDay('2025-09-09', [alice])],
    },
    'GET /api/rota/closures': {
      body: [
        {
          kind: 'holiday',
          label: 'Training day, INSET Day',
          startDate: '2025-09-10',
          endDate: '2025-09-10',
        },
      ],
    },
    ...overrides,
  });
}

function renderPoster(path = '/rota/poster?duty=d-2', role = 'staff') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <DutyPosterPage />
    </AccessContext>,
    path,
  );
}

/** The path data of the QR code antd draws for `value` with the poster's settings. */
function qrPathFor(value: string): string | null | undefined {
  const { container, unmount } = render(
    <QRCode type="svg" value={value} size={140} marginSize={2} bordered={false} />,
  );
  const path = container.querySelectorAll('svg path')[1]?.getAttribute('d');
  unmount();
  return path;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the poster of a duty point', () => {
  beforeEach(() => {
    // The browser's clock is elsewhere: this half term comes from the server's "today".
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 15, 9, 0) });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the duty, its place and times, this half term’s people by weekday and who printed it', async () => {
    storeToken();
    const fetchMock = stubPoster();
    renderPoster();

    expect(screen.getByRole('status', { name: 'Loading the poster' })).toBeInTheDocument();
    const poster = await screen.findByRole('article', { name: 'Lunch' });
    expect(within(poster).getByText('Canteen')).toBeInTheDocument();
    expect(within(poster).getByText('12:30–13:10')).toBeInTheDocument();
    expect(within(poster).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Autumn term, first half Wed 3 Sep 2025 – Fri 24 Oct 2025',
    );
    // Its own rota over the half term, with the closures of those days.
    expect(
      new URL(
        String(fetchMock.mock.calls.find(([input]) => String(input).includes('/api/rota?'))?.[0]),
        'http://localhost',
      ).searchParams.get('dutyId'),
    ).toBe('d-2');
    expect(requestedRanges(fetchMock, '/api/rota')).toEqual(['2025-09-03..2025-10-24']);
    expect(requestedRanges(fetchMock, '/api/rota/closures')).toEqual(['2025-09-03..2025-10-24']);

    const table = within(poster).getByRole('table', {
      name: 'Who is on Lunch — Canteen, Autumn term, first half',
    });
    const rows = within(table).getAllByRole('row');
    // Each header is named by the whole day (a phone shows "Mon"…, hidden from screen readers).
    const headers = within(rows[0]!).getAllByRole('columnheader');
    expect(headers).toHaveLength(6);
    for (const [i, name] of [
      'Week of',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
    ].entries()) {
      expect(within(rows[0]!).getByRole('columnheader', { name })).toBe(headers[i]);
    }
    // Eight weeks, from the one the term starts in to the last before the half-term break.
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '1 Sep',
      '8 Sep',
      '15 Sep',
      '22 Sep',
      '29 Sep',
      '6 Oct',
      '13 Oct',
      '20 Oct',
    ]);
    // The term starts on a Wednesday: Monday and Tuesday are left blank.
    expect(cellsOf(rows[1]!)).toEqual(['', '', 'Unfilled', 'Unfilled', 'Not running']);
    expect(cellsOf(rows[2]!)).toEqual([
      'Cat Rowe',
      'Alice Smith',
      'Training day, INSET Day',
      'Unfilled',
      'Not running',
    ]);

    await waitFor(() =>
      expect(poster).toHaveTextContent('Hillside Primary School · Printed 8 September 2025'),
    );
    expect(poster).toHaveTextContent(`${window.location.origin}/rota?duty=d-2`);
  });

  it('carries a QR code of the live rota’s address: the Weekly Rota showing the duty', async () => {
    stubPoster();
    renderPoster();

    const qr = await screen.findByRole('img', {
      name: 'QR code: the live rota of Lunch — Canteen',
    });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    const drawn = qr.querySelectorAll('path')[1]?.getAttribute('d');
    const expected = qrPathFor(`${window.location.origin}/rota?duty=d-2`);
    expect(expected).toBeTruthy();
    expect(drawn).toBe(expected);
    // The comparison tells addresses apart.
    expect(drawn).not.toBe(qrPathFor(`${window.location.origin}/rota?duty=d-3`));
  });

  it('prints from its Print button', async () => {
    const user = setupUser();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    stubPoster();
    renderPoster();

    await screen.findByRole('article', { name: 'Lunch' });
    const button = screen.getByRole('button', { name: 'Print' });
    expect(button).toHaveClass('no-print');
    await user.click(button);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('covers the next six weeks when the year has no term dates, and says so', async () => {
    const fetchMock = stubPoster({ 'GET /api/term-dates': { body: termDates([]) } });
    renderPoster();

    const poster = await screen.findByRole('article', { name: 'Lunch' });
    expect(within(poster).getByRole('heading', { level: 2 })).toHaveTextContent(
      'The next 6 weeks (no term dates yet) Mon 8 Sep 2025 – Fri 17 Oct 2025',
    );
    expect(requestedRanges(fetchMock, '/api/rota')).toEqual(['2025-09-08..2025-10-17']);
  });

  it('says when the duty no longer exists', async () => {
    stubPoster();
    renderPoster('/rota/poster?duty=d-gone');

    expect(await screen.findByText('This duty no longer exists')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Weekly Rota' })).toHaveAttribute('href', '/rota');
  });

  it('says when the rota cannot be loaded, and tries again', async () => {
    const user = setupUser();
    stubPoster({
      'GET /api/rota': [
        { status: 500, body: { statusCode: 500, error: 'Error', message: 'Database unavailable' } },
        { body: [rotaDay('2025-09-08', [cat])] },
      ],
    });
    renderPoster();

    expect(await screen.findByText('Failed to load the poster')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Lunch' })).toBeInTheDocument();
  });
});
