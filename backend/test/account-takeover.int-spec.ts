import { createHash } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const PDF = Buffer.from('%PDF-1.4\n% procedures\n%%EOF\n');

/**
 * Who may act on whom (docs/security.md): a manager can't take over an admin's account through
 * the staff routes, a new sign-in email waits for the new address, and ending someone's access
 * ends every credential they hold for good.
 */
describe('account takeover', () => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'https://dm.example.com' } });
  });

  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const sql = (query: string, params: unknown[] = []) => t.get(MikroORM).em.getConnection().execute(query, params);
  const as = (token: string) => asUser(t, token);
  const login = (account: Account, email: string, password = account.password) =>
    t.http().post('/api/auth/login').send({ email, password, organizationSubdomain: account.subdomain });
  const userRow = async (account: Account, id: string) =>
    (await sql(
      `select u.email, u.is_active, u.role, u.email_verified, u.token_version from users u
         join organizations o on o.id = u.organization_id where o.subdomain = ? and u.id = ?`,
      [account.subdomain, id],
    ))[0];
  const adminId = async (account: Account) =>
    ((await as(account.token).get('/api/auth/user').expect(200)).body.user.id) as string;

  describe('a manager and an admin', () => {
    let admin: Account;
    let manager: { token: string; staffId: string; email: string };
    let adminStaffId: string;

    beforeAll(async () => {
      admin = await registerOrganization(t);
      manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');
      adminStaffId = (await as(admin.token).post('/api/staff', { name: admin.name, email: admin.email }).expect(201)).body.id;
    });

    it("a manager can't change an admin's sign-in email, active state, name or invitation, and nothing changes", async () => {
      const id = await adminId(admin);
      const before = await userRow(admin, id);
      const outboxBefore = (await sql('select count(*)::int as n from outbox_emails'))[0].n;
      for (const body of [
        { email: 'attacker@evil.example' },
        { email: 'attacker@evil.example', name: admin.name, department: null, isTeaching: true },
        { isActive: false },
        { name: 'Not The Admin' },
        { invite: true },
      ]) {
        const res = await as(manager.token).put(`/api/staff/${adminStaffId}`, body).expect(403);
        expect(res.body.message).toMatch(/only an admin may/);
      }
      await as(manager.token).post(`/api/staff/${adminStaffId}/invite`).expect(403);

      expect(await userRow(admin, id)).toEqual(before);
      const [staff] = await sql('select email, name, is_active from staff where id = ?', [adminStaffId]);
      expect(staff).toEqual({ email: admin.email, name: admin.name, is_active: true });
      expect((await sql('select count(*)::int as n from email_change_tokens'))[0].n).toBe(0);
      expect((await sql('select count(*)::int as n from outbox_emails'))[0].n).toBe(outboxBefore);
      await as(admin.token).get('/api/auth/user').expect(200);
      await login(admin, admin.email).expect(200);
    });

    it("a manager may still edit the rota fields of an admin's record, and every field of a staff member's", async () => {
      const edited = await as(manager.token).put(`/api/staff/${adminStaffId}`, { name: admin.name, email: admin.email, department: 'Office', isTeaching: false }).expect(200);
      expect(edited.body).toMatchObject({ department: 'Office', isTeaching: false, email: admin.email });
      const staff = await memberWithRole(t, admin, 'staff', 'Stan Staff');
      const renamed = await as(manager.token).put(`/api/staff/${staff.staffId}`, { name: 'Stanley Staff', department: 'Science', isTeaching: true }).expect(200);
      expect(renamed.body).toMatchObject({ name: 'Stanley Staff', department: 'Science' });
      const [user] = await sql('select u.name from users u join staff s on s.user_id = u.id where s.id = ?', [staff.staffId]);
      expect(user.name).toBe('Stanley Staff');
      await as(manager.token).put(`/api/staff/${staff.staffId}`, { isActive: false }).expect(200);
      await as(staff.token).get('/api/auth/user').expect(401);
    });

    it("a manager's new staff record, or invitation, can't take an admin's account", async () => {
      const other = await registerOrganization(t);
      const otherManager = await memberWithRole(t, other, 'manager', 'Meg Manager');
      const id = await adminId(other);
      const before = await userRow(other, id);

      const direct = await as(otherManager.token).post('/api/staff', { name: 'Fake Admin', email: other.email }).expect(403);
      expect(direct.body.message).toMatch(/link a staff record to the account/);
      expect(await sql('select id from staff where email = ?', [other.email])).toEqual([]);

      // Variants: a record under another address moved onto the admin's, with or without an
      // invitation, and a CSV import followed by an invitation.
      const record = (await as(otherManager.token).post('/api/staff', { name: 'Decoy', email: 'decoy@school.example' }).expect(201)).body.id;
      await as(otherManager.token).put(`/api/staff/${record}`, { email: other.email, invite: true }).expect(403);
      await as(otherManager.token).put(`/api/staff/${record}`, { email: other.email }).expect(200);
      await as(otherManager.token).post(`/api/staff/${record}/invite`).expect(403);
      expect((await sql('select user_id from staff where id = ?', [record]))[0].user_id).toBeNull();

      expect(await userRow(other, id)).toEqual(before);
      await as(other.token).get('/api/auth/user').expect(200);
    });

    it('nobody grants a role above their own, and an admin may act on an admin', async () => {
      const second = await memberWithRole(t, admin, 'admin', 'Ada Second');
      await as(second.token).put(`/api/staff/${adminStaffId}`, { department: 'Leadership' }).expect(200);
      await as(second.token).put(`/api/staff/${second.staffId}/role`, { role: 'manager' }).expect(200);
      // Now a manager: the role route is closed to them, and so is the admin's account.
      await as(second.token).put(`/api/staff/${adminStaffId}/role`, { role: 'staff' }).expect(403);
      await as(second.token).put(`/api/staff/${adminStaffId}`, { isActive: false }).expect(403);
    });
  });

  describe('a new sign-in email', () => {
    it('waits for the new address to confirm it and the owner to approve it, and ends every session when both have', async () => {
      const admin = await registerOrganization(t);
      const member = await memberWithRole(t, admin, 'staff', 'Eve Email');
      const [{ id }] = await sql('select user_id as id from staff where id = ?', [member.staffId]);
      const newEmail = `eve-new-${Date.now()}@school.example`;

      const res = await as(admin.token).put(`/api/staff/${member.staffId}`, { email: newEmail }).expect(200);
      // Nothing has moved yet: the record, the account and sign-in keep the old address.
      expect(res.body.email).toBe(member.email);
      expect((await userRow(admin, id)).email).toBe(member.email);
      await as(member.token).get('/api/auth/user').expect(200);
      await login(admin, member.email).expect(200);
      await login(admin, newEmail).expect(401);

      // The owner is asked, at the current address; the new address is asked to confirm.
      const approval = await smtp.waitFor((e) => e.to.includes(member.email) && /Approve the change/.test(e.subject));
      expect(approval.text).toContain(newEmail);
      const confirm = await smtp.waitFor((e) => e.to.includes(newEmail) && /Confirm your new/.test(e.subject));
      const token = linkIn(confirm, '/confirm-email?token=').searchParams.get('token')!;
      const approvalToken = linkIn(approval, '/confirm-email?token=').searchParams.get('token')!;
      const [stored] = await sql('select token_hash, approval_token_hash, new_email from email_change_tokens where user_id = ?', [id]);
      const sha = (value: string) => createHash('sha256').update(value).digest('hex');
      expect(stored).toEqual({ token_hash: sha(token), approval_token_hash: sha(approvalToken), new_email: newEmail });

      // The new address alone changes nothing: whoever typed it may own it.
      const confirmed = await t.http().post('/api/auth/confirm-email').send({ token }).expect(200);
      expect(confirmed.body).toEqual({
        complete: false,
        message: 'Your new address is confirmed. The change takes effect once Eve Email approves it from their current address or while signed in.',
      });
      await as(member.token).get('/api/auth/user').expect(200);
      await login(admin, newEmail).expect(401);

      const done = await t.http().post('/api/auth/confirm-email').send({ token: approvalToken }).expect(200);
      expect(done.body).toEqual({ complete: true, message: `The change is approved. Please sign in with ${newEmail} from now on.` });
      await as(member.token).get('/api/auth/user').expect(401);
      await login(admin, member.email).expect(401);
      await login(admin, newEmail).expect(200);
      expect(await userRow(admin, id)).toMatchObject({ email: newEmail, email_verified: true });
      expect((await sql('select email from staff where id = ?', [member.staffId]))[0].email).toBe(newEmail);
      await t.http().post('/api/auth/confirm-email').send({ token }).expect(400);
    });

    it('may be approved by the owner while signed in instead of by the emailed link', async () => {
      const admin = await registerOrganization(t);
      const member = await memberWithRole(t, admin, 'staff', 'Sid Signed-In');
      const newEmail = `sid-new-${Date.now()}@school.example`;
      await as(admin.token).put(`/api/staff/${member.staffId}`, { email: newEmail }).expect(200);
      const pending = (await as(member.token).get('/api/auth/user').expect(200)).body.user.pendingEmailChange;
      expect(pending).toEqual({ newEmail, requestedBy: admin.name, awaitingYourApproval: true, awaitingNewAddress: true });
      expect((await as(member.token).post('/api/auth/email-change/approve').expect(200)).body.complete).toBe(false);
      const confirm = await smtp.waitFor((e) => e.to.includes(newEmail) && /Confirm your new/.test(e.subject));
      const token = linkIn(confirm, '/confirm-email?token=').searchParams.get('token')!;
      expect((await t.http().post('/api/auth/confirm-email').send({ token }).expect(200)).body.complete).toBe(true);
      await login(admin, newEmail).expect(200);
      // Nothing is left to approve.
      const again = await login(admin, newEmail).expect(200);
      await as(again.body.token as string).post('/api/auth/email-change/approve').expect(400);
    });

    it('is refused at confirmation when the address has meanwhile become someone else’s, changing nothing', async () => {
      const admin = await registerOrganization(t);
      const member = await memberWithRole(t, admin, 'staff', 'Tom Taken');
      const newEmail = `taken-${Date.now()}@school.example`;
      await as(admin.token).put(`/api/staff/${member.staffId}`, { email: newEmail }).expect(200);
      const confirm = await smtp.waitFor((e) => e.to.includes(newEmail) && /Confirm your new/.test(e.subject));
      const approval = await smtp.waitFor((e) => e.to.includes(member.email) && /Approve the change/.test(e.subject));
      await as(admin.token).post('/api/staff', { name: 'Someone Else', email: newEmail }).expect(201);
      const token = linkIn(confirm, '/confirm-email?token=').searchParams.get('token')!;
      await t.http().post('/api/auth/confirm-email').send({ token }).expect(200);
      const approvalToken = linkIn(approval, '/confirm-email?token=').searchParams.get('token')!;
      await t.http().post('/api/auth/confirm-email').send({ token: approvalToken }).expect(409);
      expect((await sql('select email from staff where id = ?', [member.staffId]))[0].email).toBe(member.email);
      await as(member.token).get('/api/auth/user').expect(200);
      await login(admin, member.email).expect(200);
    });

    it('moves an invitation that was never used to the new address, and the old link stops working', async () => {
      const admin = await registerOrganization(t);
      const invited = await as(admin.token).post('/api/staff', { name: 'Ian Invited', email: 'ian-old@school.example', invite: true }).expect(201);
      const first = await smtp.waitFor((e) => e.to.includes('ian-old@school.example') && /invited/.test(e.subject));
      await as(admin.token).put(`/api/staff/${invited.body.id}`, { email: 'ian-new@school.example' }).expect(200);
      const second = await smtp.waitFor((e) => e.to.includes('ian-new@school.example') && /invited/.test(e.subject));
      const oldToken = linkIn(first, '/reset-password?token=').searchParams.get('token')!;
      await t.http().post('/api/auth/reset-password').send({ token: oldToken, newPassword: 'stolen password' }).expect(400);
      const newToken = linkIn(second, '/reset-password?token=').searchParams.get('token')!;
      await t.http().post('/api/auth/reset-password').send({ token: newToken, newPassword: 'ian password' }).expect(200);
      await t.http().post('/api/auth/login').send({ email: 'ian-new@school.example', password: 'ian password', organizationSubdomain: admin.subdomain }).expect(200);
    });
  });

  describe('ending access', () => {
    it('deactivation ends sessions, calendar feed tokens and download links for good: reactivation revives none', async () => {
      const admin = await registerOrganization(t);
      await t.http().post('/api/settings/procedure-file').set(...bearer(admin.token)).attach('file', PDF, 'procedures.pdf').expect(200);
      const member = await memberWithRole(t, admin, 'staff', 'Rae Revoked');
      const feed = (await as(member.token).post('/api/calendar/subscription').expect(201)).body;
      const ticket = (await as(member.token).get('/api/settings/procedure-file/link').expect(200)).body.url as string;
      await t.http().get(`/api/calendar/subscribe/my-duties?token=${feed.token}`).expect(200);
      await t.http().get(ticket).expect(200);

      await as(admin.token).put(`/api/staff/${member.staffId}`, { isActive: false }).expect(200);
      await as(admin.token).put(`/api/staff/${member.staffId}`, { isActive: true }).expect(200);

      await as(member.token).get('/api/auth/user').expect(401);
      await t.http().get(`/api/calendar/subscribe/my-duties?token=${feed.token}`).expect(404);
      await t.http().get(`/api/calendar/subscribe/all-duties?token=${feed.token}`).expect(404);
      await t.http().get(ticket).expect(401);
      // Signing in again works, and shows no live subscription until a new one is made.
      const again = (await login(admin, member.email).expect(200)).body.token as string;
      expect((await as(again).get('/api/calendar/subscription').expect(200)).body.active).toBe(false);
    });

    it('a password reset ends download links issued before it', async () => {
      const admin = await registerOrganization(t);
      await t.http().post('/api/settings/procedure-file').set(...bearer(admin.token)).attach('file', PDF, 'procedures.pdf').expect(200);
      const ticket = (await as(admin.token).get('/api/settings/procedure-file/link').expect(200)).body.url as string;
      await t.http().get(ticket).expect(200);
      const before = smtp.received.length;
      await t.http().post('/api/auth/forgot-password').send({ email: admin.email, organizationSubdomain: admin.subdomain }).expect(200);
      const email = await smtp.waitFor((e) => e.to.includes(admin.email) && /Reset/.test(e.subject) && smtp.received.indexOf(e) >= before);
      const token = linkIn(email, '/reset-password?token=').searchParams.get('token')!;
      await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'a new password' }).expect(200);
      const res = await t.http().get(ticket).expect(401);
      expect(res.body.message).toBe('This download link has expired or the document was replaced. Open Instructions again to download it.');
    });
  });
});
