import { createHash } from 'node:crypto';
import { addDays } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { type ContentLine, escapeText, icalDate, icalUtc, writeCalendar } from '../../common/text/icalendar';
import { HOLIDAY_TYPE_LABELS } from '../holidays/entities/holiday.entity';
import type { HolidayRow } from '../holidays/holiday-queries';
import type { DutyRow } from '../rota/rota.repository';

export type FeedKind = 'all-duties' | 'my-duties';

/** How often calendar apps are asked to fetch a feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH = 'PT1H';
export const FEED_REFRESH_MINUTES = 60;
const PRODID = '-//Duty Manager//Duty rota feed 1.0//EN';
const UID_DOMAIN = 'dutymanager.app';

/** One person on one day, as the rota's owner reads it for a feed; a day's people come in slot order. */
export type FeedSlotRow = DutyRow;

/** A holiday, as the holidays module reads it for a feed. */
export type FeedHolidayRow = HolidayRow;

export interface FeedInput {
  kind: FeedKind;
  organizationId: string;
  calendarName: string;
  /** Every slot of the days in the feed (for "my duties": the days the owner is on). */
  slots: FeedSlotRow[];
  holidays: FeedHolidayRow[];
  /** For "my duties": whose events to write; the others on those days are colleagues. */
  ownerStaffId?: string | null;
}

/** Who else is on the day, as My Rota says it: "Solo duty", "With Bob Stone", "With A and B". */
function withWhom(colleagues: string[]): string {
  return colleagues.length ? `With ${colleagues.join(' and ')}.` : 'Solo duty.';
}

function allDay(date: IsoDate, lastDate: IsoDate = date): ContentLine[] {
  return [
    ['DTSTART;VALUE=DATE', icalDate(date)],
    // All-day events end the day after (DTEND is exclusive).
    ['DTEND;VALUE=DATE', icalDate(addDays(lastDate, 1))],
  ];
}

function stamped(revision: string, updatedAt: Date | string): ContentLine[] {
  const stamp = icalUtc(updatedAt);
  // Without METHOD, DTSTAMP is when the event was last revised in the store (RFC 5545 §3.8.7.2),
  // which also keeps the text, and so the ETag, the same between fetches.
  return [
    ['DTSTAMP', stamp],
    ['LAST-MODIFIED', stamp],
    ['SEQUENCE', revision],
  ];
}

/**
 * A subscription feed as RFC 5545 text: one VEVENT per person per duty day and one per holiday,
 * with UIDs that stay the same for the same person, day and feed.
 */
export function writeFeed(input: FeedInput): string {
  const lines: ContentLine[] = [
    ['BEGIN', 'VCALENDAR'],
    ['VERSION', '2.0'],
    ['PRODID', PRODID],
    ['CALSCALE', 'GREGORIAN'],
    ['NAME', escapeText(input.calendarName)],
    ['X-WR-CALNAME', escapeText(input.calendarName)],
    ['REFRESH-INTERVAL;VALUE=DURATION', FEED_REFRESH],
    ['X-PUBLISHED-TTL', FEED_REFRESH],
  ];
  const byDay = new Map<string, FeedSlotRow[]>();
  for (const slot of input.slots) {
    const day = byDay.get(slot.day_id);
    if (day) day.push(slot);
    else byDay.set(slot.day_id, [slot]);
  }
  for (const day of byDay.values()) {
    for (const slot of day) {
      if (input.ownerStaffId !== undefined && slot.staff_id !== input.ownerStaffId) continue;
      const colleagues = day.filter((s) => s !== slot).map((s) => s.name);
      lines.push(
        ['BEGIN', 'VEVENT'],
        ['UID', `duty-${input.organizationId}-${slot.staff_id}-${slot.date}-${input.kind}@${UID_DOMAIN}`],
        ...stamped(slot.revision, slot.updated_at),
        ...allDay(slot.date),
        ['SUMMARY', escapeText(`Duty Manager - ${slot.name}`)],
        ['DESCRIPTION', escapeText(`Duty Manager ${slot.position}. ${withWhom(colleagues)}`)],
        ['CATEGORIES', 'Duty'],
        ['STATUS', 'CONFIRMED'],
        ['TRANSP', 'TRANSPARENT'],
        ['END', 'VEVENT'],
      );
    }
  }
  for (const holiday of input.holidays) {
    const label = HOLIDAY_TYPE_LABELS[holiday.type] ?? holiday.type;
    lines.push(
      ['BEGIN', 'VEVENT'],
      ['UID', `holiday-${holiday.id}-${input.kind}@${UID_DOMAIN}`],
      ...stamped(holiday.revision, holiday.updated_at),
      ...allDay(holiday.start_date, holiday.end_date),
      ['SUMMARY', escapeText(holiday.name)],
      ['DESCRIPTION', escapeText(holiday.description ? `${label}. ${holiday.description}` : `${label}. No duties.`)],
      ['CATEGORIES', 'Holiday'],
      ['TRANSP', 'TRANSPARENT'],
      ['END', 'VEVENT'],
    );
  }
  lines.push(['END', 'VCALENDAR']);
  return writeCalendar(lines);
}

/** A strong validator for the exact bytes of a feed. */
export function feedEtag(body: string): string {
  return `"${createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, lists and `*` allowed). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
