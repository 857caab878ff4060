import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface Post {
  dutyId: string;
  name: string;
  place: string | null;
  wet?: boolean;
  dryPlace?: string | null;
}
interface Board {
  date: string;
  wet: boolean;
  duties: Post[];
}

const TODAY = '2026-11-02'; // a Monday
const TOMORROW = '2026-11-03';
const NOT_ON_THE_DAY = "Only admins, managers and the day's duty managers can mark this day wet";

/**
 * Wet days (docs/product.md#duties): a duty's wet-weather post, `PUT /api/rota/wet-days` (`{ date, wet }`)
 * by admins, managers and the day's duty managers, the Today board and My Rota at the wet posts,
 * and each person on a moved post told once.
 */
describe('wet days', () => {
  let t: TestApp;
  let admin: Account;
  let other: Account;
  const as = (token: string) => asUser(t, token);
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);
  const person = async (name: string, role: 'staff' | 'manager' = 'staff') => ({ ...(await memberWithRole(t, admin, role, name)), name });
  const board = async (token: string, date = TODAY) => (await as(token).get(`/api/rota/today?date=${date}`).expect(200)).body as Board;
  const mine = async (token: string, date = TODAY) =>
    (await as(token).get(`/api/rota/mine?startDate=${date}&endDate=${date}`).expect(200)).body as (Post & { date: string })[];
  const letters = async (to: string) => sql(`select subject, text from outbox_emails where kind = 'wet-day' and "to" = ?`, [to]);
  const notices = async (token: string) =>
    ((await as(token).get('/api/notifications').expect(200)).body as { items: { text: string }[] }).items.filter((n) => n.text.includes('wet day'));

  let manager: Awaited<ReturnType<typeof person>>;
  let dee: Awaited<ReturnType<typeof person>>;
  let ann: Awaited<ReturnType<typeof person>>;
  let gus: Awaited<ReturnType<typeof person>>;
  let eve: Awaited<ReturnType<typeof person>>;
  let lunch: string;
  let gate: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: `${TODAY}T09:00` } });
    admin = await registerOrganization(t);
    other = await registerOrganization(t);
    manager = await person('Mia Manager', 'manager');
    dee = await person('Dee Duty');
    ann = await person('Ann Lunch');
    gus = await person('Gus Gate');
    eve = await person('Eve Else');
    const created = async (body: object) =>
      (await as(admin.token).post('/api/duties', body).expect(201)).body.duty as { id: string; wetPlace?: string };
    const lunchDuty = await created({
      name: 'Lunch',
      place: 'Field',
      wetPlace: ' Hall ',
      startTime: '12:30',
      endTime: '13:10',
      weekdays: [
        { weekday: 1, people: 1 },
        { weekday: 2, people: 1 },
      ],
    });
    expect(lunchDuty.wetPlace).toBe('Hall');
    lunch = lunchDuty.id;
    const gateDuty = await created({ name: 'Gate', place: 'Main gate', startTime: '08:20', endTime: '08:45', weekdays: [{ weekday: 1, people: 1 }] });
    // No wet-weather post: the field is left out of the duty's answer.
    expect('wetPlace' in gateDuty).toBe(false);
    gate = gateDuty.id;
    await as(admin.token)
      .post('/api/rota', { date: TODAY, slots: [dee.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: TODAY, slots: [ann.staffId], dutyId: lunch })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: TODAY, slots: [gus.staffId], dutyId: gate })
      .expect(201);
  });
  afterAll(() => t.close());

  it('keeps a duty’s wet-weather place, changes and clears it, and refuses one too long', async () => {
    const read = async () =>
      ((await as(admin.token).get('/api/duties').expect(200)).body as { id: string; wetPlace?: string }[]).find((d) => d.id === gate)!;
    await as(admin.token).put(`/api/duties/${gate}`, { wetPlace: 'Porch' }).expect(200);
    expect((await read()).wetPlace).toBe('Porch');
    await as(admin.token).put(`/api/duties/${gate}`, { wetPlace: null }).expect(200);
    expect('wetPlace' in (await read())).toBe(false);
    const long = await as(admin.token)
      .put(`/api/duties/${gate}`, { wetPlace: 'x'.repeat(101) })
      .expect(400);
    expect(JSON.stringify(long.body)).toContain('The wet-weather place must be at most 100 characters');
    const notText = await as(admin.token).put(`/api/duties/${gate}`, { wetPlace: 7 }).expect(400);
    expect(JSON.stringify(notText.body)).toContain('The wet-weather place must be text');
  });

  it('shows the usual places while the day is dry', async () => {
    const dry = await board(admin.token);
    expect(dry.wet).toBe(false);
    expect(dry.duties.find((d) => d.dutyId === lunch)).toMatchObject({ place: 'Field' });
    expect('wet' in dry.duties.find((d) => d.dutyId === lunch)!).toBe(false);
    expect(await mine(ann.token)).toEqual([expect.objectContaining({ name: 'Lunch', place: 'Field' })]);
    expect('wet' in (await mine(ann.token))[0]!).toBe(false);
  });

  it('lets admins, managers and the day’s duty managers mark a day, and refuses other staff, past days and bad dates', async () => {
    for (const token of [eve.token, ann.token]) {
      const res = await as(token).put('/api/rota/wet-days', { date: TODAY, wet: true }).expect(403);
      expect(res.body.message).toBe(NOT_ON_THE_DAY);
    }
    // Dee is today's duty manager, not tomorrow's.
    await as(dee.token).put('/api/rota/wet-days', { date: TOMORROW, wet: true }).expect(403);
    await as(dee.token).put('/api/rota/wet-days', { date: TOMORROW, wet: false }).expect(403);
    expect((await as(admin.token).put('/api/rota/wet-days', { date: '2026-10-30', wet: true }).expect(400)).body.message).toBe(
      'Only today or a later day can be marked wet or dry',
    );
    expect((await as(admin.token).put('/api/rota/wet-days', { date: '2026-10-30', wet: false }).expect(400)).body.message).toBe(
      'Only today or a later day can be marked wet or dry',
    );
    expect(JSON.stringify((await as(admin.token).put('/api/rota/wet-days', { date: '2026-02-30', wet: true }).expect(400)).body)).toContain(
      'The date must be a real date',
    );
    expect(JSON.stringify((await as(admin.token).put('/api/rota/wet-days', { date: TODAY }).expect(400)).body)).toContain(
      'wet must be true (a wet day) or false (a dry day)',
    );
    expect(await sql('select 1 from wet_days')).toEqual([]);
    // A manager may mark another day; nobody is on a moved post tomorrow, so nobody is told.
    expect((await as(manager.token).put('/api/rota/wet-days', { date: TOMORROW, wet: true }).expect(200)).body).toEqual({
      date: TOMORROW,
      wet: true,
      told: 0,
    });
    expect((await as(manager.token).put('/api/rota/wet-days', { date: TOMORROW, wet: false }).expect(200)).body).toEqual({
      date: TOMORROW,
      wet: false,
      told: 0,
    });
  });

  it('moves the posts with a wet-weather place on the board and in people’s days, and tells those on them once', async () => {
    expect((await as(dee.token).put('/api/rota/wet-days', { date: TODAY, wet: true }).expect(200)).body).toEqual({ date: TODAY, wet: true, told: 1 });
    const wet = await board(admin.token);
    expect(wet.wet).toBe(true);
    expect(wet.duties.find((d) => d.dutyId === lunch)).toMatchObject({ place: 'Hall', wet: true, dryPlace: 'Field' });
    // No wet-weather post: where it always is.
    const gatePost = wet.duties.find((d) => d.dutyId === gate)!;
    expect(gatePost.place).toBe('Main gate');
    expect('wet' in gatePost).toBe(false);
    expect(await mine(ann.token)).toEqual([expect.objectContaining({ name: 'Lunch', place: 'Hall', wet: true, dryPlace: 'Field' })]);
    expect((await mine(gus.token))[0]).toMatchObject({ place: 'Main gate' });
    expect('wet' in (await mine(gus.token))[0]!).toBe(false);
    // Another day stays dry.
    expect((await board(admin.token, TOMORROW)).wet).toBe(false);

    const [letter] = await letters(ann.email);
    expect(letter).toBeDefined();
    expect(letter!.subject).toBe('Wet day: Monday 2 November 2026');
    expect(letter!.text).toContain('Lunch (12:30–13:10): Hall instead of Field');
    expect(await notices(ann.token)).toHaveLength(1);
    expect(await letters(gus.email)).toEqual([]);
    expect(await letters(dee.email)).toEqual([]);

    // Marking again, or unmarking and marking again, tells nobody twice.
    expect((await as(admin.token).put('/api/rota/wet-days', { date: TODAY, wet: true }).expect(200)).body.told).toBe(0);
    expect((await as(admin.token).put('/api/rota/wet-days', { date: TODAY, wet: false }).expect(200)).body).toEqual({
      date: TODAY,
      wet: false,
      told: 0,
    });
    expect((await board(admin.token)).duties.find((d) => d.dutyId === lunch)).toMatchObject({ place: 'Field' });
    expect((await mine(ann.token))[0]!.place).toBe('Field');
    expect((await as(admin.token).put('/api/rota/wet-days', { date: TODAY, wet: true }).expect(200)).body.told).toBe(0);
    expect(await letters(ann.email)).toHaveLength(1);
    expect(await notices(ann.token)).toHaveLength(1);
    expect((await mine(ann.token))[0]).toMatchObject({ place: 'Hall', wet: true });
  });

  it('puts the wet posts in calendar feeds, whose validator moves with each mark', async () => {
    // Today is wet (the test above).
    const { token } = (await as(ann.token).post('/api/calendar/subscription').expect(201)).body as { token: string };
    const feed = async (etag?: string) => {
      const req = t.http().get(`/api/calendar/subscribe/my-duties?token=${encodeURIComponent(token)}`);
      const res = await (etag ? req.set('If-None-Match', etag) : req);
      return { status: res.status, etag: res.headers.etag as string, text: (res.text ?? '').replace(/\r\n[ \t]/g, '') };
    };
    const wet = await feed();
    expect(wet.status).toBe(200);
    expect(wet.text).toContain('SUMMARY:Lunch — Hall');
    expect(wet.text).toContain('LOCATION:Hall');
    expect(wet.text).toContain('DESCRIPTION:Wet day: Hall instead of Field');
    expect((await feed(wet.etag)).status).toBe(304);

    await as(admin.token).put('/api/rota/wet-days', { date: TODAY, wet: false }).expect(200);
    const dry = await feed(wet.etag);
    expect(dry.status).toBe(200);
    expect(dry.etag).not.toBe(wet.etag);
    expect(dry.text).toContain('LOCATION:Field');
    expect(dry.text).not.toContain('Wet day');

    await as(admin.token).put('/api/rota/wet-days', { date: TODAY, wet: true }).expect(200);
    const again = await feed(dry.etag);
    expect(again.status).toBe(200);
    expect(again.text).toContain('LOCATION:Hall');
    // The event says it changed: a higher SEQUENCE than the dry day's.
    const sequence = (text: string) => Number(/SEQUENCE:(\d+)/.exec(text)![1]);
    expect(sequence(again.text)).toBeGreaterThan(sequence(dry.text));
    expect(sequence(dry.text)).toBeGreaterThan(sequence(wet.text));
  });

  it('keeps each organisation’s wet days to itself', async () => {
    // Today is wet in the first school (the test above): not in the other.
    expect((await board(other.token)).wet).toBe(false);
    expect((await as(other.token).put('/api/rota/wet-days', { date: TODAY, wet: false }).expect(200)).body.wet).toBe(false);
    expect((await board(admin.token)).wet).toBe(true);
    expect((await as(other.token).put('/api/rota/wet-days', { date: TODAY, wet: true }).expect(200)).body.told).toBe(0);
    expect(await sql('select count(*)::int as n from wet_days where date = ?', [TODAY])).toEqual([{ n: 2 }]);
  });
});
