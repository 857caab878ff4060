import { describe, expect, it } from 'vitest';

import { formatWeekdays } from '@/shared/lib/weekdays';

import { defaultFte, describePattern, describeShare, fteFollowingDays } from './working-pattern';

describe('working patterns in words', () => {
  it.each([
    [[1, 2, 3], 'Mon–Wed'],
    [[1, 3, 5], 'Mon, Wed, Fri'],
    [[4, 5], 'Thu, Fri'],
    [[1, 2, 3, 5], 'Mon–Wed, Fri'],
    [[5, 1, 2, 3, 4], 'Mon–Fri'],
  ])('writes the days %j as "%s"', (days, text) => {
    expect(formatWeekdays(days)).toBe(text);
  });

  it('takes an empty FTE as the working days ÷ 5', () => {
    expect(defaultFte([1, 2, 3])).toBe(0.6);
    expect(defaultFte([1, 2, 3, 4, 5])).toBe(1);
  });

  const pattern = { workingDays: [1, 2, 3, 4, 5], fte: null, weeklyCap: null, avoidDays: [] };

  it('says nothing of a full-timer', () => {
    expect(describePattern(pattern)).toBe('');
    expect(describePattern({ ...pattern, fte: 1 })).toBe('');
  });

  it('names the days and FTE of a part-timer, then any cap and days to avoid', () => {
    expect(describePattern({ ...pattern, workingDays: [1, 2, 3] })).toBe('Mon–Wed · 0.6 FTE');
    expect(describePattern({ ...pattern, fte: 0.8 })).toBe('Mon–Fri · 0.8 FTE');
    expect(describePattern({ ...pattern, weeklyCap: 2, avoidDays: [5] })).toBe(
      'max 2 a week · avoids Fri',
    );
    expect(describePattern({ ...pattern, workingDays: [1, 2, 3], fte: 1 })).toBe('Mon–Wed');
  });

  it('moves an FTE that followed the working days with them, and leaves one set apart to the admin', () => {
    expect(fteFollowingDays(0.6, [1, 3, 5], [1, 2])).toBe(0.4);
    expect(fteFollowingDays(null, [1, 3, 5], [1, 2])).toBeNull();
    expect(fteFollowingDays(0.5, [1, 2, 3], [1, 2])).toBeUndefined();
  });

  it('says what an FTE makes of the fair share, and what each day counts when it isn’t the days ÷ 5', () => {
    expect(describeShare(null, [1, 2])).toBeUndefined();
    expect(describeShare(1, [1, 2, 3, 4, 5])).toBe(
      'Fair share: 1 of a full-timer’s duties (5 days ÷ 5).',
    );
    expect(describeShare(0.6, [1])).toBe(
      'Fair share: 0.6 of a full-timer’s duties over 1 day, so each day they work counts 3 of a full-timer’s. 1 day ÷ 5 is 0.2.',
    );
    expect(describeShare(0.5, [1, 2, 3])).toMatch(
      /counts 0\.83 of a full-timer’s\. 3 days ÷ 5 is 0\.6\.$/,
    );
  });
});
