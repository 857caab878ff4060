import { createEvent, type DateArray, type EventAttributes } from 'ics';
import type { IsoDate } from '../../common/clock/clock';
import { addDays } from '../../common/clock/academic-year';
import { wallTimeToInstant } from '../../common/clock/wall-time';
import { refold } from '../../common/text/icalendar';
import { dutyTitle } from '../../common/text/duty-title';
import type { OutboxAttachment } from '../mail/entities/outbox-email.entity';

/**
 * A duty other than the Duty Manager's, for its event: named "Lunch — Canteen", with the place as
 * LOCATION and its instructions in the description; timed when it has times.
 */
export interface DutyPost {
  id: string;
  name: string;
  place: string | null;
  /** What the post involves (the duty's description); may be empty. */
  instructions: string;
  /** `HH:mm`, both null for an all-day duty: wall times in `timeZone`. */
  startTime: string | null;
  endTime: string | null;
  /** The school's IANA time zone. */
  timeZone: string;
}

export interface DutyEvent {
  /** The duty, when it is not the Duty Manager duty (whose event stays as it was: all-day, "Duty Manager - name"). */
  post?: DutyPost;
  organizationId: string;
  staffId: string;
  staffName: string;
  date: IsoDate;
  description: string;
  /** DTSTAMP: when the event was written (the app's clock). */
  stamp: Date;
  /**
   * The event's version (SEQUENCE): 0 for the first reminder, one more for each cancellation and
   * each reminder after it (duty_reminders.sequence), so a calendar applies them in order.
   */
  sequence: number;
}

/** Whom a cancellation is from and to: RFC 5546 asks a CANCEL for its organizer and attendee. */
export interface CancelledDuty extends DutyEvent {
  staffEmail: string;
  /** The app's sender (MAIL_FROM). */
  organizer: { name: string; email: string };
}

const parts = (date: IsoDate): [number, number, number] => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};

/**
 * The same person, day and duty always give the same UID, so a calendar keeps one event per duty:
 * the Duty Manager duty's as it always was, another duty's with its id (never its time or place,
 * so an edited duty moves rather than duplicates).
 */
export function dutyEventUid(event: Pick<DutyEvent, 'organizationId' | 'staffId' | 'date' | 'post'>): string {
  const duty = event.post ? `-${event.post.id}` : '';
  return `duty-${event.organizationId}-${event.staffId}-${event.date}${duty}@dutymanager.app`;
}

const postTitle = (post: DutyPost): string => dutyTitle(post.name, post.place);

/** `ics`'s date-time array of an instant, in UTC. */
function utcParts(instant: Date): DateArray {
  return [instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate(), instant.getUTCHours(), instant.getUTCMinutes()];
}

/** An event's start and end as `ics` takes them. */
interface When {
  start: DateArray;
  end: DateArray;
  startInputType?: 'local' | 'utc';
  startOutputType?: 'local' | 'utc';
  endInputType?: 'local' | 'utc';
  endOutputType?: 'local' | 'utc';
}

/**
 * When the event is: all-day (exclusive DTEND), or a timed duty's start and end in UTC ('Z').
 * UTC, not the school's TZID as the feeds write: `ics` writes no VTIMEZONE, and Outlook resolves a
 * TZID only through a VTIMEZONE in the same file (Google accepts an IANA TZID without one), so a
 * TZID here would put the duty at the wrong time in Outlook. A UTC DATE-TIME needs no VTIMEZONE in
 * any calendar, and each app shows it in its user's zone; the instant is the school's wall time
 * converted with the zone's rules for that date (so also across the change to or from summer time).
 */
function when(event: DutyEvent): When {
  const post = event.post;
  if (post?.startTime && post.endTime) {
    return {
      start: utcParts(wallTimeToInstant(event.date, post.startTime, post.timeZone)),
      end: utcParts(wallTimeToInstant(event.date, post.endTime, post.timeZone)),
      startInputType: 'utc',
      startOutputType: 'utc',
      endInputType: 'utc',
      endOutputType: 'utc',
    };
  }
  return { start: parts(event.date), end: parts(addDays(event.date, 1)) };
}

function calendarFile(attributes: EventAttributes & { timestamp: number }, event: DutyEvent, method: 'PUBLISH' | 'CANCEL'): OutboxAttachment {
  // One file per duty: "duty-2026-12-03.ics" for the Duty Manager's, "duty-2026-12-03-lunch-canteen.ics" for another's.
  const slug = event.post
    ? postTitle(event.post)
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
    : '';
  const filename = `duty-${event.date}${slug ? `-${slug}` : ''}.ics`;
  const { error, value } = createEvent(attributes);
  // `ics` folds at 75 characters; RFC 5545 counts octets, which names with accents exceed.
  if (error || !value) throw new Error(`Could not write the duty calendar file: ${error?.message ?? 'empty'}`);
  return { filename, contentType: `text/calendar; charset=utf-8; method=${method}`, content: refold(value) };
}

function common(event: DutyEvent): EventAttributes & { timestamp: number } {
  const post = event.post;
  const timed = !!post?.startTime;
  const instructions = post?.instructions.trim();
  // `timestamp` (DTSTAMP) is supported by ics but missing from its type definitions.
  return {
    productId: 'dutymanager/reminders',
    uid: dutyEventUid(event),
    sequence: event.sequence,
    title: post ? postTitle(post) : `Duty Manager - ${event.staffName}`,
    ...(post?.place ? { location: post.place } : {}),
    description: instructions ? `${instructions}\n${event.description}` : event.description,
    ...when(event),
    timestamp: event.stamp.getTime(),
    busyStatus: timed ? 'BUSY' : 'FREE',
    transp: timed ? 'OPAQUE' : 'TRANSPARENT',
  };
}

/** The duty as an .ics event (all-day with an exclusive DTEND, or timed in UTC), attached to its reminder. */
export function dutyCalendarAttachment(event: DutyEvent): OutboxAttachment {
  return calendarFile({ ...common(event), method: 'PUBLISH' }, event, 'PUBLISH');
}

/**
 * The cancellation of a reminded duty the person no longer has: the same UID with a later
 * SEQUENCE, METHOD:CANCEL and STATUS:CANCELLED, so a calendar that imported the reminder removes
 * (or strikes out) the event.
 */
export function dutyCalendarCancellation(event: CancelledDuty): OutboxAttachment {
  return calendarFile(
    {
      ...common(event),
      method: 'CANCEL',
      status: 'CANCELLED',
      organizer: event.organizer,
      attendees: [{ name: event.staffName, email: event.staffEmail }],
    },
    event,
    'CANCEL',
  );
}
