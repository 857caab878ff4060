import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

type Member = { token: string; staffId: string; email: string };
type Slot = { position: number; staff: { id: string; name: string } | null; pinned?: boolean; pinnedReason?: string; slotId?: string };
type Day = { id: string; date: string; slots: Slot[] };
type Grid = { days: { date: string; duties: { dutyId: string; slots: Slot[] }[] }[] };
type Board = { duties: { isDutyManager: boolean; people: { id: string; pinned?: boolean; pinnedReason?: string; slotId?: string }[] }[] };

/**
 * Pinned duties (docs/product.md#pinned-duties): hand edits, approved swaps (both sides), covers
 * (an accepted cover request, the Today board's Find cover) pin their slots; a fill writes unpinned
 * slots and keeps the pins of the days it rewrites; Clear keeps pinned slots; admins and managers
 * see the pins on the rota's reads (staff see no pin fields) and unpin one slot or all in a period,
 * audited. The clock stands at Monday 2 November 2026, 9 am.
 */
describe('pinned duties', () => {
  let t: TestApp;
  let admin: Account;
  let people: Record<'ann' | 'bob' | 'cat' | 'dan' | 'eve', Member>;
  let manager: Member;
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);
  const as = (token: string) => asUser(t, token);

  const rota = async (token: string, from: string, to: string) =>
    (await as(token).get(`/api/rota?startDate=${from}&endDate=${to}`).expect(200)).body as Day[];
  /** Each filled slot of the days as `date#position: staffId reason` (reason '-' when unpinned). */
  const pins = (days: Day[]) =>
    Object.fromEntries(
      days.flatMap((d) => d.slots.flatMap((s) => (s.staff ? [[`${d.date}#${s.position}`, `${s.staff.id} ${s.pinned ? s.pinnedReason : '-'}`]] : []))),
    );
  const pinned = (days: Day[]) => Object.fromEntries(Object.entries(pins(days)).filter(([, v]) => !v.endsWith(' -')));
  const pinFields = /"(pinned|pinnedReason|slotId)"/;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00' } });
    admin = await registerOrganization(t);
    people = {
      ann: await memberWithRole(t, admin, 'staff', 'Ann Pin'),
      bob: await memberWithRole(t, admin, 'staff', 'Bob Pin'),
      cat: await memberWithRole(t, admin, 'staff', 'Cat Pin'),
      dan: await memberWithRole(t, admin, 'staff', 'Dan Pin'),
      eve: await memberWithRole(t, admin, 'staff', 'Eve Pin'),
    };
    manager = await memberWithRole(t, admin, 'manager', 'Mia Manager');
  });
  afterAll(() => t.close());

  it('pins hand edits, swaps and covers; fill and Clear keep them; staff see no pins; unpinning is audited', async () => {
    const { ann, bob, cat, dan, eve } = people;
    const dutyManager = ((await as(admin.token).get('/api/duties').expect(200)).body as { id: string; isDutyManager: boolean }[]).find(
      (d) => d.isDutyManager,
    )!.id;

    // Recording who was on a past day pins nothing.
    await as(admin.token)
      .post('/api/rota', { date: '2026-10-28', slots: [eve.staffId] })
      .expect(201);
    expect(pins(await rota(admin.token, '2026-10-28', '2026-10-28'))).toEqual({ '2026-10-28#1': `${eve.staffId} -` });

    // Set by hand: pinned.
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-10', slots: [ann.staffId, bob.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-11', slots: [cat.staffId, dan.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-12', slots: [ann.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-13', slots: [bob.staffId] })
      .expect(201);
    const handSet = await rota(admin.token, '2026-11-09', '2026-11-13');
    expect(pinned(handSet)).toEqual({
      '2026-11-10#1': `${ann.staffId} hand`,
      '2026-11-10#2': `${bob.staffId} hand`,
      '2026-11-11#1': `${cat.staffId} hand`,
      '2026-11-11#2': `${dan.staffId} hand`,
      '2026-11-12#1': `${ann.staffId} hand`,
      '2026-11-13#1': `${bob.staffId} hand`,
    });
    expect(handSet[0]!.slots[0]!.slotId).toEqual(expect.any(String));

    // Unpin all in the period: nobody moves, nobody is told, the audit says how many.
    await as(admin.token).post('/api/rota/unpin', { from: '2026-11-13', to: '2026-11-09' }).expect(400);
    const otherSchool = await registerOrganization(t);
    const otherDuty = ((await as(otherSchool.token).get('/api/duties').expect(200)).body as { id: string }[])[0]!.id;
    await as(admin.token).post('/api/rota/unpin', { from: '2026-11-09', to: '2026-11-13', dutyId: otherDuty }).expect(404);
    await as(ann.token).post('/api/rota/unpin', { from: '2026-11-09', to: '2026-11-13' }).expect(403);
    const unpinnedAll = await as(admin.token).post('/api/rota/unpin', { from: '2026-11-09', to: '2026-11-13' }).expect(200);
    expect(unpinnedAll.body).toEqual({ unpinned: 6 });
    expect(pinned(await rota(admin.token, '2026-11-09', '2026-11-13'))).toEqual({});
    expect(pins(await rota(admin.token, '2026-11-09', '2026-11-13'))).toEqual(
      Object.fromEntries(Object.entries(pins(handSet)).map(([k, v]) => [k, v.replace(/ hand$/, ' -')])),
    );
    const [audit] = await sql(`select summary from audit_entries where action = 'rota.unpinned' order by created_at desc limit 1`);
    expect(audit).toEqual({ summary: 'Unpinned 6 duties from 9 November 2026 to 13 November 2026' });

    // An approved trade pins both sides; an approved cover its one slot.
    const trade = await as(ann.token)
      .post('/api/swap-requests', {
        requesterId: ann.staffId,
        targetId: bob.staffId,
        originalDate: '2026-11-12',
        swapDate: '2026-11-13',
        reason: 'Trip',
      })
      .expect(201);
    await as(bob.token).post(`/api/swap-requests/${trade.body.request.id}/accept`).expect(200);
    await as(admin.token).put(`/api/swap-requests/${trade.body.request.id}`, { status: 'approved' }).expect(200);
    const cover = await as(cat.token)
      .post('/api/swap-requests', {
        requesterId: cat.staffId,
        targetId: eve.staffId,
        originalDate: '2026-11-11',
        swapDate: '2026-11-11',
        reason: 'Course',
      })
      .expect(201);
    await as(eve.token).post(`/api/swap-requests/${cover.body.request.id}/accept`).expect(200);
    await as(manager.token).put(`/api/swap-requests/${cover.body.request.id}`, { status: 'approved' }).expect(200);
    // Replace with…: a hand edit.
    await as(admin.token).post('/api/rota/replace', { date: '2026-11-10', position: 2, staffId: cat.staffId }).expect(200);
    // Find cover on the Today board: a cover.
    await as(manager.token).post('/api/rota/today/cover', { date: '2026-11-16', dutyId: dutyManager, staffId: dan.staffId }).expect(201);

    // Fill: the slots it fills are unpinned, and the days it rewrites keep their pins.
    await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2026-11-17', allWeekdays: true }).expect(200);
    const filled = await rota(admin.token, '2026-11-03', '2026-11-17');
    const expectedPins = {
      '2026-11-10#2': `${cat.staffId} hand`,
      '2026-11-11#1': `${eve.staffId} cover`,
      '2026-11-12#1': `${bob.staffId} swap`,
      '2026-11-13#1': `${ann.staffId} swap`,
      '2026-11-16#1': `${dan.staffId} cover`,
    };
    expect(pinned(filled)).toEqual(expectedPins);
    expect(filled.flatMap((d) => d.slots).every((s) => s.staff !== null)).toBe(true);
    expect(filled.flatMap((d) => d.slots).filter((s) => !s.pinned && s.slotId !== undefined)).toEqual([]);

    // Staff see no pin fields anywhere; admins and managers see them on the grid and the Today board too.
    expect(JSON.stringify(await rota(ann.token, '2026-11-03', '2026-11-17'))).not.toMatch(pinFields);
    expect(JSON.stringify(await rota(manager.token, '2026-11-03', '2026-11-17'))).toMatch(pinFields);
    const staffGrid = (await as(ann.token).get('/api/rota/grid?startDate=2026-11-09&endDate=2026-11-13').expect(200)).body as Grid;
    expect(JSON.stringify(staffGrid)).not.toMatch(pinFields);
    const grid = (await as(manager.token).get('/api/rota/grid?startDate=2026-11-09&endDate=2026-11-13').expect(200)).body as Grid;
    const gridPins = Object.fromEntries(
      grid.days.flatMap((d) =>
        d.duties.flatMap((c) => c.slots.flatMap((s) => (s.pinned ? [[`${d.date}#${s.position}`, `${s.staff!.id} ${s.pinnedReason}`]] : []))),
      ),
    );
    expect(gridPins).toEqual(Object.fromEntries(Object.entries(expectedPins).filter(([k]) => k < '2026-11-14')));
    const board = (await as(admin.token).get('/api/rota/today?date=2026-11-11').expect(200)).body as Board;
    expect(board.duties.find((d) => d.isDutyManager)!.people.find((p) => p.id === eve.staffId)).toMatchObject({
      pinned: true,
      pinnedReason: 'cover',
    });
    // Eve is that day's duty manager, so she sees the board: without pins.
    expect(JSON.stringify((await as(eve.token).get('/api/rota/today?date=2026-11-11').expect(200)).body)).not.toMatch(pinFields);

    // Clear keeps the pinned duties, where they are, and removes the rest.
    await as(admin.token).post('/api/rota/clear-future').expect(200);
    expect(pins(await rota(admin.token, '2026-11-03', '2026-11-17'))).toEqual(expectedPins);

    // Unpin one slot: staff may not, another school finds no such slot, a manager may.
    const slotId = (await rota(admin.token, '2026-11-16', '2026-11-16'))[0]!.slots[0]!.slotId!;
    await as(dan.token).delete(`/api/rota/slots/${slotId}/pin`).expect(403);
    await as(otherSchool.token).delete(`/api/rota/slots/${slotId}/pin`).expect(404);
    await as(admin.token).delete('/api/rota/slots/not-an-id/pin').expect(404);
    await as(manager.token).delete(`/api/rota/slots/${slotId}/pin`).expect(204);
    await as(manager.token).delete(`/api/rota/slots/${slotId}/pin`).expect(204);
    const [one] = await sql(`select summary from audit_entries where action = 'rota.unpinned' and entity_id = ?`, [slotId]);
    expect(one).toEqual({ summary: 'Unpinned Duty Manager on Monday 16 November 2026' });
    const { '2026-11-16#1': _, ...stillPinned } = expectedPins;
    expect(pinned(await rota(admin.token, '2026-11-03', '2026-11-17'))).toEqual(stillPinned);

    // Unpinned, Clear removes it; then unpin the rest of the Duty Manager duty and Clear empties the rota.
    await as(admin.token).post('/api/rota/clear-future').expect(200);
    expect(pins(await rota(admin.token, '2026-11-03', '2026-11-17'))).toEqual(stillPinned);
    const rest = await as(manager.token).post('/api/rota/unpin', { from: '2026-11-02', to: '2026-11-30', dutyId: dutyManager }).expect(200);
    expect(rest.body).toEqual({ unpinned: 4 });
    await as(admin.token).post('/api/rota/clear-future').expect(200);
    expect(await rota(admin.token, '2026-11-03', '2026-11-17')).toEqual([]);
  });

  it('pins an open cover request taken and approved automatically, and a duty moved to another day', async () => {
    const { ann, bob, cat } = people;
    await as(admin.token).post('/api/auto-approval-settings', { adminPassword: admin.password, swaps: true }).expect(200);
    // Filled by the engine: unpinned.
    await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2026-11-27', allWeekdays: true }).expect(200);
    await as(admin.token).post('/api/rota/unpin', { from: '2026-11-23', to: '2026-11-27' }).expect(200);
    const before = await rota(admin.token, '2026-11-23', '2026-11-27');
    expect(pinned(before)).toEqual({});

    // Whoever is in Monday's slot 1 offers it to anyone; a colleague not on that day takes it.
    const monday = before.find((d) => d.date === '2026-11-23')!;
    const holder = monday.slots[0]!.staff!.id;
    const onMonday = new Set(monday.slots.map((s) => s.staff?.id));
    const taker = [ann, bob, cat, people.dan, people.eve].find((p) => !onMonday.has(p.staffId))!;
    const offer = await as(admin.token)
      .post('/api/swap-requests', { requesterId: holder, open: true, originalDate: '2026-11-23', swapDate: '2026-11-23', reason: 'Trip' })
      .expect(201);
    const taken = await as(taker.token).post(`/api/swap-requests/${offer.body.request.id}/accept`).expect(200);
    expect(taken.body.request.status).toBe('approved');

    // Friday's slot 1 moves by hand to Tuesday 1 December (a free day): pinned there.
    const friday = before.find((d) => d.date === '2026-11-27')!;
    const mover = friday.slots[0]!.staff!.id;
    await as(admin.token).post('/api/rota/move', { date: '2026-11-27', position: 1, toDate: '2026-12-01' }).expect(200);

    expect(pinned(await rota(admin.token, '2026-11-23', '2026-12-01'))).toEqual({
      '2026-11-23#1': `${taker.staffId} cover`,
      '2026-12-01#1': `${mover} hand`,
    });
  });
});
