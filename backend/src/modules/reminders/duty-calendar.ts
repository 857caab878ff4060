import { createEvent, type EventAttributes } from 'ics';
import type { IsoDate } from '../../common/clock/clock';
import { addDays } from '../../common/clock/academic-year';
import { refold } from '../../common/text/icalendar';
import type { OutboxAttachment } from '../mail/entities/outbox-email.entity';

export interface DutyEvent {
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

/** The same person and day always give the same UID, so a calendar keeps one event per duty. */
export function dutyEventUid(event: Pick<DutyEvent, 'organizationId' | 'staffId' | 'date'>): string {
  return `duty-${event.organizationId}-${event.staffId}-${event.date}@dutymanager.app`;
}

function calendarFile(attributes: EventAttributes & { timestamp: number }, date: IsoDate, method: 'PUBLISH' | 'CANCEL'): OutboxAttachment {
  const { error, value } = createEvent(attributes);
  // `ics` folds at 75 characters; RFC 5545 counts octets, which names with accents exceed.
  if (error || !value) throw new Error(`Could not write the duty calendar file: ${error?.message ?? 'empty'}`);
  return { filename: `duty-${date}.ics`, contentType: `text/calendar; charset=utf-8; method=${method}`, content: refold(value) };
}

function common(event: DutyEvent): EventAttributes & { timestamp: number } {
  // `timestamp` (DTSTAMP) is supported by ics but missing from its type definitions.
  return {
    productId: 'dutymanager/reminders',
    uid: dutyEventUid(event),
    sequence: event.sequence,
    title: `Duty Manager - ${event.staffName}`,
    description: event.description,
    start: parts(event.date),
    end: parts(addDays(event.date, 1)),
    timestamp: event.stamp.getTime(),
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
  };
}

/** The duty as an all-day .ics event (exclusive DTEND), attached to its reminder. */
export function dutyCalendarAttachment(event: DutyEvent): OutboxAttachment {
  return calendarFile({ ...common(event), method: 'PUBLISH' }, event.date, 'PUBLISH');
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
    event.date,
    'CANCEL',
  );
}
