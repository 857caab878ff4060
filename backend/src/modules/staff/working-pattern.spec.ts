import { BadRequestException } from '@nestjs/common';
import { changePattern, DEFAULT_PATTERN, fteOfDays, patternChangesForRota, type WorkingPattern } from './working-pattern';

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

  it('moves an FTE that was working days ÷ 5 with the days; one sent with them is taken as given; one set apart is not guessed', () => {
    const threeDays = pattern({ workingDays: [1, 3, 5], fte: 0.6 });
    expect(changePattern(threeDays, { workingDays: [1, 2] }).fte).toBe(0.4);
    expect(changePattern(threeDays, { workingDays: [1, 2, 3, 4, 5] }).fte).toBe(1);
    expect(changePattern(threeDays, { workingDays: [1, 2], fte: 0.6 }).fte).toBe(0.6);
    expect(changePattern(pattern({ workingDays: [1, 3, 5] }), { workingDays: [1] }).fte).toBeNull();
    const apart = pattern({ workingDays: [1, 2, 3], fte: 0.5 });
    expect(changePattern(apart, { workingDays: [1, 2, 3] }).fte).toBe(0.5);
    expect(changePattern(apart, { weeklyCap: 2 }).fte).toBe(0.5);
    expect(() => changePattern(apart, { workingDays: [1] })).toThrow(
      /^Their FTE \(0\.5\) is not their working days ÷ 5 \(0\.6\).*\(1 day ÷ 5 is 0\.2\)/,
    );
    expect(fteOfDays([1, 2, 3])).toBe(0.6);
  });

  it('checks the rota when a day goes or the cap may be lower, not for more days or a higher cap', () => {
    expect(patternChangesForRota(DEFAULT_PATTERN, pattern({ workingDays: [1, 2] }))).toEqual(['working days']);
    expect(patternChangesForRota(pattern({ workingDays: [1, 2] }), DEFAULT_PATTERN)).toEqual(['working days']);
    expect(patternChangesForRota(DEFAULT_PATTERN, pattern({ weeklyCap: 2 }))).toEqual(['weekly cap']);
    expect(patternChangesForRota(pattern({ weeklyCap: 2 }), pattern({ weeklyCap: 3 }))).toEqual(['weekly cap']);
    expect(patternChangesForRota(pattern({ workingDays: [1, 2] }), pattern({ workingDays: [2, 1] }))).toEqual([]);
    expect(patternChangesForRota(pattern({ weeklyCap: 3 }), pattern({ weeklyCap: null }))).toEqual(['weekly cap']);
    expect(patternChangesForRota(DEFAULT_PATTERN, pattern({ workingDays: [1], weeklyCap: 1 }))).toEqual(['working days', 'weekly cap']);
    expect(patternChangesForRota(DEFAULT_PATTERN, pattern({ fte: 0.2, avoidDays: [1] }))).toEqual([]);
  });
});
