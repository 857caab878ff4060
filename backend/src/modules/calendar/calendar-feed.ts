import { createHash } from 'node:crypto';
import { addDays } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { wallTimeToInstant } from '../../common/clock/wall-time';
import { type ContentLine, escapeText, icalDate, icalLocal, icalUtc, writeCalendar } from '../../common/text/icalendar';
import { dutyTitle } from '../../common/text/duty-title';
import { HOLIDAY_TYPE_LABELS, HOLIDAY_TYPES } from '../holidays/entities/holiday.entity';
import type { HolidayRow } from '../holidays/school-calendar';
import type { DutyRow } from '../rota/rota.service';
import { type FeedTimeZone, feedTimeZone } from './vtimezone';

export type FeedKind = 'all-duties' | 'my-duties';

/** How often calendar apps are asked to fetch a feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH = 'PT1H';
export const FEED_REFRESH_MINUTES = 60;
const PRODID = '-//Duty Manager//Duty rota feed 1.0//EN';
const UID_DOMAIN = 'dutymanager.app';

/** One person on one duty on one day, as the rota's owner reads it for a feed; a duty's people come in slot order. */
export type FeedSlotRow = DutyRow;

/** A holiday, as the holidays module reads it for a feed. */
export type FeedHolidayRow = HolidayRow;

export interface FeedInput {
  kind: FeedKind;
  organizationId: string;
  calendarName: string;
  /** The school's IANA time zone: timed duties' times are wall times there. */
  timezone: string;
  /** Every slot of the days in the feed (for "my duties": the days the owner is on). */
  slots: FeedSlotRow[];
  holidays: FeedHolidayRow[];
  /** For "my duties": whose events to write; the others on those days are colleagues. */
  ownerStaffId?: string | null;
}

/** "Wet day: Hall instead of Field" on a day marked wet, for a duty at its wet-weather post; empty otherwise. */
function wetNote(slot: FeedSlotRow): string {
  return slot.wet ? `Wet day: ${slot.place}${slot.usual_place ? ` instead of ${slot.usual_place}` : ''}` : '';
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
 * A timed duty's start and end: wall times with the school's TZID (its VTIMEZONE is in the feed,
 * see vtimezone.ts for Google's and Outlook's rules), or UTC for a zone without a VTIMEZONE.
 */
function timed(date: IsoDate, start: string, end: string, timezone: string, zone: FeedTimeZone | null): ContentLine[] {
  if (zone) {
    return [
      [`DTSTART;TZID=${zone.tzid}`, icalLocal(date, start)],
      [`DTEND;TZID=${zone.tzid}`, icalLocal(date, end)],
    ];
  }
  return [
    ['DTSTART', icalUtc(wallTimeToInstant(date, start, timezone))],
    ['DTEND', icalUtc(wallTimeToInstant(date, end, timezone))],
  ];
}

/** The later of two changes: a duty's event changes with its day's people and with the duty. */
function later(a: Date | string, b: Date | string): Date | string {
  return new Date(b).getTime() > new Date(a).getTime() ? b : a;
}

/**
 * The Duty Manager duty's event, exactly as feeds wrote it before there were other duties (its
 * UID too, so subscribers see no duplicates), plus the place and instructions a school gives it.
 */
function dutyManagerEvent(input: FeedInput, slot: FeedSlotRow, colleagues: string[]): ContentLine[] {
  const description = slot.description.trim();
  return [
    ['BEGIN', 'VEVENT'],
    ['UID', `duty-${input.organizationId}-${slot.staff_id}-${slot.date}-${input.kind}@${UID_DOMAIN}`],
    ...stamped(slot.revision, slot.updated_at),
    ...allDay(slot.date),
    ['SUMMARY', escapeText(`Duty Manager - ${slot.name}`)],
    ...(slot.place ? ([['LOCATION', escapeText(slot.place)]] satisfies ContentLine[]) : []),
    ['DESCRIPTION', escapeText([`Duty Manager ${slot.position}. ${withWhom(colleagues)}`, wetNote(slot), description].filter(Boolean).join('\n'))],
    ['CATEGORIES', 'Duty'],
    ['STATUS', 'CONFIRMED'],
    ['TRANSP', 'TRANSPARENT'],
    ['END', 'VEVENT'],
  ];
}

/**
 * Any other duty's event: timed (busy) when the duty has times, else all-day (free). Its UID names
 * the person, the day and the duty, never the time, place or colleagues, so editing the duty moves
 * the event and reshuffling others leaves it alone.
 */
function dutyEvent(input: FeedInput, slot: FeedSlotRow, colleagues: string[], zone: FeedTimeZone | null): ContentLine[] {
  const title = dutyTitle(slot.duty_name, slot.place);
  const lines: ContentLine[] = [
    ['BEGIN', 'VEVENT'],
    ['UID', `duty-${input.organizationId}-${slot.staff_id}-${slot.date}-${slot.duty_id}-${input.kind}@${UID_DOMAIN}`],
    ...stamped(slot.revision, later(slot.updated_at, slot.duty_updated_at)),
    ...(slot.start_time && slot.end_time ? timed(slot.date, slot.start_time, slot.end_time, input.timezone, zone) : allDay(slot.date)),
    // My duties are the owner's own: the duty alone; the school's feed names whose it is.
    ['SUMMARY', escapeText(input.ownerStaffId !== undefined ? title : `${title} - ${slot.name}`)],
  ];
  if (slot.place) lines.push(['LOCATION', escapeText(slot.place)]);
  lines.push(
    ['DESCRIPTION', escapeText([wetNote(slot), slot.description.trim(), withWhom(colleagues)].filter(Boolean).join('\n'))],
    ['CATEGORIES', 'Duty'],
    ['STATUS', 'CONFIRMED'],
    ['TRANSP', slot.start_time ? 'OPAQUE' : 'TRANSPARENT'],
    ['END', 'VEVENT'],
  );
  return lines;
}

/**
 * A subscription feed as RFC 5545 text: one VEVENT per person per duty per day and one per
 * holiday, with UIDs that stay the same for the same person, day, duty and feed. Timed duties are
 * timed events in the school's zone, whose VTIMEZONE the feed then carries; the Duty Manager duty
 * and other all-day duties are all-day events.
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
  // A duty's people on a day, in slot order.
  const byDuty = new Map<string, FeedSlotRow[]>();
  for (const slot of input.slots) {
    const key = `${slot.day_id} ${slot.duty_id}`;
    const duty = byDuty.get(key);
    if (duty) duty.push(slot);
    else byDuty.set(key, [slot]);
  }
  const mine = (slot: FeedSlotRow) => input.ownerStaffId === undefined || slot.staff_id === input.ownerStaffId;
  // Only a feed with a timed event names a zone (RFC 5545: a VTIMEZONE for each TZID used, and
  // before the events that use it, as Outlook expects).
  const zone = input.slots.some((slot) => slot.start_time && mine(slot)) ? feedTimeZone(input.timezone) : null;
  if (zone) lines.push(...zone.component);
  for (const duty of byDuty.values()) {
    for (const slot of duty) {
      if (!mine(slot)) continue;
      const colleagues = duty.filter((s) => s !== slot).map((s) => s.name);
      lines.push(...(slot.is_duty_manager ? dutyManagerEvent(input, slot, colleagues) : dutyEvent(input, slot, colleagues, zone)));
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

/**
 * Bump when the feed's text changes for the same data in a way the sample below does not show
 * (FEED_FORMAT changes by itself for what it does show).
 */
const FEED_FORMAT_VERSION = 3;

const SAMPLE_DM = {
  duty_id: 'u1',
  is_duty_manager: true,
  duty_name: 'Duty Manager',
  place: null,
  wet: false,
  usual_place: null,
  start_time: null,
  end_time: null,
  description: '',
  duty_updated_at: '2025-08-01T10:00:00Z',
};
const SAMPLE_LUNCH = {
  duty_id: 'u2',
  is_duty_manager: false,
  duty_name: 'Lunch',
  place: 'Canteen, hall',
  wet: false,
  usual_place: 'Canteen, hall',
  start_time: '12:30',
  end_time: '13:10',
  description: 'Queue; then\nthe tables',
  duty_updated_at: '2025-09-05T10:00:00Z',
};

/** Every kind of line writeFeed writes: two people on a day, one alone, a timed duty and an all-day one, a wet day's post, each type of holiday, with and without a description. */
const FORMAT_SAMPLE: FeedInput = {
  kind: 'all-duties',
  organizationId: '00000000-0000-4000-8000-000000000000',
  calendarName: 'Sample – Duty rota, with; escapes\\',
  timezone: 'Europe/London',
  slots: [
    {
      day_id: 'd1',
      date: '2025-09-09',
      revision: '7',
      updated_at: '2025-09-01T10:00:00Z',
      position: 1,
      staff_id: 's1',
      name: 'Zoë Ångström-Éléonore Bénédicte de la Cruz-Fernández Øyelaran',
      ...SAMPLE_DM,
    },
    {
      day_id: 'd1',
      date: '2025-09-09',
      revision: '7',
      updated_at: '2025-09-01T10:00:00Z',
      position: 2,
      staff_id: 's2',
      name: 'Bob, Stone',
      ...SAMPLE_DM,
    },
    {
      day_id: 'd2',
      date: '2025-09-10',
      revision: '8',
      updated_at: '2025-09-02T10:00:00Z',
      position: 1,
      staff_id: 's1',
      name: 'Zoë',
      ...SAMPLE_DM,
      place: 'Office',
      usual_place: 'Office',
      description: 'Radio on',
    },
    // A timed duty with a place and instructions, two people on it; an all-day one without either.
    {
      day_id: 'd2',
      date: '2025-09-10',
      revision: '8',
      updated_at: '2025-09-02T10:00:00Z',
      position: 1,
      staff_id: 's1',
      name: 'Zoë',
      ...SAMPLE_LUNCH,
    },
    {
      day_id: 'd2',
      date: '2025-09-10',
      revision: '8',
      updated_at: '2025-09-02T10:00:00Z',
      position: 2,
      staff_id: 's2',
      name: 'Bob, Stone',
      ...SAMPLE_LUNCH,
    },
    {
      day_id: 'd2',
      date: '2025-09-10',
      revision: '8',
      updated_at: '2025-09-02T10:00:00Z',
      position: 1,
      staff_id: 's1',
      name: 'Zoë',
      ...SAMPLE_LUNCH,
      duty_id: 'u3',
      duty_name: 'Trip',
      place: null,
      usual_place: null,
      start_time: null,
      end_time: null,
      description: '',
    },
    // A day marked wet: the duty at its wet-weather post.
    {
      day_id: 'd3',
      date: '2025-09-11',
      revision: '2',
      updated_at: '2025-09-03T10:00:00Z',
      position: 1,
      staff_id: 's2',
      name: 'Bob, Stone',
      ...SAMPLE_LUNCH,
      place: 'Hall',
      wet: true,
    },
  ],
  // One of each type, so the labels are in the sample; the last with a description.
  holidays: HOLIDAY_TYPES.map((type, i) => ({
    id: `h${i}`,
    name: `Holiday ${i}`,
    type,
    start_date: '2025-10-27',
    end_date: '2025-10-31',
    description: i === HOLIDAY_TYPES.length - 1 ? 'Training; all staff' : null,
    revision: String(9 + i),
    updated_at: '2025-09-03T10:00:00Z',
  })),
};

/**
 * The feed format's fingerprint: the version and a fixed sample written by this very code, so a
 * change to the writer's output (a new line, another wording, escaping, folding) changes every
 * feed's ETag without anyone remembering to.
 */
export const FEED_FORMAT = createHash('sha256')
  .update(`${FEED_FORMAT_VERSION}\n${writeFeed(FORMAT_SAMPLE)}\n${writeFeed({ ...FORMAT_SAMPLE, kind: 'my-duties', ownerStaffId: 's1' })}`, 'utf8')
  .digest('base64url');

/**
 * Everything a feed's text depends on, besides the code (FEED_FORMAT): the feed and whose it is,
 * the organisation's name (the calendar's name) and time zone (which day is today), today (the
 * window moves with it), and the organisation's calendar_feed_revisions counter (every rota day,
 * slot, person and holiday). docs/architecture.md#calendar-feeds lists each input.
 */
export interface FeedVersion {
  kind: FeedKind;
  tokenId: string;
  organizationId: string;
  organizationName: string;
  timezone: string;
  /** For "my duties": the token owner's staff record (none: no duties). */
  staffId: string | null;
  today: IsoDate;
  /** calendar_feed_revisions.revision, a bigint: as text. */
  revision: string;
}

/**
 * The feed's validator, from its inputs rather than its bytes, so it is known before the feed is
 * read. Strong: the same inputs write the same bytes.
 */
export function feedEtag(version: FeedVersion): string {
  const { kind, tokenId, organizationId, organizationName, timezone, staffId, today, revision } = version;
  const key = JSON.stringify([
    FEED_FORMAT,
    kind,
    tokenId,
    organizationId,
    organizationName,
    timezone,
    kind === 'my-duties' ? staffId : null,
    today,
    revision,
  ]);
  return `"${createHash('sha256').update(key, 'utf8').digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, lists and `*` allowed). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
