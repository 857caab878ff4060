import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { SlotButton } from './slot-button';

const ann = { id: '11111111-1111-4111-8111-111111111111', name: 'Ann Lee' };

describe('SlotButton pins (docs/product.md#pinned-duties)', () => {
  it('shows the pin of a pinned slot and says why in its name', () => {
    renderWithProviders(
      <SlotButton
        date="2025-09-08"
        position={1}
        person={ann}
        emptyText="Unfilled"
        pin={{ pinned: true, pinnedReason: 'swap', slotId: 'slot-1' }}
        onClick={vi.fn()}
      />,
    );
    expect(
      screen.getByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Ann Lee' }),
    ).toHaveAccessibleDescription('Pinned: approved swap');
    expect(screen.getByRole('img', { name: 'Pinned: approved swap' })).toBeInTheDocument();
  });

  it('shows no pin on a slot that is not pinned, or an empty one', () => {
    renderWithProviders(
      <>
        <SlotButton
          date="2025-09-08"
          position={1}
          person={ann}
          emptyText="Unfilled"
          pin={{}}
          onClick={vi.fn()}
        />
        <SlotButton
          date="2025-09-08"
          position={2}
          person={null}
          emptyText="Unfilled"
          pin={{ pinned: true, pinnedReason: 'hand' }}
          onClick={vi.fn()}
        />
      </>,
    );
    expect(
      screen.getByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Ann Lee' }),
    ).not.toHaveAttribute('aria-describedby');
    expect(
      screen.getByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Unfilled' }),
    ).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('img', { name: /Pinned/ })).not.toBeInTheDocument();
  });
});
