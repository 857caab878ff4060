import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { PERSONAL_FIELDS } from '../src/modules/staff/personal-fields';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { othersFields, PERSONAL_FIELDS_SHOWN, PRODUCT_DOC, readAudienceTable, restrictedFields } from './support/response-shapes';
import { callOperation, EXAMPLES, type Fixtures, isSignedIn, type Operation, readOperations, ROLE_CALLERS, type RoleCaller, ROUTES } from './support/route-access';
import { createTestApp, type TestApp } from './support/test-app';
import { asUser } from './support/http';

/**
 * docs/product.md#what-people-see-of-each-other, over HTTP: every signed-in read, called as staff,
 * holds no restricted field of anyone but the caller; called as an admin or a manager, it holds
 * the ones PERSONAL_FIELDS_SHOWN declares. The restricted fields are the table's, read from the
 * document itself.
 */

const OPENAPI_DOC = path.resolve(__dirname, '..', '..', 'openapi', 'openapi.json');
const COLLEAGUE_EMAIL = 'cora.colleague@shapes.example';
const COLLEAGUE_DEPARTMENT = 'Zeta Department';

/** Whose records an answer may show in full: the caller's staff record and their user. */
type Caller = { token: string; own: Set<string> };

describe('response shapes: what people see of each other', () => {
  let t: TestApp;
  let a: Account;
  let fixtures: Fixtures;
  let callers: Record<RoleCaller, Caller>;
  /** Values of other people's restricted fields that no answer to staff may hold, in any format. */
  let othersValues: string[];
  let staffFeedToken: string;
  let staffEmail: string;
  let operations: Operation[];
  const restricted = new Set(restrictedFields());

  const userOf = (token: string) => (new JwtService().decode(token) as { sub: string }).sub;

  beforeAll(async () => {
    // A Monday: this week, the statistics year and the fairness year are fixed.
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    a = await registerOrganization(t);
    const as = (token: string) => asUser(t, token);
    const staff = await memberWithRole(t, a, 'staff', 'Sam Staff');
    const manager = await memberWithRole(t, a, 'manager', 'Mia Manager');
    // Every restricted field of the caller and of a colleague has a value to find.
    await as(a.token).put(`/api/staff/${staff.staffId}`).send({ department: 'Own Department', fte: 0.8, weeklyCap: 4 }).expect(200);
    const colleague = await as(a.token)
      .post('/api/staff')
      .send({ name: 'Cora Colleague', email: COLLEAGUE_EMAIL, department: COLLEAGUE_DEPARTMENT, isTeaching: false, workingDays: [1, 2, 3, 4], fte: 0.7, weeklyCap: 3, avoidDays: [2], invite: true })
      .expect(201);
    fixtures = { t, admin: a, staff, other: colleague.body.id as string };
    staffEmail = staff.email;
    callers = {
      staff: { token: staff.token, own: new Set([staff.staffId, userOf(staff.token)]) },
      manager: { token: manager.token, own: new Set([manager.staffId, userOf(manager.token)]) },
      admin: { token: a.token, own: new Set([userOf(a.token)]) },
    };
    othersValues = [COLLEAGUE_EMAIL, COLLEAGUE_DEPARTMENT, manager.email, a.email];

    // The colleague shares the caller's day this week; the caller asks them to cover a later
    // duty, cancels another (auto-approval and auto-fill are on), and records a day away.
    await as(a.token).post('/api/rota').send({ date: '2025-09-10', dutyManager1Id: staff.staffId, dutyManager2Id: colleague.body.id }).expect(201);
    await as(a.token).post('/api/rota').send({ date: '2025-09-15', dutyManager1Id: staff.staffId }).expect(201);
    await as(a.token).post('/api/rota').send({ date: '2025-09-17', dutyManager1Id: staff.staffId }).expect(201);
    await as(staff.token)
      .post('/api/swap-requests')
      .send({ requesterId: staff.staffId, targetId: colleague.body.id, originalDate: '2025-09-15', swapDate: '2025-09-15', reason: 'Trip' })
      .expect(201);
    await as(staff.token).post('/api/cancel-requests').send({ staffId: staff.staffId, date: '2025-09-17', reason: 'Course' }).expect(201);
    await as(staff.token).post('/api/staff-unavailability').send({ staffId: staff.staffId, startDate: '2025-10-06', endDate: '2025-10-06', reason: 'Course' }).expect(201);
    staffFeedToken = (await as(staff.token).post('/api/calendar/subscription').expect(201)).body.token as string;
    operations = await readOperations(t);
  });

  afterAll(() => t.close());

  it('takes the restricted fields from docs/product.md, where every field of a staff record has its row, and the server leaves out the same ones', () => {
    const table = readAudienceTable(readFileSync(PRODUCT_DOC, 'utf8'));
    // The committed document: the response schemas come from the build's swagger plugin (npm run gen).
    const spec = JSON.parse(readFileSync(OPENAPI_DOC, 'utf8')) as { components: { schemas: Record<string, { properties: object }> } };
    const staffFields = Object.keys(spec.components.schemas.StaffDto!.properties).sort();
    expect(staffFields.filter((field) => !table.some((row) => row.fields.includes(field)))).toEqual([]);
    expect([...restricted].sort()).toEqual([...PERSONAL_FIELDS].sort());
    expect(restricted.size).toBeGreaterThan(0);
  });

  it('finds a planted colleague’s field, nested anywhere, and lets the caller’s own record and plain answers be', () => {
    const own = new Set(['own-staff', 'own-user']);
    const planted = {
      people: [
        { id: 'own-staff', name: 'Me', email: 'me@x.example', workingDays: [1] },
        { id: 'other-staff', name: 'Col', isTeaching: true },
      ],
      user: { id: 'own-user', email: 'me@x.example', role: 'staff' },
      rows: [{ staffId: 'own-staff', department: 'Mine' }, { staffId: 'other-staff', department: 'Theirs', total: 3 }],
      nested: { day: { slots: [{ staff: { id: 'other-staff', name: 'Col', weeklyCap: 2 } }] } },
    };
    expect(othersFields(planted, restricted, own)).toEqual([
      { path: '$.rows[1].department', field: 'department' },
      { path: '$.nested.day.slots[0].staff.weeklyCap', field: 'weeklyCap' },
    ]);
    expect(othersFields([{ id: 'other-staff', name: 'Col', isActive: true, isTeaching: false }, 'text', 3, null], restricted, own)).toEqual([]);
  });

  it('declares what every signed-in read shows of other people, and only those reads', () => {
    const reads = operations.filter((op) => op.method === 'get' && ROUTES[op.id] && isSignedIn(ROUTES[op.id])).map((op) => op.id);
    expect(Object.keys(PERSONAL_FIELDS_SHOWN).sort()).toEqual(reads.sort());
    for (const [op, fields] of Object.entries(PERSONAL_FIELDS_SHOWN)) {
      expect({ op, unknown: fields.filter((field) => !restricted.has(field)) }).toEqual({ op, unknown: [] });
    }
  });

  it('answers staff with no restricted field of anyone but themselves, and admins and managers with those each read declares', async () => {
    const answers: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const op of operations.filter((o) => o.method === 'get' && ROUTES[o.id] && isSignedIn(ROUTES[o.id]))) {
      const example = EXAMPLES[op.id] ? await EXAMPLES[op.id]!(fixtures) : {};
      for (const role of ROLE_CALLERS.filter((r) => ROUTES[op.id]!.callers.includes(r))) {
        const key = `${op.id} as ${role}`;
        const res = await callOperation(t, op, example, { bearer: callers[role].token });
        const json = (res.headers['content-type'] ?? '').startsWith('application/json');
        const found = json ? othersFields(res.body, restricted, callers[role].own) : [];
        if (role === 'staff') {
          const text = json ? JSON.stringify(res.body) : (res.text ?? String(res.body));
          answers[key] = { status: res.status, fields: found.map((f) => f.path), values: othersValues.filter((value) => text.includes(value)) };
          expected[key] = { status: 200, fields: [], values: [] };
        } else {
          const shown = new Set(found.map((f) => f.field));
          answers[key] = { status: res.status, missing: (PERSONAL_FIELDS_SHOWN[op.id] ?? []).filter((field) => !shown.has(field)) };
          expected[key] = { status: 200, missing: [] };
        }
      }
    }
    expect(answers).toEqual(expected);
  });

  it('gives a staff member their own record whole and colleagues by name, whether active and Teaching or Non-Teaching', async () => {
    const list = (await t.http().get('/api/staff').set(...bearer(callers.staff.token)).expect(200)).body as Record<string, unknown>[];
    const own = list.find((person) => person.id === fixtures.staff.staffId);
    expect(own).toMatchObject({ name: 'Sam Staff', department: 'Own Department', role: 'staff', inviteStatus: 'active', fte: 0.8, weeklyCap: 4, workingDays: [1, 2, 3, 4, 5], avoidDays: [] });
    expect(Object.keys(own!).sort()).toEqual(Object.keys(list.find((p) => p.id === fixtures.other)!).concat(PERSONAL_FIELDS).sort());
    expect(list.find((person) => person.id === fixtures.other)).toEqual({ id: fixtures.other, name: 'Cora Colleague', isActive: true, isTeaching: false });
    const statistics = (await t.http().get('/api/duty-statistics').set(...bearer(callers.staff.token)).expect(200)).body as { staff: Record<string, unknown>[] };
    expect(statistics.staff.find((row) => row.staffId === fixtures.staff.staffId)).toMatchObject({ department: 'Own Department' });
    expect(statistics.staff.find((row) => row.staffId === fixtures.other)).not.toHaveProperty('department');
  });

  it('gives staff’s calendar feeds names and dates, none of a colleague’s restricted values', async () => {
    for (const feed of ['/api/calendar/subscribe/my-duties', '/api/calendar/subscribe/all-duties']) {
      const res = await t.http().get(`${feed}?token=${staffFeedToken}`).expect(200);
      expect({ feed, values: othersValues.filter((value) => res.text.includes(value)) }).toEqual({ feed, values: [] });
    }
    const all = await t.http().get(`/api/calendar/subscribe/all-duties?token=${staffFeedToken}`).expect(200);
    expect(all.text).toContain('Cora Colleague');
  });

  /** Last: the examples change things (one revokes the caller's calendar feed). */
  it('answers every change staff may make without a colleague’s restricted fields', async () => {
    const answers: Record<string, unknown> = {};
    const staff = callers.staff;
    for (const op of operations.filter((o) => o.method !== 'get' && ROUTES[o.id]?.callers.includes('staff'))) {
      const example = EXAMPLES[op.id] ? await EXAMPLES[op.id]!(fixtures) : {};
      const res = await callOperation(t, op, example, { bearer: staff.token });
      const text = JSON.stringify(res.body ?? null);
      answers[op.id] = {
        signedIn: res.status !== 401,
        fields: othersFields(res.body, restricted, staff.own).map((f) => f.path),
        values: othersValues.filter((value) => text.includes(value)),
      };
      // An operation that ends the caller's session (signing out) leaves the next one a new sign-in.
      if ((await t.http().get('/api/auth/user').set(...bearer(staff.token))).status === 401) {
        const login = await t.http().post('/api/auth/login').send({ email: staffEmail, password: a.password, organizationSubdomain: a.subdomain }).expect(200);
        staff.token = login.body.token as string;
        fixtures = { ...fixtures, staff: { ...fixtures.staff, token: staff.token } };
      }
    }
    expect(Object.keys(answers).length).toBeGreaterThan(0);
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((op) => [op, { signedIn: true, fields: [], values: [] }])));
  });
});
