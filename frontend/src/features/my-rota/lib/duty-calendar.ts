import { createEvents, type DateArray, type EventAttributes } from 'ics';

import { foldIcsLines } from '@/shared/lib/icalendar';

import { companyText, type Duty } from '../components/duties';
import { downloadTextFile, dutyCalendarFileName } from './calendar-file';

/*
 * docs/product.md#export-to-calendar: built in the browser, one all-day event per duty day. This module
 * pulls in `ics` (and its validation library), so the page loads it only when someone exports.
 */

/** Whose duties the calendar holds. */
export interface DutyCalendarOwner {
  /** The staff record's id: part of each event's UID, so a re-import updates, not duplicates. */
  id: string;
  name: string;
}

export const DUTY_CALENDAR_PRODUCT_ID = '-//Duty Manager//My Rota export//EN';
const UID_DOMAIN = 'dutymanager.app';

/** `2025-12-31` → `[2025, 12, 31]`, and the next day, across month and year ends, by UTC maths. */
function dateArray(isoDate: string, addDays = 0): DateArray {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + addDays));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

/** The calendar's and every event's title: "Duty Manager - {name}" (docs/product.md#export-to-calendar). */
export function dutyCalendarTitle(name: string): string {
  return `Duty Manager - ${name}`;
}

/**
 * The person's duties as iCalendar text (RFC 5545): all-day, free-time events whose DTEND is the
 * next day (exclusive), with stable UIDs, CRLF line ends and lines folded at 75 octets.
 */
export function buildDutyCalendar(owner: DutyCalendarOwner, duties: readonly Duty[]): string {
  const title = dutyCalendarTitle(owner.name);
  const events: EventAttributes[] = duties.map((duty) => ({
    start: dateArray(duty.date),
    end: dateArray(duty.date, 1),
    title,
    description: companyText(duty.colleagues),
    uid: `duty-${owner.id}-${duty.date}@${UID_DOMAIN}`,
    transp: 'TRANSPARENT',
    busyStatus: 'FREE',
  }));
  const { error, value } = createEvents(events, {
    productId: DUTY_CALENDAR_PRODUCT_ID,
    calName: title,
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  // `ics` folds at 75 characters; RFC 5545 means 75 octets, which accents exceed.
  return foldIcsLines(value);
}

/** Builds the person's calendar file and downloads it. */
export function downloadDutyCalendar(owner: DutyCalendarOwner, duties: readonly Duty[]): void {
  downloadTextFile(
    dutyCalendarFileName(owner.name),
    buildDutyCalendar(owner, duties),
    'text/calendar;charset=utf-8',
  );
}
