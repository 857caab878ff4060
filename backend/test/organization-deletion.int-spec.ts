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
    const enabled = await asUser(t, staff.token).post('/api/auth/two-factor/enable', { code: await generate({ secret: setup.body.secret as string }) });
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
    expect((await asAdmin.put('/api/sign-in-settings', { joinRule: 'join_as_staff', passwordSignIn: true, password: admin.password })).status).toBe(200);
    const google = { enabled: false, clientId: 'x.apps.googleusercontent.com', clientSecret: 'secret', allowedDomains: ['a.example'], password: admin.password };
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
});
