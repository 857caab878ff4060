import { describe, expect, it } from 'vitest';

import { formatWeekdays } from '@/shared/lib/weekdays';

import { defaultFte, describePattern } from './working-pattern';

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
});
