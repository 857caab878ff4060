import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, stubFetch } from '@/testing/test-utils';

import type { RotaGridDto } from '../api';
import { AllDutiesGrid } from './all-duties-grid';

const grid: RotaGridDto = {
  duties: [
    {
      id: 'lunch',
      name: 'Lunch',
      place: 'Field',
      startTime: '12:00',
      endTime: '12:40',
      isDutyManager: false,
      paused: false,
    },
  ],
  days: [
    {
      date: '2025-09-08',
      duties: [
        {
          dutyId: 'lunch',
          needed: 2,
          slots: [
            {
              position: 1,
              staff: { id: 's-1', name: 'Ann Lee' },
              pinned: true,
              pinnedReason: 'cover',
              slotId: 'slot-1',
            },
            { position: 2, staff: { id: 's-2', name: 'Bob Jones' } },
          ],
        },
      ],
    },
  ],
};

describe('All-duties grid pins (docs/product.md#pinned-duties)', () => {
  it('shows a pin beside a pinned duty only', async () => {
    stubFetch({ 'GET /api/rota/grid': { body: grid } });
    renderWithProviders(<AllDutiesGrid dates={['2025-09-08']} closedOn={() => undefined} />);

    const ann = (await screen.findByText('Ann Lee')).closest('li')!;
    expect(within(ann).getByRole('img', { name: 'Pinned: cover' })).toBeInTheDocument();
    const bob = screen.getByText('Bob Jones').closest('li')!;
    expect(within(bob).queryByRole('img')).not.toBeInTheDocument();
  });
});
