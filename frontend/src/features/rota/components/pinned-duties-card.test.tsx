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
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderWithProviders(<PinnedDutiesCard />);

    const button = await within(card()).findByRole('button', { name: 'Unpin all in the period' });
    expect(
      within(card()).getByText(
        /Unpin every pinned duty of 2025-2026, from today to 31 August 2026/,
      ),
    ).toBeInTheDocument();

    // Cancelled: nothing is sent.
    await user.click(button);
    expect(confirm).toHaveBeenLastCalledWith(
      'Unpin every pinned duty of 2025-2026, from today to 31 August 2026? Bulk tools and repairs may then move them. Nobody moves now and nobody is told.',
    );
    expect(callCount(fetchMock, 'POST /api/rota/unpin')).toBe(0);

    await user.click(button);
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
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<PinnedDutiesCard />);

    await user.click(await within(card()).findByRole('radio', { name: '2026-2027' }));
    await user.click(within(card()).getByRole('button', { name: 'Unpin all in the period' }));
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
