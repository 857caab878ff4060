import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface TodayDuty {
  dutyId: string;
  isDutyManager: boolean;
  name: string;
  place: string | null;
  startTime: string | null;
  endTime: string | null;
  description: string | null;
  needed: number;
  missing: number;
  people: { id: string; name: string }[];
}
interface TodayBoard {
  date: string;
  closed: string | null;
  duties: TodayDuty[];
  away: { id: string; name: string; startTime: string | null; endTime: string | null }[];
}

const TODAY = '2026-11-02'; // a Monday
const NOT_ON_THE_DAY = "Only admins, managers and the day's duty managers can see this day's duties";

/**
 * The Today board (docs/product.md#duties), `GET /api/rota/today`, and Find cover
 * (`GET /api/rota/today/candidates`, `POST /api/rota/today/cover`): what runs, who is on it, the
 * gaps and who is away; for admins, managers and the day's duty managers only.
 */
describe('the Today board', () => {
  let t: TestApp;
  let admin: Account;
  let other: Account;
  const as = (token: string) => asUser(t, token);
  const person = async (name: string, role: 'staff' | 'manager' = 'staff') => ({ ...(await memberWithRole(t, admin, role, name)), name });
  const board = async (token: string, query = '') => (await as(token).get(`/api/rota/today${query}`).expect(200)).body as TodayBoard;
  const summary = (b: TodayBoard) => b.duties.map((d) => [d.name, d.needed, d.missing, d.people.map((p) => p.name)]);

  let manager: Awaited<ReturnType<typeof person>>;
  let dee: Awaited<ReturnType<typeof person>>;
  let ann: Awaited<ReturnType<typeof person>>;
  let bob: Awaited<ReturnType<typeof person>>;
  let eve: Awaited<ReturnType<typeof person>>;
  let lunch: string;
  let gate: string;
  let dutyManager: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: `${TODAY}T09:00` } });
    admin = await registerOrganization(t);
    other = await registerOrganization(t);
    manager = await person('Mia Manager', 'manager');
    dee = await person('Dee Duty');
    ann = await person('Ann Lunch');
    bob = await person('Bob Lunch');
    eve = await person('Eve Else');
    // A leave's freed place stays open here, so the board shows the gap.
    await as(admin.token).post('/api/auto-approval-settings', { adminPassword: admin.password, autoFillCancellations: false }).expect(200);
    const created = async (body: object) => (await as(admin.token).post('/api/duties', body).expect(201)).body.duty.id as string;
    lunch = await created({
      name: 'Lunch',
      place: 'Canteen',
      description: 'Open the side door at 12:25.',
      startTime: '12:30',
      endTime: '13:10',
      weekdays: [{ weekday: 1, people: 2 }],
    });
    gate = await created({ name: 'Gate', place: 'Main gate', startTime: '08:20', endTime: '08:45', weekdays: [{ weekday: 1, people: 1 }] });
    // Runs on Tuesdays only: not on Monday's board.
    await created({ name: 'Library', startTime: '12:00', endTime: '13:00', weekdays: [{ weekday: 2, people: 1 }] });
    dutyManager = ((await as(admin.token).get('/api/duties').expect(200)).body as { id: string; isDutyManager: boolean }[]).find(
      (d) => d.isDutyManager,
    )!.id;
    await as(admin.token)
      .post('/api/rota', { date: TODAY, slots: [dee.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: TODAY, slots: [ann.staffId, bob.staffId], dutyId: lunch })
      .expect(201);
  });
  afterAll(() => t.close());

  it("lists today's running duties in time order, all-day first, with places, people and what is missing", async () => {
    const today = await board(admin.token);
    // Put on by hand, so pinned: admins see so (docs/product.md#pinned-duties).
    const setByHand = { pinned: true, pinnedReason: 'hand', slotId: expect.any(String) };
    expect(today.date).toBe(TODAY);
    expect(today.closed).toBeNull();
    expect(today.away).toEqual([]);
    expect(today.duties).toEqual([
      {
        dutyId: dutyManager,
        isDutyManager: true,
        name: 'Duty Manager',
        place: null,
        startTime: null,
        endTime: null,
        description: null,
        needed: 2,
        missing: 1,
        people: [{ id: dee.staffId, name: 'Dee Duty', ...setByHand }],
      },
      {
        dutyId: gate,
        isDutyManager: false,
        name: 'Gate',
        place: 'Main gate',
        startTime: '08:20',
        endTime: '08:45',
        description: null,
        needed: 1,
        missing: 1,
        people: [],
      },
      {
        dutyId: lunch,
        isDutyManager: false,
        name: 'Lunch',
        place: 'Canteen',
        startTime: '12:30',
        endTime: '13:10',
        description: 'Open the side door at 12:25.',
        needed: 2,
        missing: 0,
        people: [
          { id: ann.staffId, name: 'Ann Lunch', ...setByHand },
          { id: bob.staffId, name: 'Bob Lunch', ...setByHand },
        ],
      },
    ]);
    // Another day by `date`: Tuesday runs the Library, not Lunch or the Gate.
    expect(summary(await board(admin.token, '?date=2026-11-03'))).toEqual([
      ['Duty Manager', 2, 2, []],
      ['Library', 1, 1, []],
    ]);
  });

  it('lets admins, managers and the day’s duty managers read it, and refuses other staff and other days', async () => {
    expect(summary(await board(manager.token))).toEqual(summary(await board(admin.token)));
    expect(summary(await board(dee.token))).toEqual(summary(await board(admin.token)));
    for (const [token, query] of [
      [eve.token, ''],
      [ann.token, ''],
      [dee.token, '?date=2026-11-03'],
    ] as const) {
      const res = await as(token).get(`/api/rota/today${query}`).expect(403);
      expect(res.body.message).toBe(NOT_ON_THE_DAY);
    }
    expect((await as(eve.token).get(`/api/rota/today/candidates?date=${TODAY}&dutyId=${lunch}`).expect(403)).body.message).toBe(NOT_ON_THE_DAY);
    expect((await as(admin.token).get('/api/rota/today?date=2026-02-30').expect(400)).body.message).toContain('date must be a real date');
  });

  it('shows a gap and who is away after a colleague’s leave, and the day’s duty manager fills it with Find cover', async () => {
    await as(admin.token)
      .post('/api/staff-unavailability', { staffId: ann.staffId, startDate: TODAY, endDate: TODAY, reason: 'Dentist', type: 'personal' })
      .expect(201);
    const after = await board(dee.token);
    expect(after.away).toEqual([{ id: ann.staffId, name: 'Ann Lunch', startTime: null, endTime: null }]);
    // No reason or kind of leave on the board.
    expect(JSON.stringify(after)).not.toContain('Dentist');
    expect(summary(after)).toContainEqual(['Lunch', 2, 1, ['Bob Lunch']]);

    // Staff other than the day's duty managers can't fill it.
    const staffCover = await as(eve.token).post('/api/rota/today/cover', { date: TODAY, dutyId: lunch, staffId: eve.staffId }).expect(403);
    expect(staffCover.body.message).toBe(NOT_ON_THE_DAY);

    const found = (await as(dee.token).get(`/api/rota/today/candidates?date=${TODAY}&dutyId=${lunch}`).expect(200)).body as {
      date: string;
      closed: string | null;
      candidates: { id: string; name: string; isTeaching: boolean; dutiesThisYear: number }[];
    };
    expect(found.closed).toBeNull();
    const ids = found.candidates.map((c) => c.id);
    // Away, already on Lunch, or on the all-day Duty Manager duty (one duty a day): not offered.
    for (const not of [ann.staffId, bob.staffId, dee.staffId]) expect(ids).not.toContain(not);
    expect(ids).toContain(eve.staffId);
    expect(found.candidates.every((c) => !('department' in c))).toBe(true);
    // Least loaded first, as Replace with… offers them.
    const counts = found.candidates.map((c) => c.dutiesThisYear);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    await as(dee.token).post('/api/rota/today/cover', { date: TODAY, dutyId: lunch, staffId: eve.staffId }).expect(201);
    expect(summary(await board(dee.token))).toContainEqual(['Lunch', 2, 0, ['Eve Else', 'Bob Lunch']]);
    // The gap is filled: another cover is refused with the rules of an assignment by hand.
    const full = await as(dee.token).post('/api/rota/today/cover', { date: TODAY, dutyId: lunch, staffId: manager.staffId }).expect(409);
    expect(full.body.code).toBe('slots_full');
    // A duty manager of today only: not tomorrow's gaps.
    await as(dee.token).post('/api/rota/today/cover', { date: '2026-11-03', dutyId: gate, staffId: manager.staffId }).expect(403);
  });

  it('finds cover for the Duty Manager duty itself, as for any other duty', async () => {
    const found = (await as(dee.token).get(`/api/rota/today/candidates?date=${TODAY}&dutyId=${dutyManager}`).expect(200)).body as {
      candidates: { id: string }[];
    };
    expect(found.candidates.map((c) => c.id)).toContain(manager.staffId);
    await as(dee.token).post('/api/rota/today/cover', { date: TODAY, dutyId: dutyManager, staffId: manager.staffId }).expect(201);
    expect(summary(await board(admin.token))[0]).toEqual(['Duty Manager', 2, 0, ['Dee Duty', 'Mia Manager']]);
    // The spec's own read of the Duty Manager duty has them both.
    const days = (await as(admin.token).get(`/api/rota?startDate=${TODAY}&endDate=${TODAY}`).expect(200)).body as {
      slots: { staff: { id: string } | null }[];
    }[];
    expect(days[0]!.slots.map((slot) => slot.staff?.id)).toEqual([dee.staffId, manager.staffId]);
  });

  it('refuses cover on a day gone by, also to an admin', async () => {
    const res = await as(admin.token).post('/api/rota/today/cover', { date: '2026-10-30', dutyId: gate, staffId: eve.staffId }).expect(400);
    expect(res.body.message).toBe('Cover can be found for today or a later day only');
  });

  it('answers a closed day with no duties and the reason', async () => {
    await as(admin.token).post('/api/holidays', { name: 'Inset', type: 'inset_day', startDate: '2026-11-04', endDate: '2026-11-04' }).expect(201);
    const holiday = await board(admin.token, '?date=2026-11-04');
    expect(holiday.duties).toEqual([]);
    expect(holiday.closed).toMatch(/^Holiday: Inset/);
    expect(await board(admin.token, '?date=2026-11-07')).toMatchObject({ closed: 'Weekend: duties are on weekdays only', duties: [] });
  });

  it('answers a day outside term time with the break, and a term day as open, from the saved term dates', async () => {
    const terms = [
      { name: 'autumn', startDate: '2027-09-06', endDate: '2027-12-17', halfTermStart: '2027-10-25', halfTermEnd: '2027-10-29' },
      { name: 'spring', startDate: '2028-01-04', endDate: '2028-03-31', halfTermStart: '2028-02-14', halfTermEnd: '2028-02-18' },
      { name: 'summer', startDate: '2028-04-18', endDate: '2028-07-21', halfTermStart: '2028-05-29', halfTermEnd: '2028-06-02' },
    ];
    await as(admin.token).put('/api/term-dates/2027', { terms }).expect(200);
    expect(await board(admin.token, '?date=2027-10-27')).toMatchObject({ closed: 'Outside term time: Autumn half term', duties: [] });
    expect(await board(admin.token, '?date=2027-09-03')).toMatchObject({ closed: 'Outside term time: Summer holiday', duties: [] });
    expect((await board(admin.token, '?date=2027-11-03')).closed).toBeNull();
  });

  it('never shows another organisation’s duties or people, and answers their duty ids with 404', async () => {
    const theirs = await board(other.token);
    // A school with the Duty Manager duty alone: just that duty.
    expect(summary(theirs)).toEqual([['Duty Manager', 2, 2, []]]);
    expect(theirs.away).toEqual([]);
    await as(other.token).get(`/api/rota/today/candidates?date=${TODAY}&dutyId=${gate}`).expect(404);
    await as(other.token).post('/api/rota/today/cover', { date: TODAY, dutyId: gate, staffId: eve.staffId }).expect(404);
    expect(summary(await board(admin.token))).toContainEqual(['Gate', 1, 1, []]);
  });
});
