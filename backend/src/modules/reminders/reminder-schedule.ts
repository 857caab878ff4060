import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { addDays, isWeekday, weekdayIndex } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface ReminderRule {
  /** Wall time `HH:mm` in the organisation's zone. */
  time: string;
  hoursAdvance: number;
  timeZone: string;
}

/** The longest advance (48 h) plus a weekend move to Friday reaches 4 days before the duty. */
const LOOKAHEAD_DAYS = 6;

/**
 * docs/product.md#reminders: a duty on `date` is reminded at (`date` at the reminder time) minus
 * `hoursAdvance`, counted in wall-clock hours of the organisation's zone; when that falls on a
 * Saturday or Sunday the reminder goes out on the Friday before, at the reminder time.
 */
export function reminderInstant(date: IsoDate, rule: ReminderRule): Date {
  // Wall-clock arithmetic in UTC (no DST there), then read as a time in the zone.
  const wall = dayjs.utc(`${date}T${rule.time}`).subtract(rule.hoursAdvance, 'hour');
  const day = wall.format('YYYY-MM-DD');
  // Saturday (index 5) and Sunday (6) move back to Friday (4), at the reminder time.
  const local = isWeekday(day) ? wall.format('YYYY-MM-DDTHH:mm') : `${addDays(day, 4 - weekdayIndex(day))}T${rule.time}`;
  return dayjs.tz(local, rule.timeZone).toDate();
}

/**
 * The duty dates whose reminder is due at `now`: from today (in the zone) on, the reminder
 * instant has passed. A pass that was missed (the app was down at 08:30) catches up at the next
 * one; a duty that has begun its day is still reminded until the day is over.
 */
export function dueDutyDates(now: Date, rule: ReminderRule): IsoDate[] {
  const today = dayjs(now).tz(rule.timeZone).format('YYYY-MM-DD');
  const due: IsoDate[] = [];
  for (let i = 0; i <= LOOKAHEAD_DAYS; i += 1) {
    const date = addDays(today, i);
    if (isWeekday(date) && reminderInstant(date, rule).getTime() <= now.getTime()) due.push(date);
  }
  return due;
}

/** One person's timed duty on one date, as the reminder before its start sees it. */
export interface TimedDuty {
  date: IsoDate;
  /** `HH:mm`, wall time in the organisation's zone. */
  startTime: string;
}

/** The instant a timed duty on `date` starts: its start time on that date in the zone (DST included). */
export function dutyStartInstant(duty: TimedDuty, timeZone: string): Date {
  return dayjs.tz(`${duty.date}T${duty.startTime}`, timeZone).toDate();
}

/**
 * The dates whose timed duties may be due for their reminder before the start at `now`: today
 * in the zone, and tomorrow (a reminder up to an hour ahead of a duty just after midnight).
 */
export function startReminderDates(now: Date, timeZone: string): IsoDate[] {
  const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  return [today, addDays(today, 1)];
}

/**
 * docs/product.md#reminders: the reminder `minutesBefore` a timed duty starts is due from that
 * instant until the duty starts. A pass missed while the app was down catches up while the duty
 * is still to start; once it has started, none goes out (it would come too late to help).
 */
export function startReminderDue(now: Date, duty: TimedDuty, minutesBefore: number, timeZone: string): boolean {
  const start = dutyStartInstant(duty, timeZone).getTime();
  return start - minutesBefore * 60_000 <= now.getTime() && now.getTime() < start;
}
