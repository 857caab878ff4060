import { MikroORM } from '@mikro-orm/core';
import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface Slot {
  position: number;
  staff: { id: string; name: string } | null;
}
interface Day {
  id: string;
  date: string;
  dutyManager1Id: string | null;
  dutyManager2Id: string | null;
  dutyManager1: { id: string; name: string } | null;
  dutyManager2: { id: string; name: string } | null;
  slots: Slot[];
}

/** Weekday dates from `start` to `end`, inclusive. */
function weekdays(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

describe('rota', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    // Monday 8 September 2025, 9 am in London: the spec's example clock.
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
  });

  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  /** A new organisation with `teaching` + `nonTeaching` active staff, named so they sort in order. */
  async function school(teaching: number, nonTeaching: number) {
    const admin = await registerOrganization(t);
    const staff: { id: string; name: string; isTeaching: boolean }[] = [];
    for (let i = 0; i < teaching + nonTeaching; i += 1) {
      const isTeaching = i < teaching;
      const name = `${isTeaching ? 'Teacher' : 'Support'} ${String(i).padStart(2, '0')}`;
      const res = await as(admin.token)
        .post('/api/staff', { name, email: `p${i}-${admin.subdomain}@example.com`, isTeaching })
        .expect(201);
      staff.push({ id: res.body.id, name, isTeaching });
    }
    return { admin, staff };
  }

  const rota = async (admin: Account, start: string, end: string): Promise<Day[]> =>
    (await as(admin.token).get(`/api/rota?startDate=${start}&endDate=${end}`).expect(200)).body;

  describe('fill unassigned, reshuffle and clear', () => {
    it('fills every school day of the academic year from tomorrow, skipping holidays, fairly and with the mix', async () => {
      const { admin, staff } = await school(3, 3);
      await as(admin.token)
        .post('/api/holidays', { name: 'Autumn half term', type: 'half_term', startDate: '2025-10-27', endDate: '2025-10-31' })
        .expect(201);
      await as(admin.token)
        .post('/api/holidays', { name: 'Christmas Day', type: 'bank_holiday', startDate: '2025-12-25', endDate: '2025-12-25' })
        .expect(201);

      const res = await as(admin.token).post('/api/rota/fill-unassigned', { allWeekdays: true }).expect(200);
      const schoolDays = weekdays('2025-09-09', '2026-08-31').filter(
        (d) => !(d >= '2025-10-27' && d <= '2025-10-31') && d !== '2025-12-25',
      );
      expect(res.body).toMatchObject({
        startDate: '2025-09-09',
        endDate: '2026-08-31',
        changedDays: schoolDays.length,
        changedSlots: schoolDays.length * 2,
        unfilledSlots: 0,
      });
      expect(res.body.message).toBe(`Filled ${schoolDays.length * 2} slots on ${schoolDays.length} days from 9 September 2025 to 31 August 2026.`);

      const days = await rota(admin, '2025-09-01', '2026-08-31');
      expect(days.map((d) => d.date)).toEqual(schoolDays);
      const teaching = new Set(staff.filter((s) => s.isTeaching).map((s) => s.id));
      const counts = new Map<string, number>();
      for (const day of days) {
        expect(day.slots).toHaveLength(2);
        const ids = day.slots.map((s) => s.staff!.id);
        expect(new Set(ids).size).toBe(2);
        expect(ids.filter((id) => teaching.has(id))).toHaveLength(1);
        expect(day.dutyManager1Id).toBe(ids[0]);
        expect(day.dutyManager2).toEqual(day.slots[1]!.staff);
        for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      expect(Math.max(...counts.values()) - Math.min(...counts.values())).toBeLessThanOrEqual(1);

      const audit = await sql(`select action, summary from audit_entries where action like 'rota.%' and organization_id = (select organization_id from staff where id = ?)`, [staff[0]!.id]);
      expect(audit).toEqual([{ action: 'rota.filled', summary: `Filled the rota: ${res.body.message}` }]);

      // A second fill has nothing to do and moves nobody.
      const again = await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2026-08-31', allWeekdays: true }).expect(200);
      expect(again.body).toMatchObject({ changedDays: 0, changedSlots: 0 });
      expect(await rota(admin, '2025-09-01', '2026-08-31')).toEqual(days);
    });

    it('fill keeps hand assignments; reshuffle replans; clear removes from today on and keeps the past', async () => {
      const { admin, staff } = await school(2, 2);
      const [a, b, c] = staff;
      await as(admin.token).post('/api/rota', { date: '2025-09-05', dutyManager1Id: a!.id, dutyManager2Id: b!.id }).expect(201);
      await as(admin.token).post('/api/rota', { date: '2025-09-08', dutyManager1Id: a!.id }).expect(201);
      const kept = await as(admin.token).post('/api/rota', { date: '2025-09-10', dutyManager1Id: c!.id, dutyManager2Id: null }).expect(201);

      const fill = await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2025-09-19', allWeekdays: true }).expect(200);
      expect(fill.body).toMatchObject({ startDate: '2025-09-09', endDate: '2025-09-19', changedDays: 9, changedSlots: 17 });
      const afterFill = await rota(admin, '2025-09-09', '2025-09-19');
      expect(afterFill.find((d) => d.date === '2025-09-10')!.dutyManager1Id).toBe(c!.id);
      expect(afterFill.find((d) => d.date === '2025-09-10')!.id).toBe(kept.body.id);
      // Today is not planned by fill (it runs from tomorrow): 8 Sept still has one person.
      expect((await rota(admin, '2025-09-08', '2025-09-08'))[0]!.dutyManager2Id).toBeNull();

      // Someone who leaves is taken off all their duties at once, each refilled
      // (docs/product.md#the-rota-stays-true); reshuffling then replans every future slot.
      const cDays = afterFill.filter((d) => d.slots.some((s) => s.staff?.id === c!.id)).length;
      const left = await as(admin.token).put(`/api/staff/${c!.id}`, { isActive: false }).expect(200);
      expect(left.body.rotaChange).toMatchObject({ removedDuties: cDays, refilledDuties: cDays });
      for (const day of await rota(admin, '2025-09-09', '2025-09-19')) {
        expect(day.slots.map((s) => s.staff?.id)).not.toContain(c!.id);
        expect(day.slots.every((s) => s.staff)).toBe(true);
      }
      const reshuffle = await as(admin.token).post('/api/rota/reshuffle-future', { endDate: '2025-09-19', allWeekdays: true }).expect(200);
      expect(reshuffle.body.changedDays).toBeGreaterThan(0);
      const afterReshuffle = await rota(admin, '2025-09-09', '2025-09-19');
      expect(afterReshuffle).toHaveLength(9);
      for (const day of afterReshuffle) {
        expect(day.slots.every((s) => s.staff && s.staff.id !== c!.id)).toBe(true);
      }

      // A's duty today was set by hand: pinned, Clear keeps it (docs/product.md#pinned-duties).
      const cleared = await as(admin.token).post('/api/rota/clear-future').expect(200);
      expect(cleared.body).toMatchObject({ startDate: '2025-09-08', changedDays: 9, changedSlots: 18 });
      expect(cleared.body.message).toBe('Removed 18 assignments on 9 days from Monday 8 September 2025 on.');
      const remaining = await rota(admin, '2025-09-01', '2026-08-31');
      expect(remaining.map((d) => d.date)).toEqual(['2025-09-05', '2025-09-08']);
      expect(remaining[1]!.slots.map((s) => s.staff?.id ?? null)).toEqual([a!.id, null]);

      const actions = await sql(
        `select action from audit_entries where action like 'rota.%' and organization_id = (select organization_id from staff where id = ?) order by id`,
        [a!.id],
      );
      expect(actions.map((r) => r.action)).toEqual([
        'rota.assigned',
        'rota.assigned',
        'rota.assigned',
        'rota.filled',
        'rota.adjusted',
        'rota.reshuffled',
        'rota.cleared',
      ]);
    });

    it('refuses an end date that is not after today, and staff may not run the tools', async () => {
      const { admin } = await school(1, 1);
      const past = await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2025-09-08' }).expect(400);
      expect(past.body.message).toBe('The end date must be after today (Monday 8 September 2025)');
      const invalid = await as(admin.token).post('/api/rota/reshuffle-future', { endDate: '2026-02-30' }).expect(400);
      expect(invalid.body.message).toContain('endDate must be a real date');
      const member = await memberWithRole(t, admin, 'staff');
      for (const tool of ['reshuffle-future', 'fill-unassigned', 'clear-future']) {
        const denied = await as(member.token).post(`/api/rota/${tool}`).expect(403);
        expect(denied.body.message).toBe("You don't have permission to change the rota");
      }
      const manager = await memberWithRole(t, admin, 'manager');
      await as(manager.token).post('/api/rota/fill-unassigned', { endDate: '2025-09-12', allWeekdays: true }).expect(200);
    });
  });

  describe('assigning by hand', () => {
    it('creates a day with manager 2 empty, then fills the first empty slot', async () => {
      const { admin, staff } = await school(2, 1);
      const [a, b, c] = staff;
      const created = await as(admin.token)
        .post('/api/rota', { date: '2025-09-15', dutyManager1Id: a!.id, dutyManager2Id: null })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        date: '2025-09-15',
        dutyManager1Id: a!.id,
        dutyManager2Id: null,
        dutyManager1: { id: a!.id, name: a!.name },
        dutyManager2: null,
        slots: [
          { position: 1, staff: { id: a!.id, name: a!.name } },
          { position: 2, staff: null },
        ],
      });
      // The PUT repeats who is there and names the newcomer.
      const updated = await as(admin.token)
        .put(`/api/rota/${created.body.id}`, { dutyManager1Id: a!.id, dutyManager2Id: b!.id })
        .expect(200);
      expect(updated.body.slots.map((s: Slot) => s.staff?.id)).toEqual([a!.id, b!.id]);

      const full = await as(admin.token)
        .put(`/api/rota/${created.body.id}`, { dutyManager1Id: a!.id, dutyManager2Id: c!.id })
        .expect(409);
      expect(full.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        code: 'slots_full',
        message: 'Both Duty Manager slots are already filled for this day',
      });
      const duplicate = await as(admin.token).post('/api/rota', { date: '2025-09-15', dutyManager1Id: b!.id }).expect(409);
      expect(duplicate.body).toMatchObject({ code: 'duplicate_assignment', message: 'This staff member is already assigned to this day' });
      const twiceInBody = await as(admin.token).post('/api/rota', { date: '2025-09-16', slots: [c!.id, c!.id] }).expect(409);
      expect(twiceInBody.body.code).toBe('duplicate_assignment');
      // Nothing was half-written by the refused requests.
      expect((await rota(admin, '2025-09-15', '2025-09-16')).map((d) => d.date)).toEqual(['2025-09-15']);
    });

    it('puts a newcomer in the slot named when it is empty, else the first empty one', async () => {
      const { admin, staff } = await school(2, 1);
      const [a, b, c] = staff;
      const day = await as(admin.token).post('/api/rota', { date: '2025-09-17', dutyManager2Id: a!.id }).expect(201);
      expect(day.body.slots.map((s: Slot) => s.staff?.id ?? null)).toEqual([null, a!.id]);
      // A stale client thinks slot 2 is free: b goes to the free slot 1 instead of replacing a.
      const moved = await as(admin.token).put(`/api/rota/${day.body.id}`, { slots: [null, b!.id] }).expect(200);
      expect(moved.body.slots.map((s: Slot) => s.staff?.id ?? null)).toEqual([b!.id, a!.id]);
      // Nobody is removed by leaving them out.
      const same = await as(admin.token).put(`/api/rota/${day.body.id}`, { dutyManager1Id: null, dutyManager2Id: null }).expect(200);
      expect(same.body.slots.map((s: Slot) => s.staff?.id ?? null)).toEqual([b!.id, a!.id]);
      void c;
    });

    it('refuses weekends, holidays, inactive people and other organisations’ staff, with a message', async () => {
      const { admin, staff } = await school(2, 0);
      const [a, b] = staff;
      const saturday = await as(admin.token).post('/api/rota', { date: '2025-09-13', dutyManager1Id: a!.id }).expect(400);
      expect(saturday.body.message).toBe('Duties are assigned on weekdays only (Monday to Friday)');
      await as(admin.token)
        .post('/api/holidays', { name: 'Inset day', type: 'inset_day', startDate: '2025-09-19', endDate: '2025-09-19' })
        .expect(201);
      const holiday = await as(admin.token).post('/api/rota', { date: '2025-09-19', dutyManager1Id: a!.id }).expect(409);
      expect(holiday.body.message).toBe('Friday 19 September 2025 is a holiday (Inset day, Inset Day): nobody is on duty on holidays');
      await as(admin.token).put(`/api/staff/${b!.id}`, { isActive: false }).expect(200);
      const inactive = await as(admin.token).post('/api/rota', { date: '2025-09-18', dutyManager1Id: b!.id }).expect(409);
      expect(inactive.body.message).toBe(`${b!.name} is inactive and can't be put on duty`);
      const other = await school(1, 0);
      const foreign = await as(admin.token).post('/api/rota', { date: '2025-09-18', dutyManager1Id: other.staff[0]!.id }).expect(404);
      expect(foreign.body.message).toBe('Staff member not found');
      const nobody = await as(admin.token).post('/api/rota', { date: '2025-09-18' }).expect(400);
      expect(nobody.body.message).toBe('Please select a staff member to assign');
      const notAnId = await as(admin.token).post('/api/rota', { date: '2025-09-18', dutyManager1Id: 'alice' }).expect(400);
      expect(notAnId.body.message).toBe("dutyManager1Id must be a staff member's id");
      expect(await rota(admin, '2025-09-01', '2025-09-30')).toEqual([]);
    });

    it('lets staff read the rota but not change it; another organisation’s day is 404', async () => {
      const { admin, staff } = await school(1, 0);
      const day = await as(admin.token).post('/api/rota', { date: '2025-09-22', dutyManager1Id: staff[0]!.id }).expect(201);
      const member = await memberWithRole(t, admin, 'staff');
      expect((await as(member.token).get('/api/rota?startDate=2025-09-22&endDate=2025-09-22').expect(200)).body).toHaveLength(1);
      const denied = await as(member.token).post('/api/rota', { date: '2025-09-23', dutyManager1Id: staff[0]!.id }).expect(403);
      expect(denied.body.message).toBe("You don't have permission to change the rota");
      const other = await school(1, 0);
      await as(other.admin.token).put(`/api/rota/${day.body.id}`, { dutyManager1Id: other.staff[0]!.id }).expect(404);
      expect(await rota(other.admin, '2025-09-22', '2025-09-22')).toEqual([]);
      await as(admin.token).put('/api/rota/not-a-uuid', { dutyManager1Id: null }).expect(404);
      const tooLong = await as(admin.token).get('/api/rota?startDate=2025-01-01&endDate=2027-12-31').expect(400);
      expect(tooLong.body.message).toBe('The date range can cover at most two years; ask for a shorter period');
    });
  });

  describe('the last free slot under concurrency', () => {
    it('gives it to exactly one of many admins assigning at once; the others get "Slots full"', async () => {
      const { admin, staff } = await school(8, 0);
      const [first, ...rest] = staff;
      await as(admin.token).post('/api/rota', { date: '2025-09-24', dutyManager1Id: first!.id }).expect(201);
      const results = await Promise.all(rest.map((s) => as(admin.token).post('/api/rota', { date: '2025-09-24', dutyManager2Id: s.id })));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      const refused = results.filter((r) => r.status === 409);
      expect(refused).toHaveLength(rest.length - 1);
      for (const r of refused) expect(r.body.message).toBe('Both Duty Manager slots are already filled for this day');
      const [day] = await rota(admin, '2025-09-24', '2025-09-24');
      expect(day!.slots.filter((s) => s.staff)).toHaveLength(2);
    });

    it('gives a brand-new day its slots once, however many create it at the same moment', async () => {
      const { admin, staff } = await school(6, 0);
      const results = await Promise.all(staff.map((s) => as(admin.token).post('/api/rota', { date: '2025-09-25', dutyManager1Id: s.id })));
      expect(results.filter((r) => r.status === 201)).toHaveLength(2);
      expect(results.filter((r) => r.status === 409 && r.body.code === 'slots_full')).toHaveLength(4);
      const rows = await sql(`select count(*)::int as n from rota_days where date = '2025-09-25' and organization_id = (select organization_id from staff where id = ?)`, [staff[0]!.id]);
      expect(rows[0]!.n).toBe(1);
    });

    it('has the database refuse a slot beyond the duty managers per day, or a person twice a day', async () => {
      const { admin, staff } = await school(3, 0);
      const day = await as(admin.token).post('/api/rota', { date: '2025-09-26', slots: [staff[0]!.id, staff[1]!.id] }).expect(201);
      const org = (await sql('select organization_id from staff where id = ?', [staff[0]!.id]))[0]!.organization_id;
      await expect(
        sql(`insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id) values (gen_random_uuid(), ?, ?, '2025-09-26', 3, ?)`, [org, day.body.id, staff[2]!.id]),
      ).rejects.toThrow(/beyond the duty managers per day/);
      await expect(
        sql(`update rota_slots set staff_id = ? where rota_day_id = ? and position = 2`, [staff[0]!.id, day.body.id]),
      ).rejects.toThrow(/rota_slots_day_staff_unique/);
      await expect(
        sql(`insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id) values (gen_random_uuid(), ?, ?, '2025-09-26', 6, ?)`, [org, day.body.id, staff[2]!.id]),
      ).rejects.toThrow(/rota_slots_position_range|beyond/);
    });
  });

  describe('duty managers per day', () => {
    it('defaults to 2, is changed by admins only, and sets the number of slots', async () => {
      const { admin, staff } = await school(4, 0);
      expect((await as(admin.token).get('/api/system-settings').expect(200)).body).toMatchObject({ dutyManagersPerDay: 2 });
      for (const bad of [0, 6, 2.5, '3', null]) {
        const res = await as(admin.token).post('/api/system-settings', { dutyManagersPerDay: bad }).expect(400);
        expect(res.body.message).toBe('Duty managers per day must be between 1 and 5');
      }
      const manager = await memberWithRole(t, admin, 'manager');
      const denied = await as(manager.token).post('/api/system-settings', { dutyManagersPerDay: 3 }).expect(403);
      expect(denied.body.message).toBe("You don't have permission to change system settings");
      expect((await as(manager.token).get('/api/system-settings').expect(200)).body).toMatchObject({ dutyManagersPerDay: 2 });

      const three = await as(admin.token).post('/api/system-settings', { dutyManagersPerDay: 3 }).expect(200);
      expect(three.body).toMatchObject({ dutyManagersPerDay: 3, removedSlots: 0 });
      const day = await as(admin.token).post('/api/rota', { date: '2025-09-29', slots: staff.slice(0, 3).map((s) => s.id) }).expect(201);
      expect(day.body.slots.map((s: Slot) => s.staff?.id)).toEqual(staff.slice(0, 3).map((s) => s.id));
      await as(admin.token).post('/api/rota', { date: '2025-09-08', slots: staff.slice(0, 3).map((s) => s.id) }).expect(201);
      const full = await as(admin.token).post('/api/rota', { date: '2025-09-29', dutyManager1Id: staff[3]!.id }).expect(409);
      expect(full.body.message).toBe('All 3 Duty Manager slots are already filled for this day');

      // A day filled last week under the higher number keeps its record.
      await sql(
        `insert into rota_days (id, organization_id, date) select gen_random_uuid(), organization_id, '2025-09-01' from staff where id = ?`,
        [staff[0]!.id],
      );
      await sql(
        `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id)
         select gen_random_uuid(), d.organization_id, d.id, d.date, x.position, x.staff_id
           from rota_days d, (values (1, ?::uuid), (2, ?::uuid), (3, ?::uuid)) as x(position, staff_id)
          where d.date = '2025-09-01' and d.organization_id = (select organization_id from staff where id = ?)`,
        [...staff.slice(0, 3).map((s) => s.id), staff[0]!.id],
      );
      // Down to one: every day from today (8 Sept) on keeps one person — the rules choose who (all
      // alike here, so slot 1) — and the others are told; the past is untouched.
      const one = await as(admin.token).post('/api/system-settings', { dutyManagersPerDay: 1 }).expect(200);
      expect(one.body).toMatchObject({
        dutyManagersPerDay: 1,
        removedSlots: 4,
        rotaChange: {
          removedDuties: 4,
          refilledDuties: 0,
          dates: ['2025-09-08', '2025-09-29'],
          message: 'Setting duty managers per day to 1 removed 4 duties on 8–29 Sep; 0 refilled (fewer duty managers per day).',
        },
      });
      for (const date of ['2025-09-08', '2025-09-29']) {
        const [day] = await rota(admin, date, date);
        // Set by hand, the duty is pinned (docs/product.md#pinned-duties): admins see so.
        expect(day!.slots).toEqual([
          { position: 1, staff: { id: staff[0]!.id, name: staff[0]!.name }, pinned: true, pinnedReason: 'hand', slotId: expect.any(String) },
        ]);
      }
      const [past] = await rota(admin, '2025-09-01', '2025-09-01');
      expect(past!.slots.map((s) => s.staff?.id)).toEqual(staff.slice(0, 3).map((s) => s.id));
      const audit = await sql(
        `select summary from audit_entries where action = 'settings.duty-managers-per-day' and organization_id = (select organization_id from staff where id = ?) order by id`,
        [staff[0]!.id],
      );
      expect(audit.map((r) => r.summary)).toEqual([
        'Set duty managers per day to 3',
        'Set duty managers per day to 1 (removed 4 future assignments)',
      ]);
    });
  });

  describe('dashboard, statistics and the current week', () => {
    it('reports the spec’s figures from the rota', async () => {
      const { admin, staff } = await school(2, 1);
      const [a, b, c] = staff;
      const empty = (await as(admin.token).get('/api/dashboard-stats').expect(200)).body;
      expect(empty).toEqual({
        activeStaffCount: 3,
        pendingSwaps: 0,
        pendingCancellations: 0,
        // Equal counts: the first by name.
        leastActive: { name: c!.name, count: 0 },
        averageDuties: 0,
        totalDuties: 0,
        month: '2025-09',
        weekStart: '2025-09-08',
        weekEnd: '2025-09-12',
      });
      expect('unfilled' in empty).toBe(false);
      expect('mostActive' in empty).toBe(false);

      await as(admin.token)
        .post('/api/holidays', { name: 'Inset day', type: 'inset_day', startDate: '2025-09-12', endDate: '2025-09-12' })
        .expect(201);
      await as(admin.token).post('/api/rota', { date: '2025-09-08', slots: [a!.id, b!.id] }).expect(201);
      await as(admin.token).post('/api/rota', { date: '2025-09-09', slots: [a!.id, c!.id] }).expect(201);
      await as(admin.token).post('/api/rota', { date: '2025-09-30', slots: [a!.id] }).expect(201);
      await as(admin.token).post('/api/rota', { date: '2025-10-01', slots: [b!.id] }).expect(201);
      const stats = (await as(admin.token).get('/api/dashboard-stats').expect(200)).body;
      // This week: four school days (Friday is an inset day) × 2 slots − 4 filled.
      expect(stats).toMatchObject({
        unfilled: 4,
        activeStaffCount: 3,
        mostActive: { name: a!.name, count: 3 },
        // b and c have one each: the first by name.
        leastActive: { name: c!.name, count: 1 },
        averageDuties: 1.7,
        totalDuties: 5,
      });

      const statistics = (await as(admin.token).get('/api/duty-statistics').expect(200)).body;
      expect(statistics).toMatchObject({
        academicYear: '2025-2026',
        startDate: '2025-09-01',
        endDate: '2026-07-31',
        totalDuties: 6,
        averagePerStaff: 2,
        highest: 3,
        lowest: 1,
      });
      expect(statistics.staff.map((s: { name: string; total: number }) => [s.name, s.total])).toEqual([
        [a!.name, 3],
        [b!.name, 2],
        [c!.name, 1],
      ]);
      expect(statistics.staff[0]).toMatchObject({ monday: 1, tuesday: 2, wednesday: 0, thursday: 0, friday: 0, isTeaching: true, department: null });

      const week = (await as(admin.token).get('/api/current-week').expect(200)).body;
      expect(week).toMatchObject({
        today: '2025-09-08',
        weekStart: '2025-09-08',
        weekEnd: '2025-09-12',
        academicYear: { label: '2025-2026', startDate: '2025-09-01', endDate: '2026-08-31', statisticsEndDate: '2026-07-31' },
        dutyManagersPerDay: 2,
      });
      expect(week.days.map((d: Day) => d.date)).toEqual(['2025-09-08', '2025-09-09']);
    });
  });
});
