import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface Grid {
  duties: { id: string; name: string; startTime: string | null; endTime: string | null }[];
  days: { date: string; duties: { dutyId: string; needed: number; slots: { staff: { id: string; name: string } | null }[] }[] }[];
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/**
 * Planning every duty at once (docs/product.md#duties): the bulk tools with `dutyIds` plan the
 * named duties together with the multi-duty engine — every duty filled where people can be had,
 * nobody on two duties whose times overlap or on more duties a day than the school allows, only
 * the people allowed on each duty — and the Duty Manager's rota stays what the spec describes.
 */
describe('planning every duty', () => {
  let t: TestApp;
  let admin: Account;
  const as = (token: string) => asUser(t, token);

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00' } });
    admin = await registerOrganization(t);
  });
  afterAll(() => t.close());

  it('fills every duty of a fortnight without an overlap, above the daily maximum or outside who may take it', async () => {
    const people: { staffId: string; name: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const name = `Planner ${String.fromCharCode(65 + i)}`;
      people.push({ ...(await memberWithRole(t, admin, 'staff', name)), name });
    }
    const slt = (
      await as(admin.token)
        .post('/api/staff-groups', { name: 'SLT', memberIds: [people[0]!.staffId, people[1]!.staffId, people[2]!.staffId] })
        .expect(201)
    ).body as { id: string };
    const everyDay = (people: number) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people }));
    const create = async (body: object) => ((await as(admin.token).post('/api/duties', body).expect(201)).body as { duty: { id: string } }).duty.id;
    const lunch = await create({ name: 'Lunch', place: 'Canteen', startTime: '12:30', endTime: '13:10', weekdays: everyDay(1) });
    const field = await create({ name: 'Break', place: 'Field', startTime: '10:40', endTime: '11:00', weekdays: everyDay(2) });
    const gate = await create({
      name: 'Lunch gate',
      startTime: '12:40',
      endTime: '13:00',
      weekdays: [2, 4].map((weekday) => ({ weekday, people: 1 })),
      eligible: 'listed',
      groupIds: [slt.id],
    });
    // Two duties a day at most, the all-day Duty Manager duty among them.
    await as(admin.token).put('/api/duty-rules', { maxDutiesPerDay: 2, allDayDutiesCount: true }).expect(200);
    const duties = (await as(admin.token).get('/api/duties').expect(200)).body as { id: string; isDutyManager: boolean }[];
    const dutyManager = duties.find((d) => d.isDutyManager)!.id;

    const filled = await as(admin.token)
      .post('/api/rota/fill-unassigned', { endDate: '2026-11-13', allWeekdays: true, dutyIds: [lunch, field, gate, dutyManager] })
      .expect(200);
    // Tomorrow (Tuesday 3rd) to Friday 13th: 9 school days × (2 + 1 + 2), and the gate on 2 Tuesdays and 2 Thursdays.
    expect(filled.body).toMatchObject({ startDate: '2026-11-03', endDate: '2026-11-13', changedDays: 9, changedSlots: 9 * 5 + 4, unfilledSlots: 0 });

    const grid = (await as(admin.token).get('/api/rota/grid?startDate=2026-11-03&endDate=2026-11-13').expect(200)).body as Grid;
    const byId = new Map(grid.duties.map((d) => [d.id, d]));
    const sltIds = new Set([people[0]!.staffId, people[1]!.staffId, people[2]!.staffId]);
    for (const day of grid.days) {
      const ofPerson = new Map<string, { dutyId: string; window: { start: number; end: number } | null }[]>();
      for (const cell of day.duties) {
        expect({ date: day.date, dutyId: cell.dutyId, filled: cell.slots.filter((s) => s.staff).length }).toEqual({
          date: day.date,
          dutyId: cell.dutyId,
          filled: cell.needed,
        });
        const duty = byId.get(cell.dutyId)!;
        const window = duty.startTime && duty.endTime ? { start: toMinutes(duty.startTime), end: toMinutes(duty.endTime) } : null;
        for (const slot of cell.slots) {
          if (!slot.staff) continue;
          if (cell.dutyId === gate) expect(sltIds.has(slot.staff.id)).toBe(true);
          (ofPerson.get(slot.staff.id) ?? ofPerson.set(slot.staff.id, []).get(slot.staff.id)!).push({ dutyId: cell.dutyId, window });
        }
      }
      for (const [staffId, mine] of ofPerson) {
        expect({ date: day.date, staffId, duties: mine.length <= 2 }).toEqual({ date: day.date, staffId, duties: true });
        for (const a of mine) {
          for (const b of mine) {
            if (a === b || !a.window || !b.window) continue;
            expect({ date: day.date, staffId, overlap: a.window.start < b.window.end && b.window.start < a.window.end }).toEqual({
              date: day.date,
              staffId,
              overlap: false,
            });
          }
        }
      }
    }
    // The gate overlaps lunch: on its days nobody holds both.
    expect(grid.days.filter((d) => d.duties.some((c) => c.dutyId === gate)).map((d) => d.date)).toEqual([
      '2026-11-03',
      '2026-11-05',
      '2026-11-10',
      '2026-11-12',
    ]);

    // The spec's rota is the Duty Manager duty's, filled as part of the plan.
    const rota = (await as(admin.token).get('/api/rota?startDate=2026-11-03&endDate=2026-11-13').expect(200)).body as {
      slots: { staff: unknown }[];
    }[];
    expect(rota).toHaveLength(9);
    expect(rota.every((d) => d.slots.length === 2 && d.slots.every((s) => s.staff))).toBe(true);
    expect((await as(admin.token).get('/api/rota/health').expect(200)).body.violations).toEqual([]);

    // Planned again with nothing to do, it changes nothing.
    const again = await as(admin.token)
      .post('/api/rota/fill-unassigned', { endDate: '2026-11-13', allWeekdays: true, dutyIds: [lunch, field, gate] })
      .expect(200);
    expect(again.body).toMatchObject({ changedDays: 0, changedSlots: 0, unfilledSlots: 0 });
  });

  it('refuses a duty it cannot plan: another school’s or unknown (404), a paused one (400)', async () => {
    const other = await registerOrganization(t);
    const theirs = (
      (
        await as(other.token)
          .post('/api/duties', { name: 'Their gate', weekdays: [{ weekday: 1, people: 1 }] })
          .expect(201)
      ).body as { duty: { id: string } }
    ).duty.id;
    const res = await as(admin.token)
      .post('/api/rota/fill-unassigned', { endDate: '2026-11-13', allWeekdays: true, dutyIds: [theirs] })
      .expect(404);
    expect(res.body.message).toBe('Duty not found');
    const mine = (
      (
        await as(admin.token)
          .post('/api/duties', { name: 'Library', weekdays: [{ weekday: 3, people: 1 }] })
          .expect(201)
      ).body as { duty: { id: string } }
    ).duty.id;
    await as(admin.token).post(`/api/duties/${mine}/pause`).expect(200);
    const paused = await as(admin.token)
      .post('/api/rota/reshuffle-future', { endDate: '2026-11-13', allWeekdays: true, dutyIds: [mine] })
      .expect(400);
    expect(paused.body.message).toBe("'Library' is paused: resume it to plan it");
    await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2026-11-13', allWeekdays: true, dutyIds: [] }).expect(400);
  });
});
