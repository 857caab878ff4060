import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface RotaDay {
  id: string;
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null }[];
}

interface Grid {
  days: { date: string; duties: { dutyId: string; needed: number; slots: { position: number; staff: { id: string; name: string } | null }[] }[] }[];
}

interface Candidates {
  date: string;
  closed: string | null;
  candidates: { id: string; name: string; dutiesThisYear: number }[];
}

/**
 * One duty's rota, read and edited by hand as the Duty Manager's is (docs/product.md#duties):
 * `dutyId` on GET/POST/PUT /api/rota and GET /api/rota/candidates. A hand assignment keeps the
 * duty's rules (its weekdays, its people, who may take it) and those across duties (no overlap,
 * the daily maximum); without `dutyId` every answer is the Duty Manager duty's, as before.
 */
describe("one duty's rota by hand", () => {
  let t: TestApp;
  let admin: Account;
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);
  const as = (token: string) => asUser(t, token);
  const person = async (name: string) => ({ ...(await memberWithRole(t, admin, 'staff', name)), name });
  let ann: Awaited<ReturnType<typeof person>>;
  let bob: Awaited<ReturnType<typeof person>>;
  let cat: Awaited<ReturnType<typeof person>>;
  let dan: Awaited<ReturnType<typeof person>>;
  let lunch: string;
  let hall: string;

  const slotsOf = async (dutyId: string) =>
    sql(`select to_char(date, 'YYYY-MM-DD') as date, position, staff_id from rota_slots where duty_id = ? order by date, position`, [dutyId]);

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00' } });
    admin = await registerOrganization(t);
    ann = await person('Ann Lunch');
    bob = await person('Bob Lunch');
    cat = await person('Cat Lunch');
    dan = await person('Dan Lunch');
    // Lunch on the field: Monday (2 people) and Wednesday (1), Ann, Bob and Dan only.
    lunch = (
      await as(admin.token)
        .post('/api/duties', {
          name: 'Lunch',
          place: 'Field',
          startTime: '12:15',
          endTime: '13:00',
          weekdays: [
            { weekday: 1, people: 2 },
            { weekday: 3, people: 1 },
          ],
          eligible: 'listed',
          staffIds: [ann.staffId, bob.staffId, dan.staffId],
        })
        .expect(201)
    ).body.duty.id;
    // The hall at lunch, every Monday, open to everyone: its time overlaps the field's.
    hall = (
      await as(admin.token)
        .post('/api/duties', { name: 'Hall', place: 'Hall', startTime: '12:30', endTime: '13:15', weekdays: [{ weekday: 1, people: 1 }] })
        .expect(201)
    ).body.duty.id;
  });
  afterAll(() => t.close());

  it('assigns by hand to a lunch duty, reads back only its days, and shows it in the grid', async () => {
    const dutyManagerBefore = (await as(admin.token).get('/api/rota?startDate=2026-11-01&endDate=2026-11-30').expect(200)).body;

    const created = (
      await as(admin.token)
        .post('/api/rota', { date: '2026-11-09', slots: [ann.staffId], dutyId: lunch })
        .expect(201)
    ).body as RotaDay;
    expect(created.date).toBe('2026-11-09');
    expect(created.slots).toEqual([
      { position: 1, staff: { id: ann.staffId, name: ann.name } },
      { position: 2, staff: null },
    ]);
    const updated = (
      await as(admin.token)
        .put(`/api/rota/${created.id}`, { slots: [ann.staffId, bob.staffId], dutyId: lunch })
        .expect(200)
    ).body as RotaDay;
    expect(updated.slots.map((s) => s.staff?.name ?? null)).toEqual([ann.name, bob.name]);
    await as(admin.token).post('/api/rota', { date: '2026-11-11', dutyManager1Id: dan.staffId, dutyId: lunch }).expect(201);

    const days = (await as(admin.token).get(`/api/rota?startDate=2026-11-01&endDate=2026-11-30&dutyId=${lunch}`).expect(200)).body as RotaDay[];
    expect(days.map((d) => [d.date, d.slots.map((s) => s.staff?.name ?? null)])).toEqual([
      ['2026-11-09', [ann.name, bob.name]],
      ['2026-11-11', [dan.name]],
    ]);
    // The Duty Manager's rota is as it was, and the hall's empty.
    expect((await as(admin.token).get('/api/rota?startDate=2026-11-01&endDate=2026-11-30').expect(200)).body).toEqual(dutyManagerBefore);
    expect((await as(admin.token).get(`/api/rota?startDate=2026-11-01&endDate=2026-11-30&dutyId=${hall}`).expect(200)).body).toEqual([]);

    const grid = (await as(admin.token).get('/api/rota/grid?startDate=2026-11-09&endDate=2026-11-13').expect(200)).body as Grid;
    const cell = (date: string, dutyId: string) =>
      grid.days
        .find((d) => d.date === date)
        ?.duties.find((c) => c.dutyId === dutyId)
        ?.slots.map((s) => s.staff?.name ?? null);
    expect(cell('2026-11-09', lunch)).toEqual([ann.name, bob.name]);
    expect(cell('2026-11-11', lunch)).toEqual([dan.name]);

    const [audit] = await sql(`select summary from audit_entries where action = 'rota.assigned' order by created_at desc limit 1`);
    expect(audit!.summary).toBe(`Assigned ${dan.name} to Lunch on Wednesday 11 November 2026`);
  });

  it("refuses someone not allowed, an overlapping duty, more people than it needs and a weekday it doesn't run", async () => {
    const before = { lunch: await slotsOf(lunch), hall: await slotsOf(hall) };
    const refused = async (body: object, code: string, message: string) => {
      const res = await as(admin.token).post('/api/rota', body).expect(409);
      expect(res.body).toMatchObject({ code, message });
    };
    // Cat isn't on the list.
    await refused({ date: '2026-11-16', slots: [cat.staffId], dutyId: lunch }, 'not_allowed', `${cat.name} isn't allowed on Lunch`);
    // Ann is on the field on Monday the 9th: not in the hall at the same time.
    await refused(
      { date: '2026-11-09', slots: [ann.staffId], dutyId: hall },
      'overlap',
      `${ann.name} is on Lunch at an overlapping time on Monday 9 November 2026`,
    );
    // Two on the field on the 9th already; one on Wednesday the 11th.
    await refused({ date: '2026-11-09', slots: [dan.staffId], dutyId: lunch }, 'slots_full', 'Both Lunch slots are already filled for this day');
    await refused({ date: '2026-11-11', slots: [ann.staffId], dutyId: lunch }, 'slots_full', 'The Lunch slot is already filled for this day');
    // It doesn't run on Tuesdays.
    await refused({ date: '2026-11-10', slots: [ann.staffId], dutyId: lunch }, 'duty_not_running', "Lunch doesn't run on Tuesdays");
    // A Duty Manager that day holds their one duty a day (the school's default).
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-16', slots: [bob.staffId] })
      .expect(201);
    await refused(
      { date: '2026-11-16', slots: [bob.staffId], dutyId: lunch },
      'daily_max',
      `${bob.name} already has 1 duty on Monday 16 November 2026: at most 1 duty a day`,
    );
    // A paused duty takes nobody.
    await as(admin.token).post(`/api/duties/${hall}/pause`).expect(200);
    await refused({ date: '2026-11-16', slots: [dan.staffId], dutyId: hall }, 'duty_not_running', 'Hall is paused: nobody can be put on it');
    await as(admin.token).post(`/api/duties/${hall}/resume`).expect(200);
    expect({ lunch: await slotsOf(lunch), hall: await slotsOf(hall) }).toEqual(before);
  });

  it("answers another organisation's or an unknown duty with 404, and changes nothing", async () => {
    const other = await registerOrganization(t);
    const theirs = (
      await as(other.token)
        .post('/api/duties', { name: 'Gate', weekdays: [{ weekday: 1, people: 1 }] })
        .expect(201)
    ).body.duty.id;
    const before = await sql(`select id, duty_id, staff_id from rota_slots order by id`);
    for (const dutyId of [theirs, '7d1e9a52-3f3c-4a53-9f4e-0f8a3a1b2c3d']) {
      expect((await as(admin.token).get(`/api/rota?startDate=2026-11-01&endDate=2026-11-30&dutyId=${dutyId}`).expect(404)).body.message).toBe(
        'Duty not found',
      );
      await as(admin.token).get(`/api/rota/candidates?date=2026-11-16&dutyId=${dutyId}`).expect(404);
      await as(admin.token)
        .post('/api/rota', { date: '2026-11-23', slots: [dan.staffId], dutyId })
        .expect(404);
      const [day] = await sql(
        `select id from rota_days where date = '2026-11-09' and organization_id = (select organization_id from staff where id = ?)`,
        [ann.staffId],
      );
      await as(admin.token)
        .put(`/api/rota/${day!.id}`, { slots: [dan.staffId], dutyId })
        .expect(404);
    }
    expect(await sql(`select id, duty_id, staff_id from rota_slots order by id`)).toEqual(before);
    await as(admin.token).get('/api/rota?startDate=2026-11-01&endDate=2026-11-30&dutyId=not-a-uuid').expect(400);
  });

  it('offers as candidates only who may take the duty then: allowed, free at its time, under the daily maximum, lightest load first', async () => {
    // Monday 23 November: Bob is the Duty Manager, Ann is in the hall at lunch.
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-23', slots: [bob.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-23', slots: [ann.staffId], dutyId: hall })
      .expect(201);
    const field = (await as(admin.token).get(`/api/rota/candidates?date=2026-11-23&dutyId=${lunch}`).expect(200)).body as Candidates;
    // Cat isn't allowed, Bob has his one duty, Ann overlaps: Dan alone.
    expect(field).toEqual({ date: '2026-11-23', closed: null, candidates: [expect.objectContaining({ id: dan.staffId, name: dan.name })] });
    // The hall is open to everyone: Cat (no duty yet) before Dan (one lunch on the field).
    const inHall = (await as(admin.token).get(`/api/rota/candidates?date=2026-11-30&dutyId=${hall}`).expect(200)).body as Candidates;
    expect(inHall.candidates.map((c) => [c.name, c.dutiesThisYear])).toEqual([
      [cat.name, 0],
      [dan.name, 1],
      [ann.name, 2],
      [bob.name, 3],
    ]);
    const tuesday = (await as(admin.token).get(`/api/rota/candidates?date=2026-11-24&dutyId=${lunch}`).expect(200)).body as Candidates;
    expect(tuesday).toEqual({ date: '2026-11-24', closed: "Lunch doesn't run on Tuesdays", candidates: [] });
  });

  it('without dutyId answers about the Duty Manager duty as before', async () => {
    const candidates = (await as(admin.token).get('/api/rota/candidates?date=2026-11-23').expect(200)).body as Candidates;
    // Everyone active, not away and not a Duty Manager that day, whatever their other duties.
    expect(candidates.candidates.map((c) => c.name).sort()).toEqual([ann.name, cat.name, dan.name]);
    const days = (await as(admin.token).get('/api/rota?startDate=2026-11-01&endDate=2026-11-30').expect(200)).body as RotaDay[];
    expect(days.map((d) => [d.date, d.slots.map((s) => s.staff?.name ?? null)])).toEqual([
      ['2026-11-16', [bob.name, null]],
      ['2026-11-23', [bob.name, null]],
    ]);
  });

  it("keeps someone off a timed duty during their weekly commitment, not off the Duty Manager's day", async () => {
    await as(admin.token)
      .post('/api/staff-unavailability/recurring', {
        staffId: dan.staffId,
        weekdays: [1],
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        startTime: '12:45',
        endTime: '13:30',
        reason: 'Club',
      })
      .expect(201);
    const res = await as(admin.token)
      .post('/api/rota', { date: '2026-12-07', slots: [dan.staffId], dutyId: lunch })
      .expect(409);
    expect(res.body).toMatchObject({
      code: 'unavailable',
      message: `${dan.name} has a weekly commitment 12:45–13:30 on Monday 7 December 2026 and can't be put on Lunch`,
    });
    const field = (await as(admin.token).get(`/api/rota/candidates?date=2026-12-07&dutyId=${lunch}`).expect(200)).body as Candidates;
    expect(field.candidates.map((c) => c.name)).toEqual([ann.name, bob.name]);
    await as(admin.token)
      .post('/api/rota', { date: '2026-12-07', slots: [dan.staffId] })
      .expect(201);
  });
  it("replaces and removes the person in a lunch slot by the duty's rules, leaving the Duty Manager's day alone", async () => {
    // Monday 30 November: Cat is the Duty Manager, Ann on the field at lunch, Bob in the hall.
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-30', slots: [cat.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-30', slots: [ann.staffId], dutyId: lunch })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-30', slots: [bob.staffId], dutyId: hall })
      .expect(201);
    const dutyManagerDay = async () =>
      ((await as(admin.token).get('/api/rota?startDate=2026-11-30&endDate=2026-11-30').expect(200)).body as RotaDay[]).map((d) =>
        d.slots.map((s) => s.staff?.name ?? null),
      );
    expect(await dutyManagerDay()).toEqual([[cat.name, null]]);
    const before = { lunch: await slotsOf(lunch), hall: await slotsOf(hall) };

    // Cat isn't on the list; Bob is in the hall at an overlapping time.
    const slot = { date: '2026-11-30', position: 1, dutyId: lunch };
    const refused = async (staffId: string, code: string, message: string) =>
      expect(
        (
          await as(admin.token)
            .post('/api/rota/replace', { ...slot, staffId })
            .expect(409)
        ).body,
      ).toMatchObject({ code, message });
    await refused(cat.staffId, 'not_allowed', `${cat.name} isn't allowed on Lunch`);
    await refused(bob.staffId, 'overlap', `${bob.name} is on Hall at an overlapping time on Monday 30 November 2026`);
    expect({ lunch: await slotsOf(lunch), hall: await slotsOf(hall) }).toEqual(before);

    const replaced = (
      await as(admin.token)
        .post('/api/rota/replace', { ...slot, staffId: dan.staffId, expectedStaffId: ann.staffId, reason: 'Ann is on a trip' })
        .expect(200)
    ).body as { days: RotaDay[]; message: string };
    expect(replaced.message).toBe(`${dan.name} takes ${ann.name}'s Lunch duty on Monday 30 November 2026.`);
    expect(replaced.days.map((d) => [d.date, d.slots.map((s) => s.staff?.name ?? null)])).toEqual([['2026-11-30', [dan.name, null]]]);
    const grid = (await as(admin.token).get('/api/rota/grid?startDate=2026-11-30&endDate=2026-11-30').expect(200)).body as Grid;
    expect(grid.days[0]!.duties.find((c) => c.dutyId === lunch)?.slots.map((s) => s.staff?.name ?? null)).toEqual([dan.name, null]);
    expect(await dutyManagerDay()).toEqual([[cat.name, null]]);
    const [annGaveUp] = await sql(`select duty_id, status, reason, replacement_id from cancel_requests where staff_id = ? and date = '2026-11-30'`, [
      ann.staffId,
    ]);
    expect(annGaveUp).toEqual({
      duty_id: lunch,
      status: 'approved',
      reason: `Replaced by ${dan.name}: Ann is on a trip`,
      replacement_id: dan.staffId,
    });
    const [replacedAudit] = await sql(`select summary from audit_entries where action = 'rota.replaced' order by created_at desc limit 1`);
    expect(replacedAudit!.summary).toBe(`Replaced ${ann.name} with ${dan.name} on Lunch on Monday 30 November 2026 (Ann is on a trip)`);

    // Remove frees the lunch slot; Cat stays the Duty Manager.
    const removed = (
      await as(admin.token)
        .post('/api/rota/remove', { ...slot, reason: 'Needed in class' })
        .expect(200)
    ).body as { days: RotaDay[]; message: string };
    expect(removed.message).toBe(`${dan.name} is no longer on Lunch on Monday 30 November 2026.`);
    expect(removed.days).toEqual([]);
    expect((await slotsOf(lunch)).filter((r) => r.date === '2026-11-30')).toEqual([]);
    expect(await dutyManagerDay()).toEqual([[cat.name, null]]);
    const [danGaveUp] = await sql(`select duty_id, status, reason from cancel_requests where staff_id = ? and date = '2026-11-30'`, [dan.staffId]);
    expect(danGaveUp).toEqual({ duty_id: lunch, status: 'approved', reason: 'Needed in class' });
    const [removedAudit] = await sql(`select summary from audit_entries where action = 'rota.removed' order by created_at desc limit 1`);
    expect(removedAudit!.summary).toBe(`Removed ${dan.name} from Lunch on Monday 30 November 2026 (Needed in class)`);
    const [letter] = await sql(`select subject, text from outbox_emails where "to" = ? and subject like 'Duty removed%' order by id desc limit 1`, [
      dan.email,
    ]);
    expect(letter!.subject).toBe('Duty removed: Monday 30 November 2026');
    expect(letter!.text).toContain('You are no longer on Lunch on this day:');
    expect(letter!.text).toContain('Monday 30 November 2026: Needed in class');
    await as(admin.token)
      .post('/api/rota/remove', { ...slot, reason: 'Again' })
      .expect(409);
  });

  it("answers a replace or remove naming another organisation's duty with 404, and without dutyId edits the Duty Manager's day as before", async () => {
    const other = await registerOrganization(t);
    const theirs = (
      await as(other.token)
        .post('/api/duties', { name: 'Gate', weekdays: [{ weekday: 1, people: 1 }] })
        .expect(201)
    ).body.duty.id;
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-30', slots: [ann.staffId], dutyId: lunch })
      .expect(201);
    const before = await sql(`select id, duty_id, staff_id from rota_slots order by id`);
    const slot = { date: '2026-11-30', position: 1, dutyId: theirs };
    expect(
      (
        await as(admin.token)
          .post('/api/rota/replace', { ...slot, staffId: dan.staffId })
          .expect(404)
      ).body.message,
    ).toBe('Duty not found');
    expect(
      (
        await as(admin.token)
          .post('/api/rota/remove', { ...slot, reason: 'No' })
          .expect(404)
      ).body.message,
    ).toBe('Duty not found');
    await as(admin.token)
      .post('/api/rota/remove', { ...slot, dutyId: 'not-a-uuid', reason: 'No' })
      .expect(400);
    expect(await sql(`select id, duty_id, staff_id from rota_slots order by id`)).toEqual(before);

    // Without dutyId: Cat's Duty Manager slot goes to Dan; Ann stays on the field.
    const replaced = (await as(admin.token).post('/api/rota/replace', { date: '2026-11-30', position: 1, staffId: dan.staffId }).expect(200))
      .body as { days: RotaDay[]; message: string };
    expect(replaced.message).toBe(`${dan.name} takes ${cat.name}'s duty on Monday 30 November 2026.`);
    expect(replaced.days.map((d) => d.slots.map((s) => s.staff?.name ?? null))).toEqual([[dan.name, null]]);
    const [audit] = await sql(`select summary from audit_entries where action = 'rota.replaced' order by created_at desc limit 1`);
    expect(audit!.summary).toBe(`Replaced ${cat.name} with ${dan.name} on Monday 30 November 2026`);
    const removed = (await as(admin.token).post('/api/rota/remove', { date: '2026-11-30', position: 1, reason: 'Unwell' }).expect(200)).body as {
      days: RotaDay[];
      message: string;
    };
    expect(removed.message).toBe(`${dan.name} is no longer on duty on Monday 30 November 2026.`);
    const [gaveUp] = await sql(
      `select c.reason, d.is_duty_manager from cancel_requests c join duties d on d.id = c.duty_id where c.staff_id = ? and c.date = '2026-11-30' and c.reason = 'Unwell'`,
      [dan.staffId],
    );
    expect(gaveUp).toEqual({ reason: 'Unwell', is_duty_manager: true });
    expect((await slotsOf(lunch)).filter((r) => r.date === '2026-11-30').map((r) => r.staff_id)).toEqual([ann.staffId]);
  });
  it("asks before replacing on another duty outside someone's working pattern, and replaces once confirmed", async () => {
    const pam = (
      await as(admin.token)
        .post('/api/staff', { name: 'Pam Parttime', email: `pam-${admin.subdomain}@example.com`, workingDays: [2, 3, 4, 5] })
        .expect(201)
    ).body.id as string;
    // Bob is in the hall on Monday 30 November; Pam doesn't work on Mondays.
    const slot = { date: '2026-11-30', position: 1, dutyId: hall, staffId: pam, expectedStaffId: bob.staffId };
    const refused = await as(admin.token).post('/api/rota/replace', slot).expect(409);
    expect(refused.body).toMatchObject({ code: 'not_working_day', message: "Pam Parttime doesn't work on Mondays" });
    expect((await slotsOf(hall)).filter((r) => r.date === '2026-11-30').map((r) => r.staff_id)).toEqual([bob.staffId]);

    await as(admin.token)
      .post('/api/rota/replace', { ...slot, override: true })
      .expect(200);
    const [held] = await sql(`select staff_id, override from rota_slots where duty_id = ? and date = '2026-11-30'`, [hall]);
    expect(held).toEqual({ staff_id: pam, override: true });
    const [audit] = await sql(`select summary from audit_entries where action = 'rota.replaced' order by created_at desc limit 1`);
    expect(audit!.summary).toBe(
      `Replaced ${bob.name} with Pam Parttime on Hall on Monday 30 November 2026 (confirmed outside their working pattern or weekly cap)`,
    );
  });
});
