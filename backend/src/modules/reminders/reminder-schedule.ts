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
