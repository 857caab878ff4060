import { describe, expect, it } from 'vitest';

import type { AcademicYearOptionDto } from '@/features/holidays/api';

import { clearPeriod, planPeriod, termDatesMissingNote } from './bulk-tools';

function year(overrides: Partial<AcademicYearOptionDto> = {}): AcademicYearOptionDto {
  return {
    academicYear: 2025,
    label: '2025-2026',
    startDate: '2025-09-01',
    endDate: '2026-08-31',
    hasTermDates: true,
    summerTermEnd: '2026-07-21',
    planFrom: '2025-09-09',
    planTo: '2026-07-21',
    ...overrides,
  };
}
const next = year({
  academicYear: 2026,
  label: '2026-2027',
  startDate: '2026-09-01',
  endDate: '2027-08-31',
  summerTermEnd: '2027-07-21',
  planFrom: '2026-09-01',
  planTo: '2027-07-21',
});

describe('the bulk tools’ period', () => {
  it('runs from tomorrow to the end of the summer term the server names', () => {
    expect(planPeriod(year(), '2025-09-08')).toEqual({
      period: 'from tomorrow to 21 July 2026',
      endNote: ', the end of the summer term',
    });
  });

  it('ends on 31 August, the end of the academic year, without term dates', () => {
    const without = year({ hasTermDates: false, summerTermEnd: null, planTo: '2026-08-31' });
    expect(planPeriod(without, '2025-09-08')).toEqual({
      period: 'from tomorrow to 31 August 2026',
      endNote: ', the end of academic year 2025-2026',
    });
  });

  it('plans next year from its 1 September', () => {
    expect(planPeriod(next, '2026-08-27')).toEqual({
      period: 'from 1 September 2026 to 21 July 2027',
      endNote: ', the end of the summer term',
    });
  });

  it('has nothing to plan in a year with no day left', () => {
    expect(planPeriod(year({ planFrom: null, planTo: null }), '2026-08-31')).toBeNull();
  });

  it('says it in words until the server has answered', () => {
    expect(planPeriod(undefined, undefined)).toEqual({
      period: 'from tomorrow to the end of the summer term',
      endNote: '',
    });
  });

  it('clears the year chosen from today, or from its 1 September', () => {
    expect(clearPeriod(year(), '2025-09-08')).toBe('of 2025-2026, from today to 31 August 2026');
    expect(clearPeriod(next, '2026-08-27')).toBe(
      'of 2026-2027, from 1 September 2026 to 31 August 2027',
    );
  });

  it('names every year without term dates', () => {
    expect(termDatesMissingNote(['2025-2026', '2026-2027'])).toMatch(
      /^No term dates are set for 2025-2026 and 2026-2027: /,
    );
  });
});
