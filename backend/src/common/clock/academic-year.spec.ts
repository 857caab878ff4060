import { byAcademicYear, planningPeriodOf, planningYearStartOf } from './academic-year';

describe('the planning year', () => {
  it('is this academic year until its summer term has ended, then the next', () => {
    expect(planningYearStartOf('2025-09-08', '2026-07-21')).toBe(2025);
    expect(planningYearStartOf('2026-07-20', '2026-07-21')).toBe(2025);
    // The last day of term: nothing is left to plan from tomorrow on.
    expect(planningYearStartOf('2026-07-21', '2026-07-21')).toBe(2026);
    expect(planningYearStartOf('2026-08-27', '2026-07-21')).toBe(2026);
  });

  it('turns to next year on 1 August when this one has no term dates', () => {
    expect(planningYearStartOf('2025-09-08', null)).toBe(2025);
    expect(planningYearStartOf('2026-07-31', null)).toBe(2025);
    expect(planningYearStartOf('2026-08-01', null)).toBe(2026);
  });
});

describe('the planning period of a year', () => {
  it('runs from tomorrow, or the year’s 1 September when later, to the end of its summer term', () => {
    expect(planningPeriodOf(2025, '2025-09-09', '2026-07-21')).toEqual({ from: '2025-09-09', to: '2026-07-21' });
    expect(planningPeriodOf(2026, '2026-08-28', '2027-07-21')).toEqual({ from: '2026-09-01', to: '2027-07-21' });
  });

  it('ends on 31 August without term dates, or once the summer term is over', () => {
    expect(planningPeriodOf(2025, '2025-09-09', null)).toEqual({ from: '2025-09-09', to: '2026-08-31' });
    expect(planningPeriodOf(2025, '2026-08-28', '2026-07-21')).toEqual({ from: '2026-08-28', to: '2026-08-31' });
  });

  it('is nothing for a year already over', () => {
    expect(planningPeriodOf(2024, '2026-08-28', null)).toBeNull();
    expect(planningPeriodOf(2025, '2026-09-01', null)).toBeNull();
  });
});

describe('byAcademicYear', () => {
  it('groups dates by the academic year they fall in, earliest first, each in order', () => {
    expect(byAcademicYear(['2026-09-01', '2026-08-31', '2027-09-01', '2026-08-28', '2027-08-31'])).toEqual([
      [2025, ['2026-08-28', '2026-08-31']],
      [2026, ['2026-09-01', '2027-08-31']],
      [2027, ['2027-09-01']],
    ]);
    expect(byAcademicYear([])).toEqual([]);
  });
});
