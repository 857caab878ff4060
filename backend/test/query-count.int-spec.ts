import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ClsServiceManager } from 'nestjs-cls';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * SQL statements per request stay the same however much data there is (no N+1): every list
 * endpoint below is measured on a small organisation, then again after the data has grown
 * (more organisations, 60 staff, a year of rota, requests, holidays), and the counts must be
 * equal and equal to the small numbers written here, so a query added per row shows up.
 */
describe('queries per request', () => {
  let t: TestApp;
  let admin: Account;
  /** Statements run on behalf of an HTTP request (the request's async context is open). */
  let seen: string[] = [];
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  const month = { startDate: '2025-09-01', endDate: '2025-09-30' };
  const endpoints = {
    getRota: `/api/rota?startDate=${month.startDate}&endDate=${month.endDate}`,
    getDashboardStats: '/api/dashboard-stats',
    getStaff: '/api/staff',
    getSwapRequests: '/api/swap-requests',
    getCancelRequests: '/api/cancel-requests',
    getHolidays: '/api/holidays?startDate=2025-09-01&endDate=2026-08-31',
    getCurrentWeek: '/api/current-week',
  } as const;
  type Endpoint = keyof typeof endpoints;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
    // Every statement, the ORM's and the services' raw execute() alike, passes the ORM's
    // onQuery hook (MikroORM 7 runs them through kysely, and has no knex to listen to).
    const config = (t.get(MikroORM) as MikroORM<PostgreSqlDriver>).config;
    const onQuery = config.get('onQuery');
    config.set('onQuery', (query, params) => {
      if (ClsServiceManager.getClsService().isActive()) seen.push(query);
      return onQuery(query, params);
    });
    admin = await registerOrganization(t);
  });

  afterAll(() => t.close());

  /** Each endpoint's statements and response body, one request at a time. */
  async function measure(): Promise<{ counts: Record<Endpoint, number>; statements: Record<Endpoint, string[]>; bodies: Record<Endpoint, unknown> }> {
    // Nothing from earlier requests (a sign-up's email) may still be running.
    await t.get(OutboxWorker).finishSending();
    const counts = {} as Record<Endpoint, number>;
    const statements = {} as Record<Endpoint, string[]>;
    const bodies = {} as Record<Endpoint, unknown>;
    for (const [name, url] of Object.entries(endpoints) as [Endpoint, string][]) {
      seen = [];
      const res = await t.http().get(url).set(...bearer(admin.token)).expect(200);
      statements[name] = seen;
      counts[name] = seen.length;
      bodies[name] = res.body;
    }
    seen = [];
    return { counts, statements, bodies };
  }

  /** `count` staff of `org` added in one statement, named so they sort in order. */
  const addStaff = (org: string, count: number, prefix: string) =>
    sql(
      `insert into staff (id, organization_id, name, email, is_teaching)
       select gen_random_uuid(), ?, ? || ' ' || lpad(i::text, 3, '0'), lower(?) || i || '@grown.example', i % 3 <> 0
         from generate_series(1, ?) as i`,
      [org, prefix, prefix, count],
    );

  /** Two people on every weekday of `start`..`end` that has no rota day yet, round robin. */
  const addRota = (org: string, start: string, end: string) =>
    sql(
      `with st as (select id, row_number() over (order by email) - 1 as i, count(*) over () as n
                     from staff where organization_id = ?),
            days as (insert into rota_days (id, organization_id, date)
                     select gen_random_uuid(), ?, g::date from generate_series(?::date, ?::date, interval '1 day') as g
                      where extract(isodow from g) < 6
                     on conflict (organization_id, date) do nothing
                     returning id, date)
       insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id)
       select gen_random_uuid(), ?, days.id, days.date, p, st.id
         from days cross join generate_series(1, 2) as p
         join st on st.i = ((days.date - ?::date) * 2 + p) % st.n`,
      [org, org, start, end, org, start],
    );

  it('is the same small number on a small organisation and after the data has grown', async () => {
    const as = t.http;
    for (let i = 0; i < 5; i += 1) {
      await as()
        .post('/api/staff')
        .set(...bearer(admin.token))
        .send({ name: `Person ${i}`, email: `person${i}@small.example` })
        .expect(201);
    }
    await as().post('/api/rota/fill-unassigned').set(...bearer(admin.token)).send({ endDate: '2025-10-08', allWeekdays: true }).expect(200);
    const small = await measure();
    const smallRota = small.bodies.getRota as { slots: { staff: unknown }[] }[];
    expect(smallRota.length).toBeGreaterThanOrEqual(16);
    expect((small.bodies.getStaff as unknown[]).length).toBe(5);
    // The count sees the services' raw execute() statements, not only the ORM's.
    expect(small.statements.getRota.some((s) => s.includes('join rota_slots s on s.rota_day_id = d.id'))).toBe(true);

    // Grow: two more organisations with a year of rota, 55 more staff here (some who sign in),
    // a past year and the rest of this one, holidays, swap and cancel requests.
    const [{ id: org }] = (await sql('select organization_id as id from users where email = ?', [admin.email])) as { id: string }[];
    for (let n = 0; n < 2; n += 1) {
      const other = await registerOrganization(t);
      const [{ id: otherOrg }] = (await sql('select organization_id as id from users where email = ?', [other.email])) as { id: string }[];
      await addStaff(otherOrg!, 30, `Other${n}`);
      await addRota(otherOrg!, '2024-09-02', '2026-07-17');
      await sql(
        `insert into holidays (id, organization_id, name, type, start_date, end_date)
         select gen_random_uuid(), ?, 'Other ' || i, 'inset_day', '2025-09-01'::date + i * 7, '2025-09-01'::date + i * 7 from generate_series(0, 30) as i`,
        [otherOrg],
      );
    }
    await addStaff(org!, 55, 'Grown');
    await sql(
      `with picked as (select id, name, email from staff where organization_id = ? and email like 'grown%' order by email limit 10),
            made as (insert into users (id, organization_id, email, name, role, is_active)
                     select gen_random_uuid(), ?, email, name, 'staff', true from picked returning id, email)
       update staff set user_id = made.id from made where staff.email = made.email and staff.organization_id = ?`,
      [org, org, org],
    );
    await addRota(org!, '2024-09-02', '2025-09-08');
    await as().post('/api/rota/fill-unassigned').set(...bearer(admin.token)).send({ endDate: '2026-07-17', allWeekdays: true }).expect(200);
    for (const [name, start, end] of [
      ['Autumn half term', '2025-10-27', '2025-10-31'],
      ['Christmas', '2025-12-22', '2026-01-02'],
    ]) {
      await as()
        .post('/api/holidays')
        .set(...bearer(admin.token))
        .send({ name, type: 'term_holiday', startDate: start, endDate: end })
        .expect(201);
    }
    await sql(
      `insert into holidays (id, organization_id, name, type, start_date, end_date)
       select gen_random_uuid(), ?, 'Inset ' || i, 'inset_day', '2025-09-05'::date + i * 14, '2025-09-05'::date + i * 14 from generate_series(0, 20) as i`,
      [org],
    );
    await sql(
      `with st as (select id, row_number() over (order by email) - 1 as i from staff where organization_id = ?)
       insert into swap_requests (id, organization_id, requester_id, target_id, original_date, swap_date, reason, status)
       select gen_random_uuid(), ?, a.id, b.id, '2025-09-15'::date + k, '2025-09-22'::date + k, 'Grown ' || k,
              case when k % 3 = 0 then 'pending' when k % 3 = 1 then 'approved' else 'rejected' end
         from generate_series(0, 29) as k
         join st a on a.i = k join st b on b.i = k + 30`,
      [org, org],
    );
    await sql(
      `with st as (select id, row_number() over (order by email) - 1 as i from staff where organization_id = ?)
       insert into cancel_requests (id, organization_id, staff_id, date, reason, status, replacement_id)
       select gen_random_uuid(), ?, a.id, '2025-09-15'::date + k, 'Grown ' || k,
              case when k % 2 = 0 then 'pending' else 'approved' end, case when k % 2 = 1 then b.id end
         from generate_series(0, 29) as k
         join st a on a.i = k join st b on b.i = k + 30`,
      [org, org],
    );
    await sql('analyze');

    const grown = await measure();
    // The grown data is really there, so equal counts mean something.
    expect((grown.bodies.getStaff as unknown[]).length).toBe(60);
    expect((grown.bodies.getSwapRequests as unknown[]).length).toBeGreaterThanOrEqual(20);
    expect((grown.bodies.getCancelRequests as unknown[]).length).toBeGreaterThanOrEqual(20);
    expect((grown.bodies.getHolidays as unknown[]).length).toBeGreaterThan(20);
    const grownRota = grown.bodies.getRota as { date: string }[];
    expect(grownRota.length).toBe(22);
    expect(grownRota[0]!.date).toBe('2025-09-01');

    expect(grown.counts).toEqual(small.counts);
    // The signed-in user with their organisation (one joined select) is the first of each.
    expect(small.counts).toEqual({
      getRota: 2, // + the rota days with the duty managers per day
      getDashboardStats: 2, // + one statement: settings, this week, this month per person, pending requests
      getStaff: 2, // + staff joined with their users (raw SQL, no entities)
      getSwapRequests: 4, // + whether any open request's day has passed (then they expire first), open, recently decided
      getCancelRequests: 3, // + pending, recently decided
      getHolidays: 2, // + holidays
      getCurrentWeek: 3, // + settings (the week shows its slots with no day yet), the week's rota days
    });
  });
});
