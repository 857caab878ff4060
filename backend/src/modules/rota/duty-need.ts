import type { IsoDate } from '../../common/clock/clock';
import { isoWeekdayOf } from '../../common/clock/weekdays';
import type { DutyDto } from '../duties/dto/duty.dto';

const WEEKDAY_PLURALS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays'];

/** A duty a read or an edit names, not the Duty Manager duty (DutiesService.forRota). */
export type OtherDuty = DutyDto & { deleted: boolean };

/** People `duty` needs on `date`'s weekday: 0 when it doesn't run then, is paused or was deleted. */
export function needOn(duty: OtherDuty, date: IsoDate): number {
  if (duty.paused || duty.deleted) return 0;
  return duty.weekdays.find((w) => w.weekday === isoWeekdayOf(date))?.people ?? 0;
}

/** Why nobody may be put on `duty` on `date` (paused, deleted, not running that weekday), or null. */
export function notRunning(duty: OtherDuty, date: IsoDate): string | null {
  if (duty.deleted) return `${duty.name} was deleted: nobody can be put on it`;
  if (duty.paused) return `${duty.name} is paused: nobody can be put on it`;
  if (!needOn(duty, date)) return `${duty.name} doesn't run on ${WEEKDAY_PLURALS[isoWeekdayOf(date) - 1] ?? 'weekends'}`;
  return null;
}
