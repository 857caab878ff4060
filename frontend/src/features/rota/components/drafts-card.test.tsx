import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

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
