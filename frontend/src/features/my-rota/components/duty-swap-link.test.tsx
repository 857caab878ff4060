import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import type { Duty } from './duties';
import { DutyList } from './duty-list';

// docs/product.md#duties: a swap of another duty of one's own is asked from My Rota's list.
const post = (isDutyManager: boolean) => ({
  title: isDutyManager ? 'Duty Manager' : 'Break — Playground',
  times: isDutyManager ? 'All day' : '10:40–11:00',
  description: null,
  isDutyManager,
  dutyId: isDutyManager ? 'd-dm' : 'd-break',
  place: isDutyManager ? null : 'Playground',
  startTime: isDutyManager ? null : '10:40',
  endTime: isDutyManager ? null : '11:00',
});

describe('My Rota: asking for a swap of another duty', () => {
  it('links each coming duty other than the Duty Manager duty to Create Swap Request for that duty and day', () => {
    const duties: Duty[] = [
      { id: '2025-09-03|d-break', date: '2025-09-03', colleagues: [], post: post(false) },
      { id: '2025-09-08|d-dm', date: '2025-09-08', colleagues: [], post: post(true) },
      { id: '2025-09-11|d-break', date: '2025-09-11', colleagues: [], post: post(false) },
    ];
    renderWithProviders(<DutyList duties={duties} today="2025-09-08" />);

    const links = screen.getAllByRole('link', { name: /^Ask for a swap/ });
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Ask for a swap: Break — Playground, Thursday 11 September 2025',
    ]);
    expect(links[0]).toHaveAttribute('href', '/swaps?ask=swap&dutyId=d-break&date=2025-09-11');
  });
});
