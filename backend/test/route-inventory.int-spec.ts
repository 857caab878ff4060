import { JwtService } from '@nestjs/jwt';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase } from './support/db-snapshot';
import { ROUTES } from './support/route-access';
import { createTestApp, type TestApp } from './support/test-app';

interface Operation {
  id: string;
  method: string;
  path: string;
  secured: boolean;
}

describe('route inventory', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
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
    const spec = (await t.http().get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>>;
    };
    operations = Object.entries(spec.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        id: op.operationId,
        method,
        path,
        secured: Boolean(op.security?.length),
      })),
    );
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
      expect({ op: op.id, secured: op.secured }).toEqual({ op: op.id, secured: ROUTES[op.id]!.access === 'signed-in' });
    }
  });

  it('refuses every signed-in operation without a token, changing nothing', async () => {
    const before = await snapshotDatabase(t);
    for (const op of operations.filter((o) => ROUTES[o.id]!.access === 'signed-in')) {
      const res = await t.http()[op.method as 'get'](urlOf(op)).send({});
      expect({ op: op.id, status: res.status }).toEqual({ op: op.id, status: 401 });
    }
    expect(await snapshotDatabase(t)).toEqual(before);
  });

  it('requires a cross-tenant case for every operation that takes ids', () => {
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      expect({ op: op.id, rule: ROUTES[op.id]!.tenant.kind }).toEqual({ op: op.id, rule: 'ids' });
    }
  });

  it('answers an own-organisation operation with the caller’s organisation only', async () => {
    const orgA = (new JwtService().decode(a.token) as { org: string }).org;
    for (const op of operations.filter((o) => ROUTES[o.id]!.tenant.kind === 'own' && o.method === 'get')) {
      const rule = ROUTES[op.id]!.tenant;
      const query = rule.kind === 'own' && rule.query ? `?${rule.query}` : '';
      const res = await t.http().get(`${urlOf(op)}${query}`).set(...bearer(b.token)).expect(200);
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

  it('gives organisation B’s admin a 404 for organisation A’s ids, changing nothing', async () => {
    const cases = Object.entries(ROUTES).filter(([, rule]) => rule.tenant.kind === 'ids');
    expect(cases.length).toBeGreaterThan(0);
    for (const [op, rule] of cases) {
      if (rule.tenant.kind !== 'ids') continue;
      const recordOfA = await rule.tenant.setup({ t, a, b });
      // Emails the setup queued are sent first, so the worker's poll can't change them mid-check.
      await t.get(OutboxWorker).settle();
      const before = await snapshotDatabase(t);
      await rule.tenant.attempt({ t, a, b }, recordOfA);
      expect({ op, after: await snapshotDatabase(t) }).toEqual({ op, after: before });
    }
  });
});
