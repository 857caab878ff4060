import { SUMMARY_HTTP_CSP } from '../src/modules/data-rights/subject-access-summary';
import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Subject access (docs/security.md, "Subject access"): a person downloads everything held about
 * them, as JSON and as a readable page; an admin does for anyone of the organisation.
 */
describe('subject access: a person’s own data', () => {
  let t: TestApp;
  let admin: Account;
  let ann: { token: string; staffId: string; email: string };
  let bob: { token: string; staffId: string; email: string };
  let cara: { token: string; staffId: string; email: string };
  let feedUrl: string;
  let twoFactorSecret: string;
  const as = (token: string) => asUser(t, token);
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);

  /** Sends the request and reads the body as text, whatever its type (supertest parses only some). */
  const download = async (token: string, url: string, status = 200) => {
    const res = await as(token)
      .get(url)
      .buffer(true)
      .parse((response, done) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => done(null, body));
      });
    expect({ url, status: res.status }).toEqual({ url, status });
    return { text: res.body as string, headers: res.headers as Record<string, string> };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00' } });
    admin = await registerOrganization(t);
    ann = await memberWithRole(t, admin, 'staff', 'Ann Access');
    bob = await memberWithRole(t, admin, 'staff', 'Bob Other');
    cara = await memberWithRole(t, admin, 'staff', 'Cara Colleague');

    // Her record: a department, changed by the admin (an activity log entry about her).
    await as(admin.token).put(`/api/staff/${ann.staffId}`, { name: 'Ann Access', department: 'Science' }).expect(200);

    // Duties: the Duty Manager duty on Monday 9th, lunch in the canteen on Tuesday 10th; Bob alone on Wednesday 11th.
    const lunch = (
      await as(admin.token)
        .post('/api/duties', { name: 'Lunch', place: 'Canteen', startTime: '12:30', endTime: '13:10', weekdays: [{ weekday: 2, people: 1 }] })
        .expect(201)
    ).body.duty.id as string;
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-09', slots: [ann.staffId] })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-10', slots: [ann.staffId], dutyId: lunch })
      .expect(201);
    await as(admin.token)
      .post('/api/rota', { date: '2026-11-11', slots: [bob.staffId] })
      .expect(201);

    // Requests: she asks Cara to cover Monday; she asks to be let off lunch (decided by hand: auto-approval off).
    await as(admin.token).post('/api/auto-approval-settings', { adminPassword: admin.password, cancellations: false }).expect(200);
    await as(ann.token)
      .post('/api/swap-requests', {
        requesterId: ann.staffId,
        targetId: cara.staffId,
        originalDate: '2026-11-09',
        swapDate: '2026-11-09',
        reason: 'Dentist appointment',
      })
      .expect(201);
    await as(ann.token)
      .post('/api/cancel-requests', { staffId: ann.staffId, date: '2026-11-10', dutyId: lunch, reason: 'Parents evening prep' })
      .expect(201);

    // Unavailability, hers and Bob's.
    await as(ann.token)
      .post('/api/staff-unavailability', { staffId: ann.staffId, startDate: '2026-11-20', endDate: '2026-11-20', reason: 'Hospital visit' })
      .expect(201);
    await as(ann.token)
      .post('/api/staff-unavailability/recurring', {
        staffId: ann.staffId,
        weekdays: [3],
        startDate: '2026-11-02',
        endDate: '2026-12-18',
        reason: 'Choir club',
      })
      .expect(201);
    await as(bob.token)
      .post('/api/staff-unavailability', { staffId: bob.staffId, startDate: '2026-11-23', endDate: '2026-11-23', reason: 'Bob private reason' })
      .expect(201);

    // Secrets she holds: a calendar feed link and a two-step secret being set up.
    feedUrl = (await as(ann.token).post('/api/calendar/subscription').expect(201)).body.myDutiesUrl as string;
    twoFactorSecret = (await as(ann.token).post('/api/auth/two-factor/setup', { password: admin.password }).expect(200)).body.secret as string;
  });
  afterAll(() => t.close());

  it('gives a person every section of their own data as a JSON file, and nobody else’s', async () => {
    const { text, headers } = await download(ann.token, '/api/me/data');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['content-disposition']).toBe('attachment; filename="my-data-2026-11-02.json"');
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ format: 'duty-manager/subject-access', schemaVersion: 1, generatedAt: expect.stringMatching(/^2026-11-02T/) });

    expect(doc.profile).toMatchObject({
      staffId: ann.staffId,
      name: 'Ann Access',
      email: ann.email,
      role: 'staff',
      department: 'Science',
      isActive: true,
      workingDays: [1, 2, 3, 4, 5],
      twoFactorEnabled: false,
      lastSignInAt: expect.any(String),
      signInIdentities: [],
      calendarFeeds: [{ createdAt: expect.any(String), lastUsedAt: null, active: true }],
    });
    expect(doc.duties).toEqual([
      expect.objectContaining({ date: '2026-11-09', duty: 'Duty Manager', isDutyManager: true, startTime: null }),
      expect.objectContaining({ date: '2026-11-10', duty: 'Lunch', place: 'Canteen', startTime: '12:30', endTime: '13:10', isDutyManager: false }),
    ]);
    expect(doc.swapRequests).toEqual([
      expect.objectContaining({
        involvement: ['asked'],
        requester: 'Ann Access',
        colleague: 'Cara Colleague',
        originalDate: '2026-11-09',
        reason: 'Dentist appointment',
      }),
    ]);
    expect(doc.cancelRequests).toEqual([
      expect.objectContaining({
        involvement: ['theirs'],
        duty: 'Lunch',
        date: '2026-11-10',
        reason: 'Parents evening prep',
        status: 'pending',
        source: 'request',
      }),
    ]);
    expect(doc.notifications.length).toBeGreaterThan(0);
    expect(doc.notifications.every((n: { kind: string; text: string }) => n.kind && n.text)).toBe(true);
    expect(doc.unavailability.periods).toEqual([expect.objectContaining({ startDate: '2026-11-20', reason: 'Hospital visit' })]);
    expect(doc.unavailability.weekly).toEqual([expect.objectContaining({ weekdays: [3], reason: 'Choir club', everyOtherWeek: false })]);
    // The invitation went to her address; its sign-in link is never in the file.
    expect(doc.emails).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'invitation', text: null })]));
    const [{ n: sentToHer }] = await sql(`select count(*)::int as n from outbox_emails where lower("to") = lower(?)`, [ann.email]);
    expect(doc.emails).toHaveLength(sentToHer as number);
    expect(doc.auditEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorName: admin.name, staffId: ann.staffId, changes: [{ field: 'department', before: null, after: 'Science' }] }),
      ]),
    );

    // Nobody else's data: not Bob's duty day, reason or address, nor the admin's address.
    expect(text).not.toContain('2026-11-11');
    expect(text).not.toContain('Bob private reason');
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(admin.email);
    expect(text).not.toContain(cara.email);
  });

  it('never holds a secret: password hash, two-step secret, feed token or its hash, link tokens', async () => {
    const { text } = await download(ann.token, '/api/me/data');
    const [user] = await sql('select id, password_hash from users where lower(email) = lower(?)', [ann.email]);
    const [twoFactor] = await sql('select secret, pending_secret from user_two_factor where user_id = ?', [user!.id]);
    const [feed] = await sql('select selector, secret_hash from calendar_feed_tokens where user_id = ?', [user!.id]);
    const secrets = [
      user!.password_hash,
      twoFactor!.pending_secret,
      twoFactorSecret,
      feed!.secret_hash,
      new URL(feedUrl).searchParams.get('token'),
      ...(
        await sql(
          'select token_hash from password_reset_tokens where user_id = ? union all select token_hash from email_verification_tokens where user_id = ?',
          [user!.id, user!.id],
        )
      ).map((r) => r.token_hash),
    ].filter((s): s is string => typeof s === 'string' && s.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password_?hash|secret/i);
  });

  it('gives the same as a readable page: escaped, no script, under a strict policy of its own', async () => {
    const { text, headers } = await download(ann.token, '/api/me/data/summary');
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['content-disposition']).toBe('attachment; filename="my-data-2026-11-02.html"');
    expect(headers['content-security-policy']).toBe(SUMMARY_HTTP_CSP);
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['cache-control']).toBe('no-store');
    for (const heading of [
      'Profile',
      'Duties (2)',
      'Requests',
      'Notifications',
      'Unavailability',
      'Emails sent to this address',
      'Activity log entries',
    ]) {
      expect(text).toContain(heading);
    }
    for (const fact of [
      'Ann Access',
      'Science',
      'Lunch',
      'Canteen',
      '12:30–13:10',
      'Dentist appointment',
      'Parents evening prep',
      'Hospital visit',
      'Choir club',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain('Bob private reason');
    expect(text).not.toMatch(/<script|<link|<img|<iframe|\son[a-z]+=/i);
  });

  it('escapes a name that looks like markup', async () => {
    const eve = (await as(admin.token).post('/api/staff', { name: 'Eve <script>alert(1)</script>', email: 'eve-markup@example.com' }).expect(201))
      .body.id as string;
    const { text } = await download(admin.token, `/api/staff/${eve}/data/summary`);
    expect(text).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).not.toMatch(/<script/i);
  });

  it('gives an admin a leaver’s data and that of someone without an account, and records it', async () => {
    const dora = (await as(admin.token).post('/api/staff', { name: 'Dora Leaver', email: 'dora-leaver@example.com' }).expect(201)).body.id as string;
    await as(admin.token)
      .post('/api/staff-unavailability', { staffId: dora, startDate: '2026-11-25', endDate: '2026-11-25', reason: 'Leaving do' })
      .expect(201);
    await as(admin.token).put(`/api/staff/${dora}`, { name: 'Dora Leaver', isActive: false }).expect(200);

    const { text, headers } = await download(admin.token, `/api/staff/${dora}/data`);
    expect(headers['content-disposition']).toBe('attachment; filename="my-data-2026-11-02.json"');
    const doc = JSON.parse(text);
    expect(doc.profile).toMatchObject({ staffId: dora, userId: null, name: 'Dora Leaver', isActive: false, role: null, calendarFeeds: [] });
    expect(doc.unavailability.periods).toEqual([expect.objectContaining({ reason: 'Leaving do' })]);
    expect(doc.notifications).toEqual([]);

    const annDoc = JSON.parse((await download(admin.token, `/api/staff/${ann.staffId}/data`)).text);
    expect(annDoc.profile).toMatchObject({ staffId: ann.staffId, name: 'Ann Access' });
    expect(annDoc.duties).toHaveLength(2);

    const entries = await sql(
      `select summary, actor_name from audit_entries where action = 'staff.data-downloaded' and entity_id in (?, ?) order by id`,
      [dora, ann.staffId],
    );
    expect(entries).toEqual([
      { summary: 'Downloaded the data held about Dora Leaver', actor_name: admin.name },
      { summary: 'Downloaded the data held about Ann Access', actor_name: admin.name },
    ]);
  });

  it('refuses staff and managers another person’s data (403), and finds no other organisation’s person (404)', async () => {
    for (const url of [`/api/staff/${bob.staffId}/data`, `/api/staff/${bob.staffId}/data/summary`]) {
      const refused = await as(ann.token).get(url).expect(403);
      expect(refused.body.message).toBe("You don't have permission to download the data held about another person");
    }
    const manager = await memberWithRole(t, admin, 'manager', 'Max Manager');
    await as(manager.token).get(`/api/staff/${ann.staffId}/data`).expect(403);

    const otherAdmin = await registerOrganization(t);
    const before = await sql(`select count(*)::int as n from audit_entries where action = 'staff.data-downloaded'`);
    for (const url of [`/api/staff/${ann.staffId}/data`, `/api/staff/${ann.staffId}/data/summary`, '/api/staff/not-a-uuid/data']) {
      const missing = await as(otherAdmin.token).get(url).expect(404);
      expect(missing.body.message).toBe('Staff member not found');
    }
    expect(await sql(`select count(*)::int as n from audit_entries where action = 'staff.data-downloaded'`)).toEqual(before);
    // Their own data is only theirs: the other organisation's admin sees none of Ann's.
    const { text } = await download(otherAdmin.token, '/api/me/data');
    expect(text).not.toContain('Ann Access');
    expect(JSON.parse(text).profile.email).toBe(otherAdmin.email);
  });

  it('asks for a sign-in', async () => {
    await t.http().get('/api/me/data').expect(401);
    await t.http().get('/api/me/data/summary').expect(401);
  });
});
