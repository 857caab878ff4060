import { describe, expect, it } from 'vitest';

import { dutyTimes, dutyTitle } from '@/shared/lib/duty-labels';

import { eligibilityText, movedOrder, weekdaysSummary, weightText } from './duty-summary';

const days = (...pairs: [number, number][]) =>
  pairs.map(([weekday, people]) => ({ weekday, people }));

describe('a duty summed up', () => {
  it('names its weekdays and the people each needs', () => {
    expect(weekdaysSummary(days([1, 2], [2, 2], [3, 2], [4, 2], [5, 2]))).toBe(
      'Mon–Fri · 2 people',
    );
    expect(weekdaysSummary(days([4, 1], [2, 1]))).toBe('Tue, Thu · 1 person');
    expect(weekdaysSummary(days([1, 2], [2, 1]))).toBe('Mon 2, Tue 1');
  });

  it('says who may take it', () => {
    const groups = new Map([['g-1', 'SLT']]);
    const staff = new Map([['s-1', 'Sam Lee']]);
    const none = { groupIds: [], staffIds: [] };
    expect(eligibilityText({ eligible: 'everyone', ...none }, groups, staff)).toBe('Everyone');
    expect(eligibilityText({ eligible: 'teaching', ...none }, groups, staff)).toBe(
      'Teaching staff',
    );
    expect(eligibilityText({ eligible: 'non_teaching', ...none }, groups, staff)).toBe(
      'Non-teaching staff',
    );
    expect(
      eligibilityText({ eligible: 'listed', groupIds: ['g-1'], staffIds: ['s-1'] }, groups, staff),
    ).toBe('SLT, Sam Lee');
  });

  it('reads its title, times and weight', () => {
    expect(dutyTitle({ name: 'Lunch', place: 'Field' })).toBe('Lunch — Field');
    expect(dutyTitle({ name: 'Duty Manager', place: null })).toBe('Duty Manager');
    expect(dutyTimes({ startTime: '12:30', endTime: '13:10' })).toBe('12:30–13:10');
    expect(dutyTimes({ startTime: null, endTime: null })).toBe('All day');
    expect(weightText(20)).toBe('20 min');
  });

  it('moves a duty one place, never past the ends', () => {
    expect(movedOrder(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedOrder(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
