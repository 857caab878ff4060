import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { findToast } from '@/testing/antd-helpers';
import { catchDownloads, requestedUrl, serveFile } from '@/testing/downloads';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { DraftDetailDto, RotaGridDto, RotaHealthDto } from '../api';
import { DraftPage } from './draft-page';

function detail(overrides: Partial<DraftDetailDto> = {}): DraftDetailDto {
  return {
    id: 'd-1',
    name: 'Draft Monday 9 November 2026 to Tuesday 10 November 2026',
    startDate: '2026-11-09',
    endDate: '2026-11-10',
    dutyIds: ['dm'],
    status: 'open',
    duties: 3,
    createdAt: '2026-11-02T09:00:00.000Z',
    publishedAt: null,
    academicYear: '2026-2027',
    largestGap: 0.78,
    people: [
      {
        staffId: 's-1',
        name: 'Ann Archer',
        draftDuties: 2,
        load: 14.2,
        share: 13.42,
        difference: 0.78,
      },
      {
        staffId: 's-2',
        name: 'Bob Baker',
        draftDuties: 1,
        load: 13,
        share: 13.4,
        difference: -0.4,
      },
    ],
    ...overrides,
  };
}

const DAYS: RotaGridDto = {
  duties: [
    {
      id: 'dm',
      name: 'Duty Manager',
      place: null,
      startTime: null,
      endTime: null,
      isDutyManager: true,
      paused: false,
    },
  ],
  days: [
    {
      date: '2026-11-09',
      duties: [
        {
          dutyId: 'dm',
          needed: 2,
          slots: [
            { position: 1, staff: { id: 's-1', name: 'Ann Archer' } },
            { position: 2, staff: { id: 's-2', name: 'Bob Baker' } },
          ],
        },
      ],
    },
    {
      date: '2026-11-10',
      duties: [
        {
          dutyId: 'dm',
          needed: 2,
          slots: [
            { position: 1, staff: { id: 's-1', name: 'Ann Archer' } },
            { position: 2, staff: null },
          ],
        },
      ],
    },
  ],
};

function health(overrides: Partial<RotaHealthDto> = {}): RotaHealthDto {
  return {
    academicYear: '2026-2027',
    from: '2026-11-02',
    to: '2027-07-21',
    violations: [],
    unfilledDays: [],
    yearsWithoutTermDates: [],
    ...overrides,
  };
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/rota/drafts/:id" element={<DraftPage />} />
    </Routes>,
    '/rota/drafts/d-1',
  );
}

describe('DraftPage', () => {
  it("shows the draft's fairness and its days, read-only", async () => {
    stubFetch({
      'GET /api/rota/drafts/d-1': { body: detail() },
      'GET /api/rota/drafts/d-1/days': { body: DAYS },
      'GET /api/rota/health': { body: health() },
    });
    renderPage();

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Draft Monday 9 November 2026 to Tuesday 10 November 2026',
      }),
    ).toBeInTheDocument();
    const fairness = screen.getByRole('region', { name: 'Fairness' });
    expect(fairness).toHaveTextContent('Largest gap to a fair share: 0.78 duties over 2026-2027');
    const rows = within(within(fairness).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Ann Archer', '2', '14.20', '13.42', '+0.78'],
      ['Bob Baker', '1', '13.00', '13.40', '−0.40'],
    ]);
    const days = screen.getByRole('region', { name: 'Days' });
    expect(await within(days).findByText('Ann Archer, Bob Baker')).toBeInTheDocument();
    expect(within(days).getByText('Ann Archer, Unfilled')).toBeInTheDocument();
    expect(within(days).queryByRole('button', { name: /assign|edit/i })).not.toBeInTheDocument();
  });

  it('publishes after a confirmation naming the duties and people', async () => {
    const fetchMock = stubFetch({
      'GET /api/rota/drafts/d-1': [
        { body: detail() },
        { body: detail({ status: 'published', publishedAt: '2026-11-02T10:00:00.000Z' }) },
      ],
      'GET /api/rota/drafts/d-1/days': { body: DAYS },
      'GET /api/rota/health': { body: health() },
      'POST /api/rota/drafts/d-1/publish': {
        body: { changedSlots: 3, people: 2, message: 'Published: 3 slots changed, 2 people told.' },
      },
    });
    const user = setupUser();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Its 3 duties for 2 people replace the rota on its days');
    expect(callCount(fetchMock, 'POST /api/rota/drafts/d-1/publish')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await findToast('status', 'Draft published');
    expect(callCount(fetchMock, 'POST /api/rota/drafts/d-1/publish')).toBe(1);
    expect(await screen.findByText(/it is the rota now/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('discards after a confirmation and goes back to Rota Management', async () => {
    const fetchMock = stubFetch({
      'GET /api/rota/drafts/d-1': { body: detail() },
      'GET /api/rota/drafts/d-1/days': { body: DAYS },
      'GET /api/rota/health': { body: health() },
      'DELETE /api/rota/drafts/d-1': { status: 204 },
    });
    const user = setupUser();
    const { router } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Discard this draft?')).toBeInTheDocument();
    expect(callCount(fetchMock, 'DELETE /api/rota/drafts/d-1')).toBe(0);
    // The confirmation's own Discard, after the page's.
    await user.click(screen.getAllByRole('button', { name: 'Discard' }).at(-1)!);
    await waitFor(() => expect(callCount(fetchMock, 'DELETE /api/rota/drafts/d-1')).toBe(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
  });

  it('shows a failure to load with a retry, and the loading state', async () => {
    stubFetch({
      'GET /api/rota/drafts/d-1': [
        { status: 403, body: { message: 'Only admins and managers can see drafts' } },
        { body: detail() },
      ],
      'GET /api/rota/drafts/d-1/days': { body: DAYS },
      'GET /api/rota/health': { body: health() },
    });
    const user = setupUser();
    renderPage();

    expect(screen.getByRole('status', { name: 'Loading the draft' })).toBeInTheDocument();
    expect(await screen.findByText('Only admins and managers can see drafts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Draft Monday 9 November 2026',
    );
  });

  it("lists the draft's duties that break a hard rule now, within its days, with their reasons", async () => {
    const fetchMock = stubFetch({
      'GET /api/rota/drafts/d-1': { body: detail() },
      'GET /api/rota/drafts/d-1/days': { body: DAYS },
      'GET /api/rota/health': {
        body: health({
          violations: [
            {
              date: '2026-11-09',
              position: 1,
              staffId: 's-1',
              staffName: 'Ann Archer',
              rule: 'holiday',
              reason: 'Holiday: Snow closure, Other',
            },
            {
              date: '2026-11-10',
              position: 1,
              staffId: 's-2',
              staffName: 'Bob Baker',
              rule: 'unavailable',
              reason: 'Unavailable: Course',
            },
            // The live rota's, after the draft's days: not the draft's to show.
            {
              date: '2026-11-16',
              position: 1,
              staffId: 's-2',
              staffName: 'Bob Baker',
              rule: 'inactive',
              reason: 'Inactive',
            },
          ],
        }),
      },
    });
    renderPage();

    const rules = await screen.findByRole('region', { name: 'Hard rules' });
    expect(
      await within(rules).findByText('2 duties in this draft break a hard rule'),
    ).toBeVisible();
    expect(
      within(rules).getByText('Publishing leaves them out: those slots stay empty.'),
    ).toBeVisible();
    const items = within(within(rules).getByRole('list', { name: 'Duties that break a hard rule' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Mon 9 Nov 2026 · Ann Archer · Holiday: Snow closure, Other',
      'Tue 10 Nov 2026 · Bob Baker · Unavailable: Course',
    ]);
    expect(requestedUrl(fetchMock, '/api/rota/health').searchParams.get('draftId')).toBe('d-1');
  });

  it('says so when nothing in the draft breaks a hard rule, and shows a failed check with a retry', async () => {
    stubFetch({
      'GET /api/rota/drafts/d-1': { body: detail() },
      'GET /api/rota/drafts/d-1/days': { body: DAYS },
      'GET /api/rota/health': [
        { status: 500, body: { message: 'Something went wrong' } },
        { body: health() },
      ],
    });
    const user = setupUser();
    renderPage();

    const rules = await screen.findByRole('region', { name: 'Hard rules' });
    expect(await within(rules).findByText('Failed to check the draft')).toBeVisible();
    await user.click(within(rules).getByRole('button', { name: 'Retry' }));
    expect(
      await within(rules).findByText('No duty in this draft breaks a hard rule.'),
    ).toBeVisible();
  });

  it("exports the draft's rota as CSV or XLSX", async () => {
    const { downloads, restore } = catchDownloads();
    try {
      const fetchMock = stubFetch({
        'GET /api/rota/drafts/d-1': { body: detail() },
        'GET /api/rota/drafts/d-1/days': { body: DAYS },
        'GET /api/rota/health': { body: health() },
      });
      serveFile(fetchMock, '/api/rota/export', {
        body: 'Date,Day\n',
        contentType: 'text/csv',
        fileName: 'duty-rota-draft-2026-11-09-to-2026-11-10.csv',
      });
      const user = setupUser();
      renderPage();

      await user.click(await screen.findByRole('button', { name: /Export/ }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByRole('menuitem', { name: 'The draft as XLSX' })).toBeVisible();
      await user.click(within(menu).getByRole('menuitem', { name: 'The draft as CSV' }));

      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(downloads[0]!.fileName).toBe('duty-rota-draft-2026-11-09-to-2026-11-10.csv');
      expect(Object.fromEntries(requestedUrl(fetchMock, '/api/rota/export').searchParams)).toEqual({
        startDate: '2026-11-09',
        endDate: '2026-11-10',
        format: 'csv',
        draftId: 'd-1',
      });
    } finally {
      restore();
    }
  });

  it("shows the server's reason when the export is refused", async () => {
    stubFetch({
      'GET /api/rota/drafts/d-1': { body: detail() },
      'GET /api/rota/drafts/d-1/days': { body: DAYS },
      'GET /api/rota/health': { body: health() },
      'GET /api/rota/export': {
        status: 403,
        body: { statusCode: 403, message: 'Only admins and managers can see drafts' },
      },
    });
    const user = setupUser();
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Export/ }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'The draft as XLSX' }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Only admins and managers can see drafts')).toBeInTheDocument();
  });

  it('still exports a published draft, without checking it', async () => {
    const fetchMock = stubFetch({
      'GET /api/rota/drafts/d-1': {
        body: detail({ status: 'published', publishedAt: '2026-11-02T10:00:00.000Z' }),
      },
      'GET /api/rota/drafts/d-1/days': { body: DAYS },
      'GET /api/rota/health': { body: health() },
    });
    renderPage();

    expect(await screen.findByRole('button', { name: /Export/ })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Hard rules' })).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/rota/health')).toBe(0);
  });
});
