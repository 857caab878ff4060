import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface SwapDuty {
  id: string;
  name: string;
  place: string | null;
  startTime: string | null;
  endTime: string | null;
}

interface SwapRequest {
  id: string;
  status: string;
  kind: string;
  duty?: SwapDuty;
  swapDuty?: SwapDuty;
}

/**
 * Swaps of any duty (docs/product.md#duties): `dutyId` (and `swapDutyId` for the colleague's side
 * of a trade) on POST /api/swap-requests and GET /api/swap-requests/options. Only colleagues
 * allowed on the duty and free at its time are offered or may take it, both duties' rules are
 * checked again at approval, messages name the duty, its place and time, and approval moves the
 * people on that duty alone. The clock is Monday 2 November 2026, 9 am in London.
 */
describe('requests for any duty', () => {
  let t: TestApp;
  let admin: Account;
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);
  const as = (token: string) => asUser(t, token);
  const person = async (name: string) => ({ ...(await memberWithRole(t, admin, 'staff', name)), name });
  let ann: Awaited<ReturnType<typeof person>>;
  let bob: Awaited<ReturnType<typeof person>>;
  let cat: Awaited<ReturnType<typeof person>>;
  let dan: Awaited<ReturnType<typeof person>>;
  let brk: string;
  let hall: string;

  const put = (date: string, dutyId: string, ...ids: string[]) => as(admin.token).post('/api/rota', { date, slots: ids, dutyId }).expect(201);
  const onDuty = async (dutyId: string) =>
    (await sql(`select to_char(date, 'YYYY-MM-DD') as date, staff_id from rota_slots where duty_id = ? order by date, position`, [dutyId])).map(
      (r) => [r.date, [ann, bob, cat, dan].find((p) => p.staffId === r.staff_id)?.name ?? r.staff_id],
    );
  const bell = async (who: { token: string }) =>
    ((await as(who.token).get('/api/notifications').expect(200)).body as { items: { kind: string; text: string }[] }).items.filter((n) =>
      n.kind.startsWith('swap_'),
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00' } });
    admin = await registerOrganization(t);
    ann = await person('Ann Break');
    bob = await person('Bob Break');
    cat = await person('Cat Break');
    dan = await person('Dan Hall');
    const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 }));
    // Morning break in the playground, Ann, Bob and Cat only; the hall at an overlapping time, open to everyone.
    brk = (
      await as(admin.token)
        .post('/api/duties', {
          name: 'Break',
          place: 'Playground',
          startTime: '10:40',
          endTime: '11:00',
          weekdays,
          eligible: 'listed',
          staffIds: [ann.staffId, bob.staffId, cat.staffId],
        })
        .expect(201)
    ).body.duty.id;
    hall = (await as(admin.token).post('/api/duties', { name: 'Hall', place: 'Hall', startTime: '10:30', endTime: '10:50', weekdays }).expect(201))
      .body.duty.id;
  });
  afterAll(() => t.close());

  it('offers only colleagues allowed on the duty and free at its time, and a trade of two break duties is asked, accepted and approved', async () => {
    await put('2026-11-05', brk, ann.staffId);
    await put('2026-11-12', brk, bob.staffId);
    // Cat is in the hall at break time on the 5th; Dan isn't allowed on Break.
    await put('2026-11-05', hall, cat.staffId);

    const mine = await as(ann.token).get(`/api/swap-requests/options?requesterId=${ann.staffId}&dutyId=${brk}`).expect(200);
    expect(mine.body).toEqual({ duties: ['2026-11-05'], colleagues: [] });
    // Without dutyId: the Duty Manager duty's days, which Ann has none of.
    expect((await as(ann.token).get(`/api/swap-requests/options?requesterId=${ann.staffId}`).expect(200)).body).toEqual({
      duties: [],
      colleagues: [],
    });
    const options = await as(ann.token)
      .get(`/api/swap-requests/options?requesterId=${ann.staffId}&dutyId=${brk}&originalDate=2026-11-05`)
      .expect(200);
    expect(options.body.colleagues).toEqual([{ id: bob.staffId, name: bob.name, isTeaching: true, tradeDates: ['2026-11-12'] }]);
    const trades = await as(ann.token)
      .get(`/api/swap-requests/options?requesterId=${ann.staffId}&dutyId=${brk}&targetId=${bob.staffId}&swapDate=2026-11-12`)
      .expect(200);
    expect(trades.body).toEqual({ duties: ['2026-11-05'], colleagues: [] });

    const asked = await as(ann.token)
      .post('/api/swap-requests', {
        requesterId: ann.staffId,
        targetId: bob.staffId,
        originalDate: '2026-11-05',
        swapDate: '2026-11-12',
        reason: 'Trip',
        dutyId: brk,
      })
      .expect(201);
    const request = asked.body.request as SwapRequest;
    const breakDuty = { id: brk, name: 'Break', place: 'Playground', startTime: '10:40', endTime: '11:00' };
    expect(request).toMatchObject({ kind: 'trade', status: 'awaiting_colleague', duty: breakDuty, swapDuty: breakDuty });
    expect(await bell(bob)).toEqual([
      expect.objectContaining({
        kind: 'swap_asked',
        text: 'Ann Break asks to trade their duty on Thursday 5 November 2026 (Break — Playground, 10:40–11:00) for yours on Thursday 12 November 2026 (Break — Playground, 10:40–11:00)',
      }),
    ]);
    // The same duty on the same day can't be asked twice.
    await as(ann.token)
      .post('/api/swap-requests', {
        requesterId: ann.staffId,
        targetId: cat.staffId,
        originalDate: '2026-11-05',
        swapDate: '2026-11-05',
        reason: 'Trip',
        dutyId: brk,
      })
      .expect(409);

    const accepted = await as(bob.token).post(`/api/swap-requests/${request.id}/accept`).expect(200);
    expect(accepted.body.message).toBe(
      "You accepted Ann Break's request for Thursday 5 November 2026 (Break — Playground, 10:40–11:00). It now waits for approval.",
    );
    const approved = (await as(admin.token).put(`/api/swap-requests/${request.id}`, { status: 'approved' }).expect(200)).body as SwapRequest;
    expect(approved).toMatchObject({ status: 'approved', duty: breakDuty });
    expect(await onDuty(brk)).toEqual([
      ['2026-11-05', bob.name],
      ['2026-11-12', ann.name],
    ]);
    expect(await onDuty(hall)).toEqual([['2026-11-05', cat.name]]);
    const [letter] = await sql(`select subject from outbox_emails where kind = 'swap-decided' and "to" = ? order by created_at`, [bob.email]);
    expect(letter?.subject).toBe('You are on duty on Thursday 5 November 2026 (Break — Playground, 10:40–11:00)');
    // The list names the duty too.
    const list = (await as(ann.token).get('/api/swap-requests').expect(200)).body as SwapRequest[];
    expect(list.find((r) => r.id === request.id)).toMatchObject({ duty: breakDuty });
  });

  it('refuses a colleague not allowed on the duty or busy at its time, with the reason, and another school’s duty is not found', async () => {
    await put('2026-11-09', brk, ann.staffId);
    await put('2026-11-09', hall, cat.staffId);
    const ask = (body: object) =>
      as(ann.token).post('/api/swap-requests', {
        requesterId: ann.staffId,
        originalDate: '2026-11-09',
        swapDate: '2026-11-09',
        reason: 'Dentist',
        dutyId: brk,
        ...body,
      });

    const notAllowed = await ask({ targetId: dan.staffId }).expect(409);
    expect(notAllowed.body).toMatchObject({ message: "Dan Hall isn't allowed on Break", code: 'not_allowed' });
    const busy = await ask({ targetId: cat.staffId }).expect(409);
    expect(busy.body).toMatchObject({ message: 'Cat Break is on Hall at an overlapping time on Monday 9 November 2026', code: 'overlap' });
    // An open cover is offered to Bob alone, who is allowed and free.
    const open = await ask({ open: true }).expect(201);
    expect(open.body.message).toBe(
      'Your duty on Monday 9 November 2026 (Break — Playground, 10:40–11:00) is offered to 1 colleague who can take it. The first to accept takes it.',
    );
    await as(dan.token).post(`/api/swap-requests/${open.body.request.id}/accept`).expect(409);

    const other = await registerOrganization(t);
    const theirs = (
      await as(other.token)
        .post('/api/duties', { name: 'Gate', startTime: '08:20', endTime: '08:45', weekdays: [{ weekday: 1, people: 1 }] })
        .expect(201)
    ).body.duty.id as string;
    const before = await sql(`select count(*)::int as n from swap_requests`);
    expect((await ask({ targetId: bob.staffId, dutyId: theirs }).expect(404)).body.message).toBe('Duty not found');
    await as(ann.token).get(`/api/swap-requests/options?requesterId=${ann.staffId}&dutyId=${theirs}`).expect(404);
    expect(await sql(`select count(*)::int as n from swap_requests`)).toEqual(before);
    expect((await as(ann.token).get(`/api/swap-requests/options?requesterId=${ann.staffId}&dutyId=nope`).expect(400)).body.message).toBe(
      'Please choose the duty to swap (dutyId)',
    );
  });

  it("checks both duties' rules when a trade of two different duties is asked, and again when it is approved", async () => {
    // Ann's break on Tuesday for Dan's hall on Wednesday: Dan isn't allowed on Break.
    await put('2026-11-10', brk, ann.staffId);
    await put('2026-11-11', hall, dan.staffId);
    const refused = await as(dan.token)
      .post('/api/swap-requests', {
        requesterId: dan.staffId,
        targetId: ann.staffId,
        originalDate: '2026-11-11',
        swapDate: '2026-11-10',
        reason: 'Course',
        dutyId: hall,
        swapDutyId: brk,
      })
      .expect(409);
    expect(refused.body).toMatchObject({ message: "Dan Hall isn't allowed on Break", code: 'not_allowed' });

    // Bob's hall on Friday for Ann's break on Tuesday: allowed when asked and accepted...
    await put('2026-11-13', hall, bob.staffId);
    const asked = await as(bob.token)
      .post('/api/swap-requests', {
        requesterId: bob.staffId,
        targetId: ann.staffId,
        originalDate: '2026-11-13',
        swapDate: '2026-11-10',
        reason: 'Course',
        dutyId: hall,
        swapDutyId: brk,
      })
      .expect(201);
    const id = asked.body.request.id as string;
    expect(asked.body.request).toMatchObject({ duty: { name: 'Hall' }, swapDuty: { name: 'Break' } });
    await as(ann.token).post(`/api/swap-requests/${id}/accept`).expect(200);
    // ...but by approval Bob is in the hall on Tuesday at break time, so he can't take Ann's break.
    await put('2026-11-10', hall, bob.staffId);
    const late = await as(admin.token).put(`/api/swap-requests/${id}`, { status: 'approved' }).expect(409);
    expect(late.body).toMatchObject({ message: 'Bob Break is on Hall at an overlapping time on Tuesday 10 November 2026', code: 'overlap' });
    expect(await onDuty(brk)).toContainEqual(['2026-11-10', ann.name]);

    // A cover names one duty.
    await as(ann.token)
      .post('/api/swap-requests', {
        requesterId: ann.staffId,
        targetId: cat.staffId,
        originalDate: '2026-11-10',
        swapDate: '2026-11-10',
        reason: 'Trip',
        dutyId: brk,
        swapDutyId: hall,
      })
      .expect(400);
  });

  it('cancels one duty assignment: asked for that duty, approved off that duty alone, and named in the email', async () => {
    await put('2026-11-16', brk, ann.staffId);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-16', slots: [bob.staffId] })
      .expect(201);
    await as(admin.token).post('/api/auto-approval-settings', { adminPassword: admin.password, cancellations: false }).expect(200);
    const ask = (body: object) =>
      as(ann.token).post('/api/cancel-requests', { staffId: ann.staffId, date: '2026-11-16', reason: 'Dentist', ...body });

    expect((await ask({ dutyId: hall }).expect(409)).body.message).toBe('Ann Break is not on Hall on Monday 16 November 2026');
    const other = await registerOrganization(t);
    const theirs = (
      await as(other.token)
        .post('/api/duties', { name: 'Gate', startTime: '08:20', endTime: '08:45', weekdays: [{ weekday: 1, people: 1 }] })
        .expect(201)
    ).body.duty.id as string;
    expect((await ask({ dutyId: theirs }).expect(404)).body.message).toBe('Duty not found');

    const asked = await ask({ dutyId: brk }).expect(201);
    // The duty is named with its place and time, as swaps name theirs.
    expect(asked.body.request).toMatchObject({ status: 'pending' });
    expect(asked.body.request.duty).toEqual({ id: brk, name: 'Break', place: 'Playground', startTime: '10:40', endTime: '11:00' });
    const listed = (await as(ann.token).get('/api/cancel-requests').expect(200)).body as { id: string; duty?: object }[];
    expect(listed.find((r) => r.id === asked.body.request.id)?.duty).toEqual({
      id: brk,
      name: 'Break',
      place: 'Playground',
      startTime: '10:40',
      endTime: '11:00',
    });
    await ask({ dutyId: brk }).expect(409);
    // Without dutyId it is the Duty Manager duty's, in its words.
    expect((await ask({}).expect(409)).body.message).toBe('Ann Break is not on duty on Monday 16 November 2026');
    // The Duty Manager duty's request carries no duty, as before.
    const dutyManagers = await as(bob.token).post('/api/cancel-requests', { staffId: bob.staffId, date: '2026-11-16', reason: 'Trip' }).expect(201);
    expect(dutyManagers.body.request).not.toHaveProperty('duty');
    await as(admin.token).patch(`/api/cancel-requests/${dutyManagers.body.request.id}`, { status: 'rejected' }).expect(200);

    const approved = await as(admin.token).patch(`/api/cancel-requests/${asked.body.request.id}`, { status: 'approved' }).expect(200);
    expect(approved.body.request.status).toBe('approved');
    expect(await onDuty(brk)).not.toContainEqual(['2026-11-16', ann.name]);
    const dutyManagerDay = (await as(admin.token).get('/api/rota?startDate=2026-11-16&endDate=2026-11-16').expect(200)).body as {
      slots: { staff: { id: string } | null }[];
    }[];
    expect(dutyManagerDay[0]?.slots.map((slot) => slot.staff?.id ?? null)).toContain(bob.staffId);
    const [letter] = await sql(`select subject from outbox_emails where kind = 'cancel-decided' and "to" = ? order by created_at desc limit 1`, [
      ann.email,
    ]);
    expect(letter?.subject).toBe('Cancel request approved: Monday 16 November 2026 (Break — Playground, 10:40–11:00)');
  });
});
