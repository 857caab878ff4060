import { describe, expect, it } from 'vitest';

import { parseDate } from '@/shared/lib/dates';

import {
  dutiesThisYearText,
  editFailureTitle,
  isPastDay,
  MOVE_PAST_MESSAGE,
  MOVE_SAME_DAY_MESSAGE,
  MOVE_WEEKEND_MESSAGE,
  moveDateProblem,
} from './rota-edits';

describe('direct rota edits', () => {
  it.each([
    // Today is Monday 8 September 2025; the duty is on Wednesday 10 September.
    ['2025-09-05', MOVE_PAST_MESSAGE],
    ['2025-09-06', MOVE_WEEKEND_MESSAGE],
    ['2025-09-08', undefined],
    ['2025-09-10', MOVE_SAME_DAY_MESSAGE],
    ['2025-09-11', undefined],
    ['2025-09-14', MOVE_WEEKEND_MESSAGE],
  ])('a move to %s: %s', (target, problem) => {
    expect(moveDateProblem(parseDate(target), '2025-09-10', '2025-09-08')).toBe(problem);
  });

  it('counts duties in words', () => {
    expect(dutiesThisYearText(0)).toBe('0 duties this year');
    expect(dutiesThisYearText(1)).toBe('1 duty this year');
    expect(dutiesThisYearText(12)).toBe('12 duties this year');
  });

  it("tells a past day by the organisation's today, and nothing is past until it is known", () => {
    expect(isPastDay('2025-09-05', '2025-09-08')).toBe(true);
    expect(isPastDay('2025-09-08', '2025-09-08')).toBe(false);
    expect(isPastDay('2025-09-05', undefined)).toBe(false);
  });

  it('titles the two assignment conflicts, and leaves the rest to "Error"', () => {
    expect(editFailureTitle('duplicate_assignment')).toBe('Duplicate assignment');
    expect(editFailureTitle('slots_full')).toBe('Slots full');
    expect(editFailureTitle(undefined)).toBeUndefined();
    expect(editFailureTitle('term_dates_missing')).toBeUndefined();
  });
});
