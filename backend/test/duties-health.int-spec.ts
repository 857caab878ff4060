import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface AllDutiesHealth {
  academicYear: string;
  unfilledFrom: string;
  unfilledTo: string;
  unfilled: { dutyId: string; dutyName: string; days: { date: string; missing: number }[] }[];
  duties: { dutyId: string; name: string; violations: unknown[] }[];
}

const TERMS = [
  { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' },
  { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' },
  { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' },
];

/**
 * Every duty's health (docs/product.md#duties): besides the assignments that break a rule, the
 * school days from tomorrow to the end of the summer term on which a running duty other than the
 * Duty Manager duty has fewer people than it needs that weekday.
 */
describe('the health of every duty: days that need someone', () => {
  let t: TestApp;
  let admin: Account;
  const as = (token: string) => asUser(t, token);
  const health = async (account: Account) => (await as(account.token).get('/api/rota/health/all').expect(200)).body as AllDutiesHealth;

  beforeAll(async () => {
    // Tuesday 30 June 2026: the summer term ends on Tuesday 21 July.
    t = await createTestApp({ env: { APP_NOW: '2026-06-30T09:00' } });
    admin = await registerOrganization(t);
  });
  afterAll(() => t.close());

  it('lists a duty’s school days short of people from tomorrow on, leaves out holidays, paused duties and the Duty Manager duty, and is empty once filled', async () => {
    await as(admin.token).put('/api/term-dates/2025', { terms: TERMS }).expect(200);
    const people: { staffId: string; token: string }[] = [];
    for (const name of ['Ann Health', 'Bob Health', 'Cat Health']) people.push(await memberWithRole(t, admin, 'staff', name));
    const create = async (body: object) => ((await as(admin.token).post('/api/duties', body).expect(201)).body as { duty: { id: string } }).duty.id;
    // Two people on Tuesdays (today is one: its gaps are for a hand edit, not for Fill).
    const lunch = await create({ name: 'Lunch', place: 'Field', startTime: '12:30', endTime: '13:10', weekdays: [{ weekday: 2, people: 2 }] });
    const gate = await create({ name: 'Gate', startTime: '08:20', endTime: '08:45', weekdays: [{ weekday: 4, people: 1 }] });
    await as(admin.token).post('/api/holidays', { name: 'Sports day', type: 'other', startDate: '2026-07-14', endDate: '2026-07-14' }).expect(201);

    // One of the two on Tuesday 7 July.
    const [org] = await sqlOf(t)(`select organization_id from staff where id = ?`, [people[0]!.staffId]);
    await sqlOf(t)(`insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, '2026-07-07')`, [org!.organization_id]);
    await sqlOf(t)(
      `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id, duty_id)
       select gen_random_uuid(), organization_id, id, date, 1, ?, ? from rota_days where organization_id = ? and date = '2026-07-07'`,
      [people[0]!.staffId, lunch, org!.organization_id],
    );

    const before = await health(admin);
    expect(before).toMatchObject({ academicYear: '2025-2026', unfilledFrom: '2026-07-01', unfilledTo: '2026-07-21' });
    // The gate needs someone on 2, 9 and 16 July.
    expect(before.unfilled).toEqual([
      {
        dutyId: lunch,
        dutyName: 'Lunch',
        days: [
          { date: '2026-07-07', missing: 1 },
          { date: '2026-07-21', missing: 2 },
        ],
      },
      {
        dutyId: gate,
        dutyName: 'Gate',
        days: ['2026-07-02', '2026-07-09', '2026-07-16'].map((date) => ({ date, missing: 1 })),
      },
    ]);

    // A paused duty needs nobody.
    await as(admin.token).post(`/api/duties/${gate}/pause`).expect(200);
    expect((await health(admin)).unfilled.map((d) => d.dutyId)).toEqual([lunch]);

    // Filled for the rest of the year, nothing is left.
    await as(admin.token)
      .post('/api/rota/fill-unassigned', { allWeekdays: false, dutyIds: [lunch] })
      .expect(200);
    const after = await health(admin);
    expect(after.unfilled).toEqual([]);
    expect(after.duties.every((d) => d.violations.length === 0)).toBe(true);

    // Another year than the planning one may be asked for; one that is over is refused.
    expect((await as(admin.token).get('/api/rota/health/all?academicYear=2026').expect(200)).body).toMatchObject({
      academicYear: '2026-2027',
      unfilledFrom: '2026-09-01',
    });
    await as(admin.token).get('/api/rota/health/all?academicYear=2024').expect(400);
  });

  it('never shows another organisation’s duties, and is for those who may change the rota', async () => {
    const other = await registerOrganization(t);
    const theirs = (
      (
        await as(other.token)
          .post('/api/duties', { name: 'Their bus', weekdays: [{ weekday: 3, people: 1 }] })
          .expect(201)
      ).body as { duty: { id: string } }
    ).duty.id;
    expect((await health(other)).unfilled.map((d) => d.dutyId)).toEqual([theirs]);
    const mine = await health(admin);
    expect(mine.unfilled.some((d) => d.dutyId === theirs)).toBe(false);
    expect(mine.duties.some((d) => d.dutyId === theirs)).toBe(false);

    const staff = await memberWithRole(t, admin, 'staff', 'Dan Health');
    await as(staff.token).get('/api/rota/health/all').expect(403);
  });
});
