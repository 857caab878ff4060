import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generate } from 'otplib';
import { LOOK_ALIKE_EMAIL } from '../src/common/validation/email-address';
import { EmailRequestsService } from '../src/modules/auth/email-requests.service';
import { TotpClock } from '../src/modules/auth/two-factor.service';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { RecipientLimitService } from '../src/modules/mail/recipient-limit.service';
import { POOL_MAX_CONNECTIONS } from '../src/database/pool-size';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { CLIENT_ID, CLIENT_SECRET, startTestProviders, type TestProviders } from './support/openid-provider';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { ssoBrowser } from './support/sso-browser';
import { createTestApp, type TestApp } from './support/test-app';
import { asUser, sqlOf } from './support/http';

/**
 * Sign-in identities that can't be moved silently (issue 38): who can sign in is decided by what
 * an account can do, provider identities stay linked by their subject, every pending sign-in step
 * dies with the account's sessions, re-authentication guards how people sign in, and strangers
 * can't flood one mailbox. Through a real OpenID Provider (oidc-provider) and a real SMTP sink.
 */
const APP_URL = 'http://localhost:3998';
const DOMAIN = 'school.example';

describe('sign-in identities', () => {
  let t: TestApp;
  let op: TestProviders;
  let smtp: SmtpSink;
  let browser: ReturnType<typeof ssoBrowser>;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  let n = 0;
  const next = () => (n += 1);
  let totpNow = Math.floor(Date.now() / 1000 / 30) * 30;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    op = await startTestProviders(`${APP_URL}/api/auth/sso/callback`);
    t = await createTestApp({ env: { APP_URL, SMTP_URL: smtp.url, OIDC_GOOGLE_ISSUER: op.google, TRUST_PROXY: 'true' } });
    sql = sqlOf(t);
    browser = ssoBrowser(t, op, APP_URL);
    jest.spyOn(t.get(TotpClock), 'nowSeconds').mockImplementation(() => totpNow);
  });

  afterAll(async () => {
    await t?.close();
    await op?.close();
    await smtp?.stop();
  });

  const as = (token: string) => asUser(t, token);
  const login = (account: Pick<Account, 'subdomain'>, email: string, password: string) =>
    t.http().post('/api/auth/login').send({ email, password, organizationSubdomain: account.subdomain });
  /** Every email the app meant to send has gone (the after-answer jobs and the outbox). */
  const settled = async () => {
    await t.get(EmailRequestsService).whenFinished();
    await t.get(OutboxWorker).finishSending();
  };
  const mailTo = (address: string) => smtp.received.filter((e) => e.to.includes(address));
  const userRow = async (email: string, subdomain: string) =>
    (await sql(
      `select u.id, u.email, u.token_version, u.role from users u join organizations o on o.id = u.organization_id where o.subdomain = ? and u.email = ?`,
      [subdomain, email],
    ))[0];

  async function schoolWithGoogle(): Promise<Account> {
    const admin = await registerOrganization(t);
    await as(admin.token)
      .put('/api/sign-in-settings/google', { password: admin.password, enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, allowedDomains: [DOMAIN] })
      .expect(200);
    return admin;
  }

  /** Someone on the staff list who has only ever signed in through Google: no password. */
  async function providerOnly(admin: Account, role: 'staff' | 'manager' | 'admin', name = `Pat ${next()}`) {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@${DOMAIN}`;
    const staffId = (await as(admin.token).post('/api/staff', { name, email }).expect(201)).body.id as string;
    const sub = `google-${email}`;
    const first = await browser.signIn('google', admin.subdomain, { sub, email, email_verified: true, hd: DOMAIN, name });
    expect(first.token).toBeDefined();
    if (role !== 'staff') await as(admin.token).put(`/api/staff/${staffId}/role`, { role }).expect(200);
    const again = await browser.signIn('google', admin.subdomain, { sub, email, email_verified: true, hd: DOMAIN, name });
    return { email, staffId, sub, name, token: again.token! };
  }

  describe('a new sign-in email for someone who can sign in (finding 1)', () => {
    it("is never applied at once to a provider-only account, whoever asks: the owner must approve, no set-password link goes anywhere, and the provider still signs in only its owner", async () => {
      const admin = await schoolWithGoogle();
      const manager = await memberWithRole(t, admin, 'manager', 'Max Manager');
      const otherAdmin = await memberWithRole(t, admin, 'admin', 'Ada Other');
      const cases = [
        { actor: manager.token, target: await providerOnly(admin, 'staff') },
        { actor: manager.token, target: await providerOnly(admin, 'manager') },
        { actor: otherAdmin.token, target: await providerOnly(admin, 'admin') },
      ];
      for (const { actor, target } of cases) {
        const attacker = `taker-${next()}@evil.example`;
        const before = await userRow(target.email, admin.subdomain);
        const res = await as(actor).put(`/api/staff/${target.staffId}`, { email: attacker }).expect(200);
        expect(res.body.email).toBe(target.email);
        await settled();
        // Nothing moved: the address, the sessions, the sign-in through the provider.
        expect(await userRow(target.email, admin.subdomain)).toEqual(before);
        await as(target.token).get('/api/auth/user').expect(200);
        // The new address is asked to confirm, and no link that sets a password goes anywhere.
        expect(mailTo(attacker).map((e) => e.subject)).toEqual(['Confirm your new Duty Manager sign-in email']);
        expect(smtp.received.filter((e) => /reset-password/.test(e.text) && [attacker, target.email].some((a) => e.to.includes(a)))).toEqual([]);
        // The owner is asked to approve, at the current address.
        expect(mailTo(target.email).some((e) => /Approve the change/.test(e.subject))).toBe(true);

        // Whoever holds the new address confirms it: still nothing, without the owner.
        const confirm = mailTo(attacker)[0]!;
        const done = await t.http().post('/api/auth/confirm-email').send({ token: linkIn(confirm, '/confirm-email?token=').searchParams.get('token') }).expect(200);
        expect(done.body.complete).toBe(false);
        expect(await userRow(target.email, admin.subdomain)).toEqual(before);
        // The attacker's own provider account with the new address is nobody here.
        expect((await browser.signIn('google', admin.subdomain, { sub: `evil-${next()}`, email: attacker.replace('evil.example', DOMAIN), email_verified: true, hd: DOMAIN })).refused).toBe('no_account');
        // A reset asked for the new address reaches no account.
        await t.http().post('/api/auth/forgot-password').send({ email: attacker, organizationSubdomain: admin.subdomain }).expect(200);
        await settled();
        expect(mailTo(attacker).filter((e) => /Reset/.test(e.subject))).toEqual([]);
        // The owner still signs in through the provider, to the same account.
        const owner = await browser.signIn('google', admin.subdomain, { sub: target.sub, email: target.email, email_verified: true, hd: DOMAIN });
        expect((await as(owner.token!).get('/api/auth/user').expect(200)).body.user.id).toBe(before!.id);
      }
    });

    it('does not invite an account that can sign in: Invite again refuses a provider-only account', async () => {
      const admin = await schoolWithGoogle();
      const target = await providerOnly(admin, 'staff');
      const res = await as(admin.token).post(`/api/staff/${target.staffId}/invite`).expect(409);
      expect(res.body.message).toMatch(/can already sign in/);
      const list = await as(admin.token).get('/api/staff').expect(200);
      expect(list.body.find((s: { id: string }) => s.id === target.staffId).inviteStatus).toBe('active');
    });

    it('keeps a provider identity linked by its subject: after the change the same subject signs in, and another subject with either address is refused', async () => {
      const admin = await schoolWithGoogle();
      const target = await providerOnly(admin, 'staff');
      const id = (await userRow(target.email, admin.subdomain))!.id;
      const moved = `moved-${next()}@${DOMAIN}`;
      await as(admin.token).put(`/api/staff/${target.staffId}`, { email: moved }).expect(200);
      await settled();
      await as(target.token).post('/api/auth/email-change/approve').expect(200);
      const confirm = mailTo(moved).find((e) => /Confirm your new/.test(e.subject))!;
      expect((await t.http().post('/api/auth/confirm-email').send({ token: linkIn(confirm, '/confirm-email?token=').searchParams.get('token') }).expect(200)).body.complete).toBe(true);
      // The provider still knows the person by their old address: the subject finds the account.
      const same = await browser.signIn('google', admin.subdomain, { sub: target.sub, email: target.email, email_verified: true, hd: DOMAIN });
      expect((await as(same.token!).get('/api/auth/user').expect(200)).body.user).toMatchObject({ id, email: moved });
      // Another subject with the new address, or the old one, is not this account.
      expect((await browser.signIn('google', admin.subdomain, { sub: `other-${next()}`, email: moved, email_verified: true, hd: DOMAIN })).refused).toBe('identity_mismatch');
      expect((await browser.signIn('google', admin.subdomain, { sub: `other-${next()}`, email: target.email, email_verified: true, hd: DOMAIN })).refused).toBe('no_account');
    });
  });

  describe('pending sign-in steps and sessions (finding 8)', () => {
    async function withTwoFactor(admin: Account) {
      const member = await memberWithRole(t, admin, 'staff', `Tia ${next()}`);
      const setup = await as(member.token).post('/api/auth/two-factor/setup', { password: admin.password }).expect(200);
      totpNow += 30;
      await as(member.token).post('/api/auth/two-factor/enable', { code: await generate({ secret: setup.body.secret, epoch: totpNow }) }).expect(200);
      return { ...member, secret: setup.body.secret as string, password: admin.password };
    }
    const code = async (secret: string) => {
      totpNow += 30;
      return generate({ secret, epoch: totpNow });
    };

    it('a two-step challenge issued before a deactivation is dead after reactivation', async () => {
      const admin = await registerOrganization(t);
      const member = await withTwoFactor(admin);
      const { challenge } = (await login(admin, member.email, member.password).expect(200)).body;
      await as(admin.token).put(`/api/staff/${member.staffId}`, { isActive: false }).expect(200);
      await as(admin.token).put(`/api/staff/${member.staffId}`, { isActive: true }).expect(200);
      const res = await t.http().post('/api/auth/login/two-factor').send({ challenge, code: await code(member.secret) }).expect(400);
      expect(res.body.code).toBe('two_factor_challenge_invalid');
      // A new sign-in works.
      const fresh = (await login(admin, member.email, member.password).expect(200)).body.challenge;
      await t.http().post('/api/auth/login/two-factor').send({ challenge: fresh, code: await code(member.secret) }).expect(200);
    });

    it('a challenge won with the old password is dead after a password reset', async () => {
      const admin = await registerOrganization(t);
      const member = await withTwoFactor(admin);
      const { challenge } = (await login(admin, member.email, member.password).expect(200)).body;
      await t.http().post('/api/auth/forgot-password').send({ email: member.email, organizationSubdomain: admin.subdomain }).expect(200);
      const reset = await smtp.waitFor((e) => e.to.includes(member.email) && /Reset/.test(e.subject));
      await t.http().post('/api/auth/reset-password').send({ token: linkIn(reset, '/reset-password?token=').searchParams.get('token'), newPassword: 'a brand new password' }).expect(200);
      await t.http().post('/api/auth/login/two-factor').send({ challenge, code: await code(member.secret) }).expect(400);
    });

    it('a hand-off code from a provider sign-in issued before a deactivation is dead after reactivation', async () => {
      const admin = await schoolWithGoogle();
      const target = await providerOnly(admin, 'staff');
      const handoff = await browser.handoffCode('google', admin.subdomain, { sub: target.sub, email: target.email, email_verified: true, hd: DOMAIN });
      expect(handoff).toBeDefined();
      await as(admin.token).put(`/api/staff/${target.staffId}`, { isActive: false }).expect(200);
      await as(admin.token).put(`/api/staff/${target.staffId}`, { isActive: true }).expect(200);
      await t.http().post('/api/auth/handoff').send({ code: handoff }).expect(400);
    });

    it('signing out ends that session on the server, wherever its token was copied; other sessions stay', async () => {
      const admin = await registerOrganization(t);
      const other = (await login(admin, admin.email, admin.password).expect(200)).body.token as string;
      const copied = admin.token;
      await as(admin.token).post('/api/auth/logout').expect(200);
      const ended = await as(copied).get('/api/staff').expect(401);
      expect(ended.body.message).toBe('Your session has ended. Please sign in again.');
      await as(other).get('/api/staff').expect(200);
      expect(await sql('select count(*)::int as n from user_sessions s join users u on u.id = s.user_id where u.email = ?', [admin.email])).toEqual([{ n: 1 }]);
    });
  });

  describe('identities (finding 9)', () => {
    it('refuses another provider subject with the address of an account already linked to that provider', async () => {
      const admin = await schoolWithGoogle();
      const target = await providerOnly(admin, 'staff');
      const outcome = await browser.signIn('google', admin.subdomain, { sub: `impostor-${next()}`, email: target.email, email_verified: true, hd: DOMAIN });
      expect(outcome.refused).toBe('identity_mismatch');
    });

    it('refuses look-alike addresses wherever an address comes in, and reads full-width letters as the plain address', async () => {
      const admin = await schoolWithGoogle();
      const plain = `ann.${next()}@${DOMAIN}`;
      await as(admin.token).post('/api/staff', { name: 'Ann Plain', email: plain }).expect(201);
      for (const lookAlike of [plain.replace('a', '\u0430'), `\u0130${plain}`, plain.replace('@', '\u0130@')]) {
        const res = await as(admin.token).post('/api/staff', { name: 'Ann Lookalike', email: lookAlike }).expect(400);
        expect(res.body.message).toBe(LOOK_ALIKE_EMAIL);
        await login(admin, lookAlike, 'whatever password').expect(400);
      }
      const wide = plain.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
      const dup = await as(admin.token).post('/api/staff', { name: 'Ann Wide', email: wide }).expect(409);
      expect(dup.body.message).toBe('A staff member with this email already exists');
      const sso = await browser.signIn('google', admin.subdomain, { sub: `cyr-${next()}`, email: plain.replace('a', '\u0430'), email_verified: true, hd: DOMAIN });
      expect(sso.refused).toBe('look_alike_email');
      expect(await sql('select count(*)::int as n from staff where email not similar to ?', ['[!-~]+'])).toEqual([{ n: 0 }]);
    });
  });

  describe('the two-step requirement (finding 5)', () => {
    it("suspends a non-compliant admin's feed tokens and download links until they set it up", async () => {
      const admin = await registerOrganization(t);
      const setup = await as(admin.token).post('/api/auth/two-factor/setup', { password: admin.password }).expect(200);
      totpNow += 30;
      await as(admin.token).post('/api/auth/two-factor/enable', { code: await generate({ secret: setup.body.secret, epoch: totpNow }) }).expect(200);
      await t.http().post('/api/settings/procedure-file').set(...bearer(admin.token)).attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'p.pdf').expect(200);
      const late = await memberWithRole(t, admin, 'admin', 'Lee Late');
      const feed = (await as(late.token).post('/api/calendar/subscription').expect(201)).body.token as string;
      const ticket = (await as(late.token).get('/api/settings/procedure-file/link').expect(200)).body.url as string;
      await t.http().get(`/api/calendar/subscribe/all-duties?token=${feed}`).expect(200);
      await t.http().get(ticket).expect(200);

      totpNow += 30;
      await as(admin.token)
        .post('/api/settings/two-factor-requirement', { requireAdminTwoFactor: true, password: admin.password, code: await generate({ secret: setup.body.secret, epoch: totpNow }) })
        .expect(200);
      await t.http().get(`/api/calendar/subscribe/all-duties?token=${feed}`).expect(404);
      await t.http().get(`/api/calendar/subscribe/my-duties?token=${feed}`).expect(404);
      await t.http().get(ticket).expect(401);

      const own = await as(late.token).post('/api/auth/two-factor/setup', { password: admin.password }).expect(200);
      totpNow += 30;
      await as(late.token).post('/api/auth/two-factor/enable', { code: await generate({ secret: own.body.secret, epoch: totpNow }) }).expect(200);
      await t.http().get(`/api/calendar/subscribe/all-duties?token=${feed}`).expect(200);
      await t.http().get(ticket).expect(200);
    });
  });

  describe('emails a stranger can trigger (finding 3)', () => {
    it('reach one recipient at most five times in a quarter of an hour, however many clients ask, with the same answer every time', async () => {
      const admin = await registerOrganization(t);
      await settled();
      const before = mailTo(admin.email).length;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t
            .http()
            .post('/api/auth/forgot-password')
            .set('X-Forwarded-For', `198.51.100.${i + 1}`)
            .send({ email: admin.email, organizationSubdomain: admin.subdomain }),
        ),
      );
      expect(new Set(answers.map((r) => `${r.status} ${r.body.message}`))).toEqual(
        new Set(['200 If an account exists with that email, a password reset link has been sent.']),
      );
      // Find your school shares the recipient's budget.
      const found = await t.http().post('/api/auth/find-organizations').set('X-Forwarded-For', '198.51.100.99').send({ email: admin.email }).expect(200);
      expect(found.body.message).toMatch(/^If that email address has an account/);
      await settled();
      // The sign-up's verification email came before; five resets after it, nothing more.
      expect(mailTo(admin.email).length - before).toBe(5);
    });

    it('are counted in the transaction that queues them, so as many at once as the pool has connections all go through', async () => {
      // Each transaction holds a connection until every one is open, then counts an email. A count
      // that asked the pool for a connection of its own would find none free and fail when the
      // wait for one ran out (a burst of resets then lost emails it had counted).
      const em = t.get(MikroORM).em as EntityManager;
      const recipients = t.get(RecipientLimitService);
      let open = 0;
      let allOpen!: () => void;
      const everyOneOpen = new Promise<void>((resolve) => (allOpen = resolve));
      const outcomes = await Promise.allSettled(
        Array.from({ length: POOL_MAX_CONNECTIONS }, (_, i) =>
          em.transactional(async (tx) => {
            await tx.execute('select 1');
            if (++open === POOL_MAX_CONNECTIONS) allOpen();
            await everyOneOpen;
            return recipients.allow(`burst-${i}@pool.example`, 'test');
          }),
        ),
      );
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : String(o.reason)))).toEqual(Array(POOL_MAX_CONNECTIONS).fill(true));
    });
  });

  describe('re-authentication for changes to how people sign in (finding 2)', () => {
    it('asks for the admin’s password (and code), refuses a session alone, and changes nothing', async () => {
      const admin = await registerOrganization(t);
      const body = { enabled: true, name: 'Trust', issuer: op.google, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
      const missing = await as(admin.token).put('/api/sign-in-settings/oidc', body).expect(400);
      expect(missing.body.code).toBe('password_required');
      const wrong = await as(admin.token).put('/api/sign-in-settings/oidc', { ...body, password: 'not my password' }).expect(403);
      expect(wrong.body.code).toBe('password_incorrect');
      for (const options of [{ joinRule: 'join_as_staff', passwordSignIn: true }, { joinRule: 'refuse', passwordSignIn: false }]) {
        expect((await as(admin.token).put('/api/sign-in-settings', options).expect(400)).body.code).toBe('password_required');
      }
      expect((await as(admin.token).get('/api/sign-in-settings').expect(200)).body).toMatchObject({ joinRule: 'refuse', passwordSignIn: true, oidc: { enabled: false } });
      await as(admin.token).put('/api/sign-in-settings/oidc', { ...body, password: admin.password }).expect(200);
    });

    it('takes a fresh provider sign-in from an admin without a password, for that session only, and tells the other admins', async () => {
      const admin = await schoolWithGoogle();
      const ssoAdmin = await providerOnly(admin, 'admin', 'Sol Sso');
      const body = { enabled: true, name: 'Trust', issuer: op.google, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
      expect((await as(ssoAdmin.token).put('/api/sign-in-settings/oidc', body).expect(403)).body.code).toBe('password_missing');

      // Another session's proof, or someone else's identity, proves nothing.
      const otherSession = (await browser.signIn('google', admin.subdomain, { sub: ssoAdmin.sub, email: ssoAdmin.email, email_verified: true, hd: DOMAIN })).token!;
      const foreign = await browser.reauthenticate(otherSession, 'google', { sub: ssoAdmin.sub, email: ssoAdmin.email, email_verified: true, hd: DOMAIN });
      expect((await as(ssoAdmin.token).put('/api/sign-in-settings/oidc', { ...body, providerProof: foreign.proof }).expect(403)).body.code).toBe('provider_proof_invalid');
      const someoneElse = await browser.reauthenticate(ssoAdmin.token, 'google', { sub: `else-${next()}`, email: `else@${DOMAIN}`, email_verified: true, hd: DOMAIN });
      expect(someoneElse).toEqual({ error: 'identity_mismatch', proof: undefined });
      // A password account confirms with its password.
      expect((await browser.reauthenticate(admin.token, 'google', { sub: 'x', email: admin.email, email_verified: true, hd: DOMAIN })).status).toBe(409);

      const proof = await browser.reauthenticate(ssoAdmin.token, 'google', { sub: ssoAdmin.sub, email: ssoAdmin.email, email_verified: true, hd: DOMAIN });
      expect(proof.proof).toEqual(expect.any(String));
      await as(ssoAdmin.token).put('/api/sign-in-settings/oidc', { ...body, providerProof: proof.proof }).expect(200);
      await settled();
      const told = mailTo(admin.email).filter((e) => e.subject === 'A sign-in provider was changed for your organisation');
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain('Sol Sso turned on sign-in with Trust');
      expect(mailTo(ssoAdmin.email).filter((e) => /sign-in provider was changed/.test(e.subject))).toEqual([]);

      // A change of whom the provider trusts is told too; a change of its name is not.
      await as(admin.token).put('/api/sign-in-settings/oidc', { ...body, clientId: 'another-client', password: admin.password }).expect(200);
      await as(admin.token).put('/api/sign-in-settings/oidc', { ...body, clientId: 'another-client', name: 'Trust 2', password: admin.password }).expect(200);
      await settled();
      expect(mailTo(ssoAdmin.email).filter((e) => /sign-in provider was changed/.test(e.subject)).map((e) => e.text.includes('changed the client or issuer'))).toEqual([true]);
    });
  });
});
