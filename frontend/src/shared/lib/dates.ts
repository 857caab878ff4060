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
/** e.g. "8 September 2025". */
export const DISPLAY_DATE_FORMAT = 'D MMMM YYYY';
/** Spec §5: what an invalid date reads as on screen. */
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

/** The Monday of the date's week (weeks start on Monday, spec §9). */
export function startOfWeek(date: Dayjs): Dayjs {
  return date.startOf('isoWeek');
}

/** Monday to Friday of the date's week: the only days that carry duties. */
export function weekdaysOf(date: Dayjs): Dayjs[] {
  const monday = startOfWeek(date);
  return [0, 1, 2, 3, 4].map((offset) => monday.add(offset, 'day'));
}
