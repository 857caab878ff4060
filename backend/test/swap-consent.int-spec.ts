import { MikroORM } from '@mikro-orm/core';
import { Clock, FixedClock, parsePinnedNow } from '../src/common/clock/clock';
import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { snapshotDatabase } from './support/db-snapshot';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Swaps ask the colleague first (docs/product.md#swap-requests): every transition and who may make
 * it, open cover requests and the race to take one, withdrawal, expiry, auto-approval after
 * acceptance, and the notifications each event makes, once, on the real app and PostgreSQL.
 * The clock starts at Monday 8 September 2025, 9 am in London.
 */

type Member = { token: string; staffId: string; email: string };

describe('swaps ask the colleague first', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  const at = (wall: string) => (t.get(Clock) as FixedClock).set(parsePinnedNow(wall, 'Europe/London'));

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
  });
  beforeEach(() => at('2025-09-08T09:00'));
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  interface School {
    admin: Account;
    sam: Member;
    tom: Member;
    una: Member;
    manager: Member;
  }

  /** Sam asks; Tom and Una are colleagues who can sign in; a manager; everyone works every day. */
  async function school(): Promise<School> {
    const admin = await registerOrganization(t);
    const sam = await memberWithRole(t, admin, 'staff', 'Sam Staff');
    const tom = await memberWithRole(t, admin, 'staff', 'Tom Colleague');
    const una = await memberWithRole(t, admin, 'staff', 'Una Colleague');
    const manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');
    return { admin, sam, tom, una, manager };
  }
  const assign = (admin: Account, date: string, ...ids: string[]) => as(admin.token).post('/api/rota', { date, slots: ids }).expect(201);
  const dayOf = async (admin: Account, date: string) =>
    (((await as(admin.token).get(`/api/rota?startDate=${date}&endDate=${date}`).expect(200)).body as { slots: { staff: { id: string } | null }[] }[])[0]?.slots ?? []).map(
      (s) => s.staff?.id ?? null,
    );
  const ask = (who: Member, body: object) =>
    as(who.token).post('/api/swap-requests', { requesterId: who.staffId, originalDate: '2025-09-10', swapDate: '2025-09-10', reason: 'Trip', ...body });
  const bell = async (who: { token: string }) => (await as(who.token).get('/api/notifications').expect(200)).body as {
    unread: number;
    items: { id: string; kind: string; text: string; link: string; readAt: string | null }[];
  };
  /** The bell's notifications about swaps only (assigning people by hand notifies them too). */
  const swapBell = async (who: { token: string }) => {
    const items = (await bell(who)).items.filter((n) => n.kind.startsWith('swap_'));
    return { unread: items.filter((n) => n.readAt === null).length, items };
  };
  const notificationRows = (id: string) => sql(`select kind, user_id from notifications where subject_id = ? order by kind, user_id`, [id]);

  it('the colleague declines: the duty stays, the requester is told once, and nobody else may answer', async () => {
    const s = await school();
    await assign(s.admin, '2025-09-10', s.sam.staffId);
    const { body } = await ask(s.sam, { targetId: s.tom.staffId }).expect(201);
    const id = body.request.id as string;
    expect(await bell(s.tom)).toMatchObject({
      unread: 1,
      items: [{ kind: 'swap_asked', text: 'Sam Staff asks you to cover their duty on Wednesday 10 September 2025', link: `/swaps?request=${id}` }],
    });

    const other = await registerOrganization(t);
    const before = await snapshotDatabase(t);
    for (const [who, status, message] of [
      [s.una, 403, 'Only Tom Colleague can answer this request'],
      [s.sam, 403, 'Only Tom Colleague can answer this request'],
      [s.manager, 403, 'Only Tom Colleague can answer this request'],
    ] as const) {
      const res = await as(who.token).post(`/api/swap-requests/${id}/decline`);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
      expect((await as(who.token).post(`/api/swap-requests/${id}/accept`)).status).toBe(403);
    }
    await as(other.token).post(`/api/swap-requests/${id}/accept`).expect(404);
    await as(other.token).post(`/api/swap-requests/${id}/withdraw`).expect(404);
    await as(other.token).put(`/api/swap-requests/${id}`, { status: 'rejected' }).expect(404);
    expect(await snapshotDatabase(t)).toEqual(before);

    const declined = await as(s.tom.token).post(`/api/swap-requests/${id}/decline`).expect(200);
    expect(declined.body).toMatchObject({ status: 'declined', waitingFor: null, canAnswer: false, canWithdraw: false });
    expect(await dayOf(s.admin, '2025-09-10')).toEqual([s.sam.staffId, null]);
    // The ask is settled for Tom; Sam hears once.
    expect((await bell(s.tom)).unread).toBe(0);
    expect(await swapBell(s.sam)).toMatchObject({ unread: 1, items: [{ kind: 'swap_answered', text: 'Tom Colleague declined your swap request for Wednesday 10 September 2025. The duty stays yours.' }] });
    // Answered once: nothing can follow, and nothing changes.
    const answered = await snapshotDatabase(t);
    const again = await as(s.tom.token).post(`/api/swap-requests/${id}/accept`).expect(409);
    expect(again.body).toMatchObject({ code: 'not_awaiting', message: 'This swap request has already been declined' });
    await as(s.tom.token).post(`/api/swap-requests/${id}/decline`).expect(409);
    await as(s.sam.token).post(`/api/swap-requests/${id}/withdraw`).expect(409);
    await as(s.admin.token).put(`/api/swap-requests/${id}`, { status: 'approved' }).expect(409);
    expect(await snapshotDatabase(t)).toEqual(answered);
    expect(await notificationRows(id)).toEqual([
      { kind: 'swap_answered', user_id: expect.any(String) },
      { kind: 'swap_asked', user_id: expect.any(String) },
    ]);
  });

  it('an open cover goes to everyone who can take it; of two accepting at once exactly one wins; then approval', async () => {
    const s = await school();
    const vic = await memberWithRole(t, s.admin, 'staff', 'Vic Parttime');
    await as(s.admin.token).put(`/api/staff/${vic.staffId}`, { workingDays: [1, 2] }).expect(200);
    await assign(s.admin, '2025-09-10', s.sam.staffId, s.manager.staffId);
    const created = await ask(s.sam, { open: true }).expect(201);
    const id = created.body.request.id as string;
    // Tom and Una can take it; the manager is on duty that day, Vic doesn't work Wednesdays, the admin has no staff record.
    expect(created.body).toMatchObject({
      message: 'Your duty on Wednesday 10 September 2025 is offered to 2 colleagues who can take it. The first to accept takes it.',
      request: { open: true, target: null, targetId: null, status: 'awaiting_colleague' },
    });
    expect((await bell(s.tom)).items.map((n) => n.kind)).toEqual(['swap_offered']);
    expect((await bell(vic)).items).toEqual([]);
    expect((await as(s.una.token).get('/api/swap-requests').expect(200)).body).toEqual([expect.objectContaining({ id, canAnswer: true, canDecline: false })]);
    const offered = await snapshotDatabase(t);
    await as(s.una.token).post(`/api/swap-requests/${id}/decline`).expect(409);
    await as(s.sam.token).post(`/api/swap-requests/${id}/accept`).expect(403);
    await as(vic.token).post(`/api/swap-requests/${id}/accept`).expect(409);
    const approveEarly = await as(s.admin.token).put(`/api/swap-requests/${id}`, { status: 'approved' }).expect(409);
    expect(approveEarly.body.code).toBe('no_colleague');
    expect(await snapshotDatabase(t)).toEqual(offered);

    const results = await Promise.all([s.tom, s.una, s.tom, s.una].map((who) => as(who.token).post(`/api/swap-requests/${id}/accept`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).map((r) => r.body)).toEqual(
      Array(3).fill(expect.objectContaining({ code: 'already_taken', message: 'Someone else has already taken this duty' })),
    );
    const winner = results.find((r) => r.status === 200)!.body.request.target.id as string;
    const loser = winner === s.tom.staffId ? s.una : s.tom;
    // The loser's offer is settled; approvers are asked once each.
    expect((await bell(loser)).unread).toBe(0);
    expect((await bell(s.admin)).items.map((n) => n.kind)).toEqual(['swap_to_approve']);
    expect((await swapBell(s.manager)).items.map((n) => n.kind)).toEqual(['swap_to_approve']);
    expect(await sql(`select count(*)::int as n from audit_entries where entity_id = ? and action = 'swap.accepted'`, [id])).toEqual([{ n: 1 }]);

    await as(s.manager.token).put(`/api/swap-requests/${id}`, { status: 'approved' }).expect(200);
    expect(await dayOf(s.admin, '2025-09-10')).toEqual([winner, s.manager.staffId]);
    expect((await bell(s.admin)).unread).toBe(0);
    expect((await swapBell(s.sam)).items.map((n) => n.kind).sort()).toEqual(['swap_answered', 'swap_decided']);
  });

  it('the requester withdraws until it is decided; an admin may approve before the colleague answers, marked as such', async () => {
    const s = await school();
    await assign(s.admin, '2025-09-10', s.sam.staffId);
    await assign(s.admin, '2025-09-11', s.sam.staffId);
    const first = (await ask(s.sam, { targetId: s.tom.staffId }).expect(201)).body.request.id as string;
    // Withdraw is offered to the requester only: approvers reject someone else's request instead.
    const offered = async (who: { token: string }) =>
      ((await as(who.token).get('/api/swap-requests').expect(200)).body as { id: string; canWithdraw: boolean }[]).find((r) => r.id === first)?.canWithdraw;
    expect([await offered(s.sam), await offered(s.admin), await offered(s.manager)]).toEqual([true, false, false]);
    const asked = await snapshotDatabase(t);
    const denied = await as(s.tom.token).post(`/api/swap-requests/${first}/withdraw`).expect(403);
    expect(denied.body.message).toBe('Only Sam Staff can withdraw this request');
    await as(s.una.token).post(`/api/swap-requests/${first}/withdraw`).expect(403);
    expect(await snapshotDatabase(t)).toEqual(asked);
    const withdrawn = await as(s.sam.token).post(`/api/swap-requests/${first}/withdraw`).expect(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', decidedBy: { name: 'Sam Staff' } });
    expect((await bell(s.tom)).items.map((n) => [n.kind, n.readAt === null])).toEqual([
      ['swap_withdrawn', true],
      ['swap_asked', false],
    ]);
    await as(s.tom.token).post(`/api/swap-requests/${first}/accept`).expect(409);

    // Withdrawn after acceptance, while it waits for approval.
    const second = (await ask(s.sam, { targetId: s.tom.staffId }).expect(201)).body.request.id as string;
    await as(s.tom.token).post(`/api/swap-requests/${second}/accept`).expect(200);
    await as(s.sam.token).post(`/api/swap-requests/${second}/withdraw`).expect(200);
    await as(s.admin.token).put(`/api/swap-requests/${second}`, { status: 'approved' }).expect(409);
    expect(await dayOf(s.admin, '2025-09-10')).toEqual([s.sam.staffId, null]);

    const third = (await ask(s.sam, { originalDate: '2025-09-11', swapDate: '2025-09-11', targetId: s.una.staffId }).expect(201)).body.request.id as string;
    const byManager = await as(s.manager.token).put(`/api/swap-requests/${third}`, { status: 'approved' }).expect(409);
    expect(byManager.body.code).toBe('awaiting_colleague');
    const byAdmin = await as(s.admin.token).put(`/api/swap-requests/${third}`, { status: 'approved' }).expect(200);
    expect(byAdmin.body).toMatchObject({ status: 'approved', approvedUnanswered: true, answeredAt: null });
    expect(await dayOf(s.admin, '2025-09-11')).toEqual([s.una.staffId, null]);
    const summary = await sql(`select summary from audit_entries where entity_id = ? and action = 'swap.approved'`, [third]);
    expect(summary[0]!.summary).toContain('before the colleague answered');
  });

  it('a request whose day passes expires, says so, and can no longer be answered or decided', async () => {
    const s = await school();
    await assign(s.admin, '2025-09-10', s.sam.staffId);
    await assign(s.admin, '2025-09-12', s.sam.staffId);
    const named = (await ask(s.sam, { targetId: s.tom.staffId }).expect(201)).body.request.id as string;
    const accepted = (await ask(s.sam, { originalDate: '2025-09-12', swapDate: '2025-09-12', targetId: s.una.staffId }).expect(201)).body.request.id as string;
    await as(s.una.token).post(`/api/swap-requests/${accepted}/accept`).expect(200);

    at('2025-09-11T08:00');
    const list = (await as(s.sam.token).get('/api/swap-requests').expect(200)).body as { id: string; status: string; canWithdraw: boolean }[];
    expect(list.map((r) => [r.id, r.status])).toEqual([
      [accepted, 'pending'],
      [named, 'expired'],
    ]);
    const expired = await snapshotDatabase(t);
    const late = await as(s.tom.token).post(`/api/swap-requests/${named}/accept`).expect(409);
    expect(late.body.message).toBe('This swap request has already been expired (its day has passed)');
    await as(s.admin.token).put(`/api/swap-requests/${named}`, { status: 'approved' }).expect(409);
    await as(s.sam.token).post(`/api/swap-requests/${named}/withdraw`).expect(409);
    expect(await snapshotDatabase(t)).toEqual(expired);
    expect((await swapBell(s.sam)).items.filter((n) => n.kind === 'swap_expired').map((n) => n.text)).toEqual([
      'Your swap request for Wednesday 10 September 2025 expired: the day passed before it was decided',
    ]);
    expect((await bell(s.tom)).unread).toBe(0);

    // A second read finds nothing more to expire: one notification per event.
    await as(s.admin.token).get('/api/swap-requests').expect(200);
    expect(await sql(`select count(*)::int as n from notifications where subject_id = ? and kind = 'swap_expired'`, [named])).toEqual([{ n: 1 }]);
  });

  /**
   * Each way of acting on a request, tried first thing after its day has passed (no list has
   * expired it yet): the refusal says it expired, and the expiry stays recorded.
   */
  const lateActions: { action: string; open?: boolean; accepted?: boolean; other?: boolean; act: (s: School, id: string) => Promise<{ status: number; body: { message?: string } }> }[] = [
    { action: 'the colleague accepts', act: (s, id) => as(s.tom.token).post(`/api/swap-requests/${id}/accept`) },
    { action: 'the colleague declines', act: (s, id) => as(s.tom.token).post(`/api/swap-requests/${id}/decline`) },
    { action: 'a colleague takes an open cover', open: true, act: (s, id) => as(s.una.token).post(`/api/swap-requests/${id}/accept`) },
    { action: 'the requester withdraws', act: (s, id) => as(s.sam.token).post(`/api/swap-requests/${id}/withdraw`) },
    { action: 'an admin approves', accepted: true, act: (s, id) => as(s.admin.token).put(`/api/swap-requests/${id}`, { status: 'approved' }) },
    { action: 'a manager rejects', accepted: true, act: (s, id) => as(s.manager.token).put(`/api/swap-requests/${id}`, { status: 'rejected' }) },
    {
      action: 'someone makes another request that is refused',
      other: true,
      act: (s) => as(s.tom.token).post('/api/swap-requests', { requesterId: s.tom.staffId, targetId: s.una.staffId, originalDate: '2025-09-10', swapDate: '2025-09-10', reason: 'Late' }),
    },
  ];
  it.each(lateActions.map((c) => [c.action, c] as const))(
    'a refused action on a request whose day has passed records its expiry, and tells the requester once: %s',
    async (_action, { open, accepted, other, act }) => {
      const s = await school();
      await assign(s.admin, '2025-09-10', s.sam.staffId);
      const id = (await ask(s.sam, open ? { open: true } : { targetId: s.tom.staffId }).expect(201)).body.request.id as string;
      if (accepted) await as(s.tom.token).post(`/api/swap-requests/${id}/accept`).expect(200);

      at('2025-09-11T08:00');
      const refused = await act(s, id);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      if (!other) expect(refused.body.message).toContain('has already been expired (its day has passed)');
      expect(await sql(`select status from swap_requests where id = ?`, [id])).toEqual([{ status: 'expired' }]);
      const told = () => sql(`select count(*)::int as n from notifications where subject_id = ? and kind = 'swap_expired'`, [id]);
      expect(await told()).toEqual([{ n: 1 }]);
      // Nothing waits for an answer that can no longer come.
      expect(await sql(`select kind from notifications where subject_id = ? and kind in ('swap_asked', 'swap_offered', 'swap_to_approve') and read_at is null`, [id])).toEqual([]);

      // Acting again, or reading the list, finds it expired and expires nothing twice.
      await act(s, id);
      await as(s.sam.token).get('/api/swap-requests').expect(200);
      expect(await told()).toEqual([{ n: 1 }]);
    },
  );

  it('offers only sensible choices: the requester’s own duties, colleagues who can take the day, and their duties for a trade', async () => {
    const s = await school();
    await as(s.admin.token).put(`/api/staff/${s.una.staffId}`, { workingDays: [1, 2, 4, 5] }).expect(200);
    await assign(s.admin, '2025-09-05', s.sam.staffId);
    await assign(s.admin, '2025-09-10', s.sam.staffId, s.manager.staffId);
    await assign(s.admin, '2025-09-15', s.tom.staffId);
    await assign(s.admin, '2025-09-16', s.tom.staffId, s.sam.staffId);
    const mine = await as(s.sam.token).get(`/api/swap-requests/options?requesterId=${s.sam.staffId}`).expect(200);
    expect(mine.body).toEqual({ duties: ['2025-09-10', '2025-09-16'], colleagues: [] });
    const forDay = await as(s.sam.token).get(`/api/swap-requests/options?requesterId=${s.sam.staffId}&originalDate=2025-09-10`).expect(200);
    // Una doesn't work Wednesdays; the manager is on duty that day; Sam already works the 16th.
    expect(forDay.body.colleagues).toEqual([{ id: s.tom.staffId, name: 'Tom Colleague', isTeaching: true, tradeDates: ['2025-09-15'] }]);
    await as(s.sam.token).get(`/api/swap-requests/options?requesterId=${s.tom.staffId}`).expect(403);
    const notMine = await as(s.sam.token).get(`/api/swap-requests/options?requesterId=${s.sam.staffId}&originalDate=2025-09-11`).expect(400);
    expect(notMine.body.message).toBe('Sam Staff is not on duty on Thursday 11 September 2025 (from today on)');
  });

  it('tells people in the app when their duties change, and lets each mark only their own notifications read', async () => {
    const s = await school();
    await assign(s.admin, '2025-09-10', s.sam.staffId);
    await as(s.admin.token).post('/api/holidays', { name: 'Snow closure', type: 'other', startDate: '2025-09-10', endDate: '2025-09-10' }).expect(201);
    const mine = await bell(s.sam);
    expect(mine.items.map((n) => [n.kind, n.text])).toEqual([
      ['duty_changed', 'Duty removed: Wednesday 10 September 2025'],
      ['duty_changed', 'Ann Admin put you on duty on Wednesday 10 September 2025'],
    ]);
    expect(mine.items.every((n) => n.link === '/my-rota')).toBe(true);
    await as(s.tom.token).post(`/api/notifications/${mine.items[0]!.id}/read`).expect(404);
    const read = await as(s.sam.token).post(`/api/notifications/${mine.items[0]!.id}/read`).expect(200);
    expect(read.body.readAt).not.toBeNull();
    expect((await bell(s.sam)).unread).toBe(1);
    const all = await as(s.sam.token).post('/api/notifications/read-all').expect(200);
    expect(all.body.unread).toBe(0);
  });
});
