import ICAL from 'ical.js';
import { dutyCalendarAttachment, dutyCalendarCancellation } from './duty-calendar';

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
    const duty = { organizationId: 'org', staffId: 'staff', staffName: 'Ann Archer', date: '2026-12-01', description: 'Duty Manager', stamp: new Date('2026-11-30T08:30:00Z') };
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
});
