import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import type { Duty, DutyPost } from '../components/duties';
import { dutyCalendarFileName } from './calendar-file';
import { buildDutyCalendar } from './duty-calendar';

const NAME = 'Zoë Ångström-Éléonore Bénédicte de la Cruz-Fernández Øyelaran';
const owner = { id: 's-42', name: NAME };
const duties: Duty[] = [
  { id: 'd-1', date: '2025-09-30', colleagues: [] },
  // The last day of the year: DTEND rolls over into the next month and year.
  { id: 'd-2', date: '2025-12-31', colleagues: ['Ann Lee', 'Bob Stone'] },
];

const octets = (text: string) => new TextEncoder().encode(text).length;

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

describe('the duty calendar file', () => {
  it('is an iCalendar 2.0 file with one all-day event per duty, titled "Duty Manager - {name}"', () => {
    const { calendar, events } = parse(buildDutyCalendar(owner, duties));

    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`Duty Manager - ${NAME}`);
    expect(events).toHaveLength(duties.length);

    const read = events.map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        summary: vevent.getFirstPropertyValue('summary'),
        description: event.description,
        start: event.startDate.toString(),
        startIsDate: event.startDate.isDate,
        end: event.endDate.toString(),
        endIsDate: event.endDate.isDate,
        transparency: vevent.getFirstPropertyValue('transp'),
      };
    });
    expect(read).toEqual([
      {
        summary: `Duty Manager - ${NAME}`,
        description: 'Solo duty',
        start: '2025-09-30',
        startIsDate: true,
        end: '2025-10-01',
        endIsDate: true,
        transparency: 'TRANSPARENT',
      },
      {
        summary: `Duty Manager - ${NAME}`,
        description: 'With Ann Lee and Bob Stone',
        start: '2025-12-31',
        startIsDate: true,
        end: '2026-01-01',
        endIsDate: true,
        transparency: 'TRANSPARENT',
      },
    ]);
  });

  it('stamps every event in UTC and keeps its UID the same from one export to the next', () => {
    const first = parse(buildDutyCalendar(owner, duties)).events;
    const second = parse(buildDutyCalendar(owner, duties)).events;

    for (const vevent of first) {
      const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
      expect(stamp).toBeInstanceOf(ICAL.Time);
      expect(stamp.zone?.tzid).toBe('UTC');
    }
    const uids = (events: ICAL.Component[]) =>
      events.map((vevent) => vevent.getFirstPropertyValue('uid'));
    expect(uids(first)).toEqual(uids(second));
    expect(new Set(uids(first)).size).toBe(duties.length);
    expect(uids(first)).toEqual([
      'duty-s-42-2025-09-30@dutymanager.app',
      'duty-s-42-2025-12-31@dutymanager.app',
    ]);
  });

  it('ends every line with CRLF and folds lines at 75 octets, not 75 characters', () => {
    const text = buildDutyCalendar(owner, duties);

    expect(text.endsWith('\r\n')).toBe(true);
    // No bare CR or LF anywhere.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.slice(0, -2).split('\r\n');
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    // The summary line is well over 75 octets, so it was folded.
    const summary = lines.findIndex((line) => line.startsWith('SUMMARY:'));
    expect(lines[summary + 1]?.startsWith(' ')).toBe(true);
    expect(text).not.toContain('\uFFFD');
  });
});

describe('the duty calendar file for a school with other duties', () => {
  const post = (over: Partial<DutyPost>): DutyPost => ({
    title: 'Lunch — Canteen',
    times: '12:30–13:10',
    description: 'Watch the queue; wipe the tables.',
    isDutyManager: false,
    dutyId: 'lunch-1',
    place: 'Canteen',
    startTime: '12:30',
    endTime: '13:10',
    ...over,
  });
  const mine: Duty[] = [
    {
      id: '2026-03-26|dm',
      date: '2026-03-26',
      colleagues: ['Bob Stone'],
      post: post({
        title: 'Duty Manager',
        isDutyManager: true,
        dutyId: 'dm',
        place: null,
        startTime: null,
        endTime: null,
        description: null,
      }),
    },
    { id: '2026-03-26|lunch-1', date: '2026-03-26', colleagues: [], post: post({}) },
    { id: '2026-04-02|lunch-1', date: '2026-04-02', colleagues: [], post: post({}) },
    {
      id: '2026-04-02|trip',
      date: '2026-04-02',
      colleagues: [],
      post: post({
        title: 'Trip',
        dutyId: 'trip',
        place: null,
        startTime: null,
        endTime: null,
        description: null,
      }),
    },
  ];

  function read(text: string) {
    return parse(text).events.map((vevent) => {
      const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
      const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
      const instant = (time: ICAL.Time) =>
        time.isDate ? time.toString() : time.toJSDate().toISOString();
      return {
        uid: vevent.getFirstPropertyValue('uid'),
        summary: vevent.getFirstPropertyValue('summary'),
        location: vevent.getFirstPropertyValue('location'),
        description: vevent.getFirstPropertyValue('description'),
        start: instant(start),
        end: instant(end),
        transparency: vevent.getFirstPropertyValue('transp'),
      };
    });
  }

  it('writes each duty once: the Duty Manager duty all-day as before, a timed duty at its UTC instants in the school zone, an all-day one all-day', () => {
    const text = buildDutyCalendar(owner, mine, 'Europe/London');
    // UTC, never a TZID: the file has no VTIMEZONE, which Outlook needs for one.
    expect(text).not.toContain('TZID');
    expect(text).toContain('DTSTART:20260402T113000Z');
    expect(read(text)).toEqual([
      {
        uid: 'duty-s-42-2026-03-26@dutymanager.app',
        summary: `Duty Manager - ${NAME}`,
        location: null,
        description: 'With Bob Stone',
        start: '2026-03-26',
        end: '2026-03-27',
        transparency: 'TRANSPARENT',
      },
      {
        uid: 'duty-s-42-2026-03-26-lunch-1@dutymanager.app',
        summary: 'Lunch — Canteen',
        location: 'Canteen',
        description: 'Watch the queue; wipe the tables.',
        // Greenwich Mean Time, then British Summer Time from 29 March.
        start: '2026-03-26T12:30:00.000Z',
        end: '2026-03-26T13:10:00.000Z',
        transparency: 'OPAQUE',
      },
      expect.objectContaining({
        uid: 'duty-s-42-2026-04-02-lunch-1@dutymanager.app',
        start: '2026-04-02T11:30:00.000Z',
        end: '2026-04-02T12:10:00.000Z',
      }),
      {
        uid: 'duty-s-42-2026-04-02-trip@dutymanager.app',
        summary: 'Trip',
        location: null,
        description: null,
        start: '2026-04-02',
        end: '2026-04-03',
        transparency: 'TRANSPARENT',
      },
    ]);
  });

  it('converts with the school zone’s own rules (New York), and writes wall times floating when the zone is not known', () => {
    expect(buildDutyCalendar(owner, mine, 'America/New_York')).toContain(
      'DTSTART:20260326T163000Z',
    );
    const floating = buildDutyCalendar(owner, mine);
    expect(floating).toContain('DTSTART:20260326T123000\r\n');
    expect(floating).not.toContain('TZID');
  });
});

describe('the duty calendar file name', () => {
  it('is duty-rota- plus the name, keeping spaces and accents', () => {
    expect(dutyCalendarFileName('Zoë Ångström')).toBe('duty-rota-Zoë Ångström.ics');
  });

  it('replaces characters file systems refuse', () => {
    expect(dutyCalendarFileName('A/B\\C:D*E?F"G<H>I|J')).toBe('duty-rota-A-B-C-D-E-F-G-H-I-J.ics');
  });
});
