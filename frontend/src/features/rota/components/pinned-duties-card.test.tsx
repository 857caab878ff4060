import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { findToast } from '@/testing/antd-helpers';
import { academicYears } from '@/testing/fixtures';
import {
  callCount,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import { PinnedDutiesCard } from './pinned-duties-card';

const card = () => screen.getByRole('region', { name: 'Pinned Duties' });

describe('Pinned Duties card (Unpin all in the period)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks first, unpins the academic year from today on, and says how many', async () => {
    const user = setupUser();
    const fetchMock = stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'POST /api/rota/unpin': { body: { unpinned: 12 } },
    });
    renderWithProviders(<PinnedDutiesCard />);

    const button = await within(card()).findByRole('button', { name: 'Unpin all in the period' });
    expect(
      within(card()).getByText(
        /Unpin every pinned duty of 2025-2026, from today to 31 August 2026/,
      ),
    ).toBeInTheDocument();

    // Asked first; cancelled: nothing is sent.
    await user.click(button);
    const question = await screen.findByRole('tooltip');
    expect(question).toHaveTextContent(
      'Unpin every pinned duty of 2025-2026, from today to 31 August 2026?Bulk tools and repairs may then move them. Nobody moves now and nobody is told.',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(callCount(fetchMock, 'POST /api/rota/unpin')).toBe(0);

    await user.click(button);
    await user.click(
      within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Unpin all' }),
    );
    expect(await findToast('status', 'Unpinned 12 duties')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/rota/unpin')).toEqual([
      { from: '2025-09-08', to: '2026-08-31' },
    ]);
  });

  it('unpins next year from its first day, and shows a refusal', async () => {
    const user = setupUser();
    const fetchMock = stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'POST /api/rota/unpin': {
        status: 400,
        body: { message: 'The period can cover at most two years' },
      },
    });
    renderWithProviders(<PinnedDutiesCard />);

    await user.click(await within(card()).findByRole('radio', { name: '2026-2027' }));
    await user.click(within(card()).getByRole('button', { name: 'Unpin all in the period' }));
    await user.click(
      within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Unpin all' }),
    );
    const toast = await findToast('alert', 'Unpin Failed');
    expect(toast).toHaveTextContent('The period can cover at most two years');
    expect(sentBodies(fetchMock, 'POST /api/rota/unpin')).toEqual([
      { from: '2026-09-01', to: '2027-08-31' },
    ]);
  });

  it('offers a retry when the academic years fail to load', async () => {
    stubFetch({ 'GET /api/academic-years': { status: 500, body: { message: 'Down' } } });
    renderWithProviders(<PinnedDutiesCard />);
    expect(await within(card()).findByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
