import { dashboardPeriod } from './dashboard-stats';

describe('dashboardPeriod', () => {
  it("counts this week's Monday to Friday on a weekday, the coming week's at a weekend, and the whole month", () => {
    expect(dashboardPeriod('2025-10-08')).toEqual({
      weekStart: '2025-10-06',
      weekEnd: '2025-10-10',
      month: '2025-10',
      monthStart: '2025-10-01',
      monthEnd: '2025-10-31',
    });
    expect(dashboardPeriod('2025-12-27')).toEqual({
      weekStart: '2025-12-29',
      weekEnd: '2026-01-02',
      month: '2025-12',
      monthStart: '2025-12-01',
      monthEnd: '2025-12-31',
    });
  });

  it('answers each day with its own period when the days alternate (it keeps only the last)', () => {
    const days = ['2024-02-29', '2024-03-01', '2024-02-29'];
    expect(days.map((day) => dashboardPeriod(day).monthEnd)).toEqual(['2024-02-29', '2024-03-31', '2024-02-29']);
    expect(days.map((day) => dashboardPeriod(day).weekStart)).toEqual(['2024-02-26', '2024-02-26', '2024-02-26']);
    expect(Object.isFrozen(dashboardPeriod('2024-02-29'))).toBe(true);
  });
});
