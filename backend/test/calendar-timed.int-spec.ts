import { spawnSync } from 'node:child_process';
import ICAL from 'ical.js';
import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * An independent reader of the feeds: Python's icalendar (Debian's python3-icalendar, which .ci/run
 * installs). Debian's own interpreter, by path: another python3 earlier on PATH may lack the package.
 * It prints each event as JSON, with its start and end as ISO 8601 with their UTC offset, and the
 * offset the feed's own VTIMEZONE (not Python's time zone database) gives the start.
 */
const PYTHON = '/usr/bin/python3';
const READ_FEED = String.raw`
import json, sys
from icalendar import Calendar
calendar = Calendar.from_ical(sys.stdin.buffer.read())
zones = {str(z['TZID']): z.to_tz() for z in calendar.walk('VTIMEZONE')}
events = []
for e in calendar.walk('VEVENT'):
    start, end = e.decoded('DTSTART'), e.decoded('DTEND')
    tzid = e['DTSTART'].params.get('TZID')
    own = None
    if tzid in zones:
        own = zones[tzid].localize(start.replace(tzinfo=None)).isoformat()
    events.append({'uid': str(e['UID']), 'summary': str(e['SUMMARY']), 'start': start.isoformat(), 'end': end.isoformat(),
                   'tzid': tzid, 'startByOwnZone': own, 'location': str(e['LOCATION']) if 'LOCATION' in e else None,
                   'description': str(e['DESCRIPTION'])})
print(json.dumps({'zones': sorted(zones), 'events': events}))
`;

interface PyEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  tzid: string | null;
  startByOwnZone: string | null;
  location: string | null;
  description: string;
}

function readWithPython(text: string): { zones: string[]; events: PyEvent[] } {
  const run = spawnSync(PYTHON, ['-c', READ_FEED], { input: text, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Python's icalendar could not read the feed: ${run.stderr || run.error?.message}`);
  return JSON.parse(run.stdout) as { zones: string[]; events: PyEvent[] };
}

/** The same feed through ical.js, with the feed's VTIMEZONEs registered: each event's UTC start. */
function readWithIcalJs(text: string): { uid: string; start: string }[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  try {
    return calendar.getAllSubcomponents('vevent').map((v) => {
      const start = v.getFirstPropertyValue('dtstart') as ICAL.Time;
      return { uid: String(v.getFirstPropertyValue('uid')), start: start.isDate ? start.toString() : start.toJSDate().toISOString() };
    });
  } finally {
    for (const zone of zones) ICAL.TimezoneService.remove(String(zone.getFirstPropertyValue('tzid')));
  }
}

/**
 * Calendar feeds of a school with timed duties (docs/product.md#subscription-feeds), fetched over
 * HTTP as a calendar app does and read by independent parsers. The clock is Monday 23 March 2026
 * in London: Thursday 26 March is in GMT, Thursday 2 April in British Summer Time.
 */
describe('calendar feeds with timed duties', () => {
  let t: TestApp;
  let admin: Account;
  let ann: { token: string; staffId: string };
  let bob: string;
  let cat: string;
  let dan: string;
  let lunch: string;
  let gate: string;
  let feedToken: string;
  let org: string;
  const as = (token: string) => asUser(t, token);
  const feed = async (kind: 'all-duties' | 'my-duties') =>
    (
      await t
        .http()
        .get(`/api/calendar/subscribe/${kind}?token=${encodeURIComponent(feedToken)}`)
        .expect(200)
    ).text;
  const assign = (date: string, slots: string[], dutyId?: string) =>
    as(admin.token)
      .post('/api/rota', { date, slots, ...(dutyId ? { dutyId } : {}) })
      .expect(201);

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-03-23T09:00', LOG_LEVEL: 'error' } });
    admin = await registerOrganization(t, { organizationName: 'Timed Academy' });
    ann = await memberWithRole(t, admin, 'staff', 'Ann Timed');
    org = String((await sqlOf(t)('select organization_id from staff where id = ?', [ann.staffId]))[0]!.organization_id);
    const staff = async (name: string) =>
      (
        await as(admin.token)
          .post('/api/staff', { name, email: `${name.split(' ')[0]!.toLowerCase()}@timed.example` })
          .expect(201)
      ).body.id as string;
    bob = await staff('Bob Stone');
    cat = await staff('Cat Lee');
    dan = await staff('Dan Ode');
    const everyDay = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 }));
    const create = async (body: object) => ((await as(admin.token).post('/api/duties', body).expect(201)).body as { duty: { id: string } }).duty.id;
    lunch = await create({
      name: 'Lunch',
      place: 'Canteen',
      startTime: '12:30',
      endTime: '13:10',
      description: 'Watch the queue; wipe the tables, then the hall.',
      weekdays: everyDay,
    });
    gate = await create({ name: 'Gate', place: 'Main gate', startTime: '08:20', endTime: '08:45', weekdays: everyDay });
    // Up to three duties a day each.
    await as(admin.token).put('/api/duty-rules', { maxDutiesPerDay: 3, allDayDutiesCount: true }).expect(200);
    // Ann: Duty Manager with Bob and Lunch on the 26th (GMT), Lunch and the gate on 2 April (BST).
    // Others: Bob on Lunch on the 27th, Cat on the gate on the 26th.
    await assign('2026-03-26', [ann.staffId, bob]);
    await assign('2026-03-26', [ann.staffId], lunch);
    await assign('2026-03-26', [cat], gate);
    await assign('2026-03-27', [bob], lunch);
    await assign('2026-04-02', [ann.staffId], lunch);
    await assign('2026-04-02', [ann.staffId], gate);
    feedToken = ((await as(ann.token).post('/api/calendar/subscription').expect(201)).body as { token: string }).token;
  });

  afterAll(() => t.close());

  it("writes timed duties with the school's zone and a VTIMEZONE that Python's icalendar and ical.js both read to the right instants", async () => {
    const text = await feed('my-duties');
    const read = readWithPython(text);
    expect(read.zones).toEqual(['Europe/London']);
    const uid = (date: string, duty?: string) => `duty-${org}-${ann.staffId}-${date}${duty ? `-${duty}` : ''}-my-duties@dutymanager.app`;
    const lunchText = {
      summary: 'Lunch — Canteen',
      tzid: 'Europe/London',
      location: 'Canteen',
      description: 'Watch the queue; wipe the tables, then the hall.\nSolo duty.',
    };
    expect(read.events).toEqual([
      {
        uid: uid('2026-03-26'),
        summary: 'Duty Manager - Ann Timed',
        start: '2026-03-26',
        end: '2026-03-27',
        tzid: null,
        startByOwnZone: null,
        location: null,
        description: 'Duty Manager 1. With Bob Stone.',
      },
      {
        ...lunchText,
        uid: uid('2026-03-26', lunch),
        start: '2026-03-26T12:30:00+00:00',
        end: '2026-03-26T13:10:00+00:00',
        startByOwnZone: '2026-03-26T12:30:00+00:00',
      },
      {
        uid: uid('2026-04-02', gate),
        summary: 'Gate — Main gate',
        start: '2026-04-02T08:20:00+01:00',
        end: '2026-04-02T08:45:00+01:00',
        tzid: 'Europe/London',
        startByOwnZone: '2026-04-02T08:20:00+01:00',
        location: 'Main gate',
        description: 'Solo duty.',
      },
      {
        ...lunchText,
        uid: uid('2026-04-02', lunch),
        start: '2026-04-02T12:30:00+01:00',
        end: '2026-04-02T13:10:00+01:00',
        startByOwnZone: '2026-04-02T12:30:00+01:00',
      },
    ]);
    expect(readWithIcalJs(text).map((e) => e.start)).toEqual([
      '2026-03-26',
      '2026-03-26T12:30:00.000Z',
      '2026-04-02T07:20:00.000Z',
      '2026-04-02T11:30:00.000Z',
    ]);
    // The school's feed has everyone's, the person named, in the same zone.
    const all = readWithPython(await feed('all-duties'));
    expect(all.events.map((e) => e.summary)).toEqual([
      'Duty Manager - Ann Timed',
      'Duty Manager - Bob Stone',
      'Gate — Main gate - Cat Lee',
      'Lunch — Canteen - Ann Timed',
      'Lunch — Canteen - Bob Stone',
      'Gate — Main gate - Ann Timed',
      'Lunch — Canteen - Ann Timed',
    ]);
  });

  it('keeps the UID of every event whose person, day and duty stay when people are reshuffled or the duty moves', async () => {
    const uids = async (kind: 'all-duties' | 'my-duties') => readWithPython(await feed(kind)).events.map((e) => e.uid);
    const allBefore = await uids('all-duties');
    const mineBefore = await uids('my-duties');
    const of = (staff: string, date: string, duty?: string) => `duty-${org}-${staff}-${date}${duty ? `-${duty}` : ''}-all-duties@dutymanager.app`;

    // Dan replaces Bob on Lunch on the 27th and as Duty Manager beside Ann on the 26th; the gate's
    // people up to the 27th are planned afresh (Cat's place on the 26th may go to anyone); Lunch
    // moves to 12:15 in the hall.
    await as(admin.token).post('/api/rota/replace', { date: '2026-03-27', position: 1, staffId: dan, dutyId: lunch }).expect(200);
    await as(admin.token).post('/api/rota/replace', { date: '2026-03-26', position: 2, staffId: dan }).expect(200);
    await as(admin.token)
      .post('/api/rota/reshuffle-future', { endDate: '2026-03-27', allWeekdays: true, dutyIds: [gate] })
      .expect(200);
    await as(admin.token).put(`/api/duties/${lunch}`, { startTime: '12:15', endTime: '12:55', place: 'Hall' }).expect(200);

    const allAfter = await uids('all-duties');
    const replaced = [of(bob, '2026-03-27', lunch), of(bob, '2026-03-26')];
    const replanned = (uid: string) => uid.includes(`-2026-03-2`) && uid.includes(`-${gate}-`);
    const unaffected = allBefore.filter((u) => !replaced.includes(u) && !replanned(u));
    // Every event of a person, day and duty that stayed keeps its UID; the new people's are new.
    expect(unaffected.length).toBe(allBefore.length - 3);
    expect(allAfter).toEqual(expect.arrayContaining([...unaffected, of(dan, '2026-03-27', lunch), of(dan, '2026-03-26')]));
    expect(allAfter).not.toEqual(expect.arrayContaining([replaced[0]]));
    expect(allAfter).not.toEqual(expect.arrayContaining([replaced[1]]));
    // The gate is planned again from tomorrow (the 24th) to Friday the 27th: one person a day.
    expect(allAfter.filter(replanned)).toHaveLength(4);

    // Ann's own events: the same UIDs; the lunches moved rather than duplicated, her colleague renamed.
    // (The replanned gate may have given her the 26th's too: that one is new.)
    const mine = readWithPython(await feed('my-duties')).events.filter((e) => !replanned(e.uid));
    expect(mine.map((e) => e.uid)).toEqual(mineBefore);
    expect(mine.map((e) => [e.summary, e.start, e.location])).toEqual([
      ['Duty Manager - Ann Timed', '2026-03-26', null],
      ['Lunch — Hall', '2026-03-26T12:15:00+00:00', 'Hall'],
      ['Gate — Main gate', '2026-04-02T08:20:00+01:00', 'Main gate'],
      ['Lunch — Hall', '2026-04-02T12:15:00+01:00', 'Hall'],
    ]);
    expect(mine[0]!.description).toBe('Duty Manager 1. With Dan Ode.');
  });
});
