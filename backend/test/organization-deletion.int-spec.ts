import { generate } from 'otplib';
import { FixedClock, Clock } from '../src/common/clock/clock';
import { OrganizationDeletionService } from '../src/modules/data-rights/organization-deletion.service';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotOrganization } from './support/db-snapshot';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { callOperation, EXAMPLES, type Fixtures, readOperations, ROUTES } from './support/route-access';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Deleting an organisation (docs/security.md#deleting-an-organisation): asked for by an admin
 * (re-authenticated, typing the name), 30 days read-only and restorable, then every row of it
 * deleted — checked against every table and every text-like column the database has, so a new
 * table can't be forgotten — while another organisation stays exactly as it was.
 */
const JWT_SECRET = 'organization-deletion-test-secret-0123456789abcdef';
const NOW = '2025-09-08T09:00';
const DAY = 24 * 60 * 60 * 1000;

/** Writes the seed leaves out: they end sessions, remove what the seed made, or are this feature's own. */
const NOT_SEEDED = new Set([
  'register',
  'signOut',
  'requestOrganizationDeletion',
  'restoreOrganization',
  'clearFuture',
  'changeOwnPassword',
  'changeOwnEmail',
  'disableTwoFactor',
  'startTwoFactorSetup',
  'regenerateRecoveryCodes',
  'saveTwoFactorRequirement',
  'revokeCalendarSubscription',
  'deleteProcedureFile',
]);

/** The school days from `from` on, `yyyy-MM-dd`. */
function weekdaysFrom(from: string, count: number): string[] {
  const days: string[] = [];
  for (let d = new Date(`${from}T12:00:00Z`); days.length < count; d = new Date(d.getTime() + DAY)) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

describe('organisation deletion', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let sql: ReturnType<typeof sqlOf>;
  let a: Account;
  let aId: string;
  let staffA: { token: string; staffId: string; email: string };
  let b: Account;
  let bId: string;

  const orgIdOf = async (account: Account) => (await sql('select id from organizations where subdomain = ?', [account.subdomain]))[0]!.id as string;

  /** The tables with an organization_id column, from the database itself. */
  const tenantTables = async () =>
    (
      await sql(
        `select c.table_name from information_schema.columns c
           join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
          where c.table_schema = 'public' and c.column_name = 'organization_id' order by c.table_name`,
      )
    ).map((r) => r.table_name as string);

  /** Every organisation's data through the API: each write operation's example (support/route-access.ts), then the rest by hand. */
  async function seed(admin: Account): Promise<{ token: string; staffId: string; email: string }> {
    const staff = await memberWithRole(t, admin, 'staff', 'Sam Staff');
    const other = await asUser(t, admin.token).post('/api/staff', { name: 'Olive Other', email: `olive-${admin.subdomain}@a.example`, invite: true });
    expect(other.status).toBe(201);
    const fixtures: Fixtures = { t, admin, staff, other: other.body.id as string };
    const operations = (await readOperations(t)).filter((op) => op.method !== 'get' && !NOT_SEEDED.has(op.id));
    for (const op of operations) {
      const rule = ROUTES[op.id]!;
      const token = rule.callers.includes('admin') ? admin.token : rule.callers.includes('staff') ? staff.token : undefined;
      if (!token) continue;
      const example = EXAMPLES[op.id] ? await EXAMPLES[op.id]!(fixtures) : {};
      await callOperation(t, op, example, { bearer: token });
    }
    const asAdmin = asUser(t, admin.token);
    // Two-step verification (its secret and recovery codes) on the staff member's account.
    const setup = await asUser(t, staff.token).post('/api/auth/two-factor/setup', { password: admin.password });
    expect(setup.status).toBe(200);
    const enabled = await asUser(t, staff.token).post('/api/auth/two-factor/enable', {
      code: await generate({ secret: setup.body.secret as string }),
    });
    expect(enabled.status).toBe(200);
    // A staff group with a member, and a duty only its listed people take, with a wet-weather post.
    const group = await asAdmin.post('/api/staff-groups', { name: 'Gate team' });
    expect(group.status).toBe(201);
    expect((await asAdmin.put(`/api/staff-groups/${group.body.id}`, { name: 'Gate team', memberIds: [staff.staffId] })).status).toBe(200);
    const listed = await asAdmin.post('/api/duties', {
      name: 'Field watch',
      place: 'Field',
      wetPlace: 'Hall',
      startTime: '12:30',
      endTime: '13:00',
      weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 })),
      eligible: 'listed',
      staffIds: [staff.staffId],
      groupIds: [group.body.id],
    });
    expect(listed.status).toBe(201);
    expect((await asAdmin.post('/api/rota/fill-unassigned', {})).status).toBeLessThan(300);
    // Sign-in settings and a provider (re-authenticated).
    expect((await asAdmin.put('/api/sign-in-settings', { joinRule: 'join_as_staff', passwordSignIn: true, password: admin.password })).status).toBe(
      200,
    );
    const google = {
      enabled: false,
      clientId: 'x.apps.googleusercontent.com',
      clientSecret: 'secret',
      allowedDomains: ['a.example'],
      password: admin.password,
    };
    expect((await asAdmin.put('/api/sign-in-settings/google', google)).status).toBe(200);
    // Every duty on the rota gets a wet-weather post, so a wet day tells the people on it.
    for (const duty of (await asAdmin.get('/api/duties')).body as { id: string }[]) {
      await asAdmin.put(`/api/duties/${duty.id}`, { wetPlace: 'Hall' });
    }
    // Reminders on, and sent for the next school days; each of them wet.
    expect((await asAdmin.post('/api/email-reminder-settings', { enabled: true, time: '08:30', hoursAdvance: 24 })).status).toBeLessThan(300);
    for (const date of weekdaysFrom('2025-09-09', 10)) {
      await asAdmin.post('/api/test-email-reminders-date', { date });
      await asAdmin.put('/api/rota/wet-days', { date, wet: true });
    }
    const organizationId = await orgIdOf(admin);
    const [user] = await sql('select id from users where email = ?', [staff.email]);
    // Signing in through a provider needs the provider itself (sso.int-spec.ts drives one): its two
    // rows are written as the SSO module writes them.
    await sql(
      `insert into user_identities (id, organization_id, user_id, provider, issuer, subject) values (gen_random_uuid(), ?, ?, 'google', 'https://accounts.google.com', ?)`,
      [organizationId, user!.id, `subject-${admin.subdomain}`],
    );
    await sql(
      `insert into sso_login_attempts (id, organization_id, provider, state_hash, nonce, code_verifier, browser_hash, expires_at)
       values (gen_random_uuid(), ?, 'google', md5(random()::text), 'nonce', 'verifier', md5(random()::text), now() + interval '10 minutes')`,
      [organizationId],
    );
    // A rate-limit counter that names the organisation (fair use per organisation).
    await sql(`insert into rate_limit_buckets (key, count, window_started_at, expires_at) values (?, 1, now(), now() + interval '1 day')`, [
      `fair-use:test:organization:${organizationId}`,
    ]);
    return staff;
  }

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({ env: { APP_NOW: NOW, SMTP_URL: smtp.url, JWT_SECRET } });
    sql = sqlOf(t);
    a = await registerOrganization(t, { organizationName: 'Doomed Academy' });
    b = await registerOrganization(t, { organizationName: 'Staying School' });
    aId = await orgIdOf(a);
    bId = await orgIdOf(b);
    staffA = await seed(a);
    await seed(b);
    // The seeding's emails (about 380) are sent here, not in the first test that snapshots the
    // organisation (snapshotOrganization waits for the outbox), so that test's 30 s cover only itself.
    await t.get(OutboxWorker).finishSending();
  }, 600_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('seeds a row of organisation A in every table with an organization_id', async () => {
    const empty: string[] = [];
    for (const table of await tenantTables()) {
      if (table === 'rate_limit_buckets') continue;
      const [row] = await sql(`select count(*)::int as n from "${table}" where organization_id = ?`, [aId]);
      if (!row || (row.n as number) < 1) empty.push(table);
    }
    expect(empty).toEqual([]);
  });

  const deletion = (account: Account, body: object) =>
    t
      .http()
      .post('/api/organization/deletion')
      .set(...bearer(account.token))
      .send(body);
  const restore = (account: Account, body: object) =>
    t
      .http()
      .delete('/api/organization/deletion')
      .set(...bearer(account.token))
      .send(body);
  const READ_ONLY = /^This organisation will be deleted on Wednesday 8 October 2025, so nothing can be changed\. An admin can restore it/;

  it('refuses a wrong name (422), a missing or wrong password and a staff member (403), changing nothing', async () => {
    const before = await snapshotOrganization(t, aId);
    const wrongName = await deletion(a, { confirmName: 'doomed academy', password: a.password });
    expect({ status: wrongName.status, message: wrongName.body.message }).toEqual({
      status: 422,
      message: "Type the organisation's name exactly to confirm",
    });
    const bare = await deletion(a, { confirmName: a.organizationName });
    expect({ status: bare.status, code: bare.body.code }).toEqual({ status: 400, code: 'password_required' });
    const wrongPassword = await deletion(a, { confirmName: a.organizationName, password: 'not the password' });
    expect({ status: wrongPassword.status, code: wrongPassword.body.code }).toEqual({ status: 403, code: 'password_incorrect' });
    const staff = await t
      .http()
      .post('/api/organization/deletion')
      .set(...bearer(staffA.token))
      .send({ confirmName: a.organizationName, password: a.password });
    expect(staff.status).toBe(403);
    const noName = await deletion(a, { password: a.password });
    expect({ status: noName.status, message: noName.body.message }).toEqual({
      status: 400,
      message: "Type the organisation's name exactly to confirm",
    });
    expect(await snapshotOrganization(t, aId)).toEqual(before);
    expect((await asUser(t, staffA.token).get('/api/organization/deletion')).body).toEqual({
      pending: false,
      requestedAt: null,
      dueAt: null,
      dueDate: null,
    });
  });

  it('asks for it: every admin is emailed, writes are refused naming the date, reads and signing in work, and an admin restores it', async () => {
    const second = await memberWithRole(t, a, 'admin', 'Second Admin');
    const asked = await deletion(a, { confirmName: a.organizationName, password: a.password });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ pending: true, requestedAt: '2025-09-08T08:00:00.000Z', dueAt: '2025-10-08T08:00:00.000Z', dueDate: '2025-10-08' });
    for (const to of [a.email, second.email]) {
      const email = await smtp.waitFor((e) => e.to.includes(to) && e.subject === 'Doomed Academy will be deleted on Wednesday 8 October 2025');
      expect(email.text).toContain('Until Wednesday 8 October 2025 it is read-only');
      expect(email.text).toContain('any admin can restore Doomed Academy until then');
    }
    expect((await asUser(t, staffA.token).get('/api/organization/deletion')).body).toMatchObject({ pending: true, dueDate: '2025-10-08' });
    expect(
      (await sql('select action from audit_entries where organization_id = ? and action like ?', [aId, 'organization.deletion%'])).map(
        (r) => r.action,
      ),
    ).toEqual(['organization.deletion-requested']);

    const before = await snapshotOrganization(t, aId);
    const admin = asUser(t, a.token);
    const writes = [
      await admin.post('/api/staff', { name: 'Late Joiner', email: 'late@a.example' }),
      await admin.post('/api/rota', { date: '2025-09-15', dutyManager1Id: staffA.staffId }),
      await admin.post('/api/system-settings', { dutyManagersPerDay: 2 }),
      await admin.put('/api/sign-in-settings', { joinRule: 'refuse', passwordSignIn: true, password: a.password }),
      await asUser(t, staffA.token).post('/api/staff-unavailability', { startDate: '2025-09-22', endDate: '2025-09-22', reason: 'Course' }),
      await deletion(a, { confirmName: a.organizationName, password: a.password }),
    ];
    for (const res of writes) {
      expect({ status: res.status, code: res.body.code, message: res.body.message }).toEqual({
        status: 409,
        code: 'organization_deletion_pending',
        message: expect.stringMatching(READ_ONLY),
      });
    }
    expect((await admin.get('/api/staff')).status).toBe(200);
    expect((await admin.get('/api/duties')).status).toBe(200);
    expect((await asUser(t, staffA.token).get('/api/rota?startDate=2025-09-01&endDate=2025-09-30')).status).toBe(200);
    expect(await snapshotOrganization(t, aId)).toEqual(before);
    // The school can still take its data with it.
    const exported = await admin.post('/api/organization-export', { password: a.password });
    expect({ status: exported.status, type: exported.headers['content-type'] }).toEqual({
      status: 200,
      type: expect.stringContaining('application/zip'),
    });
    // Signing in and out still work.
    const login = await t.http().post('/api/auth/login').send({ email: a.email, password: a.password, organizationSubdomain: a.subdomain });
    expect(login.status).toBe(200);
    expect(
      (
        await t
          .http()
          .post('/api/auth/logout')
          .set(...bearer(login.body.token as string))
      ).status,
    ).toBe(200);

    // Restoring: re-authenticated, by an admin only.
    expect((await restore(a, {})).body.code).toBe('password_required');
    expect(
      (
        await t
          .http()
          .delete('/api/organization/deletion')
          .set(...bearer(staffA.token))
          .send({ password: a.password })
      ).status,
    ).toBe(403);
    const restored = await restore(a, { password: a.password });
    expect({ status: restored.status, body: restored.body }).toEqual({
      status: 200,
      body: { pending: false, requestedAt: null, dueAt: null, dueDate: null },
    });
    await smtp.waitFor((e) => e.to.includes(second.email) && e.subject === 'Doomed Academy will not be deleted');
    expect((await restore(a, { password: a.password })).body.code).toBe('no_deletion_pending');
    expect((await admin.post('/api/system-settings', { dutyManagersPerDay: 2 })).status).toBeLessThan(300);
    expect(
      (await sql('select action from audit_entries where organization_id = ? and action like ? order by id', [aId, 'organization.deletion%'])).map(
        (r) => r.action,
      ),
    ).toEqual(['organization.deletion-requested', 'organization.deletion-cancelled']);
  });

  it('deletes every row of it once the grace has passed, once whatever the number of instances, and tells its admins', async () => {
    expect((await deletion(a, { confirmName: a.organizationName, password: a.password })).status).toBe(200);
    const admins = (await sql(`select email from users where organization_id = ? and role = 'admin' and is_active`, [aId])).map(
      (r) => r.email as string,
    );
    expect(admins).toHaveLength(2);
    const otherBefore = await snapshotOrganization(t, bId);
    const clock = t.get(Clock) as FixedClock;
    const purge = t.get(OrganizationDeletionService);

    // A minute before the end of the grace: nothing goes.
    clock.set(new Date(Date.parse('2025-10-08T07:59:00Z')));
    expect(await purge.purgeDue()).toBe(0);
    expect(await sql('select id from organizations where id = ?', [aId])).toHaveLength(1);

    // Past it: a second instance starting up (its catch-up run) and two runs of this one race; the
    // organisation goes once, and its admins are told once (below).
    clock.set(new Date(Date.parse('2025-10-09T09:00:00Z')));
    const starting = createTestApp({ databaseUrl: t.databaseUrl, env: { APP_NOW: '2025-10-09T09:00', SMTP_URL: smtp.url, JWT_SECRET } });
    const runs = await Promise.all([purge.purgeDue(), purge.purgeDue()]);
    const other = await starting;
    try {
      const caughtUp = await other.get(OrganizationDeletionService).purgeOnSchedule();
      expect(runs.reduce((sum, n) => sum + n, caughtUp)).toBeLessThanOrEqual(1);
      expect(await sql('select id from organizations where id = ?', [aId])).toEqual([]);
      expect(await purge.purgeDue()).toBe(0);
      await other.get(OutboxWorker).finishSending();
    } finally {
      await other.close();
    }
    await t.get(OutboxWorker).finishSending();

    // The last email, once to each admin, held by no organisation.
    for (const to of admins) {
      await smtp.waitFor((e) => e.to.includes(to) && e.subject === 'Doomed Academy has been deleted');
      expect(smtp.received.filter((e) => e.to.includes(to) && e.subject === 'Doomed Academy has been deleted')).toHaveLength(1);
    }
    expect(await sql(`select organization_id, dedupe_key from outbox_emails where kind = 'organization-deleted'`)).toEqual(
      admins.map(() => ({ organization_id: null, dedupe_key: null })),
    );

    // No row of any table carries its id, in any uuid, text, varchar or json column.
    const columns = await sql(
      `select c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and c.data_type in ('uuid', 'text', 'character varying', 'jsonb', 'json')
        order by c.table_name, c.column_name`,
    );
    expect(new Set(columns.map((c) => c.table_name)).size).toBeGreaterThan(35);
    const carrying: string[] = [];
    for (const { table_name, column_name } of columns) {
      const [row] = await sql(`select count(*)::int as n from "${table_name as string}" where strpos("${column_name as string}"::text, ?) > 0`, [
        aId,
      ]);
      if ((row!.n as number) > 0) carrying.push(`${table_name as string}.${column_name as string}`);
    }
    expect(carrying).toEqual([]);

    // The other organisation is as it was; the address is free again, and the old accounts are gone.
    expect(await snapshotOrganization(t, bId)).toEqual(otherBefore);
    expect(
      (
        await t
          .http()
          .get('/api/auth/user')
          .set(...bearer(a.token))
      ).status,
    ).toBe(401);
    const signIn = await t.http().post('/api/auth/login').send({ email: a.email, password: a.password, organizationSubdomain: a.subdomain });
    expect(signIn.status).toBeGreaterThanOrEqual(400);
    expect(signIn.status).toBeLessThan(500);
    await registerOrganization(t, { subdomain: a.subdomain, organizationName: 'Doomed Academy', email: a.email });
  });
});
