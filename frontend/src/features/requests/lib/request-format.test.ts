import { describe, expect, it } from 'vitest';

import { formatDutyDate, personName, splitByStatus, tabLabel } from './request-format';

describe('formatDutyDate', () => {
  it('reads like "Monday, January 1st, 2025", with the right ordinal', () => {
    expect(formatDutyDate('2025-01-01')).toBe('Wednesday, January 1st, 2025');
    expect(formatDutyDate('2025-09-02')).toBe('Tuesday, September 2nd, 2025');
    expect(formatDutyDate('2025-09-03')).toBe('Wednesday, September 3rd, 2025');
    expect(formatDutyDate('2025-09-11')).toBe('Thursday, September 11th, 2025');
    expect(formatDutyDate('2025-09-12')).toBe('Friday, September 12th, 2025');
    expect(formatDutyDate('2025-09-22')).toBe('Monday, September 22nd, 2025');
    expect(formatDutyDate('2025-12-31')).toBe('Wednesday, December 31st, 2025');
  });

  it('says Invalid date for anything else', () => {
    expect(formatDutyDate('2025-02-30')).toBe('Invalid date');
    expect(formatDutyDate('')).toBe('Invalid date');
  });
});

describe('personName', () => {
  it('reads a missing or blank name as Unknown Staff', () => {
    expect(personName({ id: 's-1', name: 'Alice Able' })).toBe('Alice Able');
    expect(personName(null)).toBe('Unknown Staff');
    expect(personName({ id: 's-1', name: '  ' })).toBe('Unknown Staff');
  });
});

describe('splitByStatus', () => {
  it('keeps the server order within pending and decided requests', () => {
    const requests = [
      { id: 'a', status: 'pending' as const },
      { id: 'b', status: 'approved' as const },
      { id: 'c', status: 'pending' as const },
      { id: 'd', status: 'rejected' as const },
    ];
    const { pending, completed } = splitByStatus(requests);
    expect(pending.map((r) => r.id)).toEqual(['a', 'c']);
    expect(completed.map((r) => r.id)).toEqual(['b', 'd']);
    expect(splitByStatus(undefined)).toEqual({ pending: [], completed: [] });
  });
});

describe('tabLabel', () => {
  it('adds the count once known', () => {
    expect(tabLabel('Pending', 3)).toBe('Pending (3)');
    expect(tabLabel('Completed', 0)).toBe('Completed (0)');
    expect(tabLabel('Pending', undefined)).toBe('Pending');
  });
});
