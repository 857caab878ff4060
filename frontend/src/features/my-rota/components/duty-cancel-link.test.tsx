import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import type { Duty } from './duties';
import { DutyList } from './duty-list';

// docs/product.md#duties: a cancellation of another duty of one's own is asked from My Rota's list.
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

describe('My Rota: asking to cancel another duty', () => {
  it('links each coming duty other than the Duty Manager duty to the cancel form for that duty and day, beside its swap link', () => {
    const duties: Duty[] = [
      { id: '2025-09-03|d-break', date: '2025-09-03', colleagues: [], post: post(false) },
      { id: '2025-09-08|d-dm', date: '2025-09-08', colleagues: [], post: post(true) },
      { id: '2025-09-11|d-break', date: '2025-09-11', colleagues: [], post: post(false) },
    ];
    renderWithProviders(<DutyList duties={duties} today="2025-09-08" />);

    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Ask for a swap: Break — Playground, Thursday 11 September 2025',
      'Ask to cancel: Break — Playground, Thursday 11 September 2025',
    ]);
    expect(links[1]).toHaveAttribute(
      'href',
      '/cancel-requests?ask=cancel&dutyId=d-break&date=2025-09-11',
    );
    expect(links[1]).toHaveAttribute('title', 'Ask to cancel');
  });

  it("has no links on a Duty Manager-only school's rows, which read as before", () => {
    const duties: Duty[] = [{ id: '2025-09-10', date: '2025-09-10', colleagues: ['Bob Brown'] }];
    renderWithProviders(<DutyList duties={duties} today="2025-09-08" />);

    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('listitem')).toHaveTextContent('Wednesday 10 September 2025');
  });
});
