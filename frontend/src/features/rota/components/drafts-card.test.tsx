import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { choose } from '@/testing/antd-helpers';
import { academicYears } from '@/testing/fixtures';
import { renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import type { DraftDetailDto, DraftDto } from '../api';
import { DraftsCard } from './drafts-card';

function draft(overrides: Partial<DraftDto> = {}): DraftDto {
  return {
    id: 'd-1',
    name: 'Draft Tuesday 9 September 2025 to Tuesday 21 July 2026',
    startDate: '2025-09-09',
    endDate: '2026-07-21',
    dutyIds: ['duty-1'],
    status: 'open',
    duties: 380,
    createdAt: '2025-09-08T09:00:00.000Z',
    publishedAt: null,
    ...overrides,
  };
}

describe('DraftsCard', () => {
  it('lists the drafts with their state, each leading to its page', async () => {
    stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/rota/drafts': {
        body: [
          draft(),
          draft({ id: 'd-2', name: 'Draft of spring', status: 'published', duties: 1 }),
        ],
      },
    });
    renderWithProviders(<DraftsCard />);

    const first = await screen.findByRole('link', {
      name: 'Draft Tuesday 9 September 2025 to Tuesday 21 July 2026',
    });
    expect(first).toHaveAttribute('href', '/rota/drafts/d-1');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!).toHaveTextContent('Open');
    expect(items[0]!).toHaveTextContent('380 duties');
    expect(items[1]!).toHaveTextContent('Published');
    expect(items[1]!).toHaveTextContent('1 duty');
    expect(within(items[1]!).getByRole('link', { name: 'Draft of spring' })).toHaveAttribute(
      'href',
      '/rota/drafts/d-2',
    );
    expect(screen.getByText(/Plan from tomorrow to 21 July 2026 as a draft/)).toBeInTheDocument();
  });

  it('says when there are no drafts, and shows a failure with a retry', async () => {
    stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/rota/drafts': [{ status: 500, body: { message: 'Database down' } }, { body: [] }],
    });
    const user = setupUser();
    renderWithProviders(<DraftsCard />);

    expect(await screen.findByText('Failed to load the drafts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No drafts yet')).toBeInTheDocument();
  });

  it('shows the loading state while the drafts load', () => {
    stubFetch({ 'GET /api/academic-years': { body: academicYears() } });
    renderWithProviders(<DraftsCard />);
    expect(screen.getByRole('status', { name: 'Loading the drafts' })).toBeInTheDocument();
  });

  it('plans the chosen year as a draft and opens it', async () => {
    const created: DraftDetailDto = {
      ...draft(),
      academicYear: '2025-2026',
      largestGap: 0.5,
      people: [],
    };
    const fetchMock = stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/rota/drafts': { body: [] },
      'POST /api/rota/drafts': { status: 201, body: created },
    });
    const user = setupUser();
    const { router } = renderWithProviders(<DraftsCard />);

    await user.click(await screen.findByRole('button', { name: 'Plan as a draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rota/drafts/d-1'));
    expect(sentBodies(fetchMock, 'POST /api/rota/drafts')).toEqual([
      { academicYear: 2025, allWeekdays: false },
    ]);
  });

  it('plans one term of the year as a draft: a term under way from tomorrow, one to come from its first day', async () => {
    const created: DraftDetailDto = {
      ...draft(),
      academicYear: '2025-2026',
      largestGap: 0.5,
      people: [],
    };
    const fetchMock = stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/rota/drafts': { body: [] },
      'GET /api/term-dates': {
        body: {
          academicYear: 2025,
          label: '2025-2026',
          proposal: [],
          proposalSource: 'typical_pattern',
          terms: [
            { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19' },
            { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27' },
            { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21' },
          ],
        },
      },
      'POST /api/rota/drafts': { status: 201, body: created },
    });
    const user = setupUser();
    renderWithProviders(<DraftsCard />);
    const card = await screen.findByRole('region', { name: 'Drafts' });
    await within(card).findByRole('combobox', { name: 'Days to draft' });

    await choose(user, card, 'Days to draft', 'Spring term: Mon 5 Jan 2026 – Fri 27 Mar 2026');
    expect(card).toHaveTextContent("Plan the spring term as a draft: staff don't see it");
    await user.click(screen.getByRole('button', { name: 'Plan as a draft' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/rota/drafts')).toHaveLength(1));
    await choose(user, card, 'Days to draft', 'Autumn term: Tue 9 Sep 2025 – Fri 19 Dec 2025');
    await user.click(screen.getByRole('button', { name: 'Plan as a draft' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/rota/drafts')).toEqual([
        { startDate: '2026-01-05', endDate: '2026-03-27', allWeekdays: false },
        { endDate: '2025-12-19', allWeekdays: false },
      ]),
    );
  });

  it('asks before planning every weekday of a year without term dates', async () => {
    const created: DraftDetailDto = {
      ...draft(),
      academicYear: '2026-2027',
      largestGap: 0.5,
      people: [],
    };
    const fetchMock = stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/rota/drafts': { body: [] },
      'POST /api/rota/drafts': [
        {
          status: 409,
          body: { message: '2026-2027 has no term dates', code: 'term_dates_missing' },
        },
        { status: 201, body: created },
      ],
    });
    const user = setupUser();
    const { router } = renderWithProviders(<DraftsCard />);

    await user.click(await screen.findByRole('radio', { name: '2026-2027' }));
    await user.click(screen.getByRole('button', { name: 'Plan as a draft' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('2026-2027 has no term dates');
    await user.click(within(dialog).getByRole('button', { name: 'Plan every weekday' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rota/drafts/d-1'));
    expect(sentBodies(fetchMock, 'POST /api/rota/drafts')).toEqual([
      { academicYear: 2026, allWeekdays: false },
      { academicYear: 2026, allWeekdays: true },
    ]);
  });
});
