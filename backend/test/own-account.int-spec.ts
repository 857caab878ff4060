import { bearer, registerOrganization, type Account } from './support/accounts';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The Account page's own changes (docs/product.md#your-own-account): a person renames themselves,
 * changes their password with the current one, and starts a change of their own sign-in email
 * after re-authenticating; and a set-password link says what it is for before it is used.
 */
describe('own account', () => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00', SMTP_URL: smtp.url, APP_URL: 'https://dm.example.com' } });
  });

  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const signIn = (account: { email: string; subdomain: string }, password: string) =>
    t.http().post('/api/auth/login').send({ email: account.email, password, organizationSubdomain: account.subdomain });

  /** An invited staff member who has chosen their password from the invitation. */
  async function invitedMember(admin: Account, name: string) {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now().toString(36)}@example.com`;
    const staff = await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name, email, invite: true }).expect(201);
    const invitation = await smtp.waitFor((e) => e.to.includes(email) && /invited/.test(e.subject));
    const token = linkIn(invitation, '/reset-password?token=').searchParams.get('token')!;
    const set = await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'member password' }).expect(200);
    return { staffId: staff.body.id as string, email, token: set.body.token as string, subdomain: admin.subdomain };
  }

  describe('name', () => {
    it('renames the account and the staff record linked to it', async () => {
      const admin = await registerOrganization(t);
      const member = await invitedMember(admin, 'Pat Pending');
      const res = await t.http().put('/api/auth/account/name').set(...bearer(member.token)).send({ name: '  Pat Patel  ' }).expect(200);
      expect(res.body).toEqual({ message: 'Your name has been changed.' });
      const me = await t.http().get('/api/auth/user').set(...bearer(member.token)).expect(200);
      expect(me.body.user.name).toBe('Pat Patel');
      const staff = await t.http().get('/api/staff').set(...bearer(admin.token)).expect(200);
      expect((staff.body as { id: string; name: string }[]).find((s) => s.id === member.staffId)?.name).toBe('Pat Patel');
    });

    it('refuses a name of one letter, changing nothing', async () => {
      const admin = await registerOrganization(t);
      const res = await t.http().put('/api/auth/account/name').set(...bearer(admin.token)).send({ name: 'A' }).expect(400);
      expect(res.body.message).toBe('Name must be at least 2 characters');
      expect((await t.http().get('/api/auth/user').set(...bearer(admin.token)).expect(200)).body.user.name).toBe(admin.name);
    });
  });

  describe('password', () => {
    it('needs the current password, then ends every other session and keeps this browser signed in with a new one', async () => {
      const admin = await registerOrganization(t);
      const otherSession = (await signIn(admin, admin.password).expect(200)).body.token as string;

      const bare = await t.http().post('/api/auth/account/password').set(...bearer(admin.token)).send({ newPassword: 'brand new secret' }).expect(400);
      expect(bare.body.code).toBe('password_required');
      const wrong = await t
        .http()
        .post('/api/auth/account/password')
        .set(...bearer(admin.token))
        .send({ password: 'not the password', newPassword: 'brand new secret' })
        .expect(403);
      expect(wrong.body.code).toBe('password_incorrect');
      await signIn(admin, admin.password).expect(200);

      const res = await t
        .http()
        .post('/api/auth/account/password')
        .set(...bearer(admin.token))
        .send({ password: admin.password, newPassword: 'brand new secret' })
        .expect(200);
      expect(res.body).toEqual({
        message: 'Your password has been changed. Every other session of your account has been signed out.',
        token: expect.any(String),
      });
      await t.http().get('/api/auth/user').set(...bearer(res.body.token as string)).expect(200);
      await t.http().get('/api/auth/user').set(...bearer(admin.token)).expect(401);
      await t.http().get('/api/auth/user').set(...bearer(otherSession)).expect(401);
      await signIn(admin, admin.password).expect(401);
      await signIn(admin, 'brand new secret').expect(200);
      const notice = await smtp.waitFor((e) => e.to.includes(admin.email) && e.subject === 'Your Duty Manager password was changed');
      expect(notice.text).toContain('every other session of the account has been signed out');
    });

    it('makes an unused reset link useless', async () => {
      const admin = await registerOrganization(t);
      await t.http().post('/api/auth/forgot-password').send({ email: admin.email, organizationSubdomain: admin.subdomain }).expect(200);
      const reset = await smtp.waitFor((e) => e.to.includes(admin.email) && /Reset/.test(e.subject));
      const token = linkIn(reset, '/reset-password?token=').searchParams.get('token')!;
      await t.http().post('/api/auth/account/password').set(...bearer(admin.token)).send({ password: admin.password, newPassword: 'brand new secret' }).expect(200);
      await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'someone elses' }).expect(400);
      await signIn(admin, 'brand new secret').expect(200);
    });

    it('refuses a new password of five characters', async () => {
      const admin = await registerOrganization(t);
      const res = await t.http().post('/api/auth/account/password').set(...bearer(admin.token)).send({ password: admin.password, newPassword: '12345' }).expect(400);
      expect(res.body.message).toBe('New password must be at least 6 characters');
      await signIn(admin, admin.password).expect(200);
    });
  });

  describe('sign-in email', () => {
    it('asks for the password, then waits for the new address to confirm; the old one is told; the staff record follows', async () => {
      const admin = await registerOrganization(t);
      const member = await invitedMember(admin, 'Mo Mover');
      const newEmail = `mo-new-${Date.now().toString(36)}@example.com`;

      const bare = await t.http().post('/api/auth/account/email').set(...bearer(member.token)).send({ newEmail }).expect(400);
      expect(bare.body.code).toBe('password_required');

      const res = await t.http().post('/api/auth/account/email').set(...bearer(member.token)).send({ newEmail, password: 'member password' }).expect(200);
      expect(res.body).toEqual({
        newEmail,
        message: `We have sent a link to ${newEmail}. Your sign-in email changes when you open it (within 24 hours); until then, sign in with ${member.email}.`,
      });
      const me = await t.http().get('/api/auth/user').set(...bearer(member.token)).expect(200);
      expect(me.body.user.email).toBe(member.email);
      // Asked by the owner: nothing waits for an approval, only for the new address.
      expect(me.body.user.pendingEmailChange).toEqual({ newEmail, requestedBy: 'Mo Mover', awaitingYourApproval: false, awaitingNewAddress: true });
      const notice = await smtp.waitFor((e) => e.to.includes(member.email) && /being changed/.test(e.subject));
      expect(notice.text).toContain(newEmail);

      const confirmation = await smtp.waitFor((e) => e.to.includes(newEmail) && /Confirm your new/.test(e.subject));
      const token = linkIn(confirmation, '/confirm-email?token=').searchParams.get('token')!;
      const confirmed = await t.http().post('/api/auth/confirm-email').send({ token }).expect(200);
      expect(confirmed.body.complete).toBe(true);
      await signIn({ email: newEmail, subdomain: member.subdomain }, 'member password').expect(200);
      const staff = await t.http().get('/api/staff').set(...bearer(admin.token)).expect(200);
      expect((staff.body as { id: string; email: string }[]).find((s) => s.id === member.staffId)?.email).toBe(newEmail);
    });

    it('refuses an address of another account of the organisation (409) and the current address (400)', async () => {
      const admin = await registerOrganization(t);
      const member = await invitedMember(admin, 'Cy Taken');
      const taken = await t.http().post('/api/auth/account/email').set(...bearer(member.token)).send({ newEmail: admin.email, password: 'member password' }).expect(409);
      expect(taken.body.message).toBe('That email already belongs to another account in this organisation.');
      const same = await t.http().post('/api/auth/account/email').set(...bearer(member.token)).send({ newEmail: member.email, password: 'member password' }).expect(400);
      expect(same.body.message).toBe('That is already your sign-in email.');
      expect((await t.http().get('/api/auth/user').set(...bearer(member.token)).expect(200)).body.user.pendingEmailChange).toBeUndefined();
    });
  });

  describe('set-password links', () => {
    it('say whether they are an invitation or a reset, with the name and organisation, until used', async () => {
      const admin = await registerOrganization(t, { organizationName: 'Oakfield Academy' });
      const email = `ivy-${Date.now().toString(36)}@example.com`;
      await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Ivy Invited', email, invite: true }).expect(201);
      const invitation = await smtp.waitFor((e) => e.to.includes(email) && /invited/.test(e.subject));
      const inviteToken = linkIn(invitation, '/reset-password?token=').searchParams.get('token')!;
      const described = await t.http().post('/api/auth/password-link').send({ token: inviteToken }).expect(200);
      expect(described.body).toEqual({ purpose: 'invite', name: 'Ivy Invited', organizationName: 'Oakfield Academy' });

      await t.http().post('/api/auth/forgot-password').send({ email: admin.email, organizationSubdomain: admin.subdomain }).expect(200);
      const reset = await smtp.waitFor((e) => e.to.includes(admin.email) && /Reset/.test(e.subject));
      const resetToken = linkIn(reset, '/reset-password?token=').searchParams.get('token')!;
      expect((await t.http().post('/api/auth/password-link').send({ token: resetToken }).expect(200)).body).toEqual({
        purpose: 'reset',
        name: admin.name,
        organizationName: 'Oakfield Academy',
      });

      await t.http().post('/api/auth/reset-password').send({ token: inviteToken, newPassword: 'ivy password' }).expect(200);
      const used = await t.http().post('/api/auth/password-link').send({ token: inviteToken }).expect(400);
      expect(used.body.message).toBe('This reset link is invalid or has expired. Please request a new one.');
      await t.http().post('/api/auth/password-link').send({ token: 'not-a-real-token' }).expect(400);
    });
  });
});
