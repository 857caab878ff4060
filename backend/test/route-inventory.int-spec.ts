import { JwtService } from '@nestjs/jwt';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase, snapshotOrganization } from './support/db-snapshot';
import { memberWithRole } from './support/members';
import { callOperation, EXAMPLES, type Fixtures, isSignedIn, type Member, type Operation, readOperations, ROLE_CALLERS, type RoleCaller, ROUTES } from './support/route-access';
import { createTestApp, type TestApp } from './support/test-app';

describe('route inventory', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  let fixtures: Fixtures;
  /** Organisation B's members, one per role. */
  let membersOfB: Record<RoleCaller, Member>;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerOrganization(t);
    b = await registerOrganization(t);
    // Organisation A has data of every kind, so answers to B can be searched for it.
    await t.http().post('/api/staff').set(...bearer(a.token)).send({ name: 'Alpha Only', email: 'alpha-only@a.example' }).expect(201);
    const alpha = await t.http().post('/api/staff').set(...bearer(a.token)).send({ name: 'Alpha Only Duty', email: 'alpha-duty@a.example' }).expect(201);
    await t.http().post('/api/holidays').set(...bearer(a.token)).send({ name: 'Alpha Only Day', type: 'other', startDate: '2025-10-01', endDate: '2025-10-01' }).expect(201);
    await t.http().post('/api/rota').set(...bearer(a.token)).send({ date: '2025-10-02', dutyManager1Id: alpha.body.id }).expect(201);
    const pdf = (title: string) => Buffer.from(`%PDF-1.4\n% ${title}\n%%EOF\n`);
    await t.http().post('/api/settings/procedure-file').set(...bearer(a.token)).attach('file', pdf('Alpha Only'), 'Alpha Only procedures.pdf').expect(200);
    await t.http().post('/api/settings/procedure-file').set(...bearer(b.token)).attach('file', pdf('Beta'), 'Beta procedures.pdf').expect(200);
    fixtures = { t, admin: a, staff: await memberWithRole(t, a, 'staff'), other: alpha.body.id as string };
    membersOfB = {
      staff: await memberWithRole(t, b, 'staff', 'Beta Staff'),
      manager: await memberWithRole(t, b, 'manager', 'Beta Manager'),
      admin: { token: b.token, staffId: '' },
    };
    operations = await readOperations(t);
  });

  afterAll(() => t.close());

  /** A concrete URL for an operation, with a well-formed id for every path parameter. */
  const urlOf = (op: Operation) => op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

  it('lists every operation of the API, and only those', () => {
    const inSpec = operations.map((op) => op.id).sort();
    expect(inSpec).toEqual(Object.keys(ROUTES).sort());
  });

  it('documents bearer security exactly on the signed-in operations', () => {
    for (const op of operations) {
      expect({ op: op.id, secured: op.secured }).toEqual({ op: op.id, secured: isSignedIn(ROUTES[op.id]!) });
    }
  });

  it('refuses every signed-in operation without a token, changing nothing', async () => {
    const before = await snapshotDatabase(t);
    for (const op of operations.filter((o) => isSignedIn(ROUTES[o.id]!))) {
      const res = await t.http()[op.method as 'get'](urlOf(op)).send({});
      expect({ op: op.id, status: res.status }).toEqual({ op: op.id, status: 401 });
    }
    expect(await snapshotDatabase(t)).toEqual(before);
  });

  it('requires a cross-tenant case for every operation that takes ids (or an own-organisation key such as a year)', () => {
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      expect({ op: op.id, rule: ROUTES[op.id]!.tenant.kind }).toEqual({ op: op.id, rule: expect.stringMatching(/^(ids|own-key)$/) });
    }
  });

  it('answers an own-organisation operation with the caller’s organisation only', async () => {
    const orgA = (new JwtService().decode(a.token) as { org: string }).org;
    for (const op of operations.filter((o) => ROUTES[o.id]!.tenant.kind === 'own' && o.method === 'get')) {
      const example = EXAMPLES[op.id] ? await EXAMPLES[op.id]!(fixtures) : {};
      const res = await callOperation(t, op, example, { bearer: b.token });
      expect({ op: op.id, status: res.status }).toEqual({ op: op.id, status: 200 });
      const body = JSON.stringify(res.body);
      expect(body).not.toContain(orgA);
      expect(body).not.toContain(a.email);
      expect(body).not.toContain('Alpha Only');
    }
  });

  it('opens a feed-token operation only with a token, and then only for the token owner’s organisation', async () => {
    const orgA = (new JwtService().decode(a.token) as { org: string }).org;
    // A's duty and holiday inside the feeds' window (a month back to the end of next academic year).
    const soon = new Date(Date.now() + 14 * 86_400_000);
    soon.setUTCDate(soon.getUTCDate() + ((8 - soon.getUTCDay()) % 7));
    const date = soon.toISOString().slice(0, 10);
    const nextDay = new Date(soon.getTime() + 86_400_000).toISOString().slice(0, 10);
    const person = await t.http().post('/api/staff').set(...bearer(a.token)).send({ name: 'Alpha Only Feed', email: 'alpha-feed@a.example' }).expect(201);
    await t.http().post('/api/rota').set(...bearer(a.token)).send({ date, dutyManager1Id: person.body.id }).expect(201);
    await t.http().post('/api/holidays').set(...bearer(a.token)).send({ name: 'Alpha Only Break', type: 'other', startDate: nextDay, endDate: nextDay }).expect(201);
    const tokenOf = async (account: Account) =>
      (await t.http().post('/api/calendar/subscription').set(...bearer(account.token)).expect(201)).body.token as string;
    const tokens = { a: await tokenOf(a), b: await tokenOf(b) };
    const feeds = operations.filter((o) => ROUTES[o.id]!.tenant.kind === 'feed-token');
    expect(feeds.length).toBeGreaterThan(0);
    for (const op of feeds) {
      expect({ op: op.id, status: (await t.http().get(urlOf(op)).set(...bearer(a.token))).status }).toEqual({ op: op.id, status: 404 });
      const own = await t.http().get(`${urlOf(op)}?token=${tokens.a}`).expect(200);
      if (op.id === 'getAllDutiesFeed') expect(own.text).toContain('Alpha Only Feed');
      expect(own.text).toContain('Alpha Only Break');
      const other = await t.http().get(`${urlOf(op)}?token=${tokens.b}`).expect(200);
      expect(other.text).toContain('BEGIN:VCALENDAR');
      expect(other.text).not.toContain(orgA);
      expect(other.text).not.toContain('Alpha Only');
    }
  });

  /**
   * A key in the path (an academic year) names part of the caller's own data: organisation B's
   * members whose role passes use A's example and get B's data, never A's, and A's rows stay as
   * they were; the others get the role gate's 403. A uses the example first, so A has data under
   * the same key to leak or overwrite.
   */
  it('keeps an own-key operation to the caller’s organisation: B’s members reach only B’s data, A’s stays as it was', async () => {
    const orgA = (new JwtService().decode(a.token) as { org: string }).org;
    const ops = operations.filter((o) => ROUTES[o.id]!.tenant.kind === 'own-key');
    expect(ops.length).toBeGreaterThan(0);
    const answers: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const op of ops) {
      const rule = ROUTES[op.id]!;
      const example = await EXAMPLES[op.id]!(fixtures);
      const own = await callOperation(t, op, example, { bearer: a.token });
      expect({ op: op.id, ok: own.status < 300 }).toEqual({ op: op.id, ok: true });
      await t.get(OutboxWorker).finishSending();
      const before = await snapshotOrganization(t, orgA);
      for (const role of ROLE_CALLERS) {
        const key = `${op.id} as B's ${role}`;
        const res = await callOperation(t, op, example, { bearer: membersOfB[role].token });
        const body = JSON.stringify(res.body);
        answers[key] = { status: res.status, leaks: [orgA, a.email, 'Alpha Only'].filter((text) => body.includes(text)) };
        expected[key] = rule.callers.includes(role) ? { status: res.status < 300 ? res.status : 'a success', leaks: [] } : { status: 403, leaks: [] };
      }
      await t.get(OutboxWorker).finishSending();
      expect({ op: op.id, a: await snapshotOrganization(t, orgA) }).toEqual({ op: op.id, a: before });
    }
    expect(answers).toEqual(expected);
  });

  /**
   * The rule for another organisation's ids: a member of B whose role passes the operation's
   * role gate gets 404, the same answer as for an id that exists nowhere. A member whose role
   * does not pass gets the gate's 403 instead: the gate runs before any lookup (see
   * role-access.int-spec.ts), so that answer is the same for every id and tells nothing about
   * A's record. Either way nothing changes.
   */
  it('gives organisation B’s members a 404 for organisation A’s ids (or the role gate’s 403), changing nothing', async () => {
    const ops = operations.filter((o) => ROUTES[o.id]!.tenant.kind === 'ids');
    expect(ops.length).toBeGreaterThan(0);
    const answers: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const op of ops) {
      const rule = ROUTES[op.id]!;
      const example = await EXAMPLES[op.id]!(fixtures);
      const nowhere = { ...example, params: Object.fromEntries(Object.keys(example.params ?? {}).map((name) => [name, '00000000-0000-4000-8000-00000000abcd'])) };
      // Emails the setup queued are sent first, so the worker's poll can't change them mid-check.
      await t.get(OutboxWorker).finishSending();
      const before = await snapshotDatabase(t);
      for (const role of ROLE_CALLERS) {
        const key = `${op.id} as B's ${role}`;
        const res = await callOperation(t, op, example, { bearer: membersOfB[role].token });
        answers[key] = { status: res.status, body: res.body };
        if (rule.callers.includes(role)) {
          const unknown = await callOperation(t, op, nowhere, { bearer: membersOfB[role].token });
          expected[key] = { status: 404, body: unknown.body };
          expect({ key, unknownId: unknown.status }).toEqual({ key, unknownId: 404 });
        } else {
          expected[key] = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: expect.stringMatching(/^You don't have permission to /) } };
        }
      }
      expect({ op: op.id, after: await snapshotDatabase(t) }).toEqual({ op: op.id, after: before });
    }
    expect(answers).toEqual(expected);
  });
});
