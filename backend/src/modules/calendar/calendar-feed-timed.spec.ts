import ICAL from 'ical.js';
import { wallTimeToInstant } from '../../common/clock/wall-time';
import { unfold } from '../../common/text/icalendar';
import { type FeedInput, type FeedSlotRow, writeFeed } from './calendar-feed';
import { feedTimeZone } from './vtimezone';

const ORG = '11111111-1111-4111-8111-111111111111';
const ANN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BOB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const DM_ID = '99999999-9999-4999-8999-999999999999';
const LUNCH_ID = '12121212-1212-4121-8121-121212121212';
const GATE_ID = '34343434-3434-4343-8343-343434343434';
const at = new Date('2026-03-01T10:00:00Z');
const dutyEdited = new Date('2026-03-05T09:00:00Z');

type DutyFields = Omit<FeedSlotRow, 'day_id' | 'date' | 'revision' | 'updated_at' | 'position' | 'staff_id' | 'name'>;

const dutyManager: DutyFields = {
  duty_id: DM_ID,
  is_duty_manager: true,
  duty_name: 'Duty Manager',
  place: null,
  wet: false,
  usual_place: null,
  start_time: null,
  end_time: null,
  description: '',
  duty_updated_at: at,
};
const lunch: DutyFields = {
  duty_id: LUNCH_ID,
  is_duty_manager: false,
  duty_name: 'Lunch',
  place: 'Canteen',
  wet: false,
  usual_place: 'Canteen',
  start_time: '12:30',
  end_time: '13:10',
  description: 'Watch the queue; wipe the tables.',
  duty_updated_at: dutyEdited,
};
const gate = { ...lunch, duty_id: GATE_ID, duty_name: 'Gate', place: 'Main gate', usual_place: 'Main gate', start_time: '08:20', end_time: '08:45', description: '' };
const trip = { ...lunch, duty_id: GATE_ID, duty_name: 'Trip', place: null, usual_place: null, start_time: null, end_time: null, description: '' };

const row = (date: string, position: number, staff_id: string, name: string, duty: DutyFields): FeedSlotRow => ({
  day_id: `day-${date}`,
  date,
  revision: '7',
  updated_at: at,
  position,
  staff_id,
  name,
  ...duty,
});

const feed = (slots: FeedSlotRow[], timezone = 'Europe/London', mine?: string): string =>
  writeFeed({
    kind: mine ? 'my-duties' : 'all-duties',
    organizationId: ORG,
    calendarName: 'School',
    timezone,
    slots,
    holidays: [],
    ...(mine ? { ownerStaffId: mine } : {}),
  } satisfies FeedInput);

/** Each event as ical.js reads it, with its start and end as UTC instants through the feed's own VTIMEZONE. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  try {
    return calendar.getAllSubcomponents('vevent').map((v) => {
      const start = v.getFirstPropertyValue('dtstart') as ICAL.Time;
      const end = v.getFirstPropertyValue('dtend') as ICAL.Time;
      return {
        uid: v.getFirstPropertyValue('uid'),
        summary: v.getFirstPropertyValue('summary'),
        location: v.getFirstPropertyValue('location'),
        description: v.getFirstPropertyValue('description'),
        tzid: v.getFirstProperty('dtstart')!.getParameter('tzid') ?? null,
        start: start.isDate ? start.toString() : start.toJSDate().toISOString(),
        end: end.isDate ? end.toString() : end.toJSDate().toISOString(),
        transp: v.getFirstPropertyValue('transp'),
      };
    });
  } finally {
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.remove(String(zone.getFirstPropertyValue('tzid')));
  }
}

describe('calendar feed: timed duties', () => {
  it('writes a timed duty in the school zone with its VTIMEZONE, place and instructions; the Duty Manager duty stays all-day', () => {
    const text = feed(
      [row('2026-01-15', 1, ANN, 'Ann', dutyManager), row('2026-01-15', 1, ANN, 'Ann', lunch), row('2026-01-15', 2, BOB, 'Bob', lunch)],
      'Europe/London',
      ANN,
    );
    const lines = unfold(text).split('\r\n');
    expect(lines).toContain('DTSTART;TZID=Europe/London:20260115T123000');
    expect(lines).toContain('DTEND;TZID=Europe/London:20260115T131000');
    // One VTIMEZONE, for the one zone used, before the events, with standard and daylight rules.
    expect(lines.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    expect(lines.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(lines).toEqual(
      expect.arrayContaining([
        'TZID:Europe/London',
        'BEGIN:STANDARD',
        'BEGIN:DAYLIGHT',
        'TZOFFSETTO:+0100',
        'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      ]),
    );
    // The duty's own change counts for LAST-MODIFIED, the day's revision for SEQUENCE.
    expect(lines).toEqual(expect.arrayContaining(['LAST-MODIFIED:20260305T090000Z', 'SEQUENCE:7']));
    expect(events(text)).toEqual([
      {
        uid: `duty-${ORG}-${ANN}-2026-01-15-my-duties@dutymanager.app`,
        summary: 'Duty Manager - Ann',
        location: null,
        description: 'Duty Manager 1. Solo duty.',
        tzid: null,
        start: '2026-01-15',
        end: '2026-01-16',
        transp: 'TRANSPARENT',
      },
      {
        uid: `duty-${ORG}-${ANN}-2026-01-15-${LUNCH_ID}-my-duties@dutymanager.app`,
        summary: 'Lunch — Canteen',
        location: 'Canteen',
        description: 'Watch the queue; wipe the tables.\nWith Bob.',
        tzid: 'Europe/London',
        start: '2026-01-15T12:30:00.000Z',
        end: '2026-01-15T13:10:00.000Z',
        transp: 'OPAQUE',
      },
    ]);
  });

  it("names the person on the school's feed, and writes an all-day duty as an all-day event", () => {
    const all = events(feed([row('2026-01-15', 1, BOB, 'Bob', lunch), row('2026-01-16', 1, BOB, 'Bob', trip)]));
    expect(all).toEqual([
      expect.objectContaining({
        summary: 'Lunch — Canteen - Bob',
        uid: `duty-${ORG}-${BOB}-2026-01-15-${LUNCH_ID}-all-duties@dutymanager.app`,
        description: 'Watch the queue; wipe the tables.\nSolo duty.',
      }),
      expect.objectContaining({
        summary: 'Trip - Bob',
        location: null,
        description: 'Solo duty.',
        tzid: null,
        start: '2026-01-16',
        end: '2026-01-17',
        transp: 'TRANSPARENT',
      }),
    ]);
  });

  it('adds the place and instructions a school gives the Duty Manager duty to its all-day event, keeping its summary and UID', () => {
    const office = { ...dutyManager, place: 'Office', description: 'Carry the radio.' };
    expect(events(feed([row('2026-01-15', 1, ANN, 'Ann', office)]))).toEqual([
      expect.objectContaining({
        uid: `duty-${ORG}-${ANN}-2026-01-15-all-duties@dutymanager.app`,
        summary: 'Duty Manager - Ann',
        location: 'Office',
        description: 'Duty Manager 1. Solo duty.\nCarry the radio.',
        start: '2026-01-15',
      }),
    ]);
  });

  it('puts a duty at its wet-weather post on a day marked wet, saying so, and keeps its UID', () => {
    const dry = events(feed([row('2026-01-15', 1, ANN, 'Ann', lunch)], 'Europe/London', ANN))[0]!;
    const [wet] = events(feed([row('2026-01-15', 1, ANN, 'Ann', { ...lunch, place: 'Hall', wet: true })], 'Europe/London', ANN));
    expect(wet).toEqual({
      ...dry,
      summary: 'Lunch — Hall',
      location: 'Hall',
      description: 'Wet day: Hall instead of Canteen\nWatch the queue; wipe the tables.\nSolo duty.',
    });
    // A duty with no usual place, and the Duty Manager duty.
    const [nowhere, manager] = events(
      feed([
        row('2026-01-15', 1, ANN, 'Ann', { ...trip, place: 'Hall', wet: true }),
        row('2026-01-15', 1, BOB, 'Bob', { ...dutyManager, place: 'Library', usual_place: 'Office', wet: true }),
      ]),
    );
    expect(nowhere).toMatchObject({ location: 'Hall', description: 'Wet day: Hall\nSolo duty.' });
    expect(manager).toMatchObject({ summary: 'Duty Manager - Bob', location: 'Library', description: 'Duty Manager 1. Solo duty.\nWet day: Library instead of Office' });
  });

  it('names a duty whose name says its place by its name alone, as screens do', () => {
    expect(events(feed([row('2026-01-15', 1, ANN, 'Ann', { ...lunch, duty_name: 'Lunch — Hall', place: 'Hall' })], 'Europe/London', ANN))).toEqual([
      expect.objectContaining({ summary: 'Lunch — Hall', location: 'Hall' }),
    ]);
  });

  it('writes no VTIMEZONE when no event is timed', () => {
    expect(feed([row('2026-01-16', 1, BOB, 'Bob', trip), row('2026-01-16', 1, ANN, 'Ann', dutyManager)])).not.toContain('VTIMEZONE');
    // Bob's timed duty is not in Ann's feed, nor its zone.
    expect(feed([row('2026-01-15', 1, BOB, 'Bob', lunch), row('2026-01-15', 1, ANN, 'Ann', dutyManager)], 'Europe/London', ANN)).not.toContain(
      'VTIMEZONE',
    );
  });

  it.each([
    // Europe/London: the last Sundays of March (to BST, +01:00) and October (back to GMT).
    ['Europe/London', '2026-03-28', '2026-03-28T12:30:00.000Z'],
    ['Europe/London', '2026-03-29', '2026-03-29T11:30:00.000Z'],
    ['Europe/London', '2026-10-24', '2026-10-24T11:30:00.000Z'],
    ['Europe/London', '2026-10-25', '2026-10-25T12:30:00.000Z'],
    // America/New_York: second Sunday of March, first Sunday of November.
    ['America/New_York', '2026-03-07', '2026-03-07T17:30:00.000Z'],
    ['America/New_York', '2026-03-08', '2026-03-08T16:30:00.000Z'],
    ['America/New_York', '2026-11-01', '2026-11-01T17:30:00.000Z'],
  ])('in %s a 12:30 duty on %s starts at %s', (zone, date, utc) => {
    const text = feed([row(date, 1, ANN, 'Ann', lunch)], zone);
    expect(unfold(text)).toContain(`DTSTART;TZID=${zone}:${date.replace(/-/g, '')}T123000`);
    expect(events(text)[0]!.start).toBe(utc);
    expect(wallTimeToInstant(date, '12:30', zone).toISOString()).toBe(utc);
  });

  it("keeps a UID when the duty's time or place changes or a colleague is reshuffled, and gives each duty of a day its own", () => {
    const before = events(
      feed([row('2026-01-15', 1, ANN, 'Ann', lunch), row('2026-01-15', 2, BOB, 'Bob', lunch), row('2026-01-15', 1, ANN, 'Ann', gate)]),
    );
    const moved = { ...lunch, start_time: '12:00', end_time: '12:40', place: 'Hall' };
    const after = events(feed([row('2026-01-15', 1, ANN, 'Ann', moved), row('2026-01-15', 1, ANN, 'Ann', gate)]));
    const annLunch = `duty-${ORG}-${ANN}-2026-01-15-${LUNCH_ID}-all-duties@dutymanager.app`;
    expect(after.map((e) => e.uid)).toEqual(
      expect.arrayContaining([annLunch, `duty-${ORG}-${ANN}-2026-01-15-${GATE_ID}-all-duties@dutymanager.app`]),
    );
    expect(after.find((e) => e.uid === annLunch)).toEqual(
      expect.objectContaining({ start: '2026-01-15T12:00:00.000Z', location: 'Hall', description: 'Watch the queue; wipe the tables.\nSolo duty.' }),
    );
    expect(new Set(before.map((e) => e.uid)).size).toBe(3);
    expect(before.map((e) => e.uid)).toEqual(expect.arrayContaining(after.map((e) => e.uid)));
  });

  it('knows the zones the library ships, by their canonical name, and none it does not', () => {
    expect(feedTimeZone('America/New_York')?.tzid).toBe('America/New_York');
    expect(feedTimeZone('America/New_York')?.component.at(0)).toEqual(['BEGIN', 'VTIMEZONE']);
    expect(feedTimeZone('Nowhere/Else')).toBeNull();
  });
});
