import { describeDate, describeDateRange } from './dates';

describe('describeDate', () => {
  it('names a day as "Thursday 10 December 2026": the UK long form, never yyyy-MM-dd', () => {
    expect(describeDate('2026-12-10')).toBe('Thursday 10 December 2026');
    expect(describeDate('2025-09-08')).toBe('Monday 8 September 2025');
  });

  it('keeps the calendar day whatever the process time zone (dates are days, not instants)', () => {
    expect(describeDate('2025-01-01')).toBe('Wednesday 1 January 2025');
    expect(describeDate('2025-12-31')).toBe('Wednesday 31 December 2025');
  });
});

describe('describeDateRange', () => {
  it('names a span of days without their weekdays', () => {
    expect(describeDateRange('2025-10-20', '2025-10-24')).toBe('20 October 2025 to 24 October 2025');
    expect(describeDateRange('2025-12-22', '2026-01-02')).toBe('22 December 2025 to 2 January 2026');
  });

  it('names one day as describeDate does', () => {
    expect(describeDateRange('2025-12-25', '2025-12-25')).toBe('Thursday 25 December 2025');
  });
});
