import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { createEvents, type DateArray, type EventAttributes } from 'ics';

import { foldIcsLines } from '@/shared/lib/icalendar';

import { companyText, type Duty, type DutyPost } from '../components/duties';
import { downloadTextFile, dutyCalendarFileName } from './calendar-file';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * docs/product.md#export-to-calendar: built in the browser, one event per duty: the Duty Manager duty
 * all-day as always, a timed duty at its times, as the calendar feeds write them. This module pulls
 * in `ics` (and its validation library), so the page loads it only when someone exports.
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

/** `ics`'s date-time array of an instant, in UTC. */
function utcArray(instant: Date): DateArray {
  return [
    instant.getUTCFullYear(),
    instant.getUTCMonth() + 1,
    instant.getUTCDate(),
    instant.getUTCHours(),
    instant.getUTCMinutes(),
  ];
}

/** `2026-03-26` and `12:30` as a date-time array: the school's wall time, unconverted. */
function wallArray(isoDate: string, time: string): DateArray {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return [...(dateArray(isoDate) as [number, number, number]), hour, minute];
}

/**
 * A timed duty's start and end. In UTC ('Z'), converted from the school's wall time with its
 * zone's rules for that date (summer time included): `ics` writes no VTIMEZONE, and Outlook reads
 * a TZID only through a VTIMEZONE in the same file (Google takes an IANA TZID alone), so a UTC
 * DATE-TIME is the form every calendar app imports at the right instant. Without the school's
 * zone (not loaded), the wall times are written floating: right for anyone in the school's zone.
 */
function timed(date: string, start: string, end: string, timeZone: string | undefined) {
  if (!timeZone)
    return {
      start: wallArray(date, start),
      end: wallArray(date, end),
      startInputType: 'local' as const,
      startOutputType: 'local' as const,
    };
  const at = (time: string) => utcArray(dayjs.tz(`${date}T${time}:00`, timeZone).toDate());
  return {
    start: at(start),
    end: at(end),
    startInputType: 'utc' as const,
    startOutputType: 'utc' as const,
    endInputType: 'utc' as const,
    endOutputType: 'utc' as const,
  };
}

/**
 * A duty other than the Duty Manager's: "Lunch — Canteen" at its place, with what the post
 * involves; timed (busy) when it has times, else all-day (free). Its UID names the duty, never
 * its time or place, so re-importing after an edit updates the event.
 */
function postEvent(
  owner: DutyCalendarOwner,
  duty: Duty,
  post: DutyPost,
  timeZone: string | undefined,
): EventAttributes {
  const when =
    post.startTime && post.endTime
      ? timed(duty.date, post.startTime, post.endTime, timeZone)
      : { start: dateArray(duty.date), end: dateArray(duty.date, 1) };
  const isTimed = Boolean(post.startTime && post.endTime);
  return {
    ...when,
    title: post.title,
    ...(post.place ? { location: post.place } : {}),
    ...(post.description ? { description: post.description } : {}),
    uid: `duty-${owner.id}-${duty.date}-${post.dutyId}@${UID_DOMAIN}`,
    transp: isTimed ? 'OPAQUE' : 'TRANSPARENT',
    busyStatus: isTimed ? 'BUSY' : 'FREE',
  } as EventAttributes;
}

/**
 * The person's duties as iCalendar text (RFC 5545), with stable UIDs, CRLF line ends and lines
 * folded at 75 octets. The Duty Manager duty: all-day, free-time events whose DTEND is the next
 * day (exclusive), titled "Duty Manager - {name}"; any other duty as `postEvent` writes it, its
 * times in `timeZone` (the school's).
 */
export function buildDutyCalendar(
  owner: DutyCalendarOwner,
  duties: readonly Duty[],
  timeZone?: string,
): string {
  const title = dutyCalendarTitle(owner.name);
  const events: EventAttributes[] = duties.map((duty) =>
    duty.post && !duty.post.isDutyManager
      ? postEvent(owner, duty, duty.post, timeZone)
      : {
          start: dateArray(duty.date),
          end: dateArray(duty.date, 1),
          title,
          description: companyText(duty.colleagues),
          uid: `duty-${owner.id}-${duty.date}@${UID_DOMAIN}`,
          transp: 'TRANSPARENT',
          busyStatus: 'FREE',
        },
  );
  const { error, value } = createEvents(events, {
    productId: DUTY_CALENDAR_PRODUCT_ID,
    calName: title,
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  // `ics` folds at 75 characters; RFC 5545 means 75 octets, which accents exceed.
  return foldIcsLines(value);
}

/** Builds the person's calendar file and downloads it. */
export function downloadDutyCalendar(
  owner: DutyCalendarOwner,
  duties: readonly Duty[],
  timeZone?: string,
): void {
  downloadTextFile(
    dutyCalendarFileName(owner.name),
    buildDutyCalendar(owner, duties, timeZone),
    'text/calendar;charset=utf-8',
  );
}
