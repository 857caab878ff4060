import { join } from 'node:path';
import fc from 'fast-check';
import { MikroORM } from '@mikro-orm/core';
import type { Response } from 'supertest';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { EmailRequestsService } from '../src/modules/auth/email-requests.service';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase } from './support/db-snapshot';
import {
  controlCharacterRequests,
  listOperations,
  loadSpec,
  MULTI_LINE_TEXT,
  namesField,
  numberFields,
  outOfRangeRequests,
  requestArbitrary,
  unsafeTextRequests,
  type FuzzContext,
  type FuzzRequest,
  type JsonSchema,
  type Operation,
} from './support/openapi-fuzz';
import { TERMS_2025 } from './support/route-access';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Contract fuzzing: for every operation of the committed OpenAPI document, requests generated
 * from its schema and then broken (wrong types, missing fields, huge strings, odd Unicode,
 * impossible dates, extreme numbers, bad ids, malformed JSON, wrong content types), as the
 * organisation's admin and anonymously. Whatever comes in: never a 5xx, every error is the JSON
 * body `{statusCode, message, error}`, and a refused write leaves the database as it was.
 */
const SEED = 20251121;
const RUNS_PER_OPERATION = 35;
const spec = loadSpec(join(__dirname, '..', '..', 'openapi', 'openapi.json'));
const operations = listOperations(spec);

describe('contract fuzzing', () => {
  let t: TestApp;
  let admin: Account;
  let ctx: FuzzContext;
  let sent = 0;
  const statuses: Record<number, number> = {};
  const ids = { staff1: '', staff2: '', holiday: '', rotaDay: '', swap: '', cancel: '', unavailability: '', recurring: '', feedToken: '', ticket: '', staffGroup: '', duty: '' };

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    admin = await registerOrganization(t);
    const as = <T>(method: 'post' | 'put', url: string, body: object, status: number) =>
      t.http()[method](url).set(...bearer(admin.token)).send(body).expect(status).then((res) => res.body as T);
    ids.staff1 = (await as<{ id: string }>('post', '/api/staff', { name: 'Fuzz One', email: 'fuzz.one@example.com' }, 201)).id;
    ids.staff2 = (await as<{ id: string }>('post', '/api/staff', { name: 'Fuzz Two', email: 'fuzz.two@example.com' }, 201)).id;
    ids.holiday = (await as<{ id: string }>('post', '/api/holidays', { name: 'Fuzz Day', type: 'other', startDate: '2025-11-03', endDate: '2025-11-03' }, 201)).id;
    ids.rotaDay = (await as<{ id: string }>('post', '/api/rota', { date: '2025-10-06', dutyManager1Id: ids.staff1 }, 201)).id;
    await as('post', '/api/rota', { date: '2025-10-07', dutyManager1Id: ids.staff1 }, 201);
    ids.swap = (
      await as<{ request: { id: string } }>(
        'post',
        '/api/swap-requests',
        { requesterId: ids.staff1, targetId: ids.staff2, originalDate: '2025-10-06', swapDate: '2025-10-06', reason: 'Trip' },
        201,
      )
    ).request.id;
    ids.cancel = (await as<{ request: { id: string } }>('post', '/api/cancel-requests', { staffId: ids.staff1, date: '2025-10-07', reason: 'Trip' }, 201)).request.id;
    ids.unavailability = (
      await as<{ unavailability: { id: string } }>('post', '/api/staff-unavailability', { staffId: ids.staff2, startDate: '2025-11-10', endDate: '2025-11-10', reason: 'Course' }, 201)
    ).unavailability.id;
    ids.recurring = (
      await as<{ rule: { id: string } }>(
        'post',
        '/api/staff-unavailability/recurring',
        { staffId: ids.staff2, weekdays: [4], startDate: '2025-11-13', endDate: '2025-11-13', reason: 'Club' },
        201,
      )
    ).rule.id;
    ids.feedToken = (await as<{ token: string }>('post', '/api/calendar/subscription', {}, 201)).token;
    ids.staffGroup = (await as<{ id: string }>('post', '/api/staff-groups', { name: 'SLT', memberIds: [ids.staff1] }, 201)).id;
    ids.duty = (
      await as<{ duty: { id: string } }>(
        'post',
        '/api/duties',
        { name: 'Lunch — Field', startTime: '12:15', endTime: '13:00', weekdays: [{ weekday: 1, people: 2 }], eligible: 'listed', groupIds: [ids.staffGroup] },
        201,
      )
    ).duty.id;
    await t
      .http()
      .post('/api/settings/procedure-file')
      .set(...bearer(admin.token))
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), { filename: 'procedures.pdf', contentType: 'application/pdf' })
      .expect(200);
    const link = await t.http().get('/api/settings/procedure-file/link').set(...bearer(admin.token)).expect(200);
    ids.ticket = new URL(link.body.url as string, 'http://x').searchParams.get('ticket')!;
    expect(ids.ticket).toBeTruthy();

    ctx = {
      pathValues(op, param) {
        if (op.path.startsWith('/api/staff/') || param === 'staffId') return [ids.staff1, ids.staff2];
        if (op.path.startsWith('/api/holidays/')) return [ids.holiday];
        if (op.path.startsWith('/api/rota/')) return [ids.rotaDay];
        if (op.path.startsWith('/api/swap-requests/')) return [ids.swap];
        if (op.path.startsWith('/api/cancel-requests/')) return [ids.cancel];
        if (op.path.startsWith('/api/staff-unavailability/recurring/')) return [ids.recurring];
        if (op.path.startsWith('/api/staff-unavailability/')) return [ids.unavailability];
        if (op.path.startsWith('/api/staff-groups/')) return [ids.staffGroup];
        if (op.path.startsWith('/api/duties/')) return [ids.duty];
        if (op.path.startsWith('/api/duty-templates/')) return ['primary'];
        if (param === 'academicYear') return ['2025', '2026'];
        // The admin has no staff record, so no notification of theirs exists: an unknown id (404) is as good.
        if (op.path.startsWith('/api/notifications/')) return ['7d1f5c9e-2b4a-4c3e-9f1d-0a6b8c2d4e5f'];
        throw new Error(`No ids for ${op.operationId} ${param}`);
      },
      goodValue(op, name, schema: JsonSchema) {
        const auth = op.path.startsWith('/api/auth/');
        switch (name) {
          case 'staffId':
          case 'requesterId':
          case 'dutyManager1Id':
            return ids.staff1;
          case 'targetId':
          case 'dutyManager2Id':
            return ids.staff2;
          case 'slots':
            return [ids.staff1, ids.staff2];
          case 'email':
            // forgotPassword and resendVerification do their work after answering; for an unknown
            // account they write nothing, so the snapshot after the answer is final.
            if (op.operationId === 'forgotPassword' || op.operationId === 'resendVerification') return 'nobody@example.com';
            return auth && op.operationId !== 'register' ? admin.email : 'fuzz.new@example.com';
          case 'organizationSubdomain':
            return op.operationId === 'register' ? 'fuzz-school' : admin.subdomain;
          case 'password':
          case 'adminPassword':
            // A right password would let a generated new password through: the admin's sessions
            // would end and lock the fuzzing out of every later operation.
            if (op.operationId === 'changeOwnPassword') return 'not the admin password';
            return admin.password;
          case 'token':
            return op.operationId.endsWith('Feed') ? ids.feedToken : 'a'.repeat(43);
          case 'ticket':
            return ids.ticket;
          case 'startDate':
            return op.operationId === 'getRota' ? '2025-09-01' : '2025-10-13';
          case 'endDate':
            return op.operationId === 'getRota' ? '2025-09-30' : '2025-10-17';
          case 'originalDate':
          case 'swapDate':
            return '2025-10-06';
          case 'date':
            return '2025-10-08';
          case 'status':
            return schema.enum?.[0];
          // A duty's list names this organisation's group only with `listed` (the example duty's).
          case 'groupIds':
            return [ids.staffGroup];
          case 'staffIds':
            return [ids.staff1];
          case 'eligible':
            return 'listed';
          case 'terms':
            // Valid for 2025-2026 only: in the other year the service refuses them (a 400 to check
            // too). A copy each time: the fuzzer writes into the value it is given.
            return TERMS_2025.map((term) => ({ ...term }));
          default:
            return undefined;
        }
      },
    };
  }, 60_000);

  afterAll(async () => {
    // eslint-disable-next-line no-console
    console.log(`contract fuzzing: ${sent} requests over ${operations.length} operations; fuzzed answers by status: ${JSON.stringify(statuses)}`);
    await t?.close();
  });

  async function send(op: Operation, req: FuzzRequest): Promise<Response> {
    sent += 1;
    let r = t.http()[op.method](req.url);
    // Signing out ends the session that asks: it gets a session of its own (made before the
    // property's baseline, see `property`), so the admin's stays.
    if (req.auth === 'admin') r = r.set(...bearer(op.operationId === 'signOut' ? ownSession! : admin.token));
    if (req.auth === 'garbage-token') r = r.set('Authorization', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    for (const [name, value] of Object.entries(req.headers)) r = r.set(name, value);
    if (req.body.kind === 'text') {
      if (req.body.contentType) r = r.set('Content-Type', req.body.contentType);
      if (req.body.contentEncoding) r = r.set('Content-Encoding', req.body.contentEncoding);
      return r.send(req.body.text);
    }
    if (req.body.kind === 'multipart') {
      for (const [name, value] of req.body.fields) r = r.field(name, value);
      for (const f of req.body.files) r = r.attach(f.field, f.content, { filename: f.filename, contentType: f.contentType });
    }
    return r;
  }

  /** The session the next signOut request ends (a fresh one per request, made before the baseline). */
  let ownSession: string | undefined;
  async function freshAdminSession(): Promise<string> {
    const res = await t.http().post('/api/auth/login').send({ email: admin.email, password: admin.password, organizationSubdomain: admin.subdomain }).expect(200);
    return res.body.token as string;
  }

  function describeFailure(op: Operation, req: FuzzRequest, res: Response, problem: string): string {
    const url = req.url.length > 200 ? `${req.url.slice(0, 200)}…` : req.url;
    return `${op.operationId}: ${problem}\n  ${op.method.toUpperCase()} ${url}\n  sent: ${req.label}\n  got ${res.status} ${res.headers['content-type'] ?? ''} ${(res.text ?? '').slice(0, 300)}`;
  }

  /** The response invariants, for any request. */
  function checkResponse(op: Operation, req: FuzzRequest, res: Response): void {
    const fail = (problem: string) => {
      throw new Error(describeFailure(op, req, res, problem));
    };
    if (res.status >= 500) fail('server error');
    if (res.status >= 400) {
      if (!/^application\/json\b/.test(res.headers['content-type'] ?? '')) fail('error without a JSON body');
      const body = res.body as { statusCode?: unknown; message?: unknown; error?: unknown };
      if (body.statusCode !== res.status || typeof body.message !== 'string' || !body.message || typeof body.error !== 'string') {
        fail('error body is not {statusCode, message, error}');
      }
      return;
    }
    if (op.secured && req.auth !== 'admin') fail('answered without a valid bearer token');
    if (res.status === 204 || res.status === 304) return;
    if (op.redirects && res.status >= 300 && res.status < 400) {
      if (!res.headers.location) fail('redirect without a Location');
      return;
    }
    const type = res.headers['content-type'] ?? '';
    const expected = op.successTypes.length ? op.successTypes : ['application/json'];
    if (!expected.some((e) => type.startsWith(e))) fail(`success with content type ${type}, expected ${expected.join(' or ')}`);
  }

  /**
   * The same tables and digests as `snapshotDatabase`, in one query (it runs after every fuzzed
   * write, so one round trip instead of one per table matters).
   */
  let fingerprintSql: string | undefined;
  async function fingerprint(): Promise<Record<string, string>> {
    const conn = t.get(MikroORM).em.getConnection();
    if (!fingerprintSql) {
      const tables = Object.keys(await snapshotDatabase(t));
      fingerprintSql = tables
        .map((table) => `SELECT '${table}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`)
        .join(' UNION ALL ');
    }
    const rows: { name: string; digest: string }[] = await conn.execute(fingerprintSql);
    return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
  }

  /** Operations that count attempts in rate_limit_buckets. */
  const LIMITED = new Set(['login', 'register', 'forgotPassword', 'findOrganizations', 'resendVerification', 'verifyEmail', 'resetPassword', 'redeemHandoff', 'saveAutoApprovalSettings', 'loginTwoFactor', 'startTwoFactorSetup', 'enableTwoFactor', 'disableTwoFactor', 'regenerateRecoveryCodes', 'saveTwoFactorRequirement', 'startProviderSignIn']);

  /** Runs one request and checks it; for writes, a refusal must leave every table as it was. */
  function property(op: Operation) {
    let baseline: Record<string, string> | undefined;
    const settledSnapshot = async () => {
      // Work left after answering (Find your school's email to a known address) lands first.
      await t.get(EmailRequestsService).whenFinished();
      await t.get(OutboxWorker).finishSending();
      return fingerprint();
    };
    return fc.asyncProperty(requestArbitrary(op, ctx), async (req) => {
      // Sign-in and email limits would otherwise answer 429 before validation after a few runs.
      if (LIMITED.has(op.operationId)) await t.get(MikroORM).em.getConnection().execute('DELETE FROM rate_limit_buckets');
      const writes = op.method !== 'get';
      if (op.operationId === 'signOut') {
        ownSession = await freshAdminSession();
        baseline = undefined;
      }
      if (writes && !baseline) baseline = await settledSnapshot();
      const res = await send(op, req);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      checkResponse(op, req, res);
      if (!writes) return;
      const after = await settledSnapshot();
      if (res.status >= 400) {
        const changed = Object.keys(after).filter((table) => after[table] !== baseline![table]);
        if (changed.length) throw new Error(describeFailure(op, req, res, `refused write changed ${changed.join(', ')}`));
      }
      baseline = after;
    });
  }

  it('refuses NUL and unpaired surrogates in text with a 400 naming the field (were PostgreSQL errors, 500), and accepts the same request without them', async () => {
    const template = { subject: 'Duty', greeting: 'Hi', mainMessage: 'You are on duty', footerMessage: 'Thanks', signature: 'Office', keyReminders: [], emergencyContacts: [] };
    const cases: { method: 'get' | 'post' | 'put'; url: string; body?: Record<string, unknown>; field: string; unsafe: string; ok: number }[] = [
      { method: 'post', url: '/api/staff', body: { name: 'Nul Staff', email: 'nul.staff@example.com' }, field: 'name', unsafe: 'a\u0000b', ok: 201 },
      { method: 'post', url: '/api/holidays', body: { name: 'Nul Day', type: 'other', startDate: '2025-11-04', endDate: '2025-11-04' }, field: 'name', unsafe: 'a\ud800b', ok: 201 },
      {
        method: 'post',
        url: '/api/staff-unavailability',
        body: { staffId: ids.staff2, startDate: '2025-11-12', endDate: '2025-11-12', reason: 'Course' },
        field: 'reason',
        unsafe: 'a\u0000b',
        ok: 201,
      },
      { method: 'post', url: '/api/system-settings', body: { instructionsContent: 'Stand at the gate' }, field: 'instructionsContent', unsafe: 'a\udc00b', ok: 200 },
      { method: 'post', url: '/api/email-template', body: template, field: 'greeting', unsafe: 'Hi \u0000', ok: 200 },
      {
        method: 'post',
        url: '/api/auth/register',
        body: { name: 'Nul Admin', email: 'nul.admin@example.com', password: 'correct horse', organizationName: 'Nul School', organizationSubdomain: 'nul-school' },
        field: 'organizationName',
        unsafe: 'a\u0000b',
        ok: 201,
      },
      { method: 'post', url: '/api/auth/login', body: { email: admin.email, password: admin.password, organizationSubdomain: admin.subdomain }, field: 'organizationSubdomain', unsafe: 'a\u0000b', ok: 200 },
    ];
    for (const c of cases) {
      const before = await snapshotDatabase(t);
      const refused = await t.http()[c.method](c.url).set(...bearer(admin.token)).send({ ...c.body, [c.field]: c.unsafe });
      sent += 1;
      expect({ url: c.url, status: refused.status, message: refused.body.message }).toEqual({ url: c.url, status: 400, message: expect.stringContaining(`"${c.field}"`) });
      expect(await snapshotDatabase(t)).toEqual(before);
      await t.http()[c.method](c.url).set(...bearer(admin.token)).send(c.body).expect(c.ok);
      sent += 1;
    }
    // An uploaded staff CSV (its cells become staff rows) with a NUL is not a text file: refused whole.
    const csv = Buffer.from('name,email,department\nNul\u0000Person,nul.csv@example.com,Sci\u0000ence\n', 'utf8');
    const before = await snapshotDatabase(t);
    const imported = await t.http().post('/api/staff/import').set(...bearer(admin.token)).attach('file', csv, { filename: 'staff.csv', contentType: 'text/csv' });
    sent += 1;
    expect({ status: imported.status, message: imported.body.message }).toEqual({ status: 400, message: 'The file is not a text CSV file' });
    expect(await snapshotDatabase(t)).toEqual(before);
    // In a query string and a path parameter too.
    const feed = await t.http().get('/api/calendar/subscribe/all-duties?token=a%00b');
    expect({ status: feed.status, message: feed.body.message }).toEqual({ status: 400, message: expect.stringContaining('"token"') });
    const path = await t.http().put('/api/staff/a%00b').set(...bearer(admin.token)).send({ name: 'X' });
    expect({ status: path.status, message: path.body.message }).toEqual({ status: 400, message: expect.stringContaining('"id"') });
    sent += 2;
  });

  it('refuses line breaks, tabs and other control characters in one-line text with a 400 naming the field (names took CR/LF), and keeps the line breaks of fields that hold several lines', async () => {
    const template = { subject: 'Duty', greeting: 'Hi', mainMessage: 'You are on duty', footerMessage: 'Thanks', signature: 'Office', keyReminders: [], emergencyContacts: [] };
    type Case = { method: 'post' | 'put'; url: string; body: Record<string, unknown>; field: string; text: string };
    const refused: Case[] = [
      { method: 'post', url: '/api/staff', body: { name: 'Line Staff', email: 'line.staff@example.com' }, field: 'name', text: 'Ann\r\nLee' },
      { method: 'post', url: '/api/staff', body: { name: 'Line Staff', email: 'line.staff@example.com' }, field: 'name', text: 'Ann\nBcc: victim@example.com' },
      { method: 'put', url: `/api/staff/${ids.staff2}`, body: { name: 'Fuzz Two' }, field: 'name', text: 'Fuzz\u2028Two' },
      { method: 'post', url: '/api/staff', body: { name: 'Line Staff', email: 'line.staff@example.com', department: 'Science' }, field: 'department', text: 'Sci\tence' },
      { method: 'post', url: '/api/holidays', body: { name: 'Line Day', type: 'other', startDate: '2025-11-05', endDate: '2025-11-05' }, field: 'name', text: 'Line\rDay' },
      { method: 'post', url: '/api/email-template', body: template, field: 'subject', text: 'Duty\r\nBcc: victim@example.com' },
      { method: 'post', url: '/api/system-settings', body: { instructionsTitle: 'Duties' }, field: 'instructionsTitle', text: 'Duties\u0085today' },
      {
        method: 'post',
        url: '/api/auth/register',
        body: { name: 'Line Admin', email: 'line.admin@example.com', password: 'correct horse', organizationName: 'Line School', organizationSubdomain: 'line-school' },
        field: 'organizationName',
        text: 'Line\nSchool',
      },
      { method: 'post', url: '/api/auth/login', body: { email: admin.email, password: admin.password, organizationSubdomain: admin.subdomain }, field: 'password', text: 'correct\nhorse' },
      // A field of several lines still refuses the other control characters.
      { method: 'post', url: '/api/email-template', body: template, field: 'signature', text: 'Office\u001b[31m' },
      { method: 'post', url: '/api/system-settings', body: { instructionsContent: 'Stand at the gate' }, field: 'instructionsContent', text: 'Stand\u000bat the gate' },
    ];
    for (const c of refused) {
      const before = await snapshotDatabase(t);
      const res = await t.http()[c.method](c.url).set(...bearer(admin.token)).send({ ...c.body, [c.field]: c.text });
      sent += 1;
      expect({ url: c.url, text: c.text, status: res.status, message: res.body.message }).toEqual({
        url: c.url,
        text: c.text,
        status: 400,
        message: expect.stringContaining(`"${c.field}"`),
      });
      expect(await snapshotDatabase(t)).toEqual(before);
    }
    // In a query string and a path parameter too.
    const feed = await t.http().get(`/api/calendar/subscribe/all-duties?token=${encodeURIComponent(`${ids.feedToken}\r\n`)}`);
    expect({ status: feed.status, message: feed.body.message }).toEqual({ status: 400, message: expect.stringContaining('query parameter "token" must be a single line') });
    const path = await t.http().put(`/api/staff/${ids.staff2}%0A`).set(...bearer(admin.token)).send({ name: 'X' });
    expect({ status: path.status, message: path.body.message }).toEqual({ status: 400, message: expect.stringContaining('path parameter "id" must be a single line') });
    sent += 2;

    // The fields meant to hold several lines keep them, as sent.
    const lines = 'First line\r\nSecond line\n\tindented';
    const holiday = await t.http().post('/api/holidays').set(...bearer(admin.token)).send({ name: 'Lines Day', type: 'other', startDate: '2025-11-06', endDate: '2025-11-06', description: lines });
    expect(holiday.status).toBe(201);
    expect(holiday.body.description).toBe(lines);
    const settings = await t.http().post('/api/system-settings').set(...bearer(admin.token)).send({ instructionsContent: lines }).expect(200);
    expect(settings.body.instructionsContent).toBe(lines);
    await t.http().post('/api/email-template').set(...bearer(admin.token)).send({ ...template, mainMessage: `<p>${lines}</p>`, keyReminders: ['Bring\nthe radio'] }).expect(200);
    const unavailability = await t
      .http()
      .post('/api/staff-unavailability')
      .set(...bearer(admin.token))
      .send({ staffId: ids.staff2, startDate: '2025-11-17', endDate: '2025-11-17', reason: lines });
    expect({ status: unavailability.status, reason: unavailability.body.unavailability?.reason }).toEqual({ status: 201, reason: lines });
    sent += 4;
  });

  it('finds the multi-line fields in the spec: exactly those meant to hold several lines', () => {
    const multiLine = new Set(
      operations.flatMap((op) => controlCharacterRequests(op, ctx).filter((r) => r.multiLine).map((r) => `${op.operationId} ${r.field.replace(/\.0$/, '[]')}`)),
    );
    expect([...multiLine].sort()).toEqual([
      'createCancelRequest body.reason',
      'createDuty body.description',
      'createHoliday body.description',
      'createSwapRequest body.reason',
      'createUnavailability body.reason',
      'previewEmailTemplate body.emergencyContacts[]',
      'previewEmailTemplate body.footerMessage',
      'previewEmailTemplate body.greeting',
      'previewEmailTemplate body.keyReminders[]',
      'previewEmailTemplate body.mainMessage',
      'previewEmailTemplate body.signature',
      'previewHoliday body.description',
      'previewHolidayChange body.description',
      'removeFromRota body.reason',
      'replaceOnRota body.reason',
      'saveEmailTemplate body.emergencyContacts[]',
      'saveEmailTemplate body.footerMessage',
      'saveEmailTemplate body.greeting',
      'saveEmailTemplate body.keyReminders[]',
      'saveEmailTemplate body.mainMessage',
      'saveEmailTemplate body.signature',
      'saveSystemSettings body.instructionsContent',
      'updateDuty body.description',
      'updateHoliday body.description',
      'updateUnavailability body.reason',
    ]);
  });

  describe('regressions found by the fuzzer', () => {
    it('refuses JSON nested thousands of levels deep with a 400, not a stack overflow (500)', async () => {
      const before = await snapshotDatabase(t);
      const bodies = [
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `{"name":"Deep","email":"deep@example.com","a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
      ];
      for (const [method, url] of [
        ['post', '/api/staff'],
        ['put', '/api/staff/00000000-0000-4000-8000-000000000000'],
        ['patch', `/api/cancel-requests/${ids.cancel}`],
      ] as const) {
        for (const body of bodies) {
          const res = await t.http()[method](url).set(...bearer(admin.token)).set('Content-Type', 'application/json').send(body);
          sent += 1;
          expect({ url, status: res.status, body: res.body }).toEqual({
            url,
            status: 400,
            body: { statusCode: 400, message: 'The request body is nested too deeply (at most 32 levels)', error: 'Bad Request' },
          });
        }
      }
      expect(await snapshotDatabase(t)).toEqual(before);
      // A body with ordinary nesting still works.
      const ok = await t.http().post('/api/rota').set(...bearer(admin.token)).send({ date: '2025-10-09', slots: [ids.staff1, null] });
      sent += 1;
      expect(ok.status).toBe(201);
      await t.http().put(`/api/rota/${ok.body.id as string}`).set(...bearer(admin.token)).send({ slots: [null] }).expect(200);
      sent += 1;
    });

    it('refuses null for an auto-approval switch with a 400 (was a NOT NULL violation, 500)', async () => {
      const before = await snapshotDatabase(t);
      for (const field of ['swaps', 'cancellations', 'autoFillCancellations']) {
        const res = await t.http().post('/api/auto-approval-settings').set(...bearer(admin.token)).send({ adminPassword: admin.password, [field]: null });
        sent += 1;
        expect({ field, status: res.status, message: res.body.message }).toEqual({ field, status: 400, message: `${field} must be true or false` });
      }
      expect(await snapshotDatabase(t)).toEqual(before);
    });

    it('refuses null for staff fields that are not nullable with a 400 (was a NOT NULL violation, 500)', async () => {
      const before = await snapshotDatabase(t);
      for (const [field, message] of [
        ['name', 'Name is required'],
        ['email', 'Please enter a valid email address'],
        ['isTeaching', 'Staff type must be Teaching or Non-Teaching'],
        ['isActive', 'isActive must be true or false'],
        ['invite', 'invite must be true or false'],
      ]) {
        const res = await t.http().put(`/api/staff/${ids.staff2}`).set(...bearer(admin.token)).send({ [field]: null });
        sent += 1;
        expect({ field, status: res.status, message: res.body.message }).toEqual({ field, status: 400, message: expect.stringContaining(message) });
      }
      const created = await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Null Teaching', email: 'null.teaching@example.com', isTeaching: null });
      sent += 1;
      expect(created.status).toBe(400);
      expect(await snapshotDatabase(t)).toEqual(before);
      // Left out still means unchanged, and department may still be cleared with null.
      await t.http().put(`/api/staff/${ids.staff2}`).set(...bearer(admin.token)).send({ department: null }).expect(200);
      sent += 1;
    });

    it('answers a URL over the 16 KB header limit with a JSON 431, not an empty body', async () => {
      const res = await t.http().get(`/api/staff-unavailability/${'x'.repeat(100_000)}`).set(...bearer(admin.token));
      sent += 1;
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ statusCode: 431, message: 'The request URL or headers are too large', error: 'Request Header Fields Too Large' });
    });
  });

  it('answers 413 with a JSON error to a body over 1 MB, storing nothing', async () => {
    const before = await snapshotDatabase(t);
    const res = await t
      .http()
      .post('/api/staff')
      .set(...bearer(admin.token))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'Big', email: 'big@example.com', department: 'd'.repeat(1024 * 1024) }));
    sent += 1;
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, message: 'The request body is too large', error: 'Payload Too Large' });
    expect(await snapshotDatabase(t)).toEqual(before);
  });

  it('covers every operation of the spec', () => {
    expect(operations.length).toBeGreaterThanOrEqual(60);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
  });

  /**
   * NUL and lone surrogates in each string field of each operation, one field at a time, in a
   * request that is otherwise what the operation accepts (see unsafeTextRequests for why the
   * random fuzzing above missed them).
   */
  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: NUL or an unpaired surrogate in any one string field is a 400 naming it, and changes nothing',
    async (_id, op) => {
      const requests = unsafeTextRequests(op, ctx);
      const writes = op.method !== 'get';
      for (const req of requests) {
        // Every limit (sign-in, email, fair use) counts before validation: none may answer first.
        await t.get(MikroORM).em.getConnection().execute('DELETE FROM rate_limit_buckets');
        const before = writes ? await fingerprint() : undefined;
        const res = await send(op, req);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        checkResponse(op, req, res);
        if (res.status !== 400 || !String(res.body.message).includes(req.name)) {
          throw new Error(describeFailure(op, req, res, `expected a 400 naming ${req.name}`));
        }
        if (writes) {
          await t.get(OutboxWorker).finishSending();
          const after = await fingerprint();
          const changed = Object.keys(after).filter((table) => after[table] !== before![table]);
          if (changed.length) throw new Error(describeFailure(op, req, res, `refused write changed ${changed.join(', ')}`));
        }
      }
    },
    60_000,
  );

  /**
   * The SSO callback reads its query as the identity provider wrote it (see RejectUnsafeTextPipe):
   * Microsoft's error_description holds CR/LF, and the answer to any provider error is a redirect
   * to the sign-in page, not a 400.
   */
  const READ_AS_SENT = new Set(['finishProviderSignIn']);

  /**
   * Line breaks, tabs and other control characters in each string field of each operation, one
   * at a time, in an otherwise valid request: refused in a one-line field, kept in a multi-line one.
   */
  it.each(operations.filter((op) => !READ_AS_SENT.has(op.operationId)).map((op) => [op.operationId, op] as const))(
    '%s: a control character in a one-line field is a 400 naming it and changes nothing; a multi-line field takes line breaks',
    async (_id, op) => {
      const writes = op.method !== 'get';
      for (const req of controlCharacterRequests(op, ctx)) {
        // Every limit (sign-in, email, fair use) counts before validation: none may answer first.
        await t.get(MikroORM).em.getConnection().execute('DELETE FROM rate_limit_buckets');
        const lineBreaksAllowed = req.multiLine && MULTI_LINE_TEXT.includes(req.value);
        const before = writes && !lineBreaksAllowed ? await fingerprint() : undefined;
        const res = await send(op, req);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        checkResponse(op, req, res);
        const message = String(res.body?.message ?? '');
        const refusedForIt = res.status === 400 && message.includes(req.name) && /single line|control character/.test(message);
        if (lineBreaksAllowed) {
          if (refusedForIt) throw new Error(describeFailure(op, req, res, `a multi-line field refused line breaks`));
          continue;
        }
        if (!refusedForIt) throw new Error(describeFailure(op, req, res, `expected a 400 naming ${req.name}`));
        if (before) {
          await t.get(OutboxWorker).finishSending();
          const after = await fingerprint();
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length) throw new Error(describeFailure(op, req, res, `refused write changed ${changed.join(', ')}`));
        }
      }
    },
    60_000,
  );

  it('finds a declared range on every number an operation takes (or a list of the values it may be)', () => {
    const fields = operations.flatMap((op) => numberFields(op).map((f) => ({ at: `${op.operationId} ${f.field}`, ...f.schema })));
    expect(fields.filter((f) => !f.enum && (f.minimum === undefined || f.maximum === undefined)).map((f) => f.at)).toEqual([]);
    // Among them, the staff fields issue 39 found clamped, and each kind of place a number goes.
    const ranged = new Set(fields.filter((f) => !f.enum).map((f) => `${f.at} ${f.minimum}–${f.maximum}`));
    for (const field of [
      'updateStaff body.fte 0.05–1',
      'updateStaff body.weeklyCap 1–5',
      'createStaff body.workingDays[] 1–5',
      'saveSystemSettings body.dutyManagersPerDay 1–5',
      'getAuditLog query.pageSize 1–100',
      'saveTermDates path.academicYear 2000–2100',
    ]) {
      expect({ field, found: ranged.has(field) }).toEqual({ field, found: true });
    }
  });

  /**
   * Issue 39: FTE 2.5 was saved as 1 and a weekly cap of -1 as 1, with "Staff member updated
   * successfully". A number just outside its declared range, one field at a time in a request that
   * is otherwise accepted, is a 400 whose message speaks of that field, and nothing is saved; in a
   * query string or a path, so is an in-range whole number spelled so that only a lenient parser
   * reads it ("0x7e9", "2.025e3", " 2025", "2025.0" were read as 2025).
   */
  it.each(operations.filter((op) => numberFields(op).some((f) => !f.schema.enum)).map((op) => [op.operationId, op] as const))(
    '%s: a number just outside its range, or spelled loosely, is a 400 naming it and changes nothing',
    async (_id, op) => {
      const writes = op.method !== 'get';
      const requests = outOfRangeRequests(op, ctx);
      expect(requests.length).toBeGreaterThan(0);
      for (const req of requests) {
        await t.get(MikroORM).em.getConnection().execute('DELETE FROM rate_limit_buckets');
        const before = writes ? await fingerprint() : undefined;
        const res = await send(op, req);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        checkResponse(op, req, res);
        if (res.status !== 400 || !namesField(String(res.body.message), req.name)) {
          throw new Error(describeFailure(op, req, res, `expected a 400 naming ${req.name}`));
        }
        if (before) {
          await t.get(OutboxWorker).finishSending();
          const after = await fingerprint();
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length) throw new Error(describeFailure(op, req, res, `refused write changed ${changed.join(', ')}`));
        }
      }
    },
    60_000,
  );

  it('lets the SSO callback read a provider error whose description spans lines (a redirect, not a 400)', async () => {
    const res = await t.http().get(`/api/auth/sso/callback?error=access_denied&error_description=${encodeURIComponent('AADSTS65004: User declined.\r\nTrace ID: 1\r\nTimestamp: 2025-09-08')}&state=x`);
    sent += 1;
    expect(res.status).toBe(302);
    expect(res.headers.location).toEqual(expect.stringContaining('sso_error='));
  });

  it('places unsafe text in every string field of the operations that take text', () => {
    const fields = (id: string) => new Set(unsafeTextRequests(operations.find((op) => op.operationId === id)!, ctx).map((r) => r.field));
    expect(fields('createStaff').has('body.name')).toBe(true);
    expect([...fields('login')].sort()).toEqual(['body.email', 'body.organizationSubdomain', 'body.password']);
    expect(fields('createHoliday').has('body.name')).toBe(true);
    expect(fields('getAllDutiesFeed').has('query.token')).toBe(true);
    expect(fields('updateStaff').has('path.id')).toBe(true);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: generated bad input never gets a 5xx or a non-JSON error, and refused writes change nothing',
    async (_id, op) => {
      await fc.assert(property(op), { seed: SEED, numRuns: RUNS_PER_OPERATION });
      // The fuzzing must not have locked the admin out (that would hide later operations' bugs).
      await t.http().get('/api/auth/user').set(...bearer(admin.token)).expect(200);
    },
    90_000,
  );


});
