import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface MyDuty {
  date: string;
  dutyId: string;
  isDutyManager: boolean;
  name: string;
  place: string | null;
  startTime: string | null;
  endTime: string | null;
  description: string | null;
  position: number;
}

/**
 * The signed-in person's own duties of every kind (docs/product.md#duties), `GET /api/rota/mine`:
 * My Rota's and the Dashboard's list for a school that runs more than the Duty Manager duty.
 */
describe('my duties of every kind', () => {
  let t: TestApp;
  let admin: Account;
  const as = (token: string) => asUser(t, token);
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);
  const person = async (name: string) => ({ ...(await memberWithRole(t, admin, 'staff', name)), name });
  const mine = async (token: string, query = 'startDate=2026-11-01&endDate=2026-11-30') =>
    (await as(token).get(`/api/rota/mine?${query}`).expect(200)).body as MyDuty[];

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00' } });
    admin = await registerOrganization(t);
  });
  afterAll(() => t.close());

  it('lists a person on the Duty Manager duty one day and at lunch another with times, places and instructions, never anyone else', async () => {
    const ann = await person('Ann Mine');
    const bob = await person('Bob Mine');
    const lunch = (
      await as(admin.token)
        .post('/api/duties', {
          name: 'Lunch',
          place: 'Canteen',
          description: 'Open the side door at 12:25.\nQueue by year group.',
          startTime: '12:30',
          endTime: '13:10',
          weekdays: [
            { weekday: 2, people: 2 },
            { weekday: 3, people: 1 },
          ],
        })
        .expect(201)
    ).body.duty.id as string;
    const gate = (
      await as(admin.token)
        .post('/api/duties', { name: 'Gate', place: 'Main gate', startTime: '08:20', endTime: '08:45', weekdays: [{ weekday: 3, people: 1 }] })
        .expect(201)
    ).body.duty.id as string;
    const dutyManager = (await as(admin.token).get('/api/duties').expect(200)).body.find((d: { isDutyManager: boolean }) => d.isDutyManager)
      .id as string;

    // Ann: Duty Manager on Monday 9th (second slot), lunch on Tuesday 10th; on Wednesday 11th lunch, the gate and the Duty Manager duty.
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-09', slots: [bob.staffId, ann.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-10', slots: [ann.staffId, bob.staffId], dutyId: lunch })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-11', slots: [ann.staffId], dutyId: lunch })
      .expect(201);
    // The daily maximum of one duty keeps hand edits from giving her more that day; a school that raised it later may have them.
    const [{ organization_id: org }] = (await sql('select organization_id from staff where id = ?', [ann.staffId])) as { organization_id: string }[];
    const slot = (dutyId: string) =>
      sql(
        `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id, duty_id)
         select gen_random_uuid(), organization_id, id, date, 1, ?, ? from rota_days where organization_id = ? and date = '2026-11-11'`,
        [ann.staffId, dutyId, org],
      );
    await slot(gate);
    await slot(dutyManager);
    // Bob alone on the Duty Manager duty on the 12th: not Ann's.
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-12', slots: [bob.staffId] })
      .expect(201);

    const instructions = 'Open the side door at 12:25.\nQueue by year group.';
    expect(await mine(ann.token)).toEqual([
      {
        date: '2026-11-09',
        dutyId: dutyManager,
        isDutyManager: true,
        name: 'Duty Manager',
        place: null,
        startTime: null,
        endTime: null,
        description: null,
        position: 2,
      },
      {
        date: '2026-11-10',
        dutyId: lunch,
        isDutyManager: false,
        name: 'Lunch',
        place: 'Canteen',
        startTime: '12:30',
        endTime: '13:10',
        description: instructions,
        position: 1,
      },
      // The all-day duty first, then by start time.
      {
        date: '2026-11-11',
        dutyId: dutyManager,
        isDutyManager: true,
        name: 'Duty Manager',
        place: null,
        startTime: null,
        endTime: null,
        description: null,
        position: 1,
      },
      {
        date: '2026-11-11',
        dutyId: gate,
        isDutyManager: false,
        name: 'Gate',
        place: 'Main gate',
        startTime: '08:20',
        endTime: '08:45',
        description: null,
        position: 1,
      },
      {
        date: '2026-11-11',
        dutyId: lunch,
        isDutyManager: false,
        name: 'Lunch',
        place: 'Canteen',
        startTime: '12:30',
        endTime: '13:10',
        description: instructions,
        position: 1,
      },
    ]);
    expect((await mine(bob.token)).map((d) => [d.date, d.name, d.position])).toEqual([
      ['2026-11-09', 'Duty Manager', 1],
      ['2026-11-10', 'Lunch', 2],
      ['2026-11-12', 'Duty Manager', 1],
    ]);
    // The range bounds it, both ends included.
    expect((await mine(ann.token, 'startDate=2026-11-10&endDate=2026-11-10')).map((d) => [d.date, d.name])).toEqual([['2026-11-10', 'Lunch']]);
    // Someone signed in without a staff record of their own (the admin who registered) has none.
    expect(await mine(admin.token)).toEqual([]);
  });

  it('finds your staff record by your email address when it is linked to nobody, as the screens do', async () => {
    const eve = await person('Eve Mine');
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-17', slots: [eve.staffId] })
      .expect(201);
    await sql('update staff set user_id = null where id = ?', [eve.staffId]);
    // Her staff record's duties, as an admin picking her sees them: the Duty Manager duty on the 17th
    // and whatever adding her repaired onto her (the first test left Ann over the daily maximum).
    const hers = (await mine(admin.token, `startDate=2026-11-01&endDate=2026-11-30&staffId=${eve.staffId}`)).map((d) => [d.date, d.name]);
    expect(hers).toContainEqual(['2026-11-17', 'Duty Manager']);
    expect((await mine(eve.token)).map((d) => [d.date, d.name])).toEqual(hers);
  });

  it("never lists another organisation's duties", async () => {
    const other = await registerOrganization(t);
    const zed = { ...(await memberWithRole(t, other, 'staff', 'Zed Other')), name: 'Zed Other' };
    await as(other.token)
      .post('/api/rota', { date: '2026-11-16', slots: [zed.staffId] })
      .expect(201);
    const zoe = await person('Zoe Mine');
    expect(await mine(zoe.token)).toEqual([]);
    expect((await mine(zed.token)).map((d) => [d.date, d.name])).toEqual([['2026-11-16', 'Duty Manager']]);
    // The other school's admin has no staff record there: nothing of ours either.
    expect(await mine(other.token)).toEqual([]);
  });

  it("shows an admin or a manager a colleague's duties of every kind (staffId), staff only their own, another school's person to nobody", async () => {
    const kim = await person('Kim Colleague');
    const lee = await person('Lee Colleague');
    const manager = await memberWithRole(t, admin, 'manager', 'Max Manager');
    const yard = (
      await as(admin.token)
        .post('/api/duties', { name: 'Yard', place: 'Back yard', startTime: '10:30', endTime: '10:50', weekdays: [{ weekday: 3, people: 1 }] })
        .expect(201)
    ).body.duty.id as string;
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-24', slots: [kim.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-25', slots: [kim.staffId], dutyId: yard })
      .expect(201);
    const range = 'startDate=2026-11-23&endDate=2026-11-27';
    const kims = [
      ['2026-11-24', 'Duty Manager', null, null],
      ['2026-11-25', 'Yard', 'Back yard', '10:30'],
    ];
    const shown = (duties: MyDuty[]) => duties.map((d) => [d.date, d.name, d.place, d.startTime]);

    expect(shown(await mine(admin.token, `${range}&staffId=${kim.staffId}`))).toEqual(kims);
    expect(shown(await mine(manager.token, `${range}&staffId=${kim.staffId}`))).toEqual(kims);
    // Kim naming herself is her own list; Lee naming Kim is refused, and so is any other id.
    expect(shown(await mine(kim.token, `${range}&staffId=${kim.staffId}`))).toEqual(kims);
    const refused = await as(lee.token).get(`/api/rota/mine?${range}&staffId=${kim.staffId}`).expect(403);
    expect(refused.body.message).toBe("You can see only your own duties here; a colleague's are on the rota");
    await as(lee.token).get(`/api/rota/mine?${range}&staffId=00000000-0000-4000-8000-000000000000`).expect(403);

    // Another organisation's person, or nobody at all: not found, for an admin or a manager.
    const other = await registerOrganization(t);
    const zed = await memberWithRole(t, other, 'staff', 'Zed Elsewhere');
    await as(other.token)
      .post('/api/rota', { date: '2026-11-24', slots: [zed.staffId] })
      .expect(201);
    for (const token of [admin.token, manager.token]) {
      const notFound = await as(token).get(`/api/rota/mine?${range}&staffId=${zed.staffId}`).expect(404);
      expect(notFound.body.message).toBe('Staff member not found');
    }
    await as(admin.token).get(`/api/rota/mine?${range}&staffId=00000000-0000-4000-8000-000000000000`).expect(404);
    // The other school's admin cannot reach ours either.
    await as(other.token).get(`/api/rota/mine?${range}&staffId=${kim.staffId}`).expect(404);
    const bad = await as(admin.token).get(`/api/rota/mine?${range}&staffId=kim`).expect(400);
    expect(JSON.stringify(bad.body.message)).toContain("staffId must be a staff member's id");
  });

  it('refuses a bad range with a message a person can act on', async () => {
    const tooLong = await as(admin.token).get('/api/rota/mine?startDate=2025-01-01&endDate=2027-12-31').expect(400);
    expect(tooLong.body.message).toBe('The date range can cover at most two years; ask for a shorter period');
    const backwards = await as(admin.token).get('/api/rota/mine?startDate=2026-11-30&endDate=2026-11-01').expect(400);
    expect(JSON.stringify(backwards.body.message)).toContain('endDate must be on or after startDate');
    await as(admin.token).get('/api/rota/mine?startDate=soon&endDate=2026-11-01').expect(400);
    await as(admin.token).get('/api/rota/mine').expect(400);
  });
});
