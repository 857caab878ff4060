import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';

import * as dates from './dates';

import {
  DATE_AT_SECONDS_FORMAT,
  DATE_AT_TIME_FORMAT,
  formatDate,
  formatDateRange,
  formatDateTime,
  LONG_DATE_AT_TIME_FORMAT,
  LONG_DATE_FORMAT,
  MONTH_FORMAT,
  SHORT_DATE_FORMAT,
  SHORT_DAY_MONTH_FORMAT,
  INVALID_DATE_TEXT,
  isIsoDate,
  isWeekend,
  parseDate,
  startOfWeek,
  toIsoDate,
  today,
  weekdaysOf,
} from './dates';

describe('parseDate', () => {
  it('reads yyyy-MM-dd as that calendar day at local midnight', () => {
    const date = parseDate('2025-09-08');

    expect(date.isValid()).toBe(true);
    expect([date.year(), date.month() + 1, date.date()]).toEqual([2025, 9, 8]);
    expect([date.hour(), date.minute()]).toEqual([0, 0]);
  });

  it.each([
    '2025-02-30',
    '2025-13-01',
    '08/09/2025',
    '2025-9-8',
    '2025-09-08T00:00:00Z',
    '',
    'soon',
  ])('rejects %j', (value) => {
    expect(parseDate(value).isValid()).toBe(false);
    expect(isIsoDate(value)).toBe(false);
  });

  it('accepts 29 February in a leap year only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
  });

  it('keeps the calendar day west of Greenwich, where new Date(string) slips back a day', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');

    expect(new Date('2025-09-08').getDate()).toBe(7);
    expect(parseDate('2025-09-08').date()).toBe(8);
    expect(formatDate('2025-09-08')).toBe('8 September 2025');
  });

  it('keeps the calendar day east of Greenwich, where toISOString slips back a day', () => {
    vi.stubEnv('TZ', 'Pacific/Auckland');

    expect(parseDate('2025-09-08').toDate().toISOString()).toMatch(/^2025-09-07/);
    expect(toIsoDate(parseDate('2025-09-08'))).toBe('2025-09-08');
  });
});

describe('formatDate', () => {
  it('formats en-GB style by default', () => {
    expect(formatDate('2026-01-01')).toBe('1 January 2026');
    expect(formatDate(parseDate('2025-09-08'))).toBe('8 September 2025');
  });

  it('takes a format with English weekday and month names', () => {
    expect(formatDate('2025-09-08', 'dddd D MMM YYYY')).toBe('Monday 8 Sep 2025');
    expect(formatDate('2025-09-08', 'DD/MM/YYYY')).toBe('08/09/2025');
  });

  it.each([['2025-02-30'], ['not a date'], [null], [undefined]])(
    'shows "Invalid date" for %j',
    (value) => {
      expect(formatDate(value)).toBe(INVALID_DATE_TEXT);
      expect(INVALID_DATE_TEXT).toBe('Invalid date');
    },
  );

  it('shows "Invalid date" for an invalid Dayjs value', () => {
    expect(formatDate(dayjs(Number.NaN))).toBe('Invalid date');
  });
});

describe('toIsoDate', () => {
  it('round-trips a parsed date', () => {
    expect(toIsoDate(parseDate('2026-09-06'))).toBe('2026-09-06');
  });

  it('refuses an invalid date rather than sending it to the server', () => {
    expect(() => toIsoDate(parseDate('2025-02-30'))).toThrow(RangeError);
  });
});

describe('weeks', () => {
  it('start on Monday', () => {
    expect(toIsoDate(startOfWeek(parseDate('2025-09-08')))).toBe('2025-09-08');
    expect(toIsoDate(startOfWeek(parseDate('2025-09-10')))).toBe('2025-09-08');
    expect(toIsoDate(startOfWeek(parseDate('2025-09-14')))).toBe('2025-09-08');
  });

  it('cross month and year boundaries', () => {
    expect(toIsoDate(startOfWeek(parseDate('2026-01-01')))).toBe('2025-12-29');
  });

  it('follow the en-GB locale in dayjs itself, so antd pickers agree', () => {
    expect(parseDate('2025-09-14').startOf('week').format('dddd')).toBe('Monday');
  });

  it('have five weekdays, Monday to Friday', () => {
    expect(weekdaysOf(parseDate('2025-09-13')).map((day) => formatDate(day, 'ddd D'))).toEqual([
      'Mon 8',
      'Tue 9',
      'Wed 10',
      'Thu 11',
      'Fri 12',
    ]);
  });
});

describe('isWeekend', () => {
  it('is true on Saturday and Sunday', () => {
    expect(isWeekend(parseDate('2025-09-13'))).toBe(true);
    expect(isWeekend(parseDate('2025-09-14'))).toBe(true);
  });

  it('is false on weekdays, Monday to Friday', () => {
    expect(isWeekend(parseDate('2025-09-08'))).toBe(false);
    expect(weekdaysOf(parseDate('2025-09-08')).some(isWeekend)).toBe(false);
  });
});

describe('the named formats', () => {
  it('read as their examples say', () => {
    expect(formatDate('2025-09-08', LONG_DATE_FORMAT)).toBe('Monday 8 September 2025');
    expect(formatDate('2025-09-08', SHORT_DAY_MONTH_FORMAT)).toBe('Mon 8 Sep');
    expect(formatDate('2025-09-08', MONTH_FORMAT)).toBe('September 2025');
  });

  it('are one UK family: the day before the month, no ordinals, no comma after the weekday', () => {
    expect(formatDate('2026-12-10', LONG_DATE_FORMAT)).toBe('Thursday 10 December 2026');
    // Every display format the module offers, including any added later.
    const display = Object.entries(dates).flatMap(([name, value]) =>
      name.endsWith('_FORMAT') &&
      typeof value === 'string' &&
      !name.startsWith('ISO_') &&
      !['TIME_FORMAT', 'WEEKDAY_FORMAT', 'MONTH_FORMAT'].includes(name)
        ? [[name, value] as const]
        : [],
    );
    expect(display.map(([name]) => name)).toContain('LONG_DATE_FORMAT');
    for (const [name, format] of display) {
      const text = formatDate('2026-12-10', format);
      expect(text, name).toMatch(/\b10 Dec/);
      expect(text, name).not.toMatch(/10th|Dec\w* 10|day,/);
    }
  });

  it('keep "at" as a word in the date-and-time formats', () => {
    const instant = dayjs('2025-09-08T09:05:30').toISOString();

    expect(formatDateTime(instant, DATE_AT_TIME_FORMAT)).toBe('8 September 2025 at 09:05');
    expect(formatDateTime(instant, DATE_AT_SECONDS_FORMAT)).toBe('8 September 2025 at 09:05:30');
    expect(formatDateTime(instant, LONG_DATE_AT_TIME_FORMAT)).toBe(
      'Monday 8 September 2025 at 09:05',
    );
  });
});

describe('today', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the current local day at midnight', () => {
    vi.useFakeTimers({ now: new Date(2025, 8, 8, 15, 30) });

    expect(today().format('YYYY-MM-DD HH:mm')).toBe('2025-09-08 00:00');
  });
});

describe('formatDateRange', () => {
  it('shows one date for a single day', () => {
    expect(formatDateRange('2025-12-25', '2025-12-25')).toBe('Thu 25 Dec 2025');
  });

  it('shows the first and last day of a period', () => {
    expect(formatDateRange('2025-10-27', '2025-10-31')).toBe('Mon 27 Oct 2025 – Fri 31 Oct 2025');
  });

  it('uses the short format with the weekday', () => {
    expect(formatDate('2025-09-08', SHORT_DATE_FORMAT)).toBe('Mon 8 Sep 2025');
  });
});

describe('formatDateTime', () => {
  it('formats an instant in the local time zone', () => {
    const instant = dayjs('2025-09-08T09:05:00').toISOString();

    expect(formatDateTime(instant)).toBe('Mon 8 Sep 2025, 09:05');
  });

  it('reads "Invalid date" for nonsense', () => {
    expect(formatDateTime('not a date')).toBe(INVALID_DATE_TEXT);
  });
});
