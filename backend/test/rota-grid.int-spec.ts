import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface Grid {
  duties: {
    id: string;
    name: string;
    place: string | null;
    startTime: string | null;
    endTime: string | null;
    isDutyManager: boolean;
    paused: boolean;
  }[];
  days: { date: string; duties: { dutyId: string; needed: number; slots: { position: number; staff: { id: string; name: string } | null }[] }[] }[];
}

/**
 * The all-duties grid (docs/product.md#duties): every duty on every weekday of a range, with the
 * people it needs that weekday and who is on it, for everyone who may see the rota.
 */
describe('the all-duties grid', () => {
  let t: TestApp;
  let admin: Account;
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);
  const as = (token: string) => asUser(t, token);

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00' } });
    admin = await registerOrganization(t);
  });
  afterAll(() => t.close());

  it('shows a school with only the Duty Manager duty its weekdays, people and gaps, and another duty on the weekdays it runs', async () => {
    const ann = { ...(await memberWithRole(t, admin, 'staff', 'Ann Grid')), name: 'Ann Grid' };
    const bob = { ...(await memberWithRole(t, admin, 'staff', 'Bob Grid')), name: 'Bob Grid' };
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-10', slots: [ann.staffId, bob.staffId] })
      .expect(201);
    await as(admin.token).post('/api/rota', { date: '2026-11-12', dutyManager1Id: bob.staffId }).expect(201);

    const week = (await as(ann.token).get('/api/rota/grid?startDate=2026-11-08&endDate=2026-11-14').expect(200)).body as Grid;
    const [dutyManager] = week.duties;
    expect(week.duties).toEqual([
      { id: expect.any(String), name: 'Duty Manager', place: null, startTime: null, endTime: null, isDutyManager: true, paused: false },
    ]);
    const names = (cell: Grid['days'][number]['duties'][number]) => cell.slots.map((s) => s.staff?.name ?? null);
    expect(week.days.map((d) => d.date)).toEqual(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']);
    expect(week.days.map((d) => d.duties.map((c) => [c.dutyId, c.needed, names(c)]))).toEqual([
      [[dutyManager!.id, 2, [null, null]]],
      [[dutyManager!.id, 2, [ann.name, bob.name]]],
      [[dutyManager!.id, 2, [null, null]]],
      [[dutyManager!.id, 2, [bob.name, null]]],
      [[dutyManager!.id, 2, [null, null]]],
    ]);

    // Another duty, on Wednesdays and Fridays, with someone on it on Wednesday: a row of its own, in the school's order.
    const [org] = await sql(`select organization_id from staff where id = ?`, [ann.staffId]);
    const gate = (
      (
        await as(admin.token)
          .post('/api/duties', {
            name: 'Gate',
            place: 'Main gate',
            startTime: '08:20',
            endTime: '08:45',
            weekdays: [
              { weekday: 3, people: 1 },
              { weekday: 5, people: 2 },
            ],
          })
          .expect(201)
      ).body as { duty: { id: string } }
    ).duty;
    await sql(`insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, '2026-11-11')`, [org!.organization_id]);
    await sql(
      `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id, duty_id)
       select gen_random_uuid(), organization_id, id, date, 1, ?, ? from rota_days where organization_id = ? and date = '2026-11-11'`,
      [ann.staffId, gate.id, org!.organization_id],
    );
    const after = (await as(admin.token).get('/api/rota/grid?startDate=2026-11-09&endDate=2026-11-13').expect(200)).body as Grid;
    expect(after.duties.map((d) => [d.name, d.place, d.startTime, d.endTime])).toEqual([
      ['Duty Manager', null, null, null],
      ['Gate', 'Main gate', '08:20', '08:45'],
    ]);
    expect(after.days.map((d) => d.duties.map((c) => [c.dutyId, c.needed, names(c)]))).toEqual([
      [[dutyManager!.id, 2, [null, null]]],
      [[dutyManager!.id, 2, [ann.name, bob.name]]],
      [
        [dutyManager!.id, 2, [null, null]],
        [gate.id, 1, [ann.name]],
      ],
      [[dutyManager!.id, 2, [bob.name, null]]],
      [
        [dutyManager!.id, 2, [null, null]],
        [gate.id, 2, [null, null]],
      ],
    ]);
    // The spec's rota is still the Duty Manager's alone.
    expect(((await as(admin.token).get('/api/rota?startDate=2026-11-11&endDate=2026-11-11').expect(200)).body as unknown[]).length).toBe(0);

    // Another school sees none of it.
    const other = await registerOrganization(t);
    const theirs = (await as(other.token).get('/api/rota/grid?startDate=2026-11-09&endDate=2026-11-13').expect(200)).body as Grid;
    expect(theirs.duties.map((d) => d.name)).toEqual(['Duty Manager']);
    expect(theirs.days.flatMap((d) => d.duties.flatMap((c) => c.slots.filter((s) => s.staff)))).toEqual([]);
  });

  it('needs nobody on a day the school is closed: a holiday, or outside term (half term)', async () => {
    const school = await registerOrganization(t);
    await as(school.token)
      .put('/api/term-dates/2026', {
        terms: [
          { name: 'autumn', startDate: '2026-09-02', endDate: '2026-12-18', halfTermStart: '2026-10-26', halfTermEnd: '2026-10-30' },
          { name: 'spring', startDate: '2027-01-04', endDate: '2027-03-26', halfTermStart: '2027-02-15', halfTermEnd: '2027-02-19' },
          { name: 'summer', startDate: '2027-04-12', endDate: '2027-07-21', halfTermStart: '2027-05-31', halfTermEnd: '2027-06-04' },
        ],
      })
      .expect(200);
    await as(school.token).post('/api/holidays', { name: 'Inset', type: 'inset_day', startDate: '2026-11-04', endDate: '2026-11-04' }).expect(201);

    const grid = (await as(school.token).get('/api/rota/grid?startDate=2026-10-29&endDate=2026-11-05').expect(200)).body as Grid;
    const [dutyManager] = grid.duties;
    expect(grid.days.map((d) => [d.date, d.duties.map((c) => [c.dutyId, c.needed, c.slots.length])])).toEqual([
      ['2026-10-29', []],
      ['2026-10-30', []],
      ['2026-11-02', [[dutyManager!.id, 2, 2]]],
      ['2026-11-03', [[dutyManager!.id, 2, 2]]],
      ['2026-11-04', []],
      ['2026-11-05', [[dutyManager!.id, 2, 2]]],
    ]);
  });

  it('covers at most 93 days, and says so', async () => {
    const res = await as(admin.token).get('/api/rota/grid?startDate=2026-09-01&endDate=2026-12-31').expect(400);
    expect(res.body.message).toBe('The all-duties grid covers at most 93 days: ask for a shorter period');
    await as(admin.token).get('/api/rota/grid?startDate=2026-12-31&endDate=2026-12-01').expect(400);
  });
});
