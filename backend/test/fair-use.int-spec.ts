import type { Response } from 'supertest';
import { FAIR_USE, FAIR_USE_LINES, FairUseGate } from '../src/common/rate-limit/fair-use';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Fair use between organisations (docs/security.md#fair-use): the expensive operations answer 429
 * with Retry-After exactly past a person's and an organisation's rate, and a school's burst
 * waits in its own line on the instance, while another school's requests are answered as usual.
 */
describe('fair use between organisations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
  });
  afterAll(() => t.close());

  const organizationOf = async (account: Account) =>
    (await t.orm.em.getConnection().execute<{ id: string }[]>('SELECT organization_id AS id FROM users WHERE email = ?', [account.email]))[0]!.id;

  /** `count` requests sent at once; resolves with their responses. */
  const inParallel = (count: number, request: () => PromiseLike<Response>): Promise<Response[]> => Promise.all(Array.from({ length: count }, request));

  it('gives one person exactly their exports a minute, then 429 with Retry-After, while a colleague and another school export as usual', async () => {
    const alpha = await registerOrganization(t);
    const colleague = await memberWithRole(t, alpha, 'staff');
    const bravo = await registerOrganization(t);
    const limit = FAIR_USE.exports.perUser.limit;

    const exportAs = (token: string) => () => t.http().get('/api/fairness/export?format=xlsx').set(...bearer(token));
    const burst = await inParallel(limit + 3, exportAs(alpha.token));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(limit);
    const refused = burst.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(3);
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        statusCode: 429,
        message: `Too many spreadsheet exports from your account (at most ${limit} a minute). Please wait 1 minute and try again.`,
        error: 'Too Many Requests',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // The rota export is an export too: the same person's budget is spent.
    await t.http().get('/api/rota/export?startDate=2025-09-01&endDate=2025-09-30&format=csv').set(...bearer(alpha.token)).expect(429);

    // Another person of the same school, and another school, are not held by it.
    await t.http().get('/api/fairness/export?format=csv').set(...bearer(colleague.token)).expect(200);
    await t.http().get('/api/fairness/export?format=xlsx').set(...bearer(bravo.token)).expect(200);
  });

  it("gives one person exactly their personal data downloads a minute, file and page alike, then 429; their own school's admin and another school's are not held", async () => {
    const alpha = await registerOrganization(t);
    const member = await memberWithRole(t, alpha, 'staff');
    const bravo = await registerOrganization(t);
    const limit = FAIR_USE.personalData.perUser.limit;

    const download = (token: string, path = '/api/me/data') => () => t.http().get(path).set(...bearer(token));
    const burst = await inParallel(limit + 2, download(member.token));
    expect(burst.map((r) => r.status).sort()).toEqual([...Array(limit).fill(200), 429, 429]);
    const refused = burst.find((r) => r.status === 429)!;
    expect(refused.body.message).toBe(`Too many personal data downloads from your account (at most ${limit} a minute). Please wait 1 minute and try again.`);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The readable page is the same download.
    await download(member.token, '/api/me/data/summary')().expect(429);

    await download(alpha.token)().expect(200);
    await download(bravo.token, '/api/me/data/summary')().expect(200);
  });

  it('gives one organisation exactly its bulk changes a minute across its people, then 429 naming the organisation; another school is unaffected', async () => {
    const alpha = await registerOrganization(t);
    const managers = [await memberWithRole(t, alpha, 'manager'), await memberWithRole(t, alpha, 'manager')];
    const bravo = await registerOrganization(t);
    const { perUser, perOrganization } = FAIR_USE.bulk;
    expect(perOrganization.limit).toBe(2 * perUser.limit);

    const clearAs = (token: string) => () => t.http().post('/api/rota/clear-future').set(...bearer(token));
    // Each manager's own share, at once: the organisation's whole allowance, all answered.
    const answers = await Promise.all(managers.map((m) => inParallel(perUser.limit, clearAs(m.token))));
    expect(answers.flat().map((r) => r.status)).toEqual(Array(perOrganization.limit).fill(200));

    // The admin has used none of their own, but the organisation's is spent.
    const refused = await clearAs(alpha.token)().expect(429);
    expect(refused.body.message).toBe(
      `Too many bulk changes to the rota from your organisation (at most ${perOrganization.limit} a minute). Please wait 1 minute and try again.`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    await clearAs(bravo.token)().expect(200);
  });

  it("lines up one school's expensive requests two at a time, refuses past its line with 429 and Retry-After, and leaves another school's alone", async () => {
    const alpha = await registerOrganization(t);
    const bravo = await registerOrganization(t);
    const gate = t.get(FairUseGate);
    const org = await organizationOf(alpha);

    // The school's running places are taken (as by two long exports): its next requests wait.
    const { running: RUNNING, waiting: WAITING } = FAIR_USE_LINES.expensive;
    const running = await Promise.all(Array.from({ length: RUNNING }, () => gate.enter('expensive', org)));
    const view = () => t.http().get('/api/fairness').set(...bearer(alpha.token));
    const waiting = Array.from({ length: WAITING }, () => view().then((r) => r));
    for (let i = 0; i < 500 && gate.load('expensive', org).waiting < WAITING; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(gate.load('expensive', org)).toEqual({ running: RUNNING, waiting: WAITING });

    const refused = await view().expect(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      message:
        'The server is still working on earlier requests from your organisation for fairness views, exports, personal data downloads, imports or bulk changes. Please wait a few seconds and try again.',
      error: 'Too Many Requests',
    });
    expect(refused.headers['retry-after']).toBe('5');
    // Another school's expensive requests don't wait behind it.
    await t.http().get('/api/staff').set(...bearer(bravo.token)).expect(200);
    await t.http().get('/api/fairness').set(...bearer(bravo.token)).expect(200);
    // Nor do the school's own everyday reads.
    await t.http().get('/api/rota?startDate=2025-09-01&endDate=2025-09-30').set(...bearer(alpha.token)).expect(200);
    await t.http().get('/api/staff').set(...bearer(alpha.token)).expect(200);

    for (const leave of running) leave();
    expect((await Promise.all(waiting)).map((r) => r.status)).toEqual(Array(WAITING).fill(200));
    expect(gate.load('expensive', org)).toEqual({ running: 0, waiting: 0 });
  });

  it("lines up a large school's staff lists two at a time, and never a small school's", async () => {
    const large = await registerOrganization(t);
    const small = await registerOrganization(t);
    const { largeFrom } = FAIR_USE.staffList;
    const rows = Array.from({ length: largeFrom }, (_, i) => `Person ${i},person${i}@${large.subdomain}.example`);
    const imported = await t
      .http()
      .post('/api/staff/import')
      .set(...bearer(large.token))
      .attach('file', Buffer.from(`name,email\n${rows.join('\n')}\n`), { filename: 'staff.csv', contentType: 'text/csv' })
      .expect(201);
    expect(imported.body.imported).toBe(largeFrom);
    const list = (account: Account) => t.http().get('/api/staff').set(...bearer(account.token));
    // The first answer tells the instance how large the school is.
    expect((await list(large).expect(200)).body).toHaveLength(largeFrom);
    await list(small).expect(200);

    const gate = t.get(FairUseGate);
    const [largeOrg, smallOrg] = [await organizationOf(large), await organizationOf(small)];
    const { running: RUNNING } = FAIR_USE_LINES.staffList;
    const held = await Promise.all([largeOrg, smallOrg].flatMap((org) => Array.from({ length: RUNNING }, () => gate.enter('staffList', org))));
    const waiting = Array.from({ length: 3 }, () => list(large).then((r) => r));
    for (let i = 0; i < 500 && gate.load('staffList', largeOrg).waiting < 3; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(gate.load('staffList', largeOrg)).toEqual({ running: RUNNING, waiting: 3 });
    // The small school's lists don't take the line at all, even with it full.
    await list(small).expect(200);
    expect(gate.load('staffList', smallOrg)).toEqual({ running: RUNNING, waiting: 0 });

    for (const leave of held) leave();
    expect((await Promise.all(waiting)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('limits the import preview, the import and the fairness view too', async () => {
    const alpha = await registerOrganization(t);
    const csv = Buffer.from('name,email\nAnn Lee,ann@example.com\n');
    const preview = () =>
      t.http().post('/api/staff/import/preview').set(...bearer(alpha.token)).attach('file', csv, { filename: 'staff.csv', contentType: 'text/csv' });
    const imports = FAIR_USE.imports.perUser.limit;
    for (let i = 0; i < imports; i += 1) await preview().expect(201);
    const refused = await preview().expect(429);
    expect(refused.body.message).toBe(`Too many staff imports and previews from your account (at most ${imports} a minute). Please wait 1 minute and try again.`);
    await t.http().post('/api/staff/import').set(...bearer(alpha.token)).attach('file', csv, { filename: 'staff.csv', contentType: 'text/csv' }).expect(429);
    // A refused large upload isn't read: the answer closes the connection.
    const large = Buffer.from(`name,email\n${Array.from({ length: 2_000 }, (_, i) => `Person ${i},person${i}@example.com`).join('\n')}\n`);
    expect(large.length).toBeGreaterThan(64 * 1024);
    const closed = await t.http().post('/api/staff/import/preview').set(...bearer(alpha.token)).attach('file', large, { filename: 'staff.csv', contentType: 'text/csv' });
    expect(closed.status).toBe(429);
    expect(closed.headers.connection).toBe('close');

    // In tens at once: more at once would wait in the school's line, past which the line refuses.
    const views = FAIR_USE.fairness.perUser.limit;
    const view = () => t.http().get('/api/fairness').set(...bearer(alpha.token));
    const statuses: number[] = [];
    for (let sent = 0; sent < views; sent += 10) statuses.push(...(await inParallel(Math.min(10, views - sent), view)).map((r) => r.status));
    expect(statuses).toEqual(Array(views).fill(200));
    await view().expect(429);
  });
});
