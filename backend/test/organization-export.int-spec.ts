import { JwtService } from '@nestjs/jwt';
import { Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { EXPORTED_TABLES, NOT_EXPORTED } from '../src/modules/data-rights/export-format';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotOrganization } from './support/db-snapshot';
import { sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { callOperation, EXAMPLES, type Example, type Fixtures, type Operation, readOperations, ROUTES } from './support/route-access';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The organisation export and its import (docs/security.md, "Organisation export and import";
 * docs/export-format.md): an organisation with data in every exported table is exported and
 * imported into a new organisation, and every read of the API answers the same in both (ids
 * aside); a bad archive is refused with a message naming what is wrong, and writes nothing.
 * The clock is Monday 8 September 2025, 9 am in London.
 */

/** Operations whose examples leave out the admin's password, which they ask for. */
const REAUTHENTICATED = new Set(['saveSignInOptions', 'saveMicrosoftSignIn', 'saveOidcSignIn', 'saveGoogleSignIn']);

/** Reads not compared, and why. */
const NOT_COMPARED: Record<string, string> = {
  getProcedureFileLink: 'a signed link naming the organisation and file ids, valid for 15 minutes',
  getEmailDeliveries: 'the mail queue, which the export leaves out (NOT_EXPORTED.outbox_emails)',
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function binary(res: NodeJS.ReadableStream, callback: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** The entries of a ZIP, unpacked. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          binary(stream, (_, body) => {
            entries.set(entry.fileName, body);
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });
}

/** A ZIP of these entries. */
function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  return new Promise((resolve) => binary(zip.outputStream, (_, body) => resolve(body)));
}

describe('organisation export and import', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = sqlOf(t);
    operations = await readOperations(t);
  });
  afterAll(() => t.close());

  const organizationOf = (account: Account) => (new JwtService().decode(account.token) as { org: string }).org;

  /** Calls an operation with its example (support/route-access.ts) as A's admin, re-authenticated where it asks. */
  async function run(f: Fixtures, id: string, token = f.admin.token): Promise<{ status: number; body: unknown }> {
    const op = operations.find((o) => o.id === id)!;
    const example = EXAMPLES[id] ? await EXAMPLES[id]!(f) : {};
    if (REAUTHENTICATED.has(id)) example.body = { ...example.body, password: f.admin.password };
    const res = await callOperation(t, op, example, { bearer: token });
    expect({ id, status: res.status, body: res.status < 300 ? undefined : res.body }).toEqual({
      id,
      status: res.status < 300 ? res.status : 200,
      body: undefined,
    });
    return res;
  }

  const exportOf = (account: Account, body: object = { password: account.password }) =>
    t
      .http()
      .post('/api/organization-export')
      .set(...bearer(account.token))
      .send(body)
      .buffer(true)
      .parse(binary as never);

  const importInto = (account: Account, archive: Buffer, password = account.password) =>
    t
      .http()
      .post('/api/organization-import')
      .set(...bearer(account.token))
      .field('password', password)
      .attach('file', archive, { filename: 'export.zip', contentType: 'application/zip' });

  /** Rows of each table with an organization_id (found in the database) for one organisation. */
  async function rowCounts(organizationId: string): Promise<Record<string, number>> {
    const tables = await sql(
      `select c.table_name from information_schema.columns c join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema and tb.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and c.column_name = 'organization_id' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      const [row] = await sql(`select count(*)::int as n from "${String(table_name)}" where organization_id = ?`, [organizationId]);
      counts[String(table_name)] = row!.n as number;
    }
    return counts;
  }

  /** A school with data in every exported table, made through the API (and SQL only for an SSO identity, which needs a provider). */
  async function school(): Promise<Fixtures & { manager: { token: string; staffId: string } }> {
    const admin = await registerOrganization(t, { name: 'Ann Admin' });
    const staff = await memberWithRole(t, admin, 'staff', 'Sam Staff');
    const other = (await memberWithRole(t, admin, 'staff', 'Olive Other')).staffId;
    const manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');
    const f: Fixtures = { t, admin, staff, other };
    for (const id of [
      'saveTermDates',
      'createHoliday',
      'addBankHolidays',
      'createDuty',
      'updateDuty',
      'saveDutyRules',
      'saveSystemSettings',
      'saveEmailTemplate',
      'saveEmailReminderSettings',
      'saveSignInOptions',
      'saveMicrosoftSignIn',
      'saveOidcSignIn',
      'uploadProcedureFile',
      'createUnavailability',
      'createRecurringUnavailability',
      'createRota',
      'updateRota',
      'createDraft',
      'createSwapRequest',
      'decideSwapRequest',
      'createCancelRequest',
      'decideCancelRequest',
      'setWetDay',
    ]) {
      await run(f, id);
    }
    await run(f, 'markNotificationRead', staff.token);
    const group = await t
      .http()
      .post('/api/staff-groups')
      .set(...bearer(admin.token))
      .send({ name: 'Science' })
      .expect(201);
    await t
      .http()
      .put(`/api/staff-groups/${group.body.id as string}`)
      .set(...bearer(admin.token))
      .send({ name: 'Science', memberIds: [staff.staffId, other] })
      .expect(200);
    const lab = await t
      .http()
      .post('/api/duties')
      .set(...bearer(admin.token))
      .send({
        name: 'Lab',
        place: 'Lab 2',
        wetPlace: 'Hall',
        startTime: '12:30',
        endTime: '13:00',
        weekdays: [{ weekday: 2, people: 1 }],
        eligible: 'listed',
        groupIds: [group.body.id as string],
      })
      .expect(201);
    await run(f, 'reshuffleFuture');
    await t
      .http()
      .post('/api/rota')
      .set(...bearer(admin.token))
      .send({ date: '2025-09-23', dutyId: lab.body.duty.id, slots: [staff.staffId] })
      .expect(201);
    await t
      .http()
      .put('/api/rota/wet-days')
      .set(...bearer(admin.token))
      .send({ date: '2025-09-23', wet: true })
      .expect(200);
    const [user] = await sql('select id from users where email = ?', [staff.email]);
    await sql(
      `insert into user_identities (id, organization_id, user_id, provider, issuer, subject) values (gen_random_uuid(), ?, ?, 'microsoft', 'https://login.microsoftonline.com/x/v2.0', 'subject-1')`,
      [organizationOf(admin), user!.id],
    );
    return { ...f, manager };
  }

  it('exports an organisation with data in every table, and its import into a new organisation answers every read the same', async () => {
    const a = await school();
    // The reads' examples first: some make records of A (support/route-access.ts), which must be in the export.
    const reads = operations.filter(
      (o) => o.method === 'get' && o.secured && !o.pathParams.length && ROUTES[o.id]!.tenant.kind === 'own' && !(o.id in NOT_COMPARED),
    );
    const examples = new Map<string, Example>();
    for (const op of reads) examples.set(op.id, EXAMPLES[op.id] ? await EXAMPLES[op.id]!(a) : {});
    // The whole log on one page: B's has the import's entry besides.
    examples.set('getAuditLog', { query: { pageSize: '100' } });
    const before = await rowCounts(organizationOf(a.admin));
    const exported = Object.keys(before).filter((table) => !(table in NOT_EXPORTED));
    expect(exported.filter((table) => before[table] === 0)).toEqual([]);

    const res = await exportOf(a.admin).expect(200);
    // The export is in the activity log, and in the archive.
    const counts = await rowCounts(organizationOf(a.admin));
    expect(counts.audit_entries).toBe(before.audit_entries! + 1);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await unzip(res.body as Buffer);
    expect([...entries.keys()].sort()).toEqual(['organization.json', ...EXPORTED_TABLES.map((x) => `${x.name}.csv`), 'files/Uploaded.pdf'].sort());
    const document = JSON.parse(entries.get('organization.json')!.toString('utf8')) as {
      format: string;
      schemaVersion: number;
      tables: Record<string, unknown[]>;
    };
    expect({ format: document.format, schemaVersion: document.schemaVersion }).toEqual({
      format: 'duty-manager-organization-export',
      schemaVersion: 1,
    });
    for (const table of exported) {
      expect({ table, rows: document.tables[table]!.length }).toEqual({ table, rows: counts[table] });
      const csvLines = entries.get(`${table}.csv`)!.toString('utf8').trim().split('\n');
      expect(csvLines.length).toBeGreaterThan(counts[table]!);
    }
    expect(JSON.stringify(document)).not.toMatch(/password_hash|client_secret|argon2/);

    const b = await registerOrganization(t, { email: a.admin.email, name: a.admin.name, password: 'another password' });
    const imported = await importInto(b, res.body as Buffer).expect(200);
    expect(imported.body.message).toMatch(/Forgot password/);
    const countsB = await rowCounts(organizationOf(b));
    for (const table of exported)
      expect({ table, rows: countsB[table] }).toEqual({ table, rows: counts[table]! + (table === 'audit_entries' ? 1 : 0) });

    // Every read of the API, in both organisations, ids aside.
    const names = [a.admin.subdomain, a.admin.organizationName, b.subdomain, b.organizationName];
    const normal = (body: unknown) => {
      let text = JSON.stringify(body ?? null).replace(UUID, '<id>');
      for (const name of names) text = text.split(name).join('<organisation>');
      return JSON.parse(text) as unknown;
    };
    const compared: string[] = [];
    const differing: { op: string; a: unknown; b: unknown }[] = [];
    for (const op of reads) {
      const example = examples.get(op.id)!;
      const [inA, inB] = [await callOperation(t, op, example, { bearer: a.admin.token }), await callOperation(t, op, example, { bearer: b.token })];
      let bodyA = normal(inA.body ?? inA.text);
      let bodyB = normal(inB.body ?? inB.text);
      if (op.id === 'getAuditLog') {
        // The import's own entry is B's alone.
        // Entries are numbered in order; the import's are new numbers in the same order.
        const items = (bodyB as { items: { action: string }[] }).items
          .filter((e) => e.action !== 'organization.imported')
          .map((e) => ({ ...e, id: '<n>' }));
        bodyB = { ...(bodyB as object), items, total: (bodyB as { total: number }).total - 1 };
        bodyA = { ...(bodyA as object), items: (bodyA as { items: object[] }).items.map((e) => ({ ...e, id: '<n>' })) };
      }
      if (op.id === 'getMyData') {
        // The admin's own data holds the activity log entries they made: the import's is B's alone.
        // The importer keeps the account B was registered with (its creation, its verification
        // email), and the emails sent are not part of the export (docs/export-format.md).
        type OwnData = { auditEntries: { action: string }[]; profile: object; emails?: unknown };
        const own = (body: unknown, entries: OwnData['auditEntries']) => {
          const { emails: _emails, ...rest } = body as OwnData;
          return { ...rest, auditEntries: entries, profile: { ...rest.profile, createdAt: '<account created>' } };
        };
        bodyA = own(bodyA, (bodyA as OwnData).auditEntries);
        bodyB = own(
          bodyB,
          (bodyB as OwnData).auditEntries.filter((e) => e.action !== 'organization.imported'),
        );
      }
      if (JSON.stringify({ s: inB.status, b: bodyB }) !== JSON.stringify({ s: inA.status, b: bodyA }))
        differing.push({ op: op.id, a: bodyA, b: bodyB });
      compared.push(op.id);
    }
    // The reads that take ids: each organisation's own, matched by what they are (a person's email, a duty's name, a draft's place in the list).
    const pairsOf = async (path: string, keyOf: (item: Record<string, unknown>) => string) => {
      const list = async (token: string) => {
        const body = (
          await t
            .http()
            .get(path)
            .set(...bearer(token))
            .expect(200)
        ).body as Record<string, unknown>[] | { items: Record<string, unknown>[] };
        return Array.isArray(body) ? body : body.items;
      };
      const [inA, inB] = [await list(a.admin.token), await list(b.token)];
      expect(inB.map(keyOf).sort()).toEqual(inA.map(keyOf).sort());
      return inA.map((x) => [String(x.id), String(inB.find((y) => keyOf(y) === keyOf(x))!.id)] as const);
    };
    const staffPairs = await pairsOf('/api/staff', (x) => String(x.email));
    const dutyPairs = await pairsOf('/api/duties', (x) => String(x.name));
    const draftPairs = await pairsOf('/api/rota/drafts', (x) => `${String(x.startDate)} ${String(x.name)} ${String(x.createdAt)}`);
    const byIds: [string, (id: string) => Example, (readonly [string, string])[]][] = [
      ['getStaffUnavailability', (staffId) => ({ params: { staffId } }), staffPairs],
      ['getRecurringUnavailability', (staffId) => ({ params: { staffId } }), staffPairs],
      ['getSwapOptions', (requesterId) => ({ query: { requesterId } }), staffPairs],
      ['getTodayCandidates', (dutyId) => ({ query: { date: '2025-09-23', dutyId } }), dutyPairs],
      ['getDraft', (id) => ({ params: { id } }), draftPairs],
      ['getDraftDays', (id) => ({ params: { id } }), draftPairs],
    ];
    for (const [id, example, pairs] of byIds) {
      const op = operations.find((o) => o.id === id)!;
      for (const [idA, idB] of pairs) {
        const [inA, inB] = [
          await callOperation(t, op, example(idA), { bearer: a.admin.token }),
          await callOperation(t, op, example(idB), { bearer: b.token }),
        ];
        if (JSON.stringify({ s: inB.status, b: normal(inB.body) }) !== JSON.stringify({ s: inA.status, b: normal(inA.body) })) {
          differing.push({ op: `${id} ${idA}`, a: normal(inA.body), b: normal(inB.body) });
        }
        expect({ id, status: inA.status }).toEqual({ id, status: 200 });
        compared.push(id);
      }
    }
    expect(draftPairs.length).toBeGreaterThan(0);
    expect(differing).toEqual([]);
    expect(compared.length).toBeGreaterThan(30);
  });

  describe('a bad archive', () => {
    let good: Record<string, Buffer>;
    let document: { tables: Record<string, Record<string, unknown>[]> } & Record<string, unknown>;
    let fresh: Account;

    beforeAll(async () => {
      const source = await registerOrganization(t, { name: 'Bea Admin' });
      await t
        .http()
        .post('/api/staff')
        .set(...bearer(source.token))
        .send({ name: 'Cal Staff', email: 'cal@b.example' })
        .expect(201);
      const res = await exportOf(source).expect(200);
      good = Object.fromEntries(await unzip(res.body as Buffer));
      document = JSON.parse(good['organization.json']!.toString('utf8'));
      fresh = await registerOrganization(t, { email: source.email, name: source.name });
    });

    /** The archive with organization.json changed by `change`. */
    const archiveWith = (change: (d: typeof document) => void) => {
      const d = structuredClone(document);
      change(d);
      return zipOf({ ...good, 'organization.json': JSON.stringify(d) });
    };

    it.each([
      ['not a ZIP', () => Promise.resolve(Buffer.from('name,email\n')), 'The file is not a ZIP archive'],
      ['without organization.json', () => zipOf({ 'staff.csv': good['staff.csv']! }), 'The archive has no organization.json'],
      ['not JSON', () => zipOf({ ...good, 'organization.json': '{"format":' }), 'organization.json is not valid JSON'],
      ['another format', () => archiveWith((d) => (d.format = 'something-else')), 'is not a Duty Manager organisation export'],
      [
        'another schema version',
        () => archiveWith((d) => (d.schemaVersion = 2)),
        'has schemaVersion 2; this version of Duty Manager imports schemaVersion 1',
      ],
      ['a table missing', () => archiveWith((d) => delete d.tables.holidays), 'organization.json has no table "holidays"'],
      ['an unknown table', () => archiveWith((d) => (d.tables.extra = [])), 'a table "extra" that schemaVersion 1 does not have'],
      ['a column missing', () => archiveWith((d) => delete d.tables.staff![0]!.email), 'table "staff", row 1 (id '],
      [
        'a bad column type',
        () => archiveWith((d) => (d.tables.staff![0]!.working_days = 'weekdays')),
        'column "working_days" must be a list of whole numbers',
      ],
      ['a bad date', () => archiveWith((d) => (d.tables.staff![0]!.created_at = 'yesterday')), 'column "created_at" must be a date and time'],
      [
        'a broken reference',
        () => archiveWith((d) => (d.tables.staff![0]!.user_id = '00000000-0000-4000-8000-000000000001')),
        'column "user_id" refers to users 00000000-0000-4000-8000-000000000001, which is not in the archive',
      ],
      ['a duplicate id', () => archiveWith((d) => d.tables.staff!.push({ ...d.tables.staff![0]!, email: 'other@b.example' })), 'is there twice'],
      [
        'an id used in two tables',
        () =>
          archiveWith((d) => {
            const { id, organization_id, created_at } = d.tables.staff![0]!;
            d.tables.staff_groups = [{ id, organization_id, name: 'Science', name_key: 'science', created_at, updated_at: created_at }];
          }),
        'is used twice in the archive',
      ],
      [
        'a row the database refuses',
        () => archiveWith((d) => (d.tables.staff![0]!.name = 'x'.repeat(5000))),
        'table "staff": the database refused its rows',
      ],
      [
        "no admin with the importer's email",
        () => archiveWith((d) => (d.tables.users = d.tables.users!.map((u) => ({ ...u, role: 'manager' })))),
        'The archive has no active admin with your email',
      ],
    ])('%s: 422 naming what is wrong, and nothing written', async (_case, archive, message) => {
      const before = await snapshotOrganization(t, organizationOf(fresh));
      const res = await importInto(fresh, await archive());
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 422, message: expect.stringContaining(message) });
      expect(await snapshotOrganization(t, organizationOf(fresh))).toEqual(before);
    });

    it('a zip bomb: refused before it is unpacked', async () => {
      const zip = new ZipFile();
      zip.addReadStream(
        Readable.from(
          (function* () {
            for (let i = 0; i < 530; i += 1) yield Buffer.alloc(1024 * 1024);
          })(),
        ),
        'organization.json',
        { compressionLevel: 1 },
      );
      zip.end();
      const bomb = await new Promise<Buffer>((resolve) => binary(zip.outputStream, (_, body) => resolve(body)));
      expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
      const before = await snapshotOrganization(t, organizationOf(fresh));
      const res = await importInto(fresh, bomb);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 422,
        message: 'organization.json is larger than 512 MB once unpacked.',
      });
      expect(await snapshotOrganization(t, organizationOf(fresh))).toEqual(before);
    });

    it('a wrong password: refused, nothing written', async () => {
      const before = await snapshotOrganization(t, organizationOf(fresh));
      const res = await importInto(fresh, good['organization.json'] ? await zipOf(good) : Buffer.alloc(0), 'not the password');
      expect(res.status).toBe(403);
      expect(await snapshotOrganization(t, organizationOf(fresh))).toEqual(before);
    });

    it('into an organisation that is not new: 409, nothing written; a good archive into a new one: imported once', async () => {
      const archive = await zipOf(good);
      await importInto(fresh, archive).expect(200);
      expect(
        (
          await t
            .http()
            .get('/api/organization-import')
            .set(...bearer(fresh.token))
            .expect(200)
        ).body,
      ).toEqual({ canImport: false });
      const before = await snapshotOrganization(t, organizationOf(fresh));
      const again = await importInto(fresh, archive);
      expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'organization_not_new' });
      expect(await snapshotOrganization(t, organizationOf(fresh))).toEqual(before);
      const staff = (
        await t
          .http()
          .get('/api/staff')
          .set(...bearer(fresh.token))
          .expect(200)
      ).body as { name: string }[];
      expect(staff.map((s) => s.name)).toEqual(['Cal Staff']);
    });
  });
});
