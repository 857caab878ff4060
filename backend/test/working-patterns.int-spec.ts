import { MikroORM } from '@mikro-orm/core';
import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Working patterns and weekly caps where people change the rota by hand
 * (docs/product.md#assigning-by-hand, #working-patterns): assigning, replacing and moving refuse a
 * day someone doesn't work or a week at their cap with a 409 that says so and changes nothing;
 * a confirmed override goes through, is marked on the slot and in the activity log, and the
 * rota's integrity check leaves it; the candidates list and swaps pass such people by.
 */

interface Day {
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null }[];
}

// Monday 8 September 2025, 9 am; the days below are in its future.
const THU = '2025-09-18';
const WED = '2025-09-17';
const MON = '2025-09-15';
const TUE = '2025-09-16';

describe('working patterns by hand', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
  });
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  async function school() {
    const admin = await registerOrganization(t);
    const api = as(admin.token);
    const add = async (name: string, extra: object = {}) =>
      (await api.post('/api/staff', { name, email: `${name.split(' ')[0]!.toLowerCase()}-${admin.subdomain}@example.com`, ...extra }).expect(201)).body
        .id as string;
    const pat = await add('Pat Parttime', { workingDays: [1, 2, 3] });
    const cas = await add('Cas Capped', { weeklyCap: 1 });
    const ann = await add('Ann Teacher');
    return { admin, pat, cas, ann };
  }
  const day = async (admin: Account, date: string) =>
    ((await as(admin.token).get(`/api/rota?startDate=${date}&endDate=${date}`).expect(200)).body as Day[])[0]?.slots.map((s) => s.staff?.id ?? null) ?? [];
  const audit = async (admin: Account) =>
    ((await as(admin.token).get('/api/audit-log?kind=rota&pageSize=50').expect(200)).body.items as { summary: string }[]).map((e) => e.summary);

  it('refuses a day outside the pattern and a week at the cap with a 409 saying so, changing nothing, unless confirmed', async () => {
    const { admin, pat, cas, ann } = await school();
    const api = as(admin.token);

    const offDay = await api.post('/api/rota', { date: THU, dutyManager1Id: pat }).expect(409);
    expect(offDay.body).toMatchObject({ code: 'not_working_day', message: "Pat Parttime doesn't work on Thursdays" });
    expect(await day(admin, THU)).toEqual([]);

    await api.post('/api/rota', { date: MON, dutyManager1Id: cas }).expect(201);
    const capped = await api.post('/api/rota', { date: TUE, dutyManager1Id: cas }).expect(409);
    expect(capped.body.code).toBe('over_weekly_cap');
    expect(capped.body.message).toMatch(/^Cas Capped already has 1 duty in the week of .+, their weekly cap$/);
    expect(await day(admin, TUE)).toEqual([]);

    // Replace and move refuse the same way.
    await api.post('/api/rota', { date: WED, dutyManager1Id: ann }).expect(201);
    const replace = await api.post('/api/rota/replace', { date: WED, position: 1, staffId: cas }).expect(409);
    expect(replace.body.code).toBe('over_weekly_cap');
    await api.post('/api/rota', { date: TUE, dutyManager1Id: pat }).expect(201);
    const move = await api.post('/api/rota/move', { date: TUE, position: 1, toDate: THU }).expect(409);
    expect(move.body.code).toBe('not_working_day');
    expect([await day(admin, WED), await day(admin, TUE), await day(admin, THU)]).toEqual([[ann, null], [pat, null], []]);

    // Confirmed: it goes through, the slot carries the override and the log says so.
    await api.post('/api/rota', { date: THU, dutyManager1Id: pat, override: true }).expect(201);
    await api.post('/api/rota/replace', { date: WED, position: 1, staffId: cas, override: true }).expect(200);
    expect(await day(admin, THU)).toEqual([pat, null]);
    expect(await day(admin, WED)).toEqual([cas, null]);
    const marked = await sql(
      `select d.date::text as date, s.override from rota_slots s join rota_days d on d.id = s.rota_day_id
        where s.staff_id in (?, ?) order by d.date`,
      [pat, cas],
    );
    expect(marked).toEqual([
      { date: MON, override: false },
      { date: TUE, override: false },
      { date: WED, override: true },
      { date: THU, override: true },
    ]);
    const log = await audit(admin);
    expect(log.filter((s) => s.includes('(confirmed outside their working pattern or weekly cap)'))).toHaveLength(2);

    // A change that runs the integrity check (a lower default cap) leaves confirmed duties in place.
    await api.post('/api/system-settings', { defaultWeeklyCap: 3 }).expect((res) => expect([200, 201]).toContain(res.status));
    expect(await day(admin, THU)).toEqual([pat, null]);
    expect(await day(admin, WED)).toEqual([cas, null]);
  });

  it('leaves people off the candidates on days they don’t work or weeks at their cap, and refuses a swap onto one', async () => {
    const { admin, pat, cas, ann } = await school();
    const api = as(admin.token);
    const names = async (date: string) =>
      ((await api.get(`/api/rota/candidates?date=${date}`).expect(200)).body.candidates as { id: string }[]).map((c) => c.id).sort();
    expect(await names(THU)).toEqual([ann, cas].sort());
    await api.post('/api/rota', { date: MON, dutyManager1Id: cas }).expect(201);
    expect(await names(TUE)).toEqual([ann, pat].sort());

    // Ann asks Pat to cover her Thursday: refused, as Pat doesn't work Thursdays; nothing recorded.
    await api.post('/api/rota', { date: THU, dutyManager1Id: ann }).expect(201);
    const swap = await api
      .post('/api/swap-requests', { requesterId: ann, targetId: pat, originalDate: THU, swapDate: THU, reason: 'Dentist' })
      .expect(409);
    expect(swap.body).toMatchObject({ code: 'not_working_day', message: "Pat Parttime doesn't work on Thursdays" });
    const staff = await memberWithRole(t, admin, 'staff');
    expect((await as(staff.token).get('/api/swap-requests').expect(200)).body).toEqual([]);
    expect((await api.get('/api/swap-requests').expect(200)).body).toEqual([]);
  });
});
