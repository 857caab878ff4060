import { describe, expect, it } from 'vitest';

import { printedDuties } from './print';

describe('printedDuties', () => {
  const lunch = { name: 'Lunch', place: 'Canteen', startTime: '12:30', endTime: '13:10' };

  it('names every duty, the Duty Manager duty, or one duty with its place and times', () => {
    expect(printedDuties('all')).toBe('All duties');
    expect(printedDuties('duty-manager')).toBe('Duty Manager');
    expect(printedDuties('d-2', lunch)).toBe('Lunch — Canteen · 12:30–13:10');
    expect(
      printedDuties('d-3', { name: 'Gate', place: null, startTime: null, endTime: null }),
    ).toBe('Gate · All day');
  });
});
