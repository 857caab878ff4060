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
}

const parts = (date: IsoDate): [number, number, number] => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};

/**
 * The duty as an all-day .ics event (exclusive DTEND), with a UID that stays the same for the
 * same person and day, so a calendar that imports it twice keeps one event.
 */
export function dutyCalendarAttachment(event: DutyEvent): OutboxAttachment {
  // `timestamp` (DTSTAMP) is supported by ics but missing from its type definitions.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: 'dutymanager/reminders',
    method: 'PUBLISH',
    uid: `duty-${event.organizationId}-${event.staffId}-${event.date}@dutymanager.app`,
    title: `Duty Manager - ${event.staffName}`,
    description: event.description,
    start: parts(event.date),
    end: parts(addDays(event.date, 1)),
    timestamp: event.stamp.getTime(),
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
  };
  const { error, value } = createEvent(attributes);
  // `ics` folds at 75 characters; RFC 5545 counts octets, which names with accents exceed.
  if (error || !value) throw new Error(`Could not write the duty calendar file: ${error?.message ?? 'empty'}`);
  return { filename: `duty-${event.date}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: refold(value) };
}
