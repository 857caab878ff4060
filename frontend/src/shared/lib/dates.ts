import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-gb';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import isoWeek from 'dayjs/plugin/isoWeek';

dayjs.extend(customParseFormat);
dayjs.extend(isoWeek);
// Global so antd's date pickers, which use dayjs directly, also start weeks on Monday.
dayjs.locale('en-gb');

export type { Dayjs };

/** The wire format of every date-only value the API sends and accepts. */
export const ISO_DATE_FORMAT = 'YYYY-MM-DD';
/** The wire format of a month (`yyyy-MM`), as the API sends it; also the rota's month keys. */
export const ISO_MONTH_FORMAT = 'YYYY-MM';
/** A time of day, 24-hour, e.g. "09:05"; also the reminder time's wire format. */
export const TIME_FORMAT = 'HH:mm';
/** e.g. "8 September 2025". */
export const DISPLAY_DATE_FORMAT = 'D MMMM YYYY';
/** e.g. "Monday 8 September 2025": dialog titles, toasts, a person's duties, a request's duty date. */
export const LONG_DATE_FORMAT = 'dddd D MMMM YYYY';
/** e.g. "Mon 8 Sep 2025": lists where the weekday matters (is it a school day?). */
export const SHORT_DATE_FORMAT = 'ddd D MMM YYYY';
/** e.g. "Monday". */
export const WEEKDAY_FORMAT = 'dddd';
/** e.g. "8 Sep": week ranges within a month. */
export const DAY_MONTH_FORMAT = 'D MMM';
/** e.g. "Mon 8 Sep": a day within a month. */
export const SHORT_DAY_MONTH_FORMAT = `ddd ${DAY_MONTH_FORMAT}`;
/** e.g. "September 2025". */
export const MONTH_FORMAT = 'MMMM YYYY';
/**
 * For date pickers: shown as the first, typed as any. Not SHORT_DATE_FORMAT, because dayjs cannot
 * parse weekday names and the picker only accepts Enter on text it can parse. The ISO form lets
 * tests and power users type `2025-12-25`.
 */
export const DATE_INPUT_FORMATS = ['D MMM YYYY', 'D/M/YYYY', 'DD/MM/YYYY', ISO_DATE_FORMAT];
/** e.g. "Mon 8 Sep 2025, 09:05". */
export const DATE_TIME_FORMAT = `${SHORT_DATE_FORMAT}, ${TIME_FORMAT}`;
/** e.g. "8 September 2025 at 09:05". */
export const DATE_AT_TIME_FORMAT = `${DISPLAY_DATE_FORMAT} [at] ${TIME_FORMAT}`;
/** e.g. "8 September 2025 at 09:05:30": when something ran, to the second. */
export const DATE_AT_SECONDS_FORMAT = `${DISPLAY_DATE_FORMAT} [at] HH:mm:ss`;
/** e.g. "Monday 8 September 2025 at 08:30". */
export const LONG_DATE_AT_TIME_FORMAT = `${LONG_DATE_FORMAT} [at] ${TIME_FORMAT}`;
/** docs/product.md#texts-on-screen: what an invalid date reads as on screen. */
export const INVALID_DATE_TEXT = 'Invalid date';

/**
 * Parses a date-only `yyyy-MM-dd` string as that calendar day at local midnight. Strict:
 * anything else, including impossible days like `2025-02-30`, gives an invalid date.
 * `new Date('2025-09-08')` would be UTC midnight, i.e. the previous day west of Greenwich.
 */
export function parseDate(value: string): Dayjs {
  return dayjs(value, ISO_DATE_FORMAT, true);
}

export function isIsoDate(value: string): boolean {
  return parseDate(value).isValid();
}

/** Formats a date, or an ISO date string, for display; invalid input reads "Invalid date". */
export function formatDate(
  value: Dayjs | string | null | undefined,
  format = DISPLAY_DATE_FORMAT,
): string {
  if (value === null || value === undefined) return INVALID_DATE_TEXT;
  const date = typeof value === 'string' ? parseDate(value) : value;
  return date.isValid() ? date.format(format) : INVALID_DATE_TEXT;
}

/** A first and last day: one date when they are the same, else "first – last". */
export function formatDateRange(start: string, end: string, format = SHORT_DATE_FORMAT): string {
  return start === end
    ? formatDate(start, format)
    : `${formatDate(start, format)} – ${formatDate(end, format)}`;
}

/**
 * Formats an instant the API sends (an ISO date-time with an offset, e.g. `createdAt`) in the
 * browser's time zone. Date-only values go through `formatDate` instead.
 */
export function formatDateTime(instant: string, format = DATE_TIME_FORMAT): string {
  const date = dayjs(instant);
  return date.isValid() ? date.format(format) : INVALID_DATE_TEXT;
}

/**
 * The `yyyy-MM-dd` form the API expects. Throws on an invalid date, because sending
 * "Invalid date" to the server would fail further away from the bug.
 */
export function toIsoDate(date: Dayjs): string {
  if (!date.isValid()) throw new RangeError('Cannot convert an invalid date to yyyy-MM-dd');
  return date.format(ISO_DATE_FORMAT);
}

/** Today at local midnight. */
export function today(): Dayjs {
  return dayjs().startOf('day');
}

/** The Monday of the date's week (weeks start on Monday, docs/product.md#time-and-the-academic-year). */
export function startOfWeek(date: Dayjs): Dayjs {
  return date.startOf('isoWeek');
}

/** Monday to Friday of the date's week: the only days that carry duties. */
export function weekdaysOf(date: Dayjs): Dayjs[] {
  const monday = startOfWeek(date);
  return [0, 1, 2, 3, 4].map((offset) => monday.add(offset, 'day'));
}

/** Saturday or Sunday: days that never carry duties. */
export function isWeekend(date: Dayjs): boolean {
  const day = date.day();
  return day === 0 || day === 6;
}
