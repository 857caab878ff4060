import ICAL from 'ical.js';
import { dutyCalendarAttachment, dutyCalendarCancellation, type DutyPost } from './duty-calendar';

describe('reminder calendar attachment', () => {
  it('folds at 75 octets, also for a long name with accents', () => {
    const name = 'Zoë Ångström-Éléonore Bénédicte de la Cruz-Fernández Øyelaran';
    const { content } = dutyCalendarAttachment({
      organizationId: 'org',
      staffId: 'staff',
      staffName: name,
      date: '2025-09-09',
      description: 'On duty with Bob.',
      stamp: new Date('2025-09-08T07:30:00Z'),
      sequence: 0,
    });
    const text = String(content);
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:Duty Manager - ${name}\r\n`);
  });

  it('cancels a reminded duty with the same UID, a later SEQUENCE, its organizer and attendee', () => {
    const duty = {
      organizationId: 'org',
      staffId: 'staff',
      staffName: 'Ann Archer',
      date: '2026-12-01',
      description: 'Duty Manager',
      stamp: new Date('2026-11-30T08:30:00Z'),
    };
    const read = (content: string) => {
      const calendar = new ICAL.Component(ICAL.parse(content));
      const event = calendar.getFirstSubcomponent('vevent')!;
      return {
        method: calendar.getFirstPropertyValue('method'),
        uid: event.getFirstPropertyValue('uid'),
        sequence: event.getFirstPropertyValue('sequence'),
        status: event.getFirstPropertyValue('status'),
        organizer: String(event.getFirstPropertyValue('organizer')).toLowerCase(),
        attendee: String(event.getFirstPropertyValue('attendee')).toLowerCase(),
        start: String(event.getFirstPropertyValue('dtstart')),
      };
    };
    const reminder = dutyCalendarAttachment({ ...duty, sequence: 0 });
    const cancel = dutyCalendarCancellation({
      ...duty,
      sequence: 1,
      stamp: new Date('2026-11-30T10:01:00Z'),
      staffEmail: 'ann@school.example',
      organizer: { name: 'Duty Manager', email: 'no-reply@dutymanager.app' },
    });
    expect(reminder.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(cancel.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(read(String(reminder.content))).toMatchObject({ method: 'PUBLISH', sequence: 0, start: '2026-12-01' });
    expect(read(String(cancel.content))).toEqual({
      method: 'CANCEL',
      uid: read(String(reminder.content)).uid,
      sequence: 1,
      status: 'CANCELLED',
      organizer: 'mailto:no-reply@dutymanager.app',
      attendee: 'mailto:ann@school.example',
      start: '2026-12-01',
    });
  });

  describe('for a duty other than the Duty Manager duty', () => {
    const lunch: DutyPost = {
      id: '12121212-1212-4121-8121-121212121212',
      name: 'Lunch',
      place: 'Canteen',
      instructions: 'Watch the queue; wipe the tables.',
      startTime: '12:30',
      endTime: '13:10',
      timeZone: 'Europe/London',
    };
    const event = (date: string, post: DutyPost) => {
      const { content } = dutyCalendarAttachment({
        post,
        organizationId: 'org',
        staffId: 'staff',
        staffName: 'Ann Archer',
        date,
        description: 'On duty with Bob.',
        stamp: new Date('2026-03-20T07:30:00Z'),
        sequence: 0,
      });
      const text = String(content);
      const v = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
      return {
        text,
        uid: v.getFirstPropertyValue('uid'),
        summary: v.getFirstPropertyValue('summary'),
        location: v.getFirstPropertyValue('location'),
        description: v.getFirstPropertyValue('description'),
        start: String(v.getFirstPropertyValue('dtstart')),
        end: String(v.getFirstPropertyValue('dtend')),
        transp: v.getFirstPropertyValue('transp'),
      };
    };

    it.each([
      // The school's 12:30 in UTC, across the change to British Summer Time on 29 March 2026 and in New York.
      ['2026-03-26', 'Europe/London', '2026-03-26T12:30:00Z', '2026-03-26T13:10:00Z'],
      ['2026-04-02', 'Europe/London', '2026-04-02T11:30:00Z', '2026-04-02T12:10:00Z'],
      ['2026-10-26', 'Europe/London', '2026-10-26T12:30:00Z', '2026-10-26T13:10:00Z'],
      ['2026-03-09', 'America/New_York', '2026-03-09T16:30:00Z', '2026-03-09T17:10:00Z'],
    ])('on %s in %s writes a timed event from %s to %s (UTC), with its place and instructions', (date, timeZone, start, end) => {
      const read = event(date, { ...lunch, timeZone });
      expect(read.text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
      expect(read.text).not.toContain('TZID');
      expect(read).toMatchObject({
        uid: `duty-org-staff-${date}-${lunch.id}@dutymanager.app`,
        summary: 'Lunch — Canteen',
        location: 'Canteen',
        description: 'Watch the queue; wipe the tables.\nOn duty with Bob.',
        start,
        end,
        transp: 'OPAQUE',
      });
    });

    it('writes an all-day duty as an all-day event, without a place when it has none', () => {
      const read = event('2026-03-26', { ...lunch, name: 'Trip', place: null, instructions: '', startTime: null, endTime: null });
      expect(read).toMatchObject({
        summary: 'Trip',
        location: null,
        description: 'On duty with Bob.',
        start: '2026-03-26',
        end: '2026-03-27',
        transp: 'TRANSPARENT',
      });
    });
  });
});
