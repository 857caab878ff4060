import { describe, expect, it } from 'vitest';

import { formatDutyDate, personName, splitByStatus, tabLabel } from './request-format';

describe('formatDutyDate', () => {
  it('reads like "Thursday 10 December 2026", the app\'s long date, with no ordinal', () => {
    expect(formatDutyDate('2026-12-10')).toBe('Thursday 10 December 2026');
    expect(formatDutyDate('2025-01-01')).toBe('Wednesday 1 January 2025');
    expect(formatDutyDate('2025-09-02')).toBe('Tuesday 2 September 2025');
    expect(formatDutyDate('2025-09-22')).toBe('Monday 22 September 2025');
    expect(formatDutyDate('2025-12-31')).toBe('Wednesday 31 December 2025');
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
