import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { IsoDate } from './clock';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The instant a school's clock shows `time` (`HH:mm`) on `date` in `timeZone`, e.g. 12:30 on
 * 2026-03-29 in Europe/London is 11:30 UTC (British Summer Time began that morning). A time in the
 * hour skipped when clocks go forward is read with the offset before the change; one in the hour
 * repeated when they go back is its second occurrence.
 */
export function wallTimeToInstant(date: IsoDate, time: string, timeZone: string): Date {
  return dayjs.tz(`${date}T${time}:00`, timeZone).toDate();
}
