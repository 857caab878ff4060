import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A calendar date as the app exchanges it everywhere: `yyyy-MM-dd`, never a UTC instant. */
export type IsoDate = string;

/**
 * The single source of "now". Everything that asks what time or what day it is goes through
 * a Clock, so that tests and demos can pin time (APP_NOW) and get repeatable values.
 */
export abstract class Clock {
  /** The current instant. */
  abstract now(): Date;

  /** Today's date in the given IANA time zone, as `yyyy-MM-dd`. */
  today(timeZone: string): IsoDate {
    return calendarDate(this.now(), timeZone);
  }
}

/**
 * One formatter per time zone, kept: building an Intl.DateTimeFormat is the expensive part, and
 * dayjs's tz() built one (through toLocaleString) on every call; "today" is read on most
 * requests (bench/api's profile: about 3 % of the app's CPU time went there).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The last date worked out in each time zone, with the second (of the Unix epoch) it holds for.
 * Every zone's offset from UTC is a whole number of seconds, so a zone's date changes only at the
 * start of a UTC second, and one second has one date. Formatting the date was about 3 % of the
 * app's CPU per request in bench/api (Intl's formatToParts and its parts), for the same answer
 * on every request of the same second.
 */
const lastDates = new Map<string, { second: number; date: IsoDate }>();

/** The calendar date of `instant` in `timeZone`, as `yyyy-MM-dd`; a RangeError for an unknown zone. */
export function calendarDate(instant: Date, timeZone: string): IsoDate {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDates.get(timeZone);
  if (last !== undefined && last.second === second) return last.date;
  const date = formatDate(instant, timeZone);
  lastDates.set(timeZone, { second, date });
  return date;
}

function formatDate(instant: Date, timeZone: string): IsoDate {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    dateFormats.set(timeZone, format);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of format.formatToParts(instant)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that always answers the same instant. */
export class FixedClock extends Clock {
  constructor(private instant: Date) {
    super();
  }

  now(): Date {
    return new Date(this.instant.getTime());
  }

  /** Moves the pinned instant; for tests that walk through time. */
  set(instant: Date): void {
    this.instant = new Date(instant.getTime());
  }
}

/**
 * Reads APP_NOW. A value with `Z` or an offset is that instant; a value without one is wall
 * time in `defaultZone` (the organisations' default zone), so `2025-09-08T09:00` means 9 am
 * in London whatever zone the server runs in. A date alone means midnight there.
 */
export function parsePinnedNow(value: string, defaultZone: string): Date {
  const hasZone = /(Z|[+-]\d{2}:\d{2})$/.test(value);
  const parsed = hasZone ? dayjs(value) : dayjs.tz(value, defaultZone);
  if (!parsed.isValid()) throw new Error(`APP_NOW is not a valid date-time (got "${value}")`);
  return parsed.toDate();
}
