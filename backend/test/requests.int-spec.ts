import { MikroORM, RequestContext } from '@mikro-orm/core';
import { AvailabilityRepository } from '../src/modules/availability/availability.repository';
import { TenantContext } from '../src/tenancy/tenant-context';
import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { snapshotDatabase } from './support/db-snapshot';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface Slot {
  position: number;
  staff: { id: string; name: string } | null;
}
interface Day {
  id: string;
  date: string;
  slots: Slot[];
}

/**
 * Swap and cancel requests, unavailability and auto-approval against the real PostgreSQL, with
 * the clock at Monday 8 September 2025, 9 am in London (today = 2025-09-08).
 */
describe('requests', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
  });

  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  interface School {
    admin: Account;
    /** A signed-in staff member (role staff) with their staff record. */
    me: { token: string; staffId: string; email: string };
    /** Other staff by name: Teacher A/B/C (teaching), Support A/B (non-teaching). */
    people: Record<string, string>;
  }

  async function school(): Promise<School> {
    const admin = await registerOrganization(t);
    const me = await memberWithRole(t, admin, 'staff', 'Sam Staff');
    const people: Record<string, string> = {};
    for (const [name, isTeaching] of [
      ['Teacher A', true],
      ['Teacher B', true],
      ['Teacher C', true],
      ['Support A', false],
      ['Support B', false],
    ] as const) {
      const res = await as(admin.token)
        .post('/api/staff', { name, email: `${name.replace(' ', '.').toLowerCase()}-${admin.subdomain}@example.com`, isTeaching })
        .expect(201);
      people[name] = res.body.id;
    }
    return { admin, me, people };
  }

  const assign = (admin: Account, date: string, ...ids: string[]) =>
    as(admin.token).post('/api/rota', { date, slots: ids }).expect(201);

  const dayOf = async (admin: Account, date: string): Promise<(string | null)[]> => {
    const days: Day[] = (await as(admin.token).get(`/api/rota?startDate=${date}&endDate=${date}`).expect(200)).body;
    return days[0]?.slots.map((s) => s.staff?.id ?? null) ?? [];
  };

  // The requests' own emails: not the set-up's (sign-up, invitations, the rota assigned by hand).
  const outbox = async (subdomain: string) =>
    sql(
      `select o.kind, o."to", o.subject from outbox_emails o join organizations g on g.id = o.organization_id
        where g.subdomain = ? and o.kind not in ('email-verification', 'invitation', 'duties-changed') order by o.created_at, o.subject`,
      [subdomain],
    );

  const setAutoApproval = (admin: Account, values: object) =>
    as(admin.token).post('/api/auto-approval-settings', { adminPassword: admin.password, ...values }).expect(200);

  describe('swap requests', () => {
    it('a staff member asks a colleague to cover; the colleague accepts; the admin approves; the rota, emails, notifications, audit and counts follow', async () => {
      const { admin, me, people } = await school();
      const tom = await memberWithRole(t, admin, 'staff', 'Tom Colleague');
      await assign(admin, '2025-09-10', me.staffId, people['Support A']!);

      const created = await as(me.token)
        .post('/api/swap-requests', {
          requesterId: me.staffId,
          targetId: tom.staffId,
          originalDate: '2025-09-10',
          swapDate: '2025-09-10',
          reason: '  Parents evening  ',
          status: 'pending',
        })
        .expect(201);
      expect(created.body).toMatchObject({
        processedAutomatically: false,
        message: 'Swap request sent to Tom Colleague. It waits for their answer.',
        request: {
          requester: { id: me.staffId, name: 'Sam Staff' },
          target: { id: tom.staffId, name: 'Tom Colleague' },
          open: false,
          originalDate: '2025-09-10',
          swapDate: '2025-09-10',
          kind: 'cover',
          reason: 'Parents evening',
          status: 'awaiting_colleague',
          waitingFor: 'colleague',
          canAnswer: false,
          canWithdraw: true,
          decidedBy: null,
        },
      });
      const id = created.body.request.id as string;
      // Not for approvers yet: it waits for Tom, who sees it with the answers he may give.
      expect((await as(admin.token).get('/api/dashboard-stats').expect(200)).body.pendingSwaps).toBe(0);
      expect((await as(tom.token).get('/api/swap-requests').expect(200)).body).toEqual([
        expect.objectContaining({ id, canAnswer: true, canDecline: true, canWithdraw: false }),
      ]);

      const accepted = await as(tom.token).post(`/api/swap-requests/${id}/accept`).expect(200);
      expect(accepted.body).toMatchObject({
        processedAutomatically: false,
        message: "You accepted Sam Staff's request for Wednesday 10 September 2025. It now waits for approval.",
        request: { status: 'pending', waitingFor: 'approval', canAnswer: false },
      });
      expect((await as(admin.token).get('/api/dashboard-stats').expect(200)).body.pendingSwaps).toBe(1);
      expect((await as(me.token).get('/api/swap-requests').expect(200)).body.map((r: { id: string }) => r.id)).toEqual([id]);
      // Nothing moved yet.
      expect(await dayOf(admin, '2025-09-10')).toEqual([me.staffId, people['Support A']]);

      const decided = await as(admin.token).put(`/api/swap-requests/${id}`, { status: 'approved' }).expect(200);
      expect(decided.body).toMatchObject({ status: 'approved', approvedUnanswered: false, processedAutomatically: false, decidedBy: { name: 'Ann Admin' } });
      // Tom takes Sam's slot (position 1); Support A stays.
      expect(await dayOf(admin, '2025-09-10')).toEqual([tom.staffId, people['Support A']]);
      expect((await as(admin.token).get('/api/dashboard-stats').expect(200)).body.pendingSwaps).toBe(0);

      // Decided once: a second decision is a conflict and changes nothing.
      const again = await as(admin.token).put(`/api/swap-requests/${id}`, { status: 'rejected' }).expect(409);
      expect(again.body).toMatchObject({ code: 'already_decided', message: "This swap request has already been approved; a decided request can't change again" });
      expect(await dayOf(admin, '2025-09-10')).toEqual([tom.staffId, people['Support A']]);

      const emails = await outbox(admin.subdomain);
      expect(emails.map((e) => [e.kind, e.to, e.subject])).toEqual([
        ['swap-asked', tom.email, 'Swap request from Sam Staff: Wednesday 10 September 2025'],
        ['swap-answered', me.email, 'Tom Colleague accepted your swap request: Wednesday 10 September 2025'],
        ['swap-decided', me.email, 'Swap request approved: Wednesday 10 September 2025'],
        ['swap-decided', tom.email, 'You are on duty on Wednesday 10 September 2025'],
      ]);
      const entries = await sql(`select action, summary from audit_entries where entity_id = ? order by created_at`, [id]);
      expect(entries.map((r) => r.action)).toEqual(['swap.requested', 'swap.accepted', 'swap.approved']);
      // The activity log names the day as the emails do, never as yyyy-MM-dd.
      expect(entries.map((r) => r.summary)).toEqual([
        'Swap: Tom Colleague covers Sam Staff on Wednesday 10 September 2025: requested',
        'Swap: Tom Colleague covers Sam Staff on Wednesday 10 September 2025: accepted by Tom Colleague',
        'Swap: Tom Colleague covers Sam Staff on Wednesday 10 September 2025: approved',
      ]);
    });

    it('checks every rule when a swap is asked for, with a message that says which', async () => {
      const { admin, me, people } = await school();
      await assign(admin, '2025-09-10', me.staffId, people['Teacher B']!);
      await as(admin.token).put(`/api/staff/${people['Teacher C']}`, { isActive: false }).expect(200);
      await as(admin.token)
        .post('/api/staff-unavailability', { staffId: people['Support B'], startDate: '2025-09-10', endDate: '2025-09-10', reason: 'Course', type: 'training' })
        .expect(201);
      const other = await registerOrganization(t);
      const stranger = (await as(other.token).post('/api/staff', { name: 'Stranger', email: `s-${other.subdomain}@x.example` }).expect(201)).body.id;
      const before = await snapshotDatabase(t);

      const ask = (token: string, body: Record<string, unknown>) =>
        as(token).post('/api/swap-requests', {
          requesterId: me.staffId,
          targetId: people['Teacher A'],
          originalDate: '2025-09-10',
          swapDate: '2025-09-10',
          reason: 'Trip',
          ...body,
        });
      const cases: [string, Record<string, unknown>, number, string][] = [
        [me.token, { targetId: me.staffId }, 400, 'Please choose someone other than the requester to swap with'],
        [me.token, { reason: '   ' }, 400, 'Please provide a reason for the swap'],
        [me.token, { status: 'approved' }, 400, 'A new request is always pending: leave status out or send "pending"'],
        [me.token, { originalDate: '2025-02-31' }, 400, 'Original date must be a real date written as yyyy-MM-dd (got "2025-02-31")'],
        [me.token, { originalDate: '2025-09-05', swapDate: '2025-09-05' }, 400, 'Friday 5 September 2025 has passed: only duties from today on can be swapped'],
        [me.token, { originalDate: '2025-09-11', swapDate: '2025-09-11' }, 409, 'Sam Staff is not on duty on Thursday 11 September 2025'],
        [me.token, { targetId: people['Teacher B'] }, 409, 'Teacher B is already on duty on Wednesday 10 September 2025'],
        [me.token, { targetId: people['Teacher C'] }, 409, "Teacher C is inactive and can't take over a duty"],
        [me.token, { targetId: people['Support B'] }, 409, 'Support B is unavailable on Wednesday 10 September 2025 (Training)'],
        [me.token, { swapDate: '2025-09-12' }, 409, 'Teacher A is not on duty on Friday 12 September 2025'],
        [me.token, { targetId: stranger }, 404, 'Staff member not found'],
        [me.token, { requesterId: people['Teacher B'], targetId: people['Teacher A'] }, 403, 'You can only ask for swaps of your own duties'],
      ];
      for (const [token, body, status, message] of cases) {
        const res = await ask(token, body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message: expect.stringContaining(message) });
      }
      expect(await snapshotDatabase(t)).toEqual(before);

      await ask(me.token, {}).expect(201);
      const duplicate = await ask(me.token, { targetId: people['Support A'] }).expect(409);
      expect(duplicate.body.message).toBe("A swap request for Sam Staff's duty on Wednesday 10 September 2025 is already open");
    });

    it('checks the requester’s side of a trade too: free, active and available on the swap date', async () => {
      const { admin, me, people } = await school();
      const trade = (requesterId: string, targetId: string, originalDate: string, swapDate: string) =>
        as(admin.token).post('/api/swap-requests', { requesterId, targetId, originalDate, swapDate, reason: 'Trade' });
      await assign(admin, '2025-09-10', me.staffId);
      await assign(admin, '2025-09-11', me.staffId, people['Teacher A']!);
      await assign(admin, '2025-09-15', people['Support B']!);
      await assign(admin, '2025-09-16', people['Teacher B']!);
      await as(admin.token).put(`/api/staff/${people['Support B']}`, { isActive: false }).expect(200);
      await assign(admin, '2025-09-17', people['Teacher C']!);
      await assign(admin, '2025-09-18', people['Teacher B']!);
      await as(admin.token)
        .post('/api/staff-unavailability', { staffId: people['Teacher C'], startDate: '2025-09-18', endDate: '2025-09-18', reason: 'Leave' })
        .expect(201);

      const busy = await trade(me.staffId, people['Teacher A']!, '2025-09-10', '2025-09-11').expect(409);
      expect(busy.body.message).toBe('Sam Staff is already on duty on Thursday 11 September 2025');
      // Deactivating Support B took them off their duties (docs/product.md#the-rota-stays-true), so an
      // inactive requester has no duty left to trade.
      const inactive = await trade(people['Support B']!, people['Teacher B']!, '2025-09-15', '2025-09-16').expect(409);
      expect(inactive.body.message).toBe('Support B is not on duty on Monday 15 September 2025');
      const away = await trade(people['Teacher C']!, people['Teacher B']!, '2025-09-17', '2025-09-18').expect(409);
      expect(away.body.message).toBe('Teacher C is unavailable on Thursday 18 September 2025 (Annual Leave)');
    });

    it('a trade exchanges the two duties; approval re-checks the rules against the rota as it is then', async () => {
      const { admin, me, people } = await school();
      await assign(admin, '2025-09-10', me.staffId);
      await assign(admin, '2025-09-11', people['Teacher A']!);
      const trade = await as(me.token)
        .post('/api/swap-requests', { requesterId: me.staffId, targetId: people['Teacher A'], originalDate: '2025-09-10', swapDate: '2025-09-11', reason: 'Dentist' })
        .expect(201);
      expect(trade.body.request.kind).toBe('trade');
      // A cover asked for at the same time, then overtaken by a hand assignment.
      await assign(admin, '2025-09-12', me.staffId);
      const cover = await as(me.token)
        .post('/api/swap-requests', { requesterId: me.staffId, targetId: people['Support A'], originalDate: '2025-09-12', swapDate: '2025-09-12', reason: 'Trip' })
        .expect(201);
      await as(admin.token).put(`/api/rota/${(await as(admin.token).get('/api/rota?startDate=2025-09-12&endDate=2025-09-12')).body[0].id}`, {
        slots: [me.staffId, people['Support A']],
      }).expect(200);

      await as(admin.token).put(`/api/swap-requests/${trade.body.request.id}`, { status: 'approved' }).expect(200);
      expect(await dayOf(admin, '2025-09-10')).toEqual([people['Teacher A'], null]);
      expect(await dayOf(admin, '2025-09-11')).toEqual([me.staffId, null]);

      const stale = await as(admin.token).put(`/api/swap-requests/${cover.body.request.id}`, { status: 'approved' }).expect(409);
      expect(stale.body.message).toBe('Support A is already on duty on Friday 12 September 2025');
      const list = (await as(admin.token).get('/api/swap-requests').expect(200)).body as { id: string; status: string }[];
      expect(list.find((r) => r.id === cover.body.request.id)?.status).toBe('awaiting_colleague');
      expect(await dayOf(admin, '2025-09-12')).toEqual([me.staffId, people['Support A']]);
      // Rejecting needs no rule to hold.
      await as(admin.token).put(`/api/swap-requests/${cover.body.request.id}`, { status: 'rejected' }).expect(200);
      const emails = await outbox(admin.subdomain);
      expect(emails.filter((e) => e.to === me.email).map((e) => e.subject)).toEqual(
        expect.arrayContaining(['Swap request approved: Wednesday 10 September 2025', 'Swap request rejected: Friday 12 September 2025']),
      );
    });

    it('lets staff see only the requests they are part of, and only deciders decide', async () => {
      const { admin, me, people } = await school();
      const colleague = await memberWithRole(t, admin, 'staff', 'Cal Colleague');
      const manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');
      await assign(admin, '2025-09-10', people['Teacher A']!);
      const res = await as(admin.token)
        .post('/api/swap-requests', { requesterId: people['Teacher A'], targetId: me.staffId, originalDate: '2025-09-10', swapDate: '2025-09-10', reason: 'Trip' })
        .expect(201);
      expect((await as(me.token).get('/api/swap-requests').expect(200)).body).toHaveLength(1);
      expect((await as(colleague.token).get('/api/swap-requests').expect(200)).body).toEqual([]);
      // A manager can't approve it before Sam answers (only an admin may); Sam accepts.
      const early = await as(manager.token).put(`/api/swap-requests/${res.body.request.id}`, { status: 'approved' }).expect(409);
      expect(early.body).toMatchObject({ code: 'awaiting_colleague', message: "Sam Staff hasn't answered yet: only an admin can approve a swap before the colleague does" });
      await as(colleague.token).post(`/api/swap-requests/${res.body.request.id}/accept`).expect(403);
      await as(me.token).post(`/api/swap-requests/${res.body.request.id}/accept`).expect(200);
      expect((await as(colleague.token).get('/api/dashboard-stats').expect(200)).body.pendingSwaps).toBe(0);
      expect((await as(me.token).get('/api/dashboard-stats').expect(200)).body.pendingSwaps).toBe(1);
      const denied = await as(me.token).put(`/api/swap-requests/${res.body.request.id}`, { status: 'approved' }).expect(403);
      expect(denied.body.message).toBe("You don't have permission to approve or reject swap requests");
      await as(manager.token).put(`/api/swap-requests/${res.body.request.id}`, { status: 'approved' }).expect(200);
      expect(await dayOf(admin, '2025-09-10')).toEqual([me.staffId, null]);
      const bad = await as(manager.token).put(`/api/swap-requests/${res.body.request.id}`, { status: 'pending' }).expect(400);
      expect(bad.body.message).toBe('Status must be approved or rejected');
    });

    it('two deciders at the same moment: exactly one decision applies, the others get 409', async () => {
      const { admin, me, people } = await school();
      const secondAdmin = await memberWithRole(t, admin, 'admin', 'Second Admin');
      await assign(admin, '2025-09-10', me.staffId);
      const { body } = await as(me.token)
        .post('/api/swap-requests', { requesterId: me.staffId, targetId: people['Teacher A'], originalDate: '2025-09-10', swapDate: '2025-09-10', reason: 'Trip' })
        .expect(201);
      const id = body.request.id as string;
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          as(i % 2 ? admin.token : secondAdmin.token).put(`/api/swap-requests/${id}`, { status: i < 4 ? 'approved' : 'rejected' }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const winner = results.find((r) => r.status === 200)!.body.status as string;
      expect(await dayOf(admin, '2025-09-10')).toEqual(winner === 'approved' ? [people['Teacher A'], null] : [me.staffId, null]);
      const audit = await sql(`select action from audit_entries where entity_id = ? and action <> 'swap.requested'`, [id]);
      expect(audit).toEqual([{ action: `swap.${winner}` }]);
      const emails = (await outbox(admin.subdomain)).filter((e) => e.kind === 'swap-decided');
      expect(emails).toHaveLength(winner === 'approved' ? 2 : 1);
    });

    it('with swap auto-approval on, the colleague’s acceptance makes the swap at once and says so', async () => {
      const { admin, me } = await school();
      const tom = await memberWithRole(t, admin, 'staff', 'Tom Colleague');
      await setAutoApproval(admin, { swaps: true });
      await assign(admin, '2025-09-10', me.staffId);
      const res = await as(me.token)
        .post('/api/swap-requests', { requesterId: me.staffId, targetId: tom.staffId, originalDate: '2025-09-10', swapDate: '2025-09-10', reason: 'Trip' })
        .expect(201);
      expect(res.body).toMatchObject({ processedAutomatically: false, request: { status: 'awaiting_colleague' } });
      expect(await dayOf(admin, '2025-09-10')).toEqual([me.staffId, null]);
      const accepted = await as(tom.token).post(`/api/swap-requests/${res.body.request.id}/accept`).expect(200);
      expect(accepted.body).toMatchObject({
        processedAutomatically: true,
        message: 'The swap was approved automatically: you are now on duty on Wednesday 10 September 2025.',
        request: { status: 'approved', processedAutomatically: true, decidedBy: null },
      });
      expect(await dayOf(admin, '2025-09-10')).toEqual([tom.staffId, null]);
    });
  });

  describe('cancel requests', () => {
    it('by default a cancellation is processed at once and the slot goes to the least-loaded eligible person, keeping the mix', async () => {
      const { admin, me, people } = await school();
      // Earlier duties this academic year: Teacher A 3, Teacher C 2, Teacher B 1, Support A 0.
      await assign(admin, '2025-09-01', people['Teacher A']!);
      await assign(admin, '2025-09-02', people['Teacher A']!);
      await assign(admin, '2025-09-03', people['Teacher A']!, people['Teacher C']!);
      await assign(admin, '2025-09-04', people['Teacher B']!, people['Teacher C']!);
      // Sam (teaching) and Support B on the 10th. The mix asks for a teacher in Sam's place, so
      // Support A (0 duties) is passed over for the teacher with the fewest: Teacher B.
      await assign(admin, '2025-09-10', me.staffId, people['Support B']!);
      const res = await as(me.token).post('/api/cancel-requests', { staffId: me.staffId, date: '2025-09-10', reason: 'Hospital appointment' }).expect(201);
      expect(res.body).toMatchObject({
        processedAutomatically: true,
        replacement: { id: people['Teacher B'], name: 'Teacher B' },
        message: 'The request was processed automatically: Sam Staff is no longer on duty on Wednesday 10 September 2025 and Teacher B takes the duty.',
        request: { status: 'approved', source: 'request', reason: 'Hospital appointment', replacement: { name: 'Teacher B' }, staff: { name: 'Sam Staff' } },
      });
      expect(await dayOf(admin, '2025-09-10')).toEqual([people['Teacher B'], people['Support B']]);
      const emails = await outbox(admin.subdomain);
      expect(emails.map((e) => [e.kind, e.subject])).toEqual(
        expect.arrayContaining([
          ['cancel-decided', 'Cancel request approved: Wednesday 10 September 2025'],
          ['duty-added', 'You are on duty on Wednesday 10 September 2025'],
        ]),
      );
      // The activity log names the day as the emails do, never as yyyy-MM-dd.
      const log = (await as(admin.token).get('/api/audit-log?kind=request').expect(200)).body.items.map((e: { summary: string }) => e.summary);
      expect(log).toEqual(
        expect.arrayContaining([
          'Cancel: Sam Staff on Wednesday 10 September 2025: requested',
          'Cancel: Sam Staff on Wednesday 10 September 2025: approved automatically; Teacher B takes the duty',
        ]),
      );
      // Nobody free (everyone else away or inactive): the slot stays empty.
      await assign(admin, '2025-09-15', people['Support A']!);
      for (const name of ['Teacher A', 'Teacher B', 'Teacher C', 'Support B']) {
        await as(admin.token).put(`/api/staff/${people[name]}`, { isActive: false }).expect(200);
      }
      await as(admin.token).put(`/api/staff/${me.staffId}`, { isActive: false }).expect(200);
      const alone = await as(admin.token).post('/api/cancel-requests', { staffId: people['Support A'], date: '2025-09-15', reason: 'Ill' }).expect(201);
      expect(alone.body.replacement).toBeNull();
      expect(await dayOf(admin, '2025-09-15')).toEqual([]);
    });

    it('never refills a day with someone whose cancellation of that day was approved', async () => {
      const { admin, me, people } = await school();
      const teachers = [people['Teacher A'], people['Teacher B'], people['Teacher C'], me.staffId];
      await assign(admin, '2025-09-10', people['Support A']!, people['Teacher A']!);
      // Support A gives the day up: the mix asks for a non-teaching replacement, Support B.
      const first = await as(admin.token).post('/api/cancel-requests', { staffId: people['Support A'], date: '2025-09-10', reason: 'Ill' }).expect(201);
      expect(first.body.replacement.name).toBe('Support B');
      // Support B gives it up too. Support A now has the fewest duties and is the only other
      // non-teaching person, but said they can't do that day: a teacher takes it instead.
      const second = await as(admin.token).post('/api/cancel-requests', { staffId: people['Support B'], date: '2025-09-10', reason: 'Course' }).expect(201);
      expect(second.body.replacement).not.toBeNull();
      expect(second.body.replacement.id).not.toBe(people['Support A']);
      expect(teachers).toContain(second.body.replacement.id);
      // The bulk fill respects it too: a third slot on the day goes to neither of them.
      await as(admin.token).post('/api/system-settings', { dutyManagersPerDay: 3 }).expect(200);
      await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2025-09-12', allWeekdays: true }).expect(200);
      const day = await dayOf(admin, '2025-09-10');
      expect(day.filter(Boolean)).toHaveLength(3);
      expect(day).not.toContain(people['Support A']);
      expect(day).not.toContain(people['Support B']);
    });

    it('without auto-approval it waits; only admins decide; approval without auto-fill leaves the slot empty', async () => {
      const { admin, me, people } = await school();
      const manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');
      await setAutoApproval(admin, { cancellations: false, autoFillCancellations: false });
      await assign(admin, '2025-09-10', me.staffId, people['Support A']!);

      const created = await as(me.token).post('/api/cancel-requests', { staffId: me.staffId, date: '2025-09-10', reason: 'Course' }).expect(201);
      expect(created.body).toMatchObject({ processedAutomatically: false, message: 'Cancel request created. It is pending approval.', request: { status: 'pending' } });
      expect((await as(admin.token).get('/api/dashboard-stats').expect(200)).body.pendingCancellations).toBe(1);
      const id = created.body.request.id as string;

      const dup = await as(me.token).post('/api/cancel-requests', { staffId: me.staffId, date: '2025-09-10', reason: 'Again' }).expect(409);
      expect(dup.body.message).toBe("A cancel request for Sam Staff's duty on Wednesday 10 September 2025 is already pending");
      const notOn = await as(me.token).post('/api/cancel-requests', { staffId: me.staffId, date: '2025-09-11', reason: 'x' }).expect(409);
      expect(notOn.body.message).toBe('Sam Staff is not on duty on Thursday 11 September 2025');
      const others = await as(me.token).post('/api/cancel-requests', { staffId: people['Support A'], date: '2025-09-10', reason: 'x' }).expect(403);
      expect(others.body.message).toBe('You can only ask to cancel your own duties');
      const noReason = await as(me.token).post('/api/cancel-requests', { staffId: me.staffId, date: '2025-09-10', reason: '' }).expect(400);
      expect(noReason.body.message).toBe('Please provide a reason for cancellation');

      const denied = await as(manager.token).patch(`/api/cancel-requests/${id}`, { status: 'approved' }).expect(403);
      expect(denied.body.message).toBe("You don't have permission to approve or reject cancel requests");
      const approved = await as(admin.token).patch(`/api/cancel-requests/${id}`, { status: 'approved' }).expect(200);
      expect(approved.body).toMatchObject({
        replacement: null,
        message: 'The duty has been cancelled and the staff member has been removed from the rota.',
        request: { status: 'approved', decidedBy: { name: 'Ann Admin' } },
      });
      expect(await dayOf(admin, '2025-09-10')).toEqual([null, people['Support A']]);
      await as(admin.token).patch(`/api/cancel-requests/${id}`, { status: 'rejected' }).expect(409);
      expect((await as(me.token).get('/api/cancel-requests').expect(200)).body).toHaveLength(1);
    });

    it('concurrent approvals of one cancellation: one applies, one person is put in, the rest get 409', async () => {
      const { admin, me, people } = await school();
      const secondAdmin = await memberWithRole(t, admin, 'admin', 'Second Admin');
      await setAutoApproval(admin, { cancellations: false });
      await assign(admin, '2025-09-10', me.staffId);
      const { body } = await as(me.token).post('/api/cancel-requests', { staffId: me.staffId, date: '2025-09-10', reason: 'Course' }).expect(201);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => as(i % 2 ? admin.token : secondAdmin.token).patch(`/api/cancel-requests/${body.request.id}`, { status: 'approved' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const day = await dayOf(admin, '2025-09-10');
      expect(day).toHaveLength(2);
      expect(day[1]).toBeNull();
      expect(day[0]).not.toBe(me.staffId);
      // Anyone active but Sam: the five named people or the second admin's own staff record.
      expect([...Object.values(people), secondAdmin.staffId]).toContain(day[0]);
      expect((await outbox(admin.subdomain)).filter((e) => e.kind === 'duty-added')).toHaveLength(1);
    });
  });

  describe('unavailability', () => {
    it('removes the person from every duty in the period from today on, refills each, and records them as cancellations', async () => {
      const { admin, me, people } = await school();
      await assign(admin, '2025-09-05', me.staffId); // before today: stays as it happened
      await assign(admin, '2025-09-09', me.staffId, people['Support A']!);
      await assign(admin, '2025-09-11', people['Teacher A']!, me.staffId);
      await assign(admin, '2025-09-22', me.staffId); // after the period

      const res = await as(me.token)
        .post('/api/staff-unavailability', { staffId: me.staffId, startDate: '2025-09-01', endDate: '2025-09-19', reason: 'Surgery', type: 'sick' })
        .expect(201);
      expect(res.body).toMatchObject({
        cancelledDuties: 2,
        refilledDuties: 2,
        message: 'Unavailability period added successfully. 2 duty assignments cancelled and all refilled.',
        unavailability: { staffId: me.staffId, startDate: '2025-09-01', endDate: '2025-09-19', reason: 'Surgery', type: 'sick' },
      });
      expect(await dayOf(admin, '2025-09-05')).toEqual([me.staffId, null]);
      expect(await dayOf(admin, '2025-09-22')).toEqual([me.staffId, null]);
      const ninth = await dayOf(admin, '2025-09-09');
      const eleventh = await dayOf(admin, '2025-09-11');
      expect(ninth[1]).toBe(people['Support A']);
      expect(eleventh[0]).toBe(people['Teacher A']);
      for (const day of [ninth, eleventh]) {
        expect(day).toHaveLength(2);
        expect(day).not.toContain(me.staffId);
        expect(new Set(day).size).toBe(2);
      }
      const cancels = (await as(admin.token).get('/api/cancel-requests').expect(200)).body as {
        date: string;
        status: string;
        source: string;
        reason: string;
        replacement: { id: string } | null;
      }[];
      expect(cancels.map((c) => [c.date, c.status, c.source, c.reason]).sort()).toEqual([
        ['2025-09-09', 'approved', 'unavailability', 'Sick Leave: Surgery'],
        ['2025-09-11', 'approved', 'unavailability', 'Sick Leave: Surgery'],
      ]);
      const emails = await outbox(admin.subdomain);
      expect(emails.filter((e) => e.kind === 'duties-removed').map((e) => [e.to, e.subject])).toEqual([[me.email, '2 duties removed']]);
      expect(emails.filter((e) => e.kind === 'duty-added')).toHaveLength(2);

      // While away, nobody can put them on duty, and the bulk fill passes them by.
      const refused = await as(admin.token).post('/api/rota', { date: '2025-09-16', dutyManager1Id: me.staffId }).expect(409);
      expect(refused.body.message).toBe("Sam Staff is unavailable on Tuesday 16 September 2025 and can't be put on duty");
      await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2025-09-19', allWeekdays: true }).expect(200);
      const filled = (await as(admin.token).get('/api/rota?startDate=2025-09-09&endDate=2025-09-19').expect(200)).body as Day[];
      expect(filled.flatMap((d) => d.slots.map((s) => s.staff?.id))).not.toContain(me.staffId);
      expect(filled).toHaveLength(9);

      const list = (await as(me.token).get(`/api/staff-unavailability/${me.staffId}`).expect(200)).body;
      expect(list).toEqual([expect.objectContaining({ startDate: '2025-09-01', endDate: '2025-09-19', type: 'sick' })]);
    });

    it('validates the period, refuses overlaps, and lets staff manage only their own', async () => {
      const { admin, me, people } = await school();
      const manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');
      const add = (token: string, body: Record<string, unknown>) =>
        as(token).post('/api/staff-unavailability', { staffId: me.staffId, startDate: '2025-10-06', endDate: '2025-10-10', reason: 'Holiday', ...body });

      const before = await snapshotDatabase(t);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ endDate: '2025-10-03' }, 400, 'End date must be after start date'],
        [{ reason: ' ' }, 400, 'Please fill in all required fields'],
        [{ startDate: undefined }, 400, 'Start date must be a real date written as yyyy-MM-dd'],
        [{ type: 'holiday' }, 400, 'Type must be one of: annual_leave, sick, training, personal'],
        [{ endDate: '2028-01-01' }, 400, 'An unavailability period can cover at most two years'],
        [{ staffId: people['Teacher A'] }, 403, 'You can only manage your own unavailability'],
      ];
      for (const [body, status, message] of cases) {
        const res = await add(me.token, body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message: expect.stringContaining(message) });
      }
      expect(await snapshotDatabase(t)).toEqual(before);

      const mine = await add(me.token, {}).expect(201);
      expect(mine.body.unavailability.type).toBe('annual_leave');
      expect(mine.body.message).toBe('Unavailability period added successfully. There were no duties in the period.');
      const overlap = await add(me.token, { startDate: '2025-10-10', endDate: '2025-10-14' }).expect(409);
      expect(overlap.body.message).toBe(
        'Sam Staff is already unavailable from Monday 6 October 2025 to Friday 10 October 2025 (Annual Leave); change that period instead',
      );
      const theirs = await add(manager.token, { staffId: people['Teacher A'] }).expect(201);
      await as(me.token).get(`/api/staff-unavailability/${people['Teacher A']}`).expect(403);
      const denied = await as(me.token).delete(`/api/staff-unavailability/${theirs.body.unavailability.id}`).expect(403);
      expect(denied.body.message).toBe('You can only manage your own unavailability');
      await as(me.token).delete(`/api/staff-unavailability/${mine.body.unavailability.id}`).expect(204);
      expect((await as(me.token).get(`/api/staff-unavailability/${me.staffId}`).expect(200)).body).toEqual([]);
      await as(me.token).delete(`/api/staff-unavailability/${mine.body.unavailability.id}`).expect(404);
    });
  });

  describe('weekly commitments (recurring unavailability)', () => {
    const WEEKLY = { startDate: '2025-09-01', endDate: '2026-07-22', reason: 'Year 9 club' };
    type Cancel = { date: string; staffId: string; status: string; reason: string };

    it("takes the person off that weekday's duties from today on, refills them, keeps them off it, and deleting puts nothing back", async () => {
      const { admin, me, people } = await school();
      await assign(admin, '2025-09-02', me.staffId); // a past Tuesday: stays as it happened
      await assign(admin, '2025-09-09', me.staffId, people['Support A']!);
      await assign(admin, '2025-09-16', people['Teacher A']!, me.staffId);
      await assign(admin, '2025-09-10', me.staffId); // a Wednesday: not covered

      const res = await as(me.token).post('/api/staff-unavailability/recurring', { staffId: me.staffId, weekdays: [2], ...WEEKLY }).expect(201);
      expect(res.body).toEqual({
        rule: {
          id: expect.any(String),
          staffId: me.staffId,
          weekdays: [2],
          startDate: '2025-09-01',
          endDate: '2026-07-22',
          everyOtherWeek: false,
          week: null,
          reason: 'Year 9 club',
          createdAt: expect.any(String),
        },
        cancelledDuties: 2,
        refilledDuties: 2,
        message: 'Weekly commitment added: unavailable on Tuesdays. 2 duty assignments cancelled and all refilled.',
      });
      expect(await dayOf(admin, '2025-09-02')).toEqual([me.staffId, null]);
      expect(await dayOf(admin, '2025-09-10')).toEqual([me.staffId, null]);
      for (const date of ['2025-09-09', '2025-09-16']) {
        const day = await dayOf(admin, date);
        expect(day).not.toContain(me.staffId);
        expect(day.filter(Boolean)).toHaveLength(2);
      }
      const cancels = ((await as(admin.token).get('/api/cancel-requests').expect(200)).body as Cancel[]).filter((c) => c.staffId === me.staffId);
      expect(cancels.map((c) => [c.date, c.status, c.reason]).sort()).toEqual([
        ['2025-09-09', 'approved', 'Weekly: Year 9 club'],
        ['2025-09-16', 'approved', 'Weekly: Year 9 club'],
      ]);
      const [entry] = await sql(
        `select a.summary from audit_entries a join organizations o on o.id = a.organization_id where o.subdomain = ? and a.action = 'rota.adjusted'`,
        [admin.subdomain],
      );
      expect(entry?.summary).toBe("Sam Staff's weekly commitment removed 2 duties on 9–16 Sep; 2 refilled.");

      // On its days nobody puts them on duty, by hand, by a swap or by the bulk fill; other days are free.
      const refused = await as(admin.token).post('/api/rota', { date: '2025-09-23', dutyManager1Id: me.staffId }).expect(409);
      expect(refused.body.message).toBe("Sam Staff is unavailable on Tuesday 23 September 2025 and can't be put on duty");
      await as(admin.token).post('/api/rota', { date: '2025-09-22', dutyManager1Id: me.staffId }).expect(201);
      await assign(admin, '2025-09-30', people['Teacher A']!);
      const swap = await as(admin.token)
        .post('/api/swap-requests', { requesterId: people['Teacher A'], targetId: me.staffId, originalDate: '2025-09-30', swapDate: '2025-09-30', reason: 'Trip' })
        .expect(409);
      expect(swap.body.message).toBe('Sam Staff is unavailable on Tuesday 30 September 2025 (Weekly commitment)');
      await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2025-10-31', allWeekdays: true }).expect(200);
      const filled = (await as(admin.token).get('/api/rota?startDate=2025-09-17&endDate=2025-10-31').expect(200)).body as Day[];
      const mine = filled.filter((d) => d.slots.some((slot) => slot.staff?.id === me.staffId)).map((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay());
      expect(mine.length).toBeGreaterThan(0);
      expect(mine).not.toContain(2);

      const list = (await as(me.token).get(`/api/staff-unavailability/${me.staffId}/recurring`).expect(200)).body;
      expect(list).toEqual([res.body.rule]);
      await as(me.token).delete(`/api/staff-unavailability/recurring/${res.body.rule.id}`).expect(204);
      expect((await as(me.token).get(`/api/staff-unavailability/${me.staffId}/recurring`).expect(200)).body).toEqual([]);
      expect(await dayOf(admin, '2025-09-09')).not.toContain(me.staffId);
      await as(admin.token).post('/api/rota', { date: '2025-11-04', dutyManager1Id: me.staffId }).expect(201);
    });

    it('a commitment at a time of day keeps the times it gives, and leaves the all-day Duty Manager duty standing', async () => {
      const { admin, me, people } = await school();
      await assign(admin, '2025-09-09', me.staffId, people['Teacher A']!);
      const body = { staffId: me.staffId, weekdays: [2], ...WEEKLY, reason: 'Lunchtime club' };

      for (const [times, message] of [
        [{ startTime: '12:30' }, 'Give the end time as HH:mm, such as 13:10, or leave both times out for the whole day'],
        [{ endTime: '13:10' }, 'Give the start time as HH:mm, such as 12:30, or leave both times out for the whole day'],
        [{ startTime: '12.30', endTime: '13:10' }, 'Give the start time as HH:mm, such as 12:30, or leave both times out for the whole day'],
        [{ startTime: '13:10', endTime: '12:30' }, 'The end time must be after the start time'],
        [{ startTime: '12:30', endTime: '12:30' }, 'The end time must be after the start time'],
      ] as const) {
        const refused = await as(me.token).post('/api/staff-unavailability/recurring', { ...body, ...times }).expect(400);
        expect(refused.body.message).toBe(message);
      }
      expect((await as(me.token).get(`/api/staff-unavailability/${me.staffId}/recurring`).expect(200)).body).toEqual([]);

      const res = await as(me.token).post('/api/staff-unavailability/recurring', { ...body, startTime: '12:30', endTime: '13:10' }).expect(201);
      expect(res.body).toMatchObject({
        rule: { weekdays: [2], startTime: '12:30', endTime: '13:10', reason: 'Lunchtime club' },
        cancelledDuties: 0,
        message: 'Weekly commitment added: unavailable on Tuesdays 12:30–13:10. There were no duties at those times.',
      });
      expect((await as(me.token).get(`/api/staff-unavailability/${me.staffId}/recurring`).expect(200)).body).toEqual([res.body.rule]);
      // The Duty Manager duty runs all day: a lunchtime club doesn't keep anyone off it.
      expect(await dayOf(admin, '2025-09-09')).toContain(me.staffId);
      await as(admin.token).post('/api/rota', { date: '2025-09-16', dutyManager1Id: me.staffId }).expect(201);
      // A commitment for the whole day has no times at all in its answer.
      const whole = await as(me.token).post('/api/staff-unavailability/recurring', { ...body, weekdays: [3], startTime: null, endTime: null }).expect(201);
      expect(Object.keys(whole.body.rule)).not.toContain('startTime');
      expect(Object.keys(whole.body.rule)).not.toContain('endTime');
    });

    it("a two-week commitment needs the organisation's Week A and covers only its weeks; moving Week A moves it", async () => {
      const { admin, me, people } = await school();
      const body = { staffId: me.staffId, weekdays: [1], everyOtherWeek: true, week: 'A', ...WEEKLY, reason: 'Orchestra' };
      const missing = await as(me.token).post('/api/staff-unavailability/recurring', body).expect(400);
      expect(missing.body.message).toBe(
        'A commitment every other week needs the date Week A starts: an admin sets it in the settings (Duty Manager Settings) first',
      );
      await as(admin.token).post('/api/system-settings', { weekAStart: '2025-09-08' }).expect(200);
      // Mondays: 15 and 29 September are Week B, 22 September and 6 October Week A.
      for (const date of ['2025-09-15', '2025-09-22', '2025-09-29', '2025-10-06']) await assign(admin, date, me.staffId, people['Teacher A']!);

      const res = await as(me.token).post('/api/staff-unavailability/recurring', body).expect(201);
      expect(res.body).toMatchObject({ rule: { everyOtherWeek: true, week: 'A', weekdays: [1] }, cancelledDuties: 2 });
      expect(res.body.message).toMatch(/^Weekly commitment added: unavailable on Mondays in Week A\. 2 duty assignments cancelled/);
      const onDuty = async () => {
        const days = (await as(admin.token).get('/api/rota?startDate=2025-09-15&endDate=2025-10-06').expect(200)).body as Day[];
        return days.filter((d) => d.slots.some((slot) => slot.staff?.id === me.staffId)).map((d) => d.date);
      };
      expect(await onDuty()).toEqual(['2025-09-15', '2025-09-29']);
      const cancels = ((await as(admin.token).get('/api/cancel-requests').expect(200)).body as Cancel[]).filter((c) => c.staffId === me.staffId);
      expect(cancels.map((c) => c.reason)).toEqual(['Week A: Orchestra', 'Week A: Orchestra']);

      // Week A now starts a week later: the Mondays swap weeks, and the rota follows at once.
      const moved = await as(admin.token).post('/api/system-settings', { weekAStart: '2025-09-15' }).expect(200);
      expect(moved.body.rotaChange).toMatchObject({ removedDuties: 2, dates: ['2025-09-15', '2025-09-29'] });
      expect(moved.body.rotaChange.message).toMatch(/^Starting Week A on Monday 15 September 2025 removed 2 duties on 15–29 Sep; /);
      expect(await onDuty()).toEqual([]);
    });

    it('gives the rota each day a rule covers, in one span per day, and Week A both ways', async () => {
      const { admin, me, people } = await school();
      const [org] = await sql('select id from organizations where subdomain = ?', [admin.subdomain]);
      const repo = t.get(AvailabilityRepository);
      const inOrg = <T>(fn: () => Promise<T>) => TenantContext.run(org!.id as string, () => RequestContext.create(t.get(MikroORM).em, fn));
      const add = (token: string, body: object) => as(token).post('/api/staff-unavailability/recurring', body).expect(201);

      // Tuesdays and Thursdays from Wednesday 10 to Tuesday 23 September; Mondays in Week B (Week A
      // starts 22 September, so 15 September and, counting back, 1 September are B).
      const weekly = (await add(me.token, { staffId: me.staffId, weekdays: [4, 2], startDate: '2025-09-10', endDate: '2025-09-23', reason: 'Club' })).body.rule;
      await as(admin.token).post('/api/system-settings', { weekAStart: '2025-09-22' }).expect(200);
      const teacher = people['Teacher A']!;
      const fortnightly = (
        await add(admin.token, { staffId: teacher, weekdays: [1], everyOtherWeek: true, week: 'B', startDate: '2025-09-01', endDate: '2025-10-31', reason: 'Orchestra' })
      ).body.rule;
      await add(admin.token, { staffId: people['Teacher B']!, weekdays: [3], startDate: '2025-09-01', endDate: '2025-09-05', reason: 'Before the range' });
      await as(me.token).post('/api/staff-unavailability', { staffId: me.staffId, startDate: '2025-09-15', endDate: '2025-09-16', reason: 'Course', type: 'training' }).expect(201);

      const away = await inOrg(() => repo.awayBetween('2025-09-08', '2025-10-19'));
      const byDate = (a: { start: string }, b: { start: string }) => a.start.localeCompare(b.start);
      expect(away.filter((a) => a.recurring && a.staffId === me.staffId).sort(byDate)).toEqual(
        ['2025-09-11', '2025-09-16', '2025-09-18', '2025-09-23'].map((d) => ({ staffId: me.staffId, start: d, end: d, label: 'Weekly: Club', recurring: true, ruleId: weekly.id })),
      );
      expect(away.filter((a) => a.recurring && a.staffId === teacher).map((a) => a.start).sort()).toEqual(['2025-09-15', '2025-09-29', '2025-10-13']);
      expect(away.find((a) => a.recurring && a.staffId === teacher)).toMatchObject({ label: 'Week B: Orchestra', ruleId: fortnightly.id });
      expect(away.filter((a) => a.staffId === people['Teacher B'])).toEqual([]);
      const dated = away.filter((a) => !a.recurring);
      expect(dated).toEqual([{ staffId: me.staffId, start: '2025-09-15', end: '2025-09-16', label: 'Training: Course', periodId: expect.any(String) }]);
      expect(away.every((a) => (a.recurring ? a.periodId === undefined : a.ruleId === undefined))).toBe(true);

      const first = (checks: { staffId: string; date: string }[]) => inOrg(() => repo.firstAway(checks));
      expect(await first([{ staffId: teacher, date: '2025-09-22' }, { staffId: me.staffId, date: '2025-09-17' }])).toBeUndefined();
      // 8 September is Week A (two weeks before 22 September), 1 September Week B (three weeks before).
      expect(await first([{ staffId: teacher, date: '2025-09-08' }])).toBeUndefined();
      expect(await first([{ staffId: teacher, date: '2025-09-22' }, { staffId: teacher, date: '2025-09-01' }])).toEqual({ staffId: teacher, date: '2025-09-01', label: 'Weekly commitment' });
      expect(await first([{ staffId: me.staffId, date: '2025-09-15' }])).toEqual({ staffId: me.staffId, date: '2025-09-15', label: 'Training' });

      // Without a Week A, a two-week rule counts every week.
      await as(admin.token).post('/api/system-settings', { weekAStart: null }).expect(200);
      const everyWeek = await inOrg(() => repo.awayBetween('2025-09-08', '2025-09-30'));
      expect(everyWeek.filter((a) => a.recurring && a.staffId === teacher).map((a) => a.start).sort()).toEqual(['2025-09-08', '2025-09-15', '2025-09-22', '2025-09-29']);
    });

    it('validates the rule, and lets staff manage only their own', async () => {
      const { admin, me, people } = await school();
      const manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');
      const add = (token: string, body: Record<string, unknown>) =>
        as(token).post('/api/staff-unavailability/recurring', { staffId: me.staffId, weekdays: [3], ...WEEKLY, ...body });

      const before = await snapshotDatabase(t);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ weekdays: [] }, 400, 'Choose one or more weekdays, Monday to Friday (1 = Monday … 5 = Friday)'],
        [{ weekdays: [6] }, 400, 'Choose one or more weekdays, Monday to Friday (1 = Monday … 5 = Friday)'],
        [{ weekdays: undefined }, 400, 'Choose one or more weekdays, Monday to Friday (1 = Monday … 5 = Friday)'],
        [{ endDate: '2025-08-29' }, 400, 'End date must be after start date'],
        [{ reason: ' ' }, 400, 'Please give a reason, e.g. "Year 9 football club"'],
        [{ everyOtherWeek: true }, 400, 'Choose Week A or Week B for a commitment every other week'],
        [{ everyOtherWeek: true, week: 'C' }, 400, 'Choose Week A or Week B for a commitment every other week'],
        [{ week: 'A' }, 400, 'Week A or B is only for a commitment every other week: leave week out'],
        [{ endDate: '2027-12-31' }, 400, 'A weekly commitment can cover at most two years'],
        [{ weekdays: [1], startDate: '2025-09-09', endDate: '2025-09-12' }, 400, 'There are no Mondays from Tuesday 9 September 2025 to Friday 12 September 2025'],
        [{ staffId: people['Teacher A'] }, 403, 'You can only manage your own unavailability'],
      ];
      for (const [body, status, message] of cases) {
        const res = await add(me.token, body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
      }
      expect(await snapshotDatabase(t)).toEqual(before);

      const mine = await add(me.token, { weekdays: [5, 3, 3] }).expect(201);
      expect(mine.body.rule.weekdays).toEqual([3, 5]);
      expect(mine.body.message).toBe('Weekly commitment added: unavailable on Wednesdays and Fridays. There were no duties on those days.');
      const theirs = await add(manager.token, { staffId: people['Teacher A'] }).expect(201);
      await as(me.token).get(`/api/staff-unavailability/${people['Teacher A']}/recurring`).expect(403);
      await as(manager.token).get(`/api/staff-unavailability/${people['Teacher A']}/recurring`).expect(200);
      const denied = await as(me.token).delete(`/api/staff-unavailability/recurring/${theirs.body.rule.id}`).expect(403);
      expect(denied.body.message).toBe('You can only manage your own unavailability');

      // Another organisation sees none of it.
      const other = await registerOrganization(t);
      const notFound = await as(other.token).get(`/api/staff-unavailability/${me.staffId}/recurring`).expect(404);
      expect(notFound.body.message).toBe('Staff member not found');
      await as(other.token).post('/api/staff-unavailability/recurring', { staffId: me.staffId, weekdays: [3], ...WEEKLY }).expect(404);
      const gone = await as(other.token).delete(`/api/staff-unavailability/recurring/${mine.body.rule.id}`).expect(404);
      expect(gone.body.message).toBe('Weekly commitment not found');

      await as(me.token).delete(`/api/staff-unavailability/recurring/${mine.body.rule.id}`).expect(204);
      await as(me.token).delete(`/api/staff-unavailability/recurring/${mine.body.rule.id}`).expect(404);
      const actions = await sql(`select action from audit_entries where entity_id = ? order by id`, [mine.body.rule.id]);
      expect(actions.map((a) => a.action)).toEqual(['unavailability.recurring-added', 'unavailability.recurring-deleted']);
    });
  });

  describe('auto-approval settings', () => {
    it('start at the product defaults and save only with the admin’s own password, rate-limited', async () => {
      const { admin } = await school();
      const manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');
      expect((await as(admin.token).get('/api/auto-approval-settings').expect(200)).body).toEqual({
        swaps: false,
        cancellations: true,
        autoFillCancellations: true,
      });
      const missing = await as(admin.token).post('/api/auto-approval-settings', { swaps: true }).expect(400);
      expect(missing.body).toMatchObject({ message: 'Please enter the admin password to save settings.', code: 'admin_password_required' });
      const notAdmin = await as(manager.token).post('/api/auto-approval-settings', { adminPassword: admin.password, swaps: true }).expect(403);
      expect(notAdmin.body.message).toBe("You don't have permission to change system settings");
      const notBool = await as(admin.token).post('/api/auto-approval-settings', { adminPassword: admin.password, swaps: 'yes' }).expect(400);
      expect(notBool.body.message).toBe('swaps must be true or false');

      const saved = await setAutoApproval(admin, { swaps: true, autoFillCancellations: false });
      expect(saved.body).toEqual({ swaps: true, cancellations: true, autoFillCancellations: false });
      expect((await as(manager.token).get('/api/auto-approval-settings').expect(200)).body).toEqual(saved.body);
      const audit = await sql(`select summary from audit_entries where action = 'settings.auto-approval' and entity_id = (select organization_id::text from users where email = ?)`, [
        admin.email,
      ]);
      expect(audit).toEqual([{ summary: 'Auto-approval: swaps on, cancellations on, auto-fill off' }]);

      for (let i = 0; i < 5; i += 1) {
        const wrong = await as(admin.token).post('/api/auto-approval-settings', { adminPassword: 'not it', swaps: false }).expect(403);
        expect(wrong.body.code).toBe('admin_password_incorrect');
      }
      const limited = await as(admin.token).post('/api/auto-approval-settings', { adminPassword: admin.password, swaps: false }).expect(429);
      expect(limited.body.message).toMatch(/^Too many wrong admin passwords\. Please wait \d+ minutes? and try again\.$/);
      expect((await as(admin.token).get('/api/auto-approval-settings').expect(200)).body.swaps).toBe(true);
    });
  });
});
