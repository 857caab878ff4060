import ICAL from 'ical.js';
import { feedEtag, type FeedSlotRow, type FeedVersion, matchesEtag, writeFeed } from './calendar-feed';

const ORG = '11111111-1111-4111-8111-111111111111';
const ANN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BOB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const at = new Date('2025-09-01T10:00:00Z');
const DM = {
  duty_id: '99999999-9999-4999-8999-999999999999',
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
const slot = (day: string, date: string, position: number, staff_id: string, name: string): FeedSlotRow => ({
  day_id: day,
  date,
  revision: '7',
  updated_at: at,
  position,
  staff_id,
  name,
  ...DM,
});
const base = { organizationId: ORG, calendarName: 'School', timezone: 'Europe/London', holidays: [] };
const slots = [slot('d1', '2025-12-31', 1, ANN, 'Ann, the; Head'), slot('d1', '2025-12-31', 2, BOB, 'Bob'), slot('d2', '2026-01-02', 1, BOB, 'Bob')];

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => ({
    uid: v.getFirstPropertyValue('uid'),
    summary: v.getFirstPropertyValue('summary'),
    description: v.getFirstPropertyValue('description'),
    start: String(v.getFirstPropertyValue('dtstart')),
    end: String(v.getFirstPropertyValue('dtend')),
  }));
}

describe('calendar feed text', () => {
  it('writes one event per person per day, with colleagues, escaped text and an exclusive DTEND', () => {
    const all = events(writeFeed({ ...base, kind: 'all-duties', slots }));
    expect(all).toEqual([
      {
        uid: `duty-${ORG}-${ANN}-2025-12-31-all-duties@dutymanager.app`,
        summary: 'Duty Manager - Ann, the; Head',
        description: 'Duty Manager 1. With Bob.',
        start: '2025-12-31',
        end: '2026-01-01',
      },
      expect.objectContaining({ summary: 'Duty Manager - Bob', description: 'Duty Manager 2. With Ann, the; Head.' }),
      expect.objectContaining({ summary: 'Duty Manager - Bob', description: 'Duty Manager 1. Solo duty.', start: '2026-01-02', end: '2026-01-03' }),
    ]);
  });

  it("keeps only the owner's events in a my-duties feed, with their own UIDs", () => {
    const mine = events(writeFeed({ ...base, kind: 'my-duties', slots, ownerStaffId: ANN }));
    expect(mine).toEqual([expect.objectContaining({ uid: `duty-${ORG}-${ANN}-2025-12-31-my-duties@dutymanager.app`, description: 'Duty Manager 1. With Bob.' })]);
    expect(events(writeFeed({ ...base, kind: 'my-duties', slots, ownerStaffId: null }))).toEqual([]);
  });

  const version: FeedVersion = {
    kind: 'my-duties',
    tokenId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    organizationId: ORG,
    organizationName: 'School',
    timezone: 'Europe/London',
    staffId: ANN,
    today: '2025-09-08',
    revision: '41',
  };

  it('gives the same ETag for the same inputs and another one when any input of the feed changes', () => {
    expect(feedEtag({ ...version })).toBe(feedEtag(version));
    const changed: Partial<FeedVersion>[] = [
      { kind: 'all-duties' },
      { tokenId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd' },
      { organizationId: '22222222-2222-4222-8222-222222222222' },
      { organizationName: 'School of Rock' },
      { timezone: 'Europe/Dublin' },
      { staffId: BOB },
      { staffId: null },
      { today: '2025-09-09' },
      { revision: '42' },
    ];
    const etags = changed.map((change) => feedEtag({ ...version, ...change }));
    expect(new Set([feedEtag(version), ...etags]).size).toBe(changed.length + 1);
  });

  it('compares ETags the way If-None-Match asks', () => {
    const etag = feedEtag(version);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"other", W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
