import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
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

  it('keeps every duty true after a change of facts: a paused duty’s people go, so do those no longer allowed, and each is told once', async () => {
    const school = await registerOrganization(t);
    const people: { staffId: string; name: string; token: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const name = `Repair ${String.fromCharCode(65 + i)}`;
      people.push({ ...(await memberWithRole(t, school, 'staff', name)), name });
    }
    const everyDay = (n: number) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: n }));
    const create = async (body: object) => ((await as(school.token).post('/api/duties', body).expect(201)).body as { duty: { id: string } }).duty.id;
    const lunch = await create({ name: 'Lunch', place: 'Canteen', startTime: '12:30', endTime: '13:10', weekdays: everyDay(1) });
    const field = await create({ name: 'Break', place: 'Field', startTime: '10:40', endTime: '11:00', weekdays: everyDay(1) });
    await as(school.token)
      .post('/api/rota/fill-unassigned', { endDate: '2026-11-13', allWeekdays: true, dutyIds: [lunch, field] })
      .expect(200);
    const held = async (duty: string) => {
      const grid = (await as(school.token).get('/api/rota/grid?startDate=2026-11-03&endDate=2026-11-13').expect(200)).body as Grid;
      return grid.days.flatMap((d) =>
        d.duties.filter((c) => c.dutyId === duty).flatMap((c) => c.slots.flatMap((s) => (s.staff ? [{ date: d.date, id: s.staff.id }] : []))),
      );
    };
    expect(await held(lunch)).toHaveLength(9);
    expect(await held(field)).toHaveLength(9);
    const cancellations = async () =>
      (
        (await as(school.token).get('/api/cancel-requests').expect(200)).body as {
          staffId: string;
          date: string;
          reason: string;
          status: string;
          duty?: { id: string; name: string; place?: string | null; startTime?: string | null; endTime?: string | null };
        }[]
      ).filter((c) => c.status === 'approved');

    // Pausing the field takes its people off from today on, each recorded with why, and tells each of them once.
    const fieldPeople = new Set((await held(field)).map((h) => h.id));
    // The fill's notices are written as its emails go out: sent first, then read.
    await t.get(OutboxWorker).finishSending();
    for (const person of people) await as(person.token).post('/api/notifications/read-all').expect(200);
    const paused = await as(school.token).post(`/api/duties/${field}/pause`).expect(200);
    expect(paused.body.rotaChange).toMatchObject({ removedDuties: 9, refilledDuties: 0 });
    expect(paused.body.rotaChange.message).toBe("Pausing the duty 'Break' removed 9 duties on 3–13 Nov; 0 refilled (duty paused).");
    expect(await held(field)).toEqual([]);
    expect(await held(lunch)).toHaveLength(9);
    const records = await cancellations();
    expect(records).toHaveLength(9);
    expect(new Set(records.map((r) => r.reason))).toEqual(new Set(['Break is paused']));
    // Each record names its duty; the Duty Manager duty's records don't (the spec's shape).
    expect(new Set(records.map((r) => JSON.stringify(r.duty)))).toEqual(
      new Set([JSON.stringify({ id: field, name: 'Break', place: 'Field', startTime: '10:40', endTime: '11:00' })]),
    );
    for (const person of people.filter((p) => fieldPeople.has(p.staffId))) {
      await t.get(OutboxWorker).finishSending();
      const items = ((await as(person.token).get('/api/notifications').expect(200)).body as { items: { kind: string; readAt: string | null }[] })
        .items;
      const unread = items.filter((n) => n.kind === 'duty_changed' && n.readAt === null).length;
      expect({ person: person.name, unread }).toEqual({ person: person.name, unread: 1 });
    }

    // Every duty's health: nothing breaks a rule.
    const health = async () =>
      (await as(school.token).get('/api/rota/health/all').expect(200)).body as {
        from: string;
        duties: { dutyId: string; name: string; violations: { rule: string; reason: string }[] }[];
      };
    expect((await health()).duties.map((d) => [d.name, d.violations])).toEqual([
      ['Duty Manager', []],
      ['Lunch', []],
      ['Break', []],
    ]);
    // Lunch now only for A and B: everyone else on it goes, and A or B takes their place.
    const ab = [people[0]!.staffId, people[1]!.staffId];
    const before = await held(lunch);
    const others = before.filter((h) => !ab.includes(h.id));
    expect(others.length).toBeGreaterThan(0);
    const changed = await as(school.token).put(`/api/duties/${lunch}`, { eligible: 'listed', staffIds: ab }).expect(200);
    expect(changed.body.rotaChange).toMatchObject({ removedDuties: others.length, refilledDuties: others.length });
    const after = await held(lunch);
    expect(after).toHaveLength(9);
    expect(after.every((h) => ab.includes(h.id))).toBe(true);
    const reasons = (await cancellations()).filter((r) => !r.reason.startsWith('Break')).map((r) => r.reason);
    expect(new Set(reasons)).toEqual(new Set(['Lunch — Canteen: Not allowed on Lunch']));
    // Nothing left to repair: the rota is true for every duty.
    const again = await as(school.token)
      .put(`/api/duties/${lunch}`, { eligible: 'listed', staffIds: ab, description: 'Queue by the hatch' })
      .expect(200);
    expect(again.body.rotaChange).toBeNull();
    // Written round the app, a paused duty's person shows there.
    const [org] = await sqlOf(t)(`select organization_id from staff where id = ?`, [people[0]!.staffId]);
    await sqlOf(t)(`insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, '2026-11-20') on conflict do nothing`, [
      org!.organization_id,
    ]);
    await sqlOf(t)(
      `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id, duty_id)
       select gen_random_uuid(), organization_id, id, date, 1, ?, ? from rota_days where organization_id = ? and date = '2026-11-20'`,
      [people[0]!.staffId, field, org!.organization_id],
    );
    expect((await health()).duties.find((d) => d.dutyId === field)!.violations).toEqual([
      expect.objectContaining({ date: '2026-11-20', position: 1, staffId: people[0]!.staffId, rule: 'duty_paused', reason: 'Break is paused' }),
    ]);
  });
  it('puts nobody on the Duty Manager duty by hand who may not take it, or over the daily maximum with their other duties', async () => {
    const school = await registerOrganization(t);
    const ann = { ...(await memberWithRole(t, school, 'staff', 'Hand Ann')), name: 'Hand Ann' };
    const bob = { ...(await memberWithRole(t, school, 'staff', 'Hand Bob')), name: 'Hand Bob' };
    const lunch = (
      (
        await as(school.token)
          .post('/api/duties', { name: 'Lunch', startTime: '12:30', endTime: '13:10', weekdays: [{ weekday: 3, people: 1 }] })
          .expect(201)
      ).body as {
        duty: { id: string };
      }
    ).duty.id;
    await as(school.token)
      .post('/api/rota/fill-unassigned', { endDate: '2026-11-04', allWeekdays: true, dutyIds: [lunch] })
      .expect(200);
    const grid = (await as(school.token).get('/api/rota/grid?startDate=2026-11-04&endDate=2026-11-04').expect(200)).body as Grid;
    const onLunch = grid.days[0]!.duties.find((c) => c.dutyId === lunch)!.slots[0]!.staff!.id;
    const other = onLunch === ann.staffId ? bob : ann;

    // At most one duty a day (the default), the all-day Duty Manager duty counted.
    const full = await as(school.token).post('/api/rota', { date: '2026-11-04', dutyManager1Id: onLunch }).expect(409);
    expect(full.body).toMatchObject({
      code: 'daily_max',
      message: expect.stringMatching(/ already has 1 duty on Wednesday 4 November 2026: at most 1 duty a day$/),
    });
    await as(school.token).put('/api/duty-rules', { maxDutiesPerDay: 2, allDayDutiesCount: true }).expect(200);
    await as(school.token).post('/api/rota', { date: '2026-11-04', dutyManager1Id: onLunch }).expect(201);

    // The Duty Manager duty for SLT only.
    const slt = (
      await as(school.token)
        .post('/api/staff-groups', { name: 'SLT', memberIds: [onLunch] })
        .expect(201)
    ).body as { id: string };
    const duties = (await as(school.token).get('/api/duties').expect(200)).body as { id: string; isDutyManager: boolean }[];
    await as(school.token)
      .put(`/api/duties/${duties.find((d) => d.isDutyManager)!.id}`, { eligible: 'listed', groupIds: [slt.id] })
      .expect(200);
    const refused = await as(school.token).post('/api/rota', { date: '2026-11-05', dutyManager1Id: other.staffId }).expect(409);
    expect(refused.body).toMatchObject({ code: 'not_allowed', message: `${other.name} isn't allowed on Duty Manager` });
  });
  it('takes people off a duty open to a staff group when they leave the group, or the group goes', async () => {
    const school = await registerOrganization(t);
    const ann = await memberWithRole(t, school, 'staff', 'Group Ann');
    const bob = await memberWithRole(t, school, 'staff', 'Group Bob');
    const first = (
      await as(school.token)
        .post('/api/staff-groups', { name: 'First aiders', memberIds: [ann.staffId, bob.staffId] })
        .expect(201)
    ).body as { id: string };
    const sports = (
      (
        await as(school.token)
          .post('/api/duties', {
            name: 'Sports hall',
            startTime: '12:30',
            endTime: '13:10',
            weekdays: [{ weekday: 2, people: 2 }],
            eligible: 'listed',
            groupIds: [first.id],
          })
          .expect(201)
      ).body as {
        duty: { id: string };
      }
    ).duty.id;
    await as(school.token)
      .post('/api/rota/fill-unassigned', { endDate: '2026-11-17', allWeekdays: true, dutyIds: [sports] })
      .expect(200);
    const held = async () => {
      const grid = (await as(school.token).get('/api/rota/grid?startDate=2026-11-03&endDate=2026-11-17').expect(200)).body as Grid;
      return grid.days.flatMap((d) =>
        d.duties.filter((c) => c.dutyId === sports).flatMap((c) => c.slots.flatMap((slot) => (slot.staff ? [slot.staff.id] : []))),
      );
    };
    expect((await held()).sort()).toEqual([ann.staffId, ann.staffId, ann.staffId, bob.staffId, bob.staffId, bob.staffId].sort());

    const left = await as(school.token)
      .put(`/api/staff-groups/${first.id}`, { memberIds: [ann.staffId] })
      .expect(200);
    expect(await held()).toEqual([ann.staffId, ann.staffId, ann.staffId]);
    // The answer tells whoever made the change what it did, as every change of facts does.
    expect(left.body.rotaChange).toMatchObject({ removedDuties: 3 });
    expect(left.body.rotaChange.message).toMatch(/^Changing the staff group 'First aiders' removed 3 duties/);
    const gone = await as(school.token).delete(`/api/staff-groups/${first.id}`).expect(200);
    expect(await held()).toEqual([]);
    expect(gone.body.rotaChange).toMatchObject({ removedDuties: 3 });
    expect(gone.body.rotaChange.message).toMatch(/^Deleting the staff group 'First aiders' removed 3 duties/);
    const reasons = ((await as(school.token).get('/api/cancel-requests').expect(200)).body as { reason: string; status: string }[]).map(
      (r) => r.reason,
    );
    expect(new Set(reasons)).toEqual(new Set(['Sports hall: Not allowed on Sports hall']));
  });
  it('refills a freed Duty Manager slot only with someone free of other duties that day, reporting each removal once', async () => {
    const school = await registerOrganization(t);
    const people = [];
    for (const name of ['Refill Ann', 'Refill Bob', 'Refill Cat', 'Refill Dan']) people.push(await memberWithRole(t, school, 'staff', name));
    await as(school.token).put('/api/duty-rules', { maxDutiesPerDay: 1, allDayDutiesCount: true }).expect(200);
    const lunch = (
      (
        await as(school.token)
          .post('/api/duties', {
            name: 'Lunch',
            startTime: '12:30',
            endTime: '13:10',
            weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 2 })),
          })
          .expect(201)
      ).body as { duty: { id: string } }
    ).duty.id;
    const dutyManager = ((await as(school.token).get('/api/duties').expect(200)).body as { id: string; isDutyManager: boolean }[]).find(
      (d) => d.isDutyManager,
    )!.id;
    // Tuesday to Friday: two Duty Managers and two at lunch a day, one duty each — all four every day.
    await as(school.token)
      .post('/api/rota/fill-unassigned', { endDate: '2026-11-06', allWeekdays: true, dutyIds: [dutyManager, lunch] })
      .expect(200);
    const onDuty = async () => {
      const grid = (await as(school.token).get('/api/rota/grid?startDate=2026-11-03&endDate=2026-11-06').expect(200)).body as Grid;
      return grid.days.map((d) => ({
        date: d.date,
        people: d.duties.flatMap((c) => c.slots.flatMap((slot) => (slot.staff ? [slot.staff.id] : []))),
      }));
    };
    expect((await onDuty()).map((d) => d.people.length)).toEqual([4, 4, 4, 4]);

    // Ann goes: nobody is free on her days, so her Duty Manager slots stay open rather than go to
    // someone at lunch (who would then have to come off one of the two).
    const left = await as(school.token).put(`/api/staff/${people[0]!.staffId}`, { isActive: false }).expect(200);
    expect(left.body.rotaChange).toMatchObject({ removedDuties: 4, refilledDuties: 0 });
    for (const day of await onDuty()) {
      expect(day.people).not.toContain(people[0]!.staffId);
      expect(new Set(day.people).size).toBe(day.people.length);
      expect(day.people).toHaveLength(3);
    }
    const health = (await as(school.token).get('/api/rota/health/all').expect(200)).body as { duties: { violations: unknown[] }[] };
    expect(health.duties.flatMap((d) => d.violations)).toEqual([]);

    // With Eve on the staff, Bob's going is refilled by her, on whichever duty he held.
    const eve = await memberWithRole(t, school, 'staff', 'Refill Eve');
    const bobGoes = await as(school.token).put(`/api/staff/${people[1]!.staffId}`, { isActive: false }).expect(200);
    expect(bobGoes.body.rotaChange).toMatchObject({ removedDuties: 4, refilledDuties: 4 });
    for (const day of await onDuty()) {
      expect(day.people).toContain(eve.staffId);
      expect(new Set(day.people).size).toBe(day.people.length);
    }
  });
});
