import { Clock, FixedClock, parsePinnedNow } from '../src/common/clock/clock';
import { RemindersService } from '../src/modules/reminders/reminders.service';
import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Every duty's slots share `rota_slots` (docs/product.md#duties). Each existing screen, export,
 * feed and tool is about the Duty Manager duty: a slot or a cancellation of another duty is
 * invisible to all of them, and no tool of the Duty Manager's rota writes over it.
 */
describe('the Duty Manager duty beside other duties', () => {
  let t: TestApp;
  let admin: Account;
  let people: { token: string; staffId: string }[];
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);
  const as = (token: string) => asUser(t, token);
  const week = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'];

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00' } });
    admin = await registerOrganization(t);
    people = [];
    for (let i = 0; i < 4; i++) people.push(await memberWithRole(t, admin, 'staff'));
  });
  afterAll(() => t.close());

  /** Everything the app shows of the Duty Manager's rota, as its readers see it. */
  async function views(): Promise<Record<string, unknown>> {
    const get = async (url: string, token = admin.token) => {
      const res = await as(token).get(url).expect(200);
      return res.type.startsWith('application/json') ? res.body : res.text;
    };
    const link = (await as(people[0]!.token).post('/api/calendar/subscription').expect(201)).body as { allDutiesUrl: string; myDutiesUrl: string };
    const feed = async (url: string) => {
      const text = (
        await t
          .http()
          .get(new URL(url).pathname + new URL(url).search)
          .expect(200)
      ).text;
      // A day's revision moves with any slot of it (one lock and one revision per date), so the
      // events' SEQUENCE and DTSTAMP may; what each event says must not. Feeds carry every duty
      // (docs/product.md#subscription-feeds): the Duty Manager duty's events and the holidays are compared.
      return text
        .replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/, '')
        .split('BEGIN:VEVENT')
        .filter((event) => !/\r\nCATEGORIES:Duty\r\n/.test(event) || /\r\nSUMMARY:Duty Manager - /.test(event))
        .join('BEGIN:VEVENT')
        .split(/\r\n/)
        .filter((line) => /^(UID|DTSTART|DTEND|SUMMARY|DESCRIPTION|STATUS)[:;]/.test(line));
    };
    return {
      rota: await get('/api/rota?startDate=2026-11-01&endDate=2026-11-30'),
      currentWeek: await get('/api/current-week?date=2026-11-09'),
      dashboard: await get('/api/dashboard-stats'),
      ownDashboard: await get('/api/dashboard-stats', people[0]!.token),
      statistics: await get('/api/duty-statistics'),
      fairness: await get('/api/fairness'),
      fairnessExport: await get('/api/fairness/export?format=csv'),
      health: await get('/api/rota/health'),
      export: await get('/api/rota/export?startDate=2026-11-01&endDate=2026-11-30&format=csv'),
      planned: await get('/api/rota/planned?startDate=2026-11-01&endDate=2026-11-30'),
      candidates: await get('/api/rota/candidates?date=2026-11-16'),
      allDutiesFeed: await feed(link.allDutiesUrl),
      myDutiesFeed: await feed(link.myDutiesUrl),
    };
  }

  it('shows and plans the Duty Manager duty as if no other duty had slots', async () => {
    (t.get(Clock) as FixedClock).set(parsePinnedNow('2026-11-02T09:00', 'Europe/London'));
    const [ann, bob, cat, dan] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0], (typeof people)[0]];
    for (const date of week)
      await as(admin.token)
        .post('/api/rota', { date, slots: [ann.staffId, bob.staffId] })
        .expect(201);
    const before = await views();

    // Another duty, its people on the same days (some of them on the Duty Manager duty too) and
    // on a day the Duty Manager duty has nobody, and a cancellation of it.
    const [org] = await sql(`select organization_id from staff where id = ?`, [ann.staffId]);
    const [field] = await sql(
      `insert into duties (id, organization_id, name, place, start_time, end_time, weight) values (gen_random_uuid(), ?, 'Break', 'Field', '10:40', '11:00', 20) returning id`,
      [org!.organization_id],
    );
    await sql(`insert into duty_weekdays (organization_id, duty_id, weekday, people) select ?, ?, g, 2 from generate_series(1, 5) g`, [
      org!.organization_id,
      field!.id,
    ]);
    await sql(`insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, '2026-11-16') on conflict do nothing`, [
      org!.organization_id,
    ]);
    await sql(
      `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id, duty_id)
       select gen_random_uuid(), d.organization_id, d.id, d.date, x.position, x.staff_id, ?
         from rota_days d, (values (1, ?::uuid), (2, ?::uuid)) as x(position, staff_id)
        where d.organization_id = ? and d.date = any(?::date[])`,
      [field!.id, cat.staffId, ann.staffId, org!.organization_id, `{${[...week, '2026-11-16'].join(',')}}`],
    );
    await sql(
      `insert into cancel_requests (id, organization_id, staff_id, date, reason, status, source, duty_id)
       values (gen_random_uuid(), ?, ?, '2026-11-17', 'Assembly', 'approved', 'rota_edit', ?)`,
      [org!.organization_id, dan.staffId, field!.id],
    );
    const planted = async () =>
      (await sql(`select date::text, position, staff_id from rota_slots where duty_id = ? order by date, position`, [field!.id])).map((r) => ({
        ...r,
      }));
    const fieldSlots = await planted();
    expect(fieldSlots).toHaveLength(12);

    expect(await views()).toEqual(before);
    // The other duty's people have its events beside (docs/product.md#subscription-feeds).
    const link = (await as(ann.token).post('/api/calendar/subscription').expect(201)).body as { allDutiesUrl: string };
    const allDuties = (
      await t
        .http()
        .get(new URL(link.allDutiesUrl).pathname + new URL(link.allDutiesUrl).search)
        .expect(200)
    ).text;
    expect(allDuties.match(/\r\nSUMMARY:Break — Field - /g)).toHaveLength(fieldSlots.length);

    // Monday's reminders are of Tuesday's Duty Manager duty: Ann and Bob, not Cat of the field.
    (t.get(Clock) as FixedClock).set(parsePinnedNow('2026-11-09T08:30', 'Europe/London'));
    await t.get(RemindersService).runScheduledPass();
    const reminders = () =>
      sql(`select staff_id, cancelled_at is not null as cancelled from duty_reminders where duty_date = '2026-11-10' order by staff_id`);
    expect(await reminders()).toEqual([ann.staffId, bob.staffId].sort().map((staff_id) => ({ staff_id, cancelled: false })));

    // The Duty Manager's tools plan around the other duty's slots and keep them.
    await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2026-11-27', allWeekdays: true }).expect(200);
    const filled = (await as(admin.token).get('/api/rota?startDate=2026-11-16&endDate=2026-11-27').expect(200)).body as {
      date: string;
      slots: unknown[];
    }[];
    // Dan's cancellation was of the other duty: it keeps him off nothing of the Duty Manager's.
    expect(filled.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(JSON.stringify(filled)).toContain(dan.staffId);
    expect(await planted()).toEqual(fieldSlots);
    await as(admin.token).post('/api/rota/reshuffle-future', { endDate: '2026-11-27', allWeekdays: true }).expect(200);
    expect(await planted()).toEqual(fieldSlots);
    // Set by hand, Tuesday's Duty Manager duties are pinned: unpinned, Clear takes them off (docs/product.md#pinned-duties).
    await as(admin.token).post('/api/rota/unpin', { from: '2026-11-09', to: '2026-11-30' }).expect(200);
    await as(admin.token).post('/api/rota/clear-future').expect(200);
    expect(await planted()).toEqual(fieldSlots);
    // Ann is still on the field on Tuesday, but her Duty Manager duty is gone: so is its reminder.
    await t.get(RemindersService).runScheduledPass();
    expect(await reminders()).toEqual([ann.staffId, bob.staffId].sort().map((staff_id) => ({ staff_id, cancelled: true })));
    expect((await as(admin.token).get('/api/rota?startDate=2026-11-01&endDate=2026-11-30').expect(200)).body).toEqual([]);
    // By hand: the other duty's slots leave both Duty Manager slots free. Cat, on the field that
    // day, already has the one duty a day the school allows; Bob and Dan don't.
    const full = await as(admin.token)
      .post('/api/rota', { date: '2026-11-16', slots: [cat.staffId] })
      .expect(409);
    expect(full.body.code).toBe('daily_max');
    const day = (
      await as(admin.token)
        .post('/api/rota', { date: '2026-11-16', slots: [bob.staffId, dan.staffId] })
        .expect(201)
    ).body as { id: string };
    await as(admin.token)
      .put(`/api/rota/${day.id}`, { slots: [bob.staffId, dan.staffId] })
      .expect(200);
    expect(await planted()).toEqual(fieldSlots);
  });
});
