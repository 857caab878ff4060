import { BadRequestException } from '@nestjs/common';
import { changePattern, DEFAULT_PATTERN, patternChangesForRota, type WorkingPattern } from './working-pattern';

const pattern = (p: Partial<WorkingPattern>): WorkingPattern => ({ ...DEFAULT_PATTERN, ...p });

describe('working patterns', () => {
  it('replaces the fields given; null clears the FTE and the cap', () => {
    const current = pattern({ workingDays: [1, 2, 3], fte: 0.5, weeklyCap: 2, avoidDays: [3] });
    expect(changePattern(current, {})).toEqual(current);
    expect(changePattern(current, { fte: null, weeklyCap: null })).toEqual({ ...current, fte: null, weeklyCap: null });
    expect(changePattern(current, { fte: 0.4, weeklyCap: 1 })).toMatchObject({ fte: 0.4, weeklyCap: 1 });
  });

  it('keeps the days to avoid within the working days, and never all of them', () => {
    expect(() => changePattern(DEFAULT_PATTERN, { workingDays: [1, 2], avoidDays: [5] })).toThrow(
      new BadRequestException("Days to avoid must be days they work: they don't work on Fridays"),
    );
    expect(() => changePattern(pattern({ workingDays: [1, 2] }), { avoidDays: [1, 2] })).toThrow(/can't be every day they work/);
    expect(changePattern(DEFAULT_PATTERN, { workingDays: [1, 2], avoidDays: [] })).toMatchObject({ avoidDays: [] });
  });

  it('drops the days to avoid that a new pattern no longer works', () => {
    const current = pattern({ avoidDays: [1, 5] });
    expect(changePattern(current, { workingDays: [1, 2, 3] }).avoidDays).toEqual([1]);
    // Only Monday left to avoid among one working day: nothing would be left to do, so none is avoided.
    expect(changePattern(current, { workingDays: [1] }).avoidDays).toEqual([]);
  });

  it('checks the rota when a day goes or the cap may be lower, not for more days or a higher cap', () => {
    expect(patternChangesForRota(DEFAULT_PATTERN, pattern({ workingDays: [1, 2] }))).toEqual(['working days']);
    expect(patternChangesForRota(pattern({ workingDays: [1, 2] }), DEFAULT_PATTERN)).toEqual([]);
    expect(patternChangesForRota(DEFAULT_PATTERN, pattern({ weeklyCap: 2 }))).toEqual(['weekly cap']);
    expect(patternChangesForRota(pattern({ weeklyCap: 2 }), pattern({ weeklyCap: 3 }))).toEqual([]);
    expect(patternChangesForRota(pattern({ weeklyCap: 3 }), pattern({ weeklyCap: null }))).toEqual(['weekly cap']);
    expect(patternChangesForRota(DEFAULT_PATTERN, pattern({ workingDays: [1], weeklyCap: 1 }))).toEqual(['working days', 'weekly cap']);
    expect(patternChangesForRota(DEFAULT_PATTERN, pattern({ fte: 0.2, avoidDays: [1] }))).toEqual([]);
  });
});
