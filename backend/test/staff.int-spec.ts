import { MikroORM } from '@mikro-orm/core';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

describe('staff', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: Account;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'https://dm.example.com' } });
    admin = await registerOrganization(t);
  });

  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const as = (token: string) => asUser(t, token);
  const auditActions = async () =>
    (await t.get(MikroORM).em.getConnection().execute('SELECT action FROM audit_entries ORDER BY id')).map(
      (r: { action: string }) => r.action,
    );

  it('adds, lists by name, edits, deactivates and reactivates, writing an audit entry for each', async () => {
    const zed = await as(admin.token).post('/api/staff', { name: 'Zed Young', email: 'ZED@School.example', isTeaching: false }).expect(201);
    expect(zed.body).toMatchObject({ name: 'Zed Young', email: 'zed@school.example', isTeaching: false, isActive: true, department: null, role: null, inviteStatus: 'not_invited' });
    await as(admin.token).post('/api/staff', { name: 'Amy Aaron', email: 'amy@school.example', department: 'Science' }).expect(201);
    const list = await as(admin.token).get('/api/staff').expect(200);
    expect(list.body.map((s: { name: string }) => s.name).slice(0, 2)).toEqual(['Amy Aaron', 'Zed Young']);

    const edited = await as(admin.token).put(`/api/staff/${zed.body.id}`, { name: 'Zed Younger', department: 'Office' }).expect(200);
    expect(edited.body).toMatchObject({ name: 'Zed Younger', department: 'Office' });
    await as(admin.token).put(`/api/staff/${zed.body.id}`, { isActive: false }).expect(200);
    const back = await as(admin.token).put(`/api/staff/${zed.body.id}`, { isActive: true }).expect(200);
    expect(back.body.isActive).toBe(true);

    const entries = await t.get(MikroORM).em.getConnection().execute(
      `SELECT action, summary, before, after FROM audit_entries WHERE entity_id = ? ORDER BY id`,
      [zed.body.id],
    );
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['staff.created', 'staff.updated', 'staff.deactivated', 'staff.reactivated']);
    expect(entries[1]).toMatchObject({
      summary: 'Edited staff member Zed Younger',
      before: { name: 'Zed Young', department: null },
      after: { name: 'Zed Younger', department: 'Office' },
    });
  });

  it('answers the validation messages and a 409 for a duplicate email', async () => {
    const bad = await as(admin.token).post('/api/staff', { name: '', email: 'nope', isTeaching: 'yes' }).expect(400);
    expect(bad.body.message).toContain('Name is required');
    expect(bad.body.message).toContain('Please enter a valid email address');
    expect(bad.body.message).toContain('Staff type must be Teaching or Non-Teaching');
    await as(admin.token).post('/api/staff', { name: 'Dee Dup', email: 'dup@school.example' }).expect(201);
    const dup = await as(admin.token).post('/api/staff', { name: 'Dee Again', email: 'DUP@school.example' }).expect(409);
    expect(dup.body.message).toBe('A staff member with this email already exists');
  });

  it('invites a person who then chooses a password from the emailed link and signs in as Staff', async () => {
    const res = await as(admin.token).post('/api/staff', { name: 'Ivy Invitee', email: 'ivy@school.example', invite: true }).expect(201);
    expect(res.body).toMatchObject({ role: 'staff', inviteStatus: 'invited' });
    const first = await smtp.waitFor((e) => e.to.includes('ivy@school.example'));
    expect(first.subject).toMatch(/invited to Duty Manager/);

    // Re-inviting sends a new link and voids the first.
    const before = smtp.received.length;
    await as(admin.token).post(`/api/staff/${res.body.id}/invite`).expect(201);
    const second = await smtp.waitFor((e) => e.to.includes('ivy@school.example') && smtp.received.indexOf(e) >= before);
    const oldToken = linkIn(first, '/reset-password?token=').searchParams.get('token')!;
    const newLink = linkIn(second, '/reset-password?token=');
    const newToken = newLink.searchParams.get('token')!;
    expect(newLink.searchParams.get('invite')).toBe('1');
    await t.http().post('/api/auth/reset-password').send({ token: oldToken, newPassword: 'ivy-password' }).expect(400);
    // The email says where to sign in later: the school and its subdomain.
    expect(second.text).toContain(`sign in to ${admin.organizationName} with this email address, your password and the organisation subdomain "${admin.subdomain}".`);
    expect(second.html).toContain(`the organisation subdomain &quot;${admin.subdomain}&quot;`);
    const set = await t.http().post('/api/auth/reset-password').send({ token: newToken, newPassword: 'ivy-password' }).expect(200);
    // Choosing the password signs the invitee in.
    expect(set.body).toMatchObject({ message: 'Your password has been set. You are signed in.', email: 'ivy@school.example', organizationSubdomain: admin.subdomain });
    const signedIn = await as(set.body.token).get('/api/auth/user').expect(200);
    expect(signedIn.body.user).toMatchObject({ email: 'ivy@school.example', role: 'staff', emailVerified: true });

    const login = await t.http().post('/api/auth/login').send({ email: 'ivy@school.example', password: 'ivy-password', organizationSubdomain: admin.subdomain }).expect(200);
    const me = await as(login.body.token).get('/api/auth/user').expect(200);
    expect(me.body.user.role).toBe('staff');
    const listed = (await as(admin.token).get('/api/staff')).body.find((s: { id: string }) => s.id === res.body.id);
    expect(listed.inviteStatus).toBe('active');
    expect(await auditActions()).toContain('staff.invited');
  });

  it('keeps a deactivated staff member out, and lets them back in on reactivation', async () => {
    const member = await memberWithRole(t, admin, 'staff', 'Dan Deactivated');
    await as(member.token).get('/api/auth/user').expect(200);
    await as(admin.token).put(`/api/staff/${member.staffId}`, { isActive: false }).expect(200);
    await as(member.token).get('/api/auth/user').expect(401);
    await t.http().post('/api/auth/login').send({ email: member.email, password: admin.password, organizationSubdomain: admin.subdomain }).expect(403);
    await as(admin.token).put(`/api/staff/${member.staffId}`, { isActive: true }).expect(200);
    await t.http().post('/api/auth/login').send({ email: member.email, password: admin.password, organizationSubdomain: admin.subdomain }).expect(200);
  });

  it('lets only admins change roles, and never demotes or deactivates the last active admin', async () => {
    const selfStaff = await as(admin.token).post('/api/staff', { name: admin.name, email: admin.email }).expect(201);
    expect(selfStaff.body).toMatchObject({ role: 'admin', inviteStatus: 'active' });
    const demote = await as(admin.token).put(`/api/staff/${selfStaff.body.id}/role`, { role: 'staff' }).expect(409);
    expect(demote.body.message).toBe(`${admin.name} is the last active admin and cannot be demoted. Make someone else an admin first.`);
    const deactivate = await as(admin.token).put(`/api/staff/${selfStaff.body.id}`, { isActive: false }).expect(409);
    expect(deactivate.body.message).toBe(`${admin.name} is the last active admin and cannot be deactivated. Make someone else an admin first.`);

    const manager = await memberWithRole(t, admin, 'manager', 'Mia Manager');
    const denied = await as(manager.token).put(`/api/staff/${selfStaff.body.id}/role`, { role: 'staff' }).expect(403);
    expect(denied.body.message).toBe("You don't have permission to change roles");

    const second = await memberWithRole(t, admin, 'admin', 'Abe Second');
    await as(admin.token).put(`/api/staff/${selfStaff.body.id}/role`, { role: 'manager' }).expect(200);
    const roleEntry = await t.get(MikroORM).em.getConnection().execute(
      `SELECT kind, before, after FROM audit_entries WHERE action = 'role.changed' AND entity_id = ?`,
      [selfStaff.body.id],
    );
    expect(roleEntry).toEqual([{ kind: 'role', before: { role: 'admin' }, after: { role: 'manager' } }]);
    // Restore, so other tests keep an admin token that works as admin.
    await as(second.token).put(`/api/staff/${selfStaff.body.id}/role`, { role: 'admin' }).expect(200);

    const notInvited = await as(admin.token).post('/api/staff', { name: 'Nat Noinvite', email: 'nat@school.example' }).expect(201);
    const noUser = await as(admin.token).put(`/api/staff/${notInvited.body.id}/role`, { role: 'manager' }).expect(409);
    expect(noUser.body.message).toBe('Invite Nat Noinvite to sign in first: only people who can sign in have a role.');
  });

  it('lets managers run staff but staff only read, with the spec’s refusal texts', async () => {
    const manager = await memberWithRole(t, admin, 'manager', 'Max Manager');
    const staff = await memberWithRole(t, admin, 'staff', 'Sam Staff');
    await as(manager.token).post('/api/staff', { name: 'By Manager', email: 'bymanager@school.example' }).expect(201);
    await as(staff.token).get('/api/staff').expect(200);
    const add = await as(staff.token).post('/api/staff', { name: 'Nope', email: 'nope@school.example' }).expect(403);
    expect(add.body.message).toBe("You don't have permission to add staff members");
    const edit = await as(staff.token).put(`/api/staff/${staff.staffId}`, { name: 'Renamed' }).expect(403);
    expect(edit.body.message).toBe("You don't have permission to edit staff members");
    await as(staff.token).get('/api/audit-log').expect(403);
    await as(manager.token).get('/api/audit-log').expect(200);
  });

  describe('working patterns (docs/product.md#working-patterns)', () => {
    it('starts everyone on every weekday with no FTE, cap or days to avoid, and keeps what is given, sorted', async () => {
      const plain = await as(admin.token).post('/api/staff', { name: 'Pat Plain', email: 'pat.plain@school.example' }).expect(201);
      expect(plain.body).toMatchObject({ workingDays: [1, 2, 3, 4, 5], fte: null, weeklyCap: null, avoidDays: [] });
      const part = await as(admin.token)
        .post('/api/staff', { name: 'Pia Part', email: 'pia.part@school.example', workingDays: [3, 1, 2, 1], fte: 0.5, weeklyCap: 1, avoidDays: [3] })
        .expect(201);
      expect(part.body).toMatchObject({ workingDays: [1, 2, 3], fte: 0.5, weeklyCap: 1, avoidDays: [3] });
      const listed = (await as(admin.token).get('/api/staff').expect(200)).body.find((s: { id: string }) => s.id === part.body.id);
      expect(listed).toMatchObject({ workingDays: [1, 2, 3], fte: 0.5, weeklyCap: 1, avoidDays: [3] });

      // Left out: unchanged; null clears the FTE and the cap; fewer days drop the days to avoid no longer worked.
      const edited = await as(admin.token).put(`/api/staff/${part.body.id}`, { department: 'Art' }).expect(200);
      expect(edited.body).toMatchObject({ workingDays: [1, 2, 3], fte: 0.5, weeklyCap: 1, avoidDays: [3], rotaChange: null });
      const cleared = await as(admin.token).put(`/api/staff/${part.body.id}`, { fte: null, weeklyCap: null, workingDays: [1, 2] }).expect(200);
      expect(cleared.body).toMatchObject({ workingDays: [1, 2], fte: null, weeklyCap: null, avoidDays: [] });
      const [entry] = await t.get(MikroORM).em.getConnection().execute(
        `SELECT before, after FROM audit_entries WHERE entity_id = ? AND action = 'staff.updated' ORDER BY id DESC LIMIT 1`,
        [part.body.id],
      );
      expect(entry).toEqual({
        before: { workingDays: [1, 2, 3], fte: 0.5, weeklyCap: 1, avoidDays: [3] },
        after: { workingDays: [1, 2], fte: null, weeklyCap: null, avoidDays: [] },
      });
    });

    it('answers each field’s rule in words, and changes nothing', async () => {
      const person = await as(admin.token).post('/api/staff', { name: 'Val Valid', email: 'val@school.example', workingDays: [1, 2] }).expect(201);
      const cases: [object, string][] = [
        [{ workingDays: [] }, 'Working days must be one or more of Monday to Friday (1 = Monday … 5 = Friday)'],
        [{ workingDays: [0, 6] }, 'Working days must be one or more of Monday to Friday (1 = Monday … 5 = Friday)'],
        [{ workingDays: 'Mon' }, 'Working days must be one or more of Monday to Friday (1 = Monday … 5 = Friday)'],
        [{ workingDays: null }, 'Working days must be one or more of Monday to Friday (1 = Monday … 5 = Friday)'],
        [{ fte: 0 }, 'FTE must be a number from 0.05 to 1 with at most two decimals (e.g. 0.6), or empty for their working days ÷ 5'],
        [{ fte: 1.5 }, 'FTE must be a number from 0.05 to 1 with at most two decimals (e.g. 0.6), or empty for their working days ÷ 5'],
        // Issue 39's values, which the staff form used to save as 1.
        [{ fte: 2.5 }, 'FTE must be a number from 0.05 to 1 with at most two decimals (e.g. 0.6), or empty for their working days ÷ 5'],
        [{ weeklyCap: -1 }, "Weekly cap must be a whole number of duties from 1 to 5, or empty for the organisation's default"],
        [{ fte: 0.333 }, 'FTE must be a number from 0.05 to 1 with at most two decimals (e.g. 0.6), or empty for their working days ÷ 5'],
        [{ fte: '0.5' }, 'FTE must be a number from 0.05 to 1 with at most two decimals (e.g. 0.6), or empty for their working days ÷ 5'],
        [{ weeklyCap: 0 }, "Weekly cap must be a whole number of duties from 1 to 5, or empty for the organisation's default"],
        [{ weeklyCap: 2.5 }, "Weekly cap must be a whole number of duties from 1 to 5, or empty for the organisation's default"],
        [{ avoidDays: [7] }, 'Days to avoid must be among Monday to Friday (1 = Monday … 5 = Friday)'],
        [{ avoidDays: [5] }, "Days to avoid must be days they work: they don't work on Fridays"],
        [{ avoidDays: [1, 2] }, "Days to avoid can't be every day they work: leave at least one working day they don't avoid"],
        [{ workingDays: [1, 2, 3], avoidDays: [4, 5] }, "Days to avoid must be days they work: they don't work on Thursdays and Fridays"],
      ];
      for (const [body, message] of cases) {
        const res = await as(admin.token).put(`/api/staff/${person.body.id}`, body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
      }
      const created = await as(admin.token).post('/api/staff', { name: 'No Days', email: 'nodays@school.example', workingDays: [] }).expect(400);
      expect(created.body.message).toBe('Working days must be one or more of Monday to Friday (1 = Monday … 5 = Friday)');
      const unchanged = (await as(admin.token).get('/api/staff')).body.find((s: { id: string }) => s.id === person.body.id);
      expect(unchanged).toMatchObject({ workingDays: [1, 2], fte: null, weeklyCap: null, avoidDays: [] });
    });

    it('moves an FTE that was working days ÷ 5 with the days, takes an FTE sent with them as given, and refuses to guess one set apart', async () => {
      // Issue 39: Mon/Wed/Fri at 0.6 moved to Mon/Tue kept 0.6, weighing her 1.5× per day she works.
      const mira = await as(admin.token).post('/api/staff', { name: 'Mira Three', email: 'mira@school.example', workingDays: [1, 3, 5], fte: 0.6 }).expect(201);
      const moved = await as(admin.token).put(`/api/staff/${mira.body.id}`, { workingDays: [1, 2] }).expect(200);
      expect(moved.body).toMatchObject({ workingDays: [1, 2], fte: 0.4 });
      // Sent together they are what the admin means, even when they disagree (a contract of
      // shorter or longer days).
      const both = await as(admin.token).put(`/api/staff/${mira.body.id}`, { workingDays: [1, 2, 3], fte: 0.5 }).expect(200);
      expect(both.body).toMatchObject({ workingDays: [1, 2, 3], fte: 0.5 });
      // An FTE set apart from the days can't follow them: which FTE the new days mean is asked, and nothing changes.
      const before = await t.get(MikroORM).em.getConnection().execute('SELECT working_days, fte, updated_at FROM staff WHERE id = ?', [mira.body.id]);
      const apart = await as(admin.token).put(`/api/staff/${mira.body.id}`, { workingDays: [1, 2], department: 'Art' }).expect(400);
      expect(apart.body.message).toBe(
        "Their FTE (0.5) is not their working days ÷ 5 (0.6), so it can't follow the new working days: send the FTE with them (2 days ÷ 5 is 0.4), or null for working days ÷ 5",
      );
      expect(await t.get(MikroORM).em.getConnection().execute('SELECT working_days, fte, updated_at FROM staff WHERE id = ?', [mira.body.id])).toEqual(before);
      // No FTE of their own: it is working days ÷ 5 whatever the days.
      const plain = await as(admin.token).post('/api/staff', { name: 'Noor Null', email: 'noor@school.example', workingDays: [1, 3, 5] }).expect(201);
      expect((await as(admin.token).put(`/api/staff/${plain.body.id}`, { workingDays: [1, 2] }).expect(200)).body).toMatchObject({ workingDays: [1, 2], fte: null });
      // The FTE alone changes alone.
      expect((await as(admin.token).put(`/api/staff/${mira.body.id}`, { fte: 0.6 }).expect(200)).body).toMatchObject({ workingDays: [1, 2, 3], fte: 0.6 });
    });

    it('lets managers set anyone’s pattern, and reports what a pattern change did to the rota', async () => {
      const manager = await memberWithRole(t, admin, 'manager', 'Meg Manager');
      const person = await as(admin.token).post('/api/staff', { name: 'Ray Rota', email: 'ray@school.example' }).expect(201);
      const fewer = await as(manager.token).put(`/api/staff/${person.body.id}`, { workingDays: [1, 2, 3], weeklyCap: 2 }).expect(200);
      // Nobody is on duty here: the check runs and finds nothing (the rota effect is in rota-stays-true.int-spec.ts).
      expect(fewer.body.rotaChange).toEqual({ removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: 'No planned duties were affected.' });
      const more = await as(manager.token).put(`/api/staff/${person.body.id}`, { workingDays: [1, 2, 3, 4], weeklyCap: 3, fte: 0.8, avoidDays: [4] }).expect(200);
      // More days and a higher cap open capacity: the repair runs (and has nothing to fill here).
      expect(more.body.rotaChange).toEqual({ removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: 'No planned duties were affected.' });
    });
  });

  describe('CSV import', () => {
    const upload = (url: string, csv: string, name = 'staff.csv') =>
      t.http().post(url).set(...bearer(admin.token)).attach('file', Buffer.from(csv, 'utf8'), { filename: name, contentType: 'text/csv' });

    it('previews every row with its errors, then imports the valid rows in one go', async () => {
      await as(admin.token).post('/api/staff', { name: 'Already Here', email: 'already@school.example' }).expect(201);
      const csv = [
        'name,email,department,teaching',
        'Cara Csv,cara@school.example,Maths,yes',
        'Dev Csv,dev@school.example,,no',
        'Bad Email,not-an-email,,',
        'Cara Twice,CARA@school.example,,',
        'Already,already@school.example,,',
      ].join('\n');
      const preview = await upload('/api/staff/import/preview', csv).expect(201);
      expect(preview.body).toMatchObject({ validCount: 2, errorCount: 3 });
      expect(preview.body.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors])).toEqual([
        [2, []],
        [3, []],
        [4, ['"not-an-email" is not a valid email address']],
        [5, ['Duplicate of line 2 in this file']],
        [6, ['A staff member with this email already exists']],
      ]);
      const count = async () => (await as(admin.token).get('/api/staff')).body.length as number;
      const before = await count();
      const result = await upload('/api/staff/import', csv).expect(201);
      expect(result.body).toEqual({ imported: 2, skipped: 3 });
      expect(await count()).toBe(before + 2);
      const dev = (await as(admin.token).get('/api/staff')).body.find((s: { email: string }) => s.email === 'dev@school.example');
      expect(dev).toMatchObject({ name: 'Dev Csv', isTeaching: false, department: null });
      expect(await auditActions()).toContain('staff.imported');
    });

    it('imports working days and FTE, and reports the ones it can’t read', async () => {
      const csv = [
        'Name,Email,Working days,FTE',
        'Gil Parttime,gil@school.example,Mon-Wed,0.6',
        'Hal Twodays,hal@school.example,"Monday, Wednesday",40%',
        'Ida Full,ida@school.example,,',
        'Jo Weekend,jo@school.example,Sat Sun,2',
      ].join('\n');
      const preview = await upload('/api/staff/import/preview', csv).expect(201);
      expect(preview.body.rows.map((r: { workingDays: number[]; fte: number | null; errors: string[] }) => [r.workingDays, r.fte, r.errors.length])).toEqual([
        [[1, 2, 3], 0.6, 0],
        [[1, 3], 0.4, 0],
        [[1, 2, 3, 4, 5], null, 0],
        [[1, 2, 3, 4, 5], null, 2],
      ]);
      expect(preview.body.rows[3].errors[0]).toMatch(/^Working days: "sat" is not a school day/);
      await upload('/api/staff/import', csv).expect(201);
      const staff = (await as(admin.token).get('/api/staff')).body as { email: string; workingDays: number[]; fte: number | null }[];
      expect(['gil', 'hal', 'ida', 'jo'].map((n) => staff.find((s) => s.email === `${n}@school.example`)).map((s) => s && [s.workingDays, s.fte])).toEqual([
        [[1, 2, 3], 0.6],
        [[1, 3], 0.4],
        [[1, 2, 3, 4, 5], null],
        undefined,
      ]);
    });

    it('refuses a file that is not a CSV, has no header, or is missing', async () => {
      const pdf = await upload('/api/staff/import/preview', '%PDF-1.4', 'staff.pdf').expect(400);
      expect(pdf.body.message).toBe('The file must be a .csv file');
      const noHeader = await upload('/api/staff/import/preview', 'Ann,ann@x.org\n').expect(400);
      expect(noHeader.body.message).toMatch(/header row with at least the columns name and email/);
      const missing = await t.http().post('/api/staff/import/preview').set(...bearer(admin.token)).expect(400);
      expect(missing.body.message).toBe('Choose a CSV file to upload');
      const binary = await t.http().post('/api/staff/import/preview').set(...bearer(admin.token))
        .attach('file', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x00, 0x01]), { filename: 'staff.csv', contentType: 'text/csv' })
        .expect(400);
      expect(binary.body.message).toBe('The file is not a text CSV file');
    });

    it('refuses a file over 1 MB with 413', async () => {
      const big = `name,email\n${'x'.repeat(1024 * 1024 + 10)}`;
      const res = await upload('/api/staff/import/preview', big).expect(413);
      expect(res.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    });
  });
});
