import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { fill, renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import { LeaversDataCard } from './leavers-data-card';

const GET = 'GET /api/data-rights/leaver-retention';
const PUT = 'PUT /api/data-rights/leaver-retention';

const card = () => screen.getByRole('region', { name: "Leavers' data" });

describe("Admin Panel: Leavers' data", () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('shows the period and the next leavers due, and saves a new period', async () => {
    const nextDue = [
      {
        staffId: 's1',
        name: 'Early Leaver',
        leftAt: '2025-09-08T08:00:00.000Z',
        dueAt: '2026-09-08T08:00:00.000Z',
      },
    ];
    const fetchMock = stubFetch({
      [GET]: [
        { body: { leaverRetentionMonths: 12, nextDue } },
        { body: { leaverRetentionMonths: 24, nextDue } },
      ],
      [PUT]: { body: { leaverRetentionMonths: 24, nextDue } },
    });
    renderWithProviders(<LeaversDataCard />);
    await user.click(within(card()).getByRole('button', { name: 'Show' }));

    expect(await within(card()).findByText('Early Leaver')).toBeInTheDocument();
    expect(
      within(card()).getByText('Left 8 September 2025 · due 8 September 2026'),
    ).toBeInTheDocument();
    const months = within(card()).getByRole('spinbutton', { name: 'Anonymise leavers' });
    expect(months).toHaveValue('12');
    await fill(user, months, '24');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Leavers are anonymised 24 months after they leave.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, PUT)).toEqual([{ leaverRetentionMonths: 24 }]);
  });

  it('says when nobody is due, saves nothing unchanged, and offers a retry when loading fails', async () => {
    const fetchMock = stubFetch({
      [GET]: [
        {
          status: 500,
          body: {
            statusCode: 500,
            message: 'Database unavailable',
            error: 'Internal Server Error',
          },
        },
        { body: { leaverRetentionMonths: 12, nextDue: [] } },
      ],
    });
    renderWithProviders(<LeaversDataCard />);
    await user.click(within(card()).getByRole('button', { name: 'Show' }));

    expect(
      await within(card()).findByText("Failed to load the leavers' data settings"),
    ).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(
      await within(card()).findByText(
        'Nobody: no leaver’s personal data is waiting to be anonymised.',
      ),
    ).toBeInTheDocument();
    // Unchanged: nothing to save.
    expect(within(card()).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(sentBodies(fetchMock, PUT)).toEqual([]);
  });
});
