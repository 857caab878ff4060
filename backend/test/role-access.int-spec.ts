import { SESSION_ENDED } from '../src/common/auth/auth-user';
import { PERMISSIONS, permissionDeniedMessage, type Permission } from '../src/common/auth/roles';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase } from './support/db-snapshot';
import { memberWithRole } from './support/members';
import {
  callOperation,
  type Caller,
  CALLERS,
  type Credentials,
  type Example,
  EXAMPLES,
  type Fixtures,
  type Operation,
  readOperations,
  ROLE_CALLERS,
  type RouteRule,
  ROUTES,
} from './support/route-access';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The role matrix of ROUTES, checked over HTTP: every operation of the API is called as every
 * caller kind, inside one organisation (A). Callers outside the operation's list are refused and
 * nothing changes; callers in it get past the role gate.
 */
/** How the role gate words a refusal: "You don't have permission to …" (a route may name its own action). */
const GATE_WORDS = permissionDeniedMessage(Object.keys(PERMISSIONS)[0] as Permission, '');

describe('role access', () => {
  let t: TestApp;
  let a: Account;
  let fixtures: Fixtures;
  let tokens: Record<'staff' | 'manager' | 'admin', string>;
  let emails: Record<'staff' | 'manager' | 'admin', string>;
  /** A calendar feed token of A's member "Feed Person", who is not one of the callers above. */
  let feedToken: string;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerOrganization(t);
    const staff = await memberWithRole(t, a, 'staff');
    const manager = await memberWithRole(t, a, 'manager');
    const other = await t.http().post('/api/staff').set(...bearer(a.token)).send({ name: 'Olive Other', email: 'olive@a.example' }).expect(201);
    fixtures = { t, admin: a, staff, other: other.body.id as string };
    tokens = { staff: staff.token, manager: manager.token, admin: a.token };
    emails = { staff: staff.email, manager: manager.email, admin: a.email };
    const feedPerson = await memberWithRole(t, a, 'staff', 'Feed Person');
    feedToken = (await t.http().post('/api/calendar/subscription').set(...bearer(feedPerson.token)).expect(201)).body.token as string;
    expect(feedToken).toEqual(expect.any(String));
    operations = await readOperations(t);
  });

  afterAll(() => t.close());

  function credentialsOf(caller: Caller, rule: RouteRule): Credentials {
    if (caller === 'anonymous') return {};
    if (caller === 'feed') return rule.tenant.kind === 'feed-token' ? { query: { token: feedToken } } : { bearer: feedToken };
    return { bearer: tokens[caller] };
  }

  /**
   * Signing out ends the session that asks: an allowed caller signs out a fresh session of its own
   * (members share the admin's password, support/members.ts), so the tokens above stay good.
   */
  async function allowedCredentials(op: Operation, caller: Caller, rule: RouteRule): Promise<Credentials> {
    if (op.id !== 'signOut' || caller === 'anonymous' || caller === 'feed') return credentialsOf(caller, rule);
    const res = await t.http().post('/api/auth/login').send({ email: emails[caller], password: a.password, organizationSubdomain: a.subdomain });
    expect(res.status).toBe(200);
    return { bearer: res.body.token as string };
  }

  /**
   * How a caller outside the list is refused. Feed routes have no sign-in: the token in the URL
   * is the only credential, and a request without it gets the same 404 as a wrong token. On
   * signed-in routes: no token 401, a feed token is no sign-in (401), and a role without the
   * route's permission 403 with the spec's wording.
   */
  function refusal(caller: Caller, rule: RouteRule): { status: number; body: unknown } {
    if (rule.tenant.kind === 'feed-token') return { status: 404, body: { statusCode: 404, error: 'Not Found', message: expect.any(String) } };
    if (caller === 'anonymous') return { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.' } };
    if (caller === 'feed') return { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: SESSION_ENDED } };
    return { status: 403, body: { statusCode: 403, error: 'Forbidden', message: expect.stringMatching(/^You don't have permission to [a-z]/) } };
  }

  /** What the test keeps of a response: the error body, or just the status of a success. */
  const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.status >= 400 ? res.body : '(answered)' });

  it('lists each operation’s callers once each, from the known caller kinds', () => {
    for (const [op, rule] of Object.entries(ROUTES)) {
      expect({ op, callers: [...new Set(rule.callers)].sort() }).toEqual({ op, callers: [...rule.callers].sort() });
      expect({ op, empty: rule.callers.length === 0 }).toEqual({ op, empty: false });
      for (const caller of rule.callers) expect(CALLERS).toContain(caller);
      // A feed route is for feed tokens only; nothing else takes them.
      expect({ op, feedOnly: rule.tenant.kind === 'feed-token' }).toEqual({ op, feedOnly: rule.callers.length === 1 && rule.callers[0] === 'feed' });
    }
  });

  it('has an example request for every operation with a body, path ids or a required query, and for no other id', () => {
    for (const op of operations) {
      const rule = ROUTES[op.id];
      const query = op.requiredQuery.filter((name) => !(name === 'token' && rule?.tenant.kind === 'feed-token'));
      if (op.hasBody || op.pathParams.length || query.length) expect({ op: op.id, example: typeof EXAMPLES[op.id] }).toEqual({ op: op.id, example: 'function' });
    }
    const ids = new Set(operations.map((op) => op.id));
    expect(Object.keys(EXAMPLES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('refuses every caller outside an operation’s list (also before validating the request), changing nothing, and lets every caller in it past the role gate', async () => {
    const refusals: Record<string, unknown> = {};
    const expectedRefusals: Record<string, unknown> = {};
    const changed: Record<string, string[]> = {};
    const gateFailures: Record<string, unknown> = {};
    let allowedCalls = 0;
    for (const op of operations) {
      const rule = ROUTES[op.id];
      expect({ op: op.id, listed: Boolean(rule) }).toEqual({ op: op.id, listed: true });
      if (!rule) continue;
      const example: Example = EXAMPLES[op.id] ? await EXAMPLES[op.id]!(fixtures) : {};
      expect({ op: op.id, params: Object.keys(example.params ?? {}).sort() }).toEqual({ op: op.id, params: [...op.pathParams].sort() });
      // Guards run before pipes and interceptors in Nest, so a malformed request (no body, ids
      // that are not ids, no file) is refused the same way: validation can't answer first.
      const malformed: Example = { params: Object.fromEntries(op.pathParams.map((name) => [name, 'not-an-id'])), body: {} };

      await t.get(OutboxWorker).finishSending();
      const before = await snapshotDatabase(t);
      for (const caller of CALLERS.filter((c) => !rule.callers.includes(c))) {
        const key = `${op.id} as ${caller}`;
        const res = await callOperation(t, op, example, credentialsOf(caller, rule));
        refusals[key] = answer(res);
        expectedRefusals[key] = refusal(caller, rule);
        if (op.hasBody || op.pathParams.length) {
          const bad = await callOperation(t, op, malformed, credentialsOf(caller, rule));
          refusals[`${key}, malformed`] = answer(bad);
          expectedRefusals[`${key}, malformed`] = refusal(caller, rule);
        }
      }
      const after = await snapshotDatabase(t);
      const tables = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (tables.length) changed[op.id] = tables;

      // Allowed callers, one after another on the same example: a later one may get 404 or 409
      // because an earlier one deleted or made the record, which is fine; 401/403 is not.
      for (const caller of rule.callers) {
        const res = await callOperation(t, op, example, await allowedCredentials(op, caller, rule));
        allowedCalls += 1;
        // Past the gate a service may still refuse a caller its own rule (only the colleague asked
        // answers a swap): a 403 is the gate's only when it says so in the gate's words.
        const gateRefusal = res.status === 403 && ((res.body as { message?: string }).message ?? '').startsWith(GATE_WORDS.trim());
        if (res.status === 401 || gateRefusal || res.status >= 500) gateFailures[`${op.id} as ${caller}`] = answer(res);
      }
    }
    // One comparison, so a wrong table entry or a wrong guard shows every mismatch at once.
    expect({ refusals, changed, gateFailures }).toEqual({ refusals: expectedRefusals, changed: {}, gateFailures: {} });
    // Not a trivial matrix: many calls either way, and staff and managers (never admins) lack some permission.
    expect(Object.keys(refusals).length).toBeGreaterThan(operations.length);
    expect(allowedCalls).toBeGreaterThan(operations.length);
    expect(ROLE_CALLERS.filter((role) => Object.entries(expectedRefusals).some(([key, r]) => key.endsWith(` as ${role}`) && (r as { status: number }).status === 403))).toEqual([
      'staff',
      'manager',
    ]);
  }, 300_000);
});
