import { createHash } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import ICAL from 'ical.js';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { snapshotDatabase } from './support/db-snapshot';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/** A long name with letters that take two octets in UTF-8: its SUMMARY line must be folded. */
const LONG_NAME = 'Zoë Ångström-Éléonore Bénédicte de la Cruz-Fernández Øyelaran';
const FEEDS = ['all-duties', 'my-duties'] as const;

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  categories: string;
  start: string;
  startIsDate: boolean;
  end: string;
  endIsDate: boolean;
  /** DTSTAMP and LAST-MODIFIED as written (UTC) and as parsed. */
  dtstamp: string;
  dtstampIsUtc: boolean;
  lastModified: string;
  sequence: number;
}

/** The feed through ical.js, a real RFC 5545 parser, with the properties the tests check. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((v) => {
    const time = (name: string) => v.getFirstPropertyValue(name) as ICAL.Time;
    return {
      uid: v.getFirstPropertyValue('uid') as string,
      summary: v.getFirstPropertyValue('summary') as string,
      description: v.getFirstPropertyValue('description') as string,
      categories: v.getFirstPropertyValue('categories') as string,
      start: time('dtstart').toString(),
      startIsDate: time('dtstart').isDate,
      end: time('dtend').toString(),
      endIsDate: time('dtend').isDate,
      dtstamp: time('dtstamp').toString(),
      dtstampIsUtc: time('dtstamp').zone === ICAL.Timezone.utcTimezone,
      lastModified: time('last-modified').toString(),
      sequence: Number(v.getFirstPropertyValue('sequence')),
    };
  });
  const refresh = calendar.getFirstProperty('refresh-interval');
  return {
    version: calendar.getFirstPropertyValue('version'),
    prodid: calendar.getFirstPropertyValue('prodid'),
    calscale: calendar.getFirstPropertyValue('calscale'),
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    refreshInterval: String(refresh?.getFirstValue()),
    refreshType: refresh?.type,
    refreshValueParam: refresh?.getParameter('value'),
    ttl: String(calendar.getFirstPropertyValue('x-published-ttl')),
    events,
    duties: events.filter((e) => e.categories === 'Duty'),
    holidays: events.filter((e) => e.categories === 'Holiday'),
  };
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Calendar subscription links and the feeds they open, against the real PostgreSQL. The clock is
 * Monday 8 September 2025, 09:00 in London: the feeds cover 8 August 2025 – 31 August 2027.
 */
describe('calendar subscription feeds', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  let admin: Account;
  let other: Account;
  let zoe: { token: string; staffId: string; email: string };
  let bob: string;
  let cat: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00', APP_URL: 'https://rota.example.org', LOG_LEVEL: 'error' } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
    admin = await registerOrganization(t, { organizationName: 'École Saint-Étienne' });
    other = await registerOrganization(t, { organizationName: 'Other Academy' });
    zoe = await memberWithRole(t, admin, 'staff', LONG_NAME);
    bob = (await as(admin.token).post('/api/staff', { name: 'Bob Stone', email: 'bob@ecole.example' }).expect(201)).body.id;
    cat = (await as(admin.token).post('/api/staff', { name: 'Cat Lee', email: 'cat@ecole.example' }).expect(201)).body.id;
    // Zoë and Bob on Tuesday, Zoë alone on Wednesday, Bob and Cat on Thursday.
    await as(admin.token).post('/api/rota', { date: '2025-09-09', dutyManager1Id: zoe.staffId, dutyManager2Id: bob }).expect(201);
    await as(admin.token).post('/api/rota', { date: '2025-09-10', dutyManager1Id: zoe.staffId }).expect(201);
    await as(admin.token).post('/api/rota', { date: '2025-09-11', dutyManager1Id: bob, dutyManager2Id: cat }).expect(201);
    await as(admin.token)
      .post('/api/holidays', { name: 'October half term', type: 'half_term', startDate: '2025-10-27', endDate: '2025-10-31' })
      .expect(201);
  });

  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  /** A feed fetched the way a calendar app does: no Authorization header, no cookie. */
  const feed = (kind: (typeof FEEDS)[number], token: string) => t.http().get(`/api/calendar/subscribe/${kind}?token=${encodeURIComponent(token)}`);
  const subscribe = async (account: { token: string }) => (await as(account.token).post('/api/calendar/subscription').expect(201)).body;

  it('issues a link once, keeps only a hash of its secret, and reports it afterwards without it', async () => {
    expect((await as(zoe.token).get('/api/calendar/subscription').expect(200)).body).toEqual({
      active: false,
      createdAt: null,
      lastUsedAt: null,
      refreshIntervalMinutes: 60,
    });
    const link = await subscribe(zoe);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{59}$/);
    expect(link).toEqual({
      token: link.token,
      createdAt: expect.any(String),
      allDutiesUrl: `https://rota.example.org/api/calendar/subscribe/all-duties?token=${link.token}`,
      allDutiesWebcalUrl: `webcal://rota.example.org/api/calendar/subscribe/all-duties?token=${link.token}`,
      myDutiesUrl: `https://rota.example.org/api/calendar/subscribe/my-duties?token=${link.token}`,
      myDutiesWebcalUrl: `webcal://rota.example.org/api/calendar/subscribe/my-duties?token=${link.token}`,
      refreshIntervalMinutes: 60,
    });
    // 16 characters of selector (96 bits) + 43 of secret (256 bits); only the secret's SHA-256 is stored.
    const [row] = await sql('select selector, secret_hash from calendar_feed_tokens t join staff s on s.user_id = t.user_id where s.id = ?', [zoe.staffId]);
    expect(row).toEqual({ selector: link.token.slice(0, 16), secret_hash: createHash('sha256').update(link.token.slice(16)).digest('hex') });
    const stored = JSON.stringify(await sql('select * from calendar_feed_tokens'));
    expect(stored).not.toContain(link.token.slice(16));

    const status = (await as(zoe.token).get('/api/calendar/subscription').expect(200)).body;
    expect(status).toEqual({ active: true, createdAt: link.createdAt, lastUsedAt: null, refreshIntervalMinutes: 60 });
    expect(JSON.stringify(status)).not.toContain(link.token);
    await as(zoe.token).delete('/api/calendar/subscription').expect(204);
  });

  it('serves valid RFC 5545: calendar properties, one all-day event per person per duty day, holidays, CRLF and folding', async () => {
    const { token } = await subscribe(zoe);
    const res = await feed('all-duties', token).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const text = res.text;

    // Every line ends with CRLF and holds at most 75 octets; the long accented name was folded.
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((line) => !line.includes('\n') && !line.includes('\r'))).toBe(true);
    const longest = Math.max(...lines.map((line) => Buffer.byteLength(line, 'utf8')));
    expect(longest).toBeLessThanOrEqual(75);
    const summaryLine = `SUMMARY:Duty Manager - ${LONG_NAME}`;
    expect(Buffer.byteLength(summaryLine, 'utf8')).toBeGreaterThan(75);
    expect(text).not.toContain(summaryLine);
    expect(text.replace(/\r\n /g, '')).toContain(`${summaryLine}\r\n`);

    const cal = parseFeed(text);
    expect(cal).toMatchObject({
      version: '2.0',
      prodid: '-//Duty Manager//Duty rota feed 1.0//EN',
      calscale: 'GREGORIAN',
      name: 'École Saint-Étienne – Duty rota',
      refreshInterval: 'PT1H',
      refreshType: 'duration',
      ttl: 'PT1H',
    });
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    expect(cal.duties.map((e) => [e.start, e.summary, e.description])).toEqual([
      ['2025-09-09', `Duty Manager - ${LONG_NAME}`, 'Duty Manager 1. With Bob Stone.'],
      ['2025-09-09', 'Duty Manager - Bob Stone', `Duty Manager 2. With ${LONG_NAME}.`],
      ['2025-09-10', `Duty Manager - ${LONG_NAME}`, 'Duty Manager 1. Solo duty.'],
      ['2025-09-11', 'Duty Manager - Bob Stone', 'Duty Manager 1. With Cat Lee.'],
      ['2025-09-11', 'Duty Manager - Cat Lee', 'Duty Manager 2. With Bob Stone.'],
    ]);
    for (const e of cal.events) {
      expect(e.startIsDate && e.endIsDate).toBe(true);
      expect(e.dtstampIsUtc).toBe(true);
      expect(e.dtstamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(e.lastModified).toBe(e.dtstamp);
      expect(Number.isInteger(e.sequence) && e.sequence > 0).toBe(true);
    }
    // DTEND is exclusive: the day after DTSTART for a duty, the day after the last day for a holiday.
    for (const e of cal.duties) expect(e.end).toBe(nextDay(e.start));
    expect(cal.holidays).toEqual([
      expect.objectContaining({ summary: 'October half term', description: 'Half Term. No duties.', start: '2025-10-27', end: '2025-11-01' }),
    ]);
    expect(new Set(cal.events.map((e) => e.uid)).size).toBe(cal.events.length);
    expect(cal.duties[0]!.uid).toBe(`duty-${(await sql('select organization_id from staff where id = ?', [zoe.staffId]))[0]!.organization_id}-${zoe.staffId}-2025-09-09-all-duties@dutymanager.app`);
  });

  it("gives the owner's own duties in my-duties, with the holidays", async () => {
    const { token } = await subscribe(zoe);
    const res = await feed('my-duties', token).expect(200);
    const cal = parseFeed(res.text);
    expect(cal.name).toBe('École Saint-Étienne – My duties');
    expect(cal.duties.map((e) => [e.start, e.end, e.summary, e.description])).toEqual([
      ['2025-09-09', '2025-09-10', `Duty Manager - ${LONG_NAME}`, 'Duty Manager 1. With Bob Stone.'],
      ['2025-09-10', '2025-09-11', `Duty Manager - ${LONG_NAME}`, 'Duty Manager 1. Solo duty.'],
    ]);
    expect(cal.duties.every((e) => e.uid.endsWith('-my-duties@dutymanager.app'))).toBe(true);
    expect(cal.holidays.map((e) => e.summary)).toEqual(['October half term']);
    // An admin without a staff record has no duties of their own: a valid, empty calendar.
    const adminFeed = parseFeed((await feed('my-duties', (await subscribe(admin)).token).expect(200)).text);
    expect(adminFeed.duties).toEqual([]);
    expect(adminFeed.holidays).toHaveLength(1);
  });

  it('keeps UIDs, text and ETag between fetches, answers 304 to a matching If-None-Match, and moves SEQUENCE and LAST-MODIFIED when a duty changes', async () => {
    const { token } = await subscribe(zoe);
    // The duties were made "last week", so a change now gives a later LAST-MODIFIED to the second.
    await sql(`update rota_days set updated_at = '2025-09-01T10:00:00Z'`);
    const first = await feed('all-duties', token).expect(200);
    const again = await feed('all-duties', token).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);

    const unchanged = await feed('all-duties', token).set('If-None-Match', first.headers.etag!).expect(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.headers.etag).toBe(first.headers.etag);
    await feed('all-duties', token).set('If-None-Match', `"something-else", W/${first.headers.etag}`).expect(304);
    await feed('all-duties', token).set('If-None-Match', '"something-else"').expect(200);

    // Cat joins Zoë's solo Wednesday.
    const wednesday = (await sql(`select id from rota_days where date = '2025-09-10'`))[0]!.id as string;
    await as(admin.token).put(`/api/rota/${wednesday}`, { dutyManager1Id: zoe.staffId, dutyManager2Id: cat }).expect(200);

    const changed = await feed('all-duties', token).set('If-None-Match', first.headers.etag!).expect(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    const before = parseFeed(first.text);
    const after = parseFeed(changed.text);
    const zoeWednesday = (cal: ReturnType<typeof parseFeed>) => cal.duties.find((e) => e.start === '2025-09-10' && e.summary.includes('Zoë'))!;
    expect(zoeWednesday(after).uid).toBe(zoeWednesday(before).uid);
    expect(zoeWednesday(before).description).toBe('Duty Manager 1. Solo duty.');
    expect(zoeWednesday(after).description).toBe('Duty Manager 1. With Cat Lee.');
    expect(zoeWednesday(after).sequence).toBeGreaterThan(zoeWednesday(before).sequence);
    expect(zoeWednesday(before).lastModified).toBe('2025-09-01T10:00:00Z');
    expect(Date.parse(zoeWednesday(after).lastModified)).toBeGreaterThan(Date.parse('2025-09-01T10:00:00Z'));
    expect(after.duties.find((e) => e.start === '2025-09-10' && e.summary === 'Duty Manager - Cat Lee')).toBeDefined();
    // The other days did not change: same UID, SEQUENCE and LAST-MODIFIED.
    const others = (cal: ReturnType<typeof parseFeed>) => cal.duties.filter((e) => e.start !== '2025-09-10');
    expect(others(after)).toEqual(others(before));

    // Renaming Cat changes her events and the descriptions of those who share her days.
    const renamedBefore = after;
    await as(admin.token).put(`/api/staff/${cat}`, { name: 'Catherine Lee' }).expect(200);
    const renamed = parseFeed((await feed('all-duties', token).expect(200)).text);
    const thursdayBob = (cal: ReturnType<typeof parseFeed>) => cal.duties.find((e) => e.start === '2025-09-11' && e.summary.includes('Bob'))!;
    expect(thursdayBob(renamed).description).toBe('Duty Manager 1. With Catherine Lee.');
    expect(thursdayBob(renamed).sequence).toBeGreaterThan(thursdayBob(renamedBefore).sequence);
    expect(thursdayBob(renamed).uid).toBe(thursdayBob(renamedBefore).uid);
    // Tuesday has no Cat: untouched.
    const tuesday = (cal: ReturnType<typeof parseFeed>) => cal.duties.filter((e) => e.start === '2025-09-09');
    expect(tuesday(renamed)).toEqual(tuesday(renamedBefore));
  });

  it('covers one month back to the end of the next academic year', async () => {
    const org = (await sql('select organization_id from staff where id = ?', [bob]))[0]!.organization_id as string;
    // Days straight into the database, as a past year's rota would be.
    for (const date of ['2025-08-07', '2025-08-08', '2027-08-31', '2027-09-01']) {
      await sql(
        `with d as (insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, ?) returning id)
         insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id) select gen_random_uuid(), ?, d.id, ?, 1, ? from d`,
        [org, date, org, date, bob],
      );
    }
    const { token } = await subscribe(zoe);
    const dates = parseFeed((await feed('all-duties', token).expect(200)).text).duties.map((e) => e.start);
    expect(dates).toContain('2025-08-08');
    expect(dates).toContain('2027-08-31');
    expect(dates).not.toContain('2025-08-07');
    expect(dates).not.toContain('2027-09-01');
  });

  it('stops the old link at once on rotation, and every link on revocation', async () => {
    const first = await subscribe(zoe);
    for (const kind of FEEDS) await feed(kind, first.token).expect(200);
    const second = await subscribe(zoe);
    expect(second.token).not.toBe(first.token);
    for (const kind of FEEDS) {
      const gone = await feed(kind, first.token).expect(404);
      expect(gone.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Calendar feed not found' });
      await feed(kind, second.token).expect(200);
    }
    await as(zoe.token).delete('/api/calendar/subscription').expect(204);
    for (const kind of FEEDS) await feed(kind, second.token).expect(404);
    expect((await as(zoe.token).get('/api/calendar/subscription').expect(200)).body.active).toBe(false);
    const none = await as(zoe.token).delete('/api/calendar/subscription').expect(404);
    expect(none.body.message).toBe('You have no calendar subscription link to revoke');
  });

  it('answers 404, revealing nothing, to a missing, malformed, unknown or tampered token, and for a deactivated user', async () => {
    const { token } = await subscribe(zoe);
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const unknown = 'x'.repeat(59);
    for (const kind of FEEDS) {
      for (const url of [
        `/api/calendar/subscribe/${kind}`,
        `/api/calendar/subscribe/${kind}?token=`,
        `/api/calendar/subscribe/${kind}?token=nonsense`,
        `/api/calendar/subscribe/${kind}?token=${unknown}`,
        `/api/calendar/subscribe/${kind}?token=${tampered}`,
        `/api/calendar/subscribe/${kind}?token=${token}&token=${token}`,
      ]) {
        const res = await t.http().get(url).expect(404);
        expect({ url, body: res.body }).toEqual({ url, body: { statusCode: 404, error: 'Not Found', message: 'Calendar feed not found' } });
      }
      // A session token is not a feed token.
      await t.http().get(`/api/calendar/subscribe/${kind}`).set(...bearer(admin.token)).expect(404);
    }
    await as(admin.token).put(`/api/staff/${zoe.staffId}`, { isActive: false }).expect(200);
    expect(await sql('select u.is_active from users u join staff s on s.user_id = u.id where s.id = ?', [zoe.staffId])).toEqual([{ is_active: false }]);
    for (const kind of FEEDS) await feed(kind, token).expect(404);
    await as(admin.token).put(`/api/staff/${zoe.staffId}`, { isActive: true }).expect(200);
    // Deactivation revoked the link for good: reactivating does not revive it (docs/security.md).
    for (const kind of FEEDS) await feed(kind, token).expect(404);
    // Her session ended too; she signs in again for the tests that follow.
    const login = await t.http().post('/api/auth/login').send({ email: zoe.email, password: admin.password, organizationSubdomain: admin.subdomain }).expect(200);
    zoe.token = login.body.token as string;
  });

  it("never shows another organisation's duties: each token opens its own organisation only", async () => {
    const ours = await subscribe(admin);
    const theirs = await subscribe(other);
    const person = (await as(other.token).post('/api/staff', { name: 'Olive Other', email: 'olive@other.example' }).expect(201)).body.id;
    await as(other.token).post('/api/rota', { date: '2025-09-09', dutyManager1Id: person }).expect(201);
    const orgA = (await sql('select organization_id from staff where id = ?', [bob]))[0]!.organization_id as string;
    for (const kind of FEEDS) {
      const text = (await feed(kind, theirs.token).expect(200)).text;
      expect(text).not.toContain(orgA);
      for (const name of ['Bob Stone', 'Zo', 'Cat', 'Catherine', 'October half term', 'École']) expect(text).not.toContain(name);
    }
    const theirAll = parseFeed((await feed('all-duties', theirs.token).expect(200)).text);
    expect(theirAll.duties.map((e) => e.summary)).toEqual(['Duty Manager - Olive Other']);
    expect(theirAll.name).toBe('Other Academy – Duty rota');
    const ourAll = (await feed('all-duties', ours.token).expect(200)).text;
    expect(ourAll).not.toContain('Olive Other');
  });

  it('requires sign-in to manage links, and fetching a feed changes nothing but its last use', async () => {
    await t.http().get('/api/calendar/subscription').expect(401);
    await t.http().post('/api/calendar/subscription').expect(401);
    await t.http().delete('/api/calendar/subscription').expect(401);
    const { token } = await subscribe(zoe);
    await feed('all-duties', token).expect(200);
    const status = (await as(zoe.token).get('/api/calendar/subscription').expect(200)).body;
    expect(status.lastUsedAt).toEqual(expect.any(String));
    const before = await snapshotDatabase(t);
    for (const kind of FEEDS) await feed(kind, token).expect(200);
    expect(await snapshotDatabase(t)).toEqual(before);
  });
});
