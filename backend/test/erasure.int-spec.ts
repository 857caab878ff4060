import { RetentionService } from '../src/modules/data-rights/retention.service';
import { registerOrganization, type Account } from './support/accounts';
import { snapshotOrganization } from './support/db-snapshot';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Erasure and the leavers' retention job (docs/security.md#retention-and-erasure) on the real
 * PostgreSQL: a person with data everywhere is erased, then every text-like column of every table
 * (enumerated from the database, so a new table can't be forgotten) is searched for their name
 * and email; the daily job, on clocks pinned a year apart, anonymises leavers once.
 */
const JWT_SECRET = 'erasure-int-spec-secret-of-at-least-32-characters';

/** Every text, varchar and jsonb column of every table, from the database itself. */
async function textColumns(t: TestApp): Promise<{ table: string; column: string; type: string }[]> {
  const rows = await sqlOf(t)(
    `select c.table_name as "table", c.column_name as "column", c.data_type as type
       from information_schema.columns c
       join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'jsonb')
      order by 1, 2`,
  );
  return rows as { table: string; column: string; type: string }[];
}

/** Each `table.column` holding any of `needles` (case-insensitive, anywhere in the text). */
async function columnsHolding(t: TestApp, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column, type } of await textColumns(t)) {
    const value = type === 'jsonb' ? `"${column}"::text` : `"${column}"`;
    const [row] = await sqlOf(t)(
      `select count(*)::int as n from "${table}" where ${needles.map(() => `${value} ilike ?`).join(' or ')}`,
      needles.map((n) => `%${n}%`),
    );
    if ((row!.n as number) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('erasure and retention', () => {
  let t: TestApp;
  let sql: ReturnType<typeof sqlOf>;
  const as = (token: string) => asUser(t, token);

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00', JWT_SECRET } });
    sql = sqlOf(t);
  });

  afterAll(() => t.close());

  const organizationIdOf = async (admin: Account) =>
    (await sql('select id from organizations where subdomain = ?', [admin.subdomain]))[0]!.id as string;

  describe('erase now', () => {
    const NAME = 'Zephyrine Quillfeather';
    let admin: Account;
    let zed: { token: string; staffId: string; email: string };
    let tom: { token: string; staffId: string; email: string };
    let later: TestApp;

    beforeAll(async () => {
      admin = await registerOrganization(t);
      zed = await memberWithRole(t, admin, 'staff', NAME);
      tom = await memberWithRole(t, admin, 'staff', 'Tobias Wren');
      const amy = (
        await as(admin.token)
          .post('/api/staff', { name: 'Amy Third', email: `amy-${admin.subdomain}@example.com` })
          .expect(201)
      ).body.id as string;
      const organizationId = await organizationIdOf(admin);
      const [zedUser] = await sql('select user_id from staff where id = ?', [zed.staffId]);
      const userId = zedUser!.user_id as string;

      // Duties, then requests naming them, as requester and as the one asked.
      await as(admin.token)
        .post('/api/rota', { date: '2025-09-10', slots: [zed.staffId, amy] })
        .expect(201);
      await as(admin.token)
        .post('/api/rota', { date: '2025-09-12', slots: [zed.staffId, amy] })
        .expect(201);
      await as(admin.token)
        .post('/api/rota', { date: '2025-09-15', slots: [tom.staffId, amy] })
        .expect(201);
      await as(zed.token)
        .post('/api/swap-requests', {
          requesterId: zed.staffId,
          targetId: tom.staffId,
          originalDate: '2025-09-10',
          swapDate: '2025-09-10',
          reason: 'Zephyrine Quillfeather has a dentist appointment',
          status: 'pending',
        })
        .expect(201);
      await as(tom.token)
        .post('/api/swap-requests', {
          requesterId: tom.staffId,
          targetId: zed.staffId,
          originalDate: '2025-09-15',
          swapDate: '2025-09-15',
          reason: `Ask ${NAME.toUpperCase()} (${zed.email})`,
          status: 'pending',
        })
        .expect(201);
      await as(zed.token).post('/api/cancel-requests', { staffId: zed.staffId, date: '2025-09-12', reason: 'Hospital appointment' }).expect(201);
      // Unavailability: their own, and a colleague's naming them.
      await as(zed.token)
        .post('/api/staff-unavailability', { staffId: zed.staffId, startDate: '2025-10-01', endDate: '2025-10-02', reason: 'Surgery' })
        .expect(201);
      await as(tom.token)
        .post('/api/staff-unavailability', {
          staffId: tom.staffId,
          startDate: '2025-10-06',
          endDate: '2025-10-06',
          reason: `Covering for zephyrine quillfeather`,
        })
        .expect(201);
      // A calendar feed, and (straight in the database) a provider identity, two-step verification and a pending email change.
      await as(zed.token).post('/api/calendar/subscription').expect(201);
      await sql('insert into user_identities (id, organization_id, user_id, provider, issuer, subject) values (gen_random_uuid(), ?, ?, ?, ?, ?)', [
        organizationId,
        userId,
        'oidc',
        'https://idp.example',
        'zed-subject',
      ]);
      await sql(
        `insert into user_two_factor (id, organization_id, user_id, secret, created_at, updated_at) values (gen_random_uuid(), ?, ?, 'JBSWY3DPEHPK3PXP', now(), now())`,
        [organizationId, userId],
      );
      await sql(
        `insert into two_factor_recovery_codes (id, organization_id, user_id, code_hash, created_at) values (gen_random_uuid(), ?, ?, 'hash', now())`,
        [organizationId, userId],
      );
      await sql(
        `insert into email_change_tokens (id, user_id, token_hash, expires_at, created_at, new_email, requested_by) values (gen_random_uuid(), ?, 'h1', now() + interval '1 day', now(), ?, 'self')`,
        [userId, 'zephyrine.new@example.org'],
      );
      // Free texts of the organisation naming them.
      await sql(`update duties set description = ? where organization_id = ?`, [`Ask ${NAME} for the keys`, organizationId]);
      expect(await columnsHolding(t, [NAME, zed.email])).toEqual(
        expect.arrayContaining([
          'staff.name',
          'users.email',
          'audit_entries.summary',
          'notifications.text',
          'outbox_emails.to',
          'swap_requests.reason',
          'staff_unavailability.reason',
          'duties.description',
        ]),
      );

      // Two weeks later, on a second instance of the app (same database, same signing key).
      later = await createTestApp({ databaseUrl: t.databaseUrl, env: { APP_NOW: '2025-09-22T09:00', JWT_SECRET } });
    });

    afterAll(() => later?.close());

    const lateAs = (token: string) => asUser(later, token);

    it('refuses staff, another organisation, yourself and a missing re-authentication, changing nothing', async () => {
      const organizationId = await organizationIdOf(admin);
      const before = await snapshotOrganization(later, organizationId);
      await lateAs(tom.token).get(`/api/staff/${zed.staffId}/erasure`).expect(403);
      await lateAs(tom.token).post(`/api/staff/${zed.staffId}/erasure`, { password: admin.password }).expect(403);
      const other = await registerOrganization(later);
      await lateAs(other.token).get(`/api/staff/${zed.staffId}/erasure`).expect(404);
      await lateAs(other.token).post(`/api/staff/${zed.staffId}/erasure`, { password: other.password }).expect(404);
      const [own] = await sql('select s.id from staff s join users u on u.id = s.user_id where u.email = ?', [admin.email]);
      if (own) {
        const self = await lateAs(admin.token)
          .post(`/api/staff/${own.id as string}/erasure`, { password: admin.password })
          .expect(400);
        expect(self.body.message).toBe("You can't erase your own personal data: ask another admin.");
      }
      const missing = await lateAs(admin.token).post(`/api/staff/${zed.staffId}/erasure`, {});
      expect([missing.status, missing.body.code]).toEqual([400, 'password_required']);
      await lateAs(admin.token).post(`/api/staff/${zed.staffId}/erasure`, { password: 'wrong password' }).expect(403);
      await lateAs(admin.token).post(`/api/staff/${zed.staffId}/erasure`, { password: 7 }).expect(400);
      await lateAs(admin.token).get('/api/staff/not-a-uuid/erasure').expect(404);
      expect(await snapshotOrganization(later, organizationId)).toEqual(before);
    });

    it('shows the consequences, then erases: no text anywhere names them, counts stay, they cannot sign in', async () => {
      const consequences = (await lateAs(admin.token).get(`/api/staff/${zed.staffId}/erasure`).expect(200)).body;
      const pseudonym = `Former staff ${zed.staffId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
      expect(consequences).toEqual({
        staffId: zed.staffId,
        name: NAME,
        pseudonym,
        isActive: true,
        alreadyErased: false,
        futureDutiesGivenUp: 0,
        dutiesKept: expect.any(Number),
        requestsKept: 3,
        unavailabilityKept: 1,
        notificationsDeleted: expect.any(Number),
        emailsScrubbed: expect.any(Number),
        hasAccount: true,
      });
      expect(consequences.emailsScrubbed).toBeGreaterThan(0);
      const fairness = async () => (await lateAs(admin.token).get('/api/fairness?academicYear=2025').expect(200)).body;
      const slots = async () =>
        sql('select staff_id, date::text, duty_id from rota_slots where organization_id = ? order by 1, 2, 3', [await organizationIdOf(admin)]);
      // They left: deactivated as usual. What erasure then changes is only their name.
      await lateAs(admin.token).put(`/api/staff/${zed.staffId}`, { isActive: false }).expect(200);
      const fairnessBefore = JSON.stringify(await fairness());
      expect(fairnessBefore).toContain(NAME);
      const slotsBefore = await slots();
      expect(consequences.dutiesKept).toBe(slotsBefore.filter((s) => s.staff_id === zed.staffId).length);
      expect(consequences.dutiesKept).toBeGreaterThan(0);

      const erased = await lateAs(admin.token).post(`/api/staff/${zed.staffId}/erasure`, { password: admin.password }).expect(200);
      expect(erased.body).toEqual({ staffId: zed.staffId, pseudonym, message: `Erased the personal data of ${pseudonym}.` });

      // Nowhere in the database, in any text, varchar or jsonb column of any table.
      expect(await columnsHolding(later, [NAME, zed.email, 'zephyrine.new@example.org'])).toEqual([]);
      // The rota and the fairness view are the same, under the pseudonym.
      expect(await slots()).toEqual(slotsBefore);
      expect(JSON.stringify(await fairness()).replaceAll(pseudonym, NAME)).toBe(fairnessBefore);
      // The account is closed: no sign-in with the old password, the old session is over.
      await later
        .http()
        .post('/api/auth/login')
        .send({ email: zed.email, password: admin.password, organizationSubdomain: admin.subdomain })
        .expect(401);
      await lateAs(zed.token).get('/api/notifications').expect(401);
      const [user] = await sql(
        'select u.password_hash, u.is_active, u.two_factor_enabled from users u join staff s on s.user_id = u.id where s.id = ?',
        [zed.staffId],
      );
      expect(user).toEqual({ password_hash: null, is_active: false, two_factor_enabled: false });
      for (const table of [
        'user_sessions',
        'user_identities',
        'user_two_factor',
        'two_factor_recovery_codes',
        'calendar_feed_tokens',
        'notifications',
        'email_change_tokens',
      ]) {
        const [row] = await sql(`select count(*)::int as n from ${table} where user_id = (select user_id from staff where id = ?)`, [zed.staffId]);
        expect([table, row!.n]).toEqual([table, 0]);
      }
      // Their reasons are cleared; the log says who was erased without naming them.
      expect(await sql(`select reason from swap_requests where requester_id = ? or target_id = ?`, [zed.staffId, zed.staffId])).toEqual([
        { reason: '' },
        { reason: '' },
      ]);
      const log = (await lateAs(admin.token).get('/api/audit-log?pageSize=100').expect(200)).body.items as { summary: string; actorName: string }[];
      expect(log[0]).toMatchObject({ summary: `Erased the personal data of ${pseudonym}`, actorName: 'Ann Admin' });
      expect(log.some((e) => e.summary === `Added staff member ${pseudonym} and invited them to sign in`)).toBe(true);

      // Nobody to bring back: reactivating is refused.
      const back = await lateAs(admin.token).put(`/api/staff/${zed.staffId}`, { isActive: true }).expect(409);
      expect(back.body.message).toBe("This person's personal data was erased: they can't be reactivated. Add them again as a new staff member.");
      // Once: a second erasure is refused, and the staff list shows the pseudonym.
      await lateAs(admin.token).post(`/api/staff/${zed.staffId}/erasure`, { password: admin.password }).expect(409);
      const staff = (await lateAs(admin.token).get('/api/staff').expect(200)).body as { id: string; name: string; email: string }[];
      expect(staff.find((s) => s.id === zed.staffId)).toMatchObject({
        name: pseudonym,
        email: `former-${zed.staffId.replace(/-/g, '')}@erased.invalid`,
      });
    });
  });

  describe('the retention job', () => {
    it('anonymises a leaver 12 months and a day after they left, not one who left 11 months ago, once across two instances', async () => {
      const admin = await registerOrganization(t);
      const early = await memberWithRole(t, admin, 'staff', 'Early Leaver Person');
      const recent = await as(admin.token)
        .post('/api/staff', { name: 'Recent Leaver Person', email: `recent-${admin.subdomain}@example.com` })
        .expect(201);
      const stays = await as(admin.token)
        .post('/api/staff', { name: 'Still Here Person', email: `stays-${admin.subdomain}@example.com` })
        .expect(201);
      // Left on 8 September 2025 (this app's clock)…
      await as(admin.token).put(`/api/staff/${early.staffId}`, { isActive: false }).expect(200);
      // …and on 9 October 2025, on an instance whose clock is a month on.
      const october = await createTestApp({ databaseUrl: t.databaseUrl, env: { APP_NOW: '2025-10-09T09:00', JWT_SECRET } });
      try {
        await asUser(october, admin.token)
          .put(`/api/staff/${recent.body.id as string}`, { isActive: false })
          .expect(200);
      } finally {
        await october.close();
      }
      const left = await sql('select name, deactivated_at from staff where id = any(?::uuid[]) order by name', [
        `{${early.staffId},${recent.body.id},${stays.body.id}}`,
      ]);
      expect(left.map((r) => [r.name, r.deactivated_at && new Date(r.deactivated_at as string).toISOString()])).toEqual([
        ['Early Leaver Person', '2025-09-08T08:00:00.000Z'],
        ['Recent Leaver Person', '2025-10-09T08:00:00.000Z'],
        ['Still Here Person', null],
      ]);
      const overview = (await as(admin.token).get('/api/data-rights/leaver-retention').expect(200)).body;
      expect(overview).toEqual({
        leaverRetentionMonths: 12,
        nextDue: [
          { staffId: early.staffId, name: 'Early Leaver Person', leftAt: '2025-09-08T08:00:00.000Z', dueAt: '2026-09-08T08:00:00.000Z' },
          { staffId: recent.body.id, name: 'Recent Leaver Person', leftAt: '2025-10-09T08:00:00.000Z', dueAt: '2026-10-09T08:00:00.000Z' },
        ],
      });

      // 9 September 2026: twelve months and a day after the first left, eleven after the second. Two instances run the job at once.
      const one = await createTestApp({ databaseUrl: t.databaseUrl, env: { APP_NOW: '2026-09-09T09:00', JWT_SECRET } });
      const two = await createTestApp({ databaseUrl: t.databaseUrl, env: { APP_NOW: '2026-09-09T09:00', JWT_SECRET } });
      try {
        const runs = await Promise.all([one.get(RetentionService).run(), two.get(RetentionService).run()]);
        const again = await one.get(RetentionService).run();
        expect(again.anonymised).toBe(0);
        const organizationId = await organizationIdOf(admin);
        const erasedEntries = await sql(`select summary, actor_name from audit_entries where organization_id = ? and action = 'staff.erased'`, [
          organizationId,
        ]);
        const pseudonym = `Former staff ${early.staffId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
        expect(erasedEntries).toEqual([{ summary: `Erased the personal data of ${pseudonym}`, actor_name: 'System' }]);
        expect(runs.map((r) => r.anonymised).sort()).toEqual(expect.arrayContaining([1]));
        expect(await columnsHolding(one, ['Early Leaver Person', early.email])).toEqual([]);
        const after = await sql('select name, anonymised_at is not null as anonymised from staff where organization_id = ? order by name', [
          organizationId,
        ]);
        expect(after.filter((r) => r.name !== 'Ann Admin')).toEqual([
          { name: pseudonym, anonymised: true },
          { name: 'Recent Leaver Person', anonymised: false },
          { name: 'Still Here Person', anonymised: false },
        ]);
      } finally {
        await one.close();
        await two.close();
      }
    });

    it('ages out expired sessions, handoffs, challenges, links and sign-in attempts, and keeps live ones', async () => {
      const admin = await registerOrganization(t);
      const member = await memberWithRole(t, admin, 'staff', 'Ageing Person');
      const organizationId = await organizationIdOf(admin);
      const [row] = await sql('select user_id from staff where id = ?', [member.staffId]);
      const userId = row!.user_id as string;
      // The job's clock is 2025-09-08 09:00 London; "expired" is before it, "live" after it.
      for (const [label, expiresAt] of [
        ['old', '2025-09-07T00:00:00Z'],
        ['live', '2025-09-09T00:00:00Z'],
      ] as const) {
        await sql('insert into user_sessions (id, organization_id, user_id, expires_at, created_at) values (gen_random_uuid(), ?, ?, ?, now())', [
          organizationId,
          userId,
          expiresAt,
        ]);
        await sql(
          'insert into session_handoffs (id, user_id, token_hash, expires_at, created_at, user_token_version) values (gen_random_uuid(), ?, ?, ?, now(), 0)',
          [userId, `handoff-${label}`, expiresAt],
        );
        await sql(
          'insert into two_factor_challenges (id, user_id, token_hash, expires_at, created_at, user_token_version) values (gen_random_uuid(), ?, ?, ?, now(), 0)',
          [userId, `challenge-${label}`, expiresAt],
        );
        await sql(
          'insert into email_verification_tokens (id, user_id, token_hash, expires_at, created_at) values (gen_random_uuid(), ?, ?, ?, now())',
          [userId, `verify-${label}`, expiresAt],
        );
        await sql(
          `insert into sso_login_attempts (id, organization_id, provider, state_hash, nonce, code_verifier, expires_at, created_at, purpose)
           values (gen_random_uuid(), ?, 'google', ?, 'n', 'v', ?, now(), 'sign_in')`,
          [organizationId, `state-${label}`, expiresAt],
        );
      }
      const count = async (table: string) => {
        const [n] = await sql(
          `select count(*)::int as n from ${table} where expires_at < '2025-09-08T00:00:00Z' and ${table === 'sso_login_attempts' ? 'organization_id' : 'user_id'} = ?`,
          [table === 'sso_login_attempts' ? organizationId : userId],
        );
        const [live] = await sql(
          `select count(*)::int as n from ${table} where expires_at > '2025-09-08T12:00:00Z' and ${table === 'sso_login_attempts' ? 'organization_id' : 'user_id'} = ?`,
          [table === 'sso_login_attempts' ? organizationId : userId],
        );
        return [table, n!.n, live!.n];
      };
      const tables = ['user_sessions', 'session_handoffs', 'two_factor_challenges', 'email_verification_tokens', 'sso_login_attempts'];
      const before = await Promise.all(tables.map(count));
      expect(before.every(([, old, live]) => (old as number) >= 1 && (live as number) >= 1)).toBe(true);
      const run = await t.get(RetentionService).run();
      expect(run.expiredRowsDeleted).toBeGreaterThanOrEqual(tables.length);
      const after = await Promise.all(tables.map(count));
      expect(after).toEqual(before.map(([table, , live]) => [table, 0, live]));
      // Their session is live: they are still signed in.
      await as(member.token).get('/api/notifications').expect(200);
    });

    it('keeps the retention period the admin sets, 1 to 120 months, and refuses anything else clearly', async () => {
      const admin = await registerOrganization(t);
      const staff = await memberWithRole(t, admin, 'staff', 'Plain Staff');
      const set = await as(admin.token).put('/api/data-rights/leaver-retention', { leaverRetentionMonths: 24 }).expect(200);
      expect(set.body).toEqual({ leaverRetentionMonths: 24, nextDue: [] });
      for (const bad of [0, 121, 1.5, '12', null]) {
        const res = await as(admin.token).put('/api/data-rights/leaver-retention', { leaverRetentionMonths: bad }).expect(400);
        expect(JSON.stringify(res.body.message)).toContain("The leavers' retention period must be a whole number of months from 1 to 120");
      }
      await as(staff.token).get('/api/data-rights/leaver-retention').expect(403);
      await as(staff.token).put('/api/data-rights/leaver-retention', { leaverRetentionMonths: 6 }).expect(403);
      expect((await as(admin.token).get('/api/data-rights/leaver-retention').expect(200)).body.leaverRetentionMonths).toBe(24);
    });
  });
});
