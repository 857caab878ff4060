import { MikroORM, TransactionContext } from '@mikro-orm/core';
import { JwtService } from '@nestjs/jwt';
import { Strategy as PassportJwtStrategy } from 'passport-jwt';
import { FixedClock } from '../src/common/clock/clock';
import { Clock } from '../src/common/clock/clock';
import { User } from '../src/modules/auth/entities/user.entity';
import { Organization } from '../src/modules/tenants/entities/organization.entity';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { REGISTER_LIMITS } from '../src/modules/auth/registration.service';
import { HANDOFF_TTL_MS, SessionHandoffService } from '../src/modules/auth/session-handoff.service';
import { TenantContext } from '../src/tenancy/tenant-context';
import { bearer, registerOrganization } from './support/accounts';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const JWT_SECRET = 'integration-tests-secret-0123456789abcdef';

describe('accounts', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let clock: FixedClock;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({
      env: { APP_NOW: '2025-09-08T09:00', SMTP_URL: smtp.url, JWT_SECRET, APP_URL: 'https://dm.example.com' },
    });
    clock = t.get(Clock) as FixedClock;
  });

  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  beforeEach(() => clock.set(new Date('2025-09-08T08:00:00Z')));

  async function userRow(email: string): Promise<User> {
    const em = t.get(MikroORM).em.fork();
    return TenantContext.runUnscoped(() =>
      em.findOneOrFail(User, { email }, { populate: ['passwordHash', 'organization'] }),
    );
  }

  describe('sign-up', () => {
    it('creates the organisation with its first user as admin, a 30-day trial, and signs them in', async () => {
      const account = await registerOrganization(t, { subdomain: 'Hillside-Primary', organizationName: 'Hillside Primary' });
      const me = await t.http().get('/api/auth/user').set(...bearer(account.token)).expect(200);
      expect(me.body.user).toMatchObject({ email: account.email, name: 'Ann Admin', role: 'admin', emailVerified: false });
      expect(me.body.organization).toMatchObject({
        name: 'Hillside Primary',
        subdomain: 'hillside-primary',
        type: 'school',
        timezone: 'Europe/London',
        region: 'england_wales',
        trialEndsAt: '2025-10-08T08:00:00.000Z',
      });
    });

    it('stores the password as an argon2id hash with at least 19 MiB, 2 passes, 1 lane', async () => {
      const account = await registerOrganization(t);
      const user = await userRow(account.email);
      expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(user.passwordHash).not.toContain(account.password);
    });

    it('answers every validation rule with its message', async () => {
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ name: 'A', email: 'nope', password: '12345', organizationName: 'B', organizationSubdomain: 'bad_sub!', organizationType: 'nursery' })
        .expect(400);
      for (const message of [
        'Name must be at least 2 characters',
        'Invalid email address',
        'Password must be at least 6 characters',
        'Organization name must be at least 2 characters',
        'Subdomain can only contain lowercase letters, numbers, and hyphens',
        'Organization type must be one of: school, college, university, other',
      ]) {
        expect(res.body.message).toContain(message);
      }
    });

    it('refuses a taken subdomain with a 409 that says so; an email of another organisation signs up a new one', async () => {
      const first = await registerOrganization(t);
      const again = (subdomain: string, email: string) =>
        t.http().post('/api/auth/register').send({
          name: 'Bob', email, password: 'secret12', organizationName: 'Other', organizationSubdomain: subdomain,
        });
      const sub = await again(first.subdomain.toUpperCase(), 'bob@example.com').expect(409);
      expect(sub.body.message).toBe(`The subdomain "${first.subdomain}" is already taken. Please choose another.`);
      // Emails are unique per organisation (docs/product.md#accounts-and-sign-in): the same person may run a second school.
      await again('fresh-subdomain-1', first.email.toUpperCase()).expect(201);
      const em = t.get(MikroORM).em.fork();
      expect(await em.count(Organization, { subdomain: 'fresh-subdomain-1' })).toBe(1);
    });

    it('refuses reserved subdomains', async () => {
      const res = await t.http().post('/api/auth/register').send({
        name: 'Bob', email: 'www@example.com', password: 'secret12', organizationName: 'Web', organizationSubdomain: 'www',
      }).expect(400);
      expect(res.body.message).toBe('The subdomain "www" is reserved. Please choose another.');
    });
  });

  describe('email verification', () => {
    it('emails a link that verifies once and only once', async () => {
      const account = await registerOrganization(t);
      const email = await smtp.waitFor((e) => e.to.includes(account.email) && /Verify/.test(e.subject));
      const link = linkIn(email, '/verify-email?token=');
      expect(link.origin).toBe('https://dm.example.com');
      const token = link.searchParams.get('token')!;
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

      const ok = await t.http().post('/api/auth/verify-email').send({ token }).expect(200);
      expect(ok.body.message).toBe('Your email address has been verified.');
      expect((await userRow(account.email)).emailVerified).toBe(true);
      await t.http().post('/api/auth/verify-email').send({ token }).expect(400);
    });

    it('stores only a hash of the token', async () => {
      const account = await registerOrganization(t);
      const email = await smtp.waitFor((e) => e.to.includes(account.email));
      const token = linkIn(email, '/verify-email?token=').searchParams.get('token')!;
      const rows = await t.get(MikroORM).em.getConnection().execute('SELECT token_hash FROM email_verification_tokens');
      expect(rows.map((r: { token_hash: string }) => r.token_hash)).not.toContain(token);
    });

    it('expires after 24 hours', async () => {
      const account = await registerOrganization(t);
      const email = await smtp.waitFor((e) => e.to.includes(account.email));
      const token = linkIn(email, '/verify-email?token=').searchParams.get('token')!;
      clock.set(new Date('2025-09-09T08:00:01Z'));
      const res = await t.http().post('/api/auth/verify-email').send({ token }).expect(400);
      expect(res.body.message).toBe('This verification link is invalid or has expired. Please request a new one.');
    });

    it('can be sent again, which voids the earlier link', async () => {
      const account = await registerOrganization(t);
      const first = await smtp.waitFor((e) => e.to.includes(account.email));
      const count = smtp.received.filter((e) => e.to.includes(account.email)).length;
      await t.http().post('/api/auth/resend-verification').send({ email: account.email, organizationSubdomain: account.subdomain }).expect(200);
      const second = await smtp.waitFor((e) => e.to.includes(account.email) && smtp.received.filter((x) => x.to.includes(account.email)).length > count);
      const oldToken = linkIn(first, '/verify-email?token=').searchParams.get('token')!;
      const newToken = linkIn(second, '/verify-email?token=').searchParams.get('token')!;
      expect(newToken).not.toBe(oldToken);
      await t.http().post('/api/auth/verify-email').send({ token: oldToken }).expect(400);
      await t.http().post('/api/auth/verify-email').send({ token: newToken }).expect(200);
    });

    it('asks for the token when it is missing', async () => {
      const res = await t.http().post('/api/auth/verify-email').send({}).expect(400);
      expect(res.body.message).toContain('Verification token is required');
    });
  });

  describe('sign-in', () => {
    it('signs in with email, password and organisation, and records the time', async () => {
      const account = await registerOrganization(t);
      const res = await t.http().post('/api/auth/login').send({
        email: account.email.toUpperCase(), password: account.password, organizationSubdomain: account.subdomain,
      }).expect(200);
      expect(typeof res.body.token).toBe('string');
      expect((await userRow(account.email)).lastLogin?.toISOString()).toBe('2025-09-08T08:00:00.000Z');
    });

    it('says only "Invalid credentials" for a wrong password, an unknown email or another organisation', async () => {
      const a = await registerOrganization(t);
      const b = await registerOrganization(t);
      for (const attempt of [
        { email: a.email, password: 'wrong password', organizationSubdomain: a.subdomain },
        { email: 'nobody@example.com', password: a.password, organizationSubdomain: a.subdomain },
        { email: a.email, password: a.password, organizationSubdomain: b.subdomain },
        { email: a.email, password: a.password, organizationSubdomain: 'no-such-school' },
      ]) {
        const res = await t.http().post('/api/auth/login').send(attempt).expect(401);
        expect(res.body).toEqual({ statusCode: 401, message: 'Invalid credentials', error: 'Unauthorized' });
      }
    });

    it('answers the validation messages for malformed sign-in input', async () => {
      const res = await t.http().post('/api/auth/login').send({ email: 'x', password: '123', organizationSubdomain: '' }).expect(400);
      expect(res.body.message).toContain('Invalid email address');
      expect(res.body.message).toContain('Password must be at least 6 characters');
      expect(res.body.message).toContain('Organization is required');
    });

    it('refuses a deactivated user, and their existing tokens stop working', async () => {
      const account = await registerOrganization(t);
      await t.http().get('/api/auth/user').set(...bearer(account.token)).expect(200);
      await t.get(MikroORM).em.getConnection().execute('UPDATE users SET is_active = false WHERE email = ?', [account.email]);
      const me = await t.http().get('/api/auth/user').set(...bearer(account.token)).expect(401);
      expect(me.body.message).toBe('Your session has ended. Please sign in again.');
      const login = await t.http().post('/api/auth/login').send({
        email: account.email, password: account.password, organizationSubdomain: account.subdomain,
      }).expect(403);
      expect(login.body.message).toBe('Your account has been deactivated. Please contact your administrator.');
    });

    it('ends a session at once when the token version is raised or the organisation is closed (read on every request)', async () => {
      const sql = (q: string, params: unknown[]) => t.get(MikroORM).em.getConnection().execute(q, params);
      const raised = await registerOrganization(t);
      await t.http().get('/api/auth/user').set(...bearer(raised.token)).expect(200);
      // What signing out everywhere and a password reset do (accounts.service.ts, auth.service.ts).
      await sql('UPDATE users SET token_version = token_version + 1 WHERE email = ?', [raised.email]);
      const ended = await t.http().get('/api/staff').set(...bearer(raised.token)).expect(401);
      expect(ended.body.message).toBe('Your session has ended. Please sign in again.');

      const closed = await registerOrganization(t);
      await t.http().get('/api/staff').set(...bearer(closed.token)).expect(200);
      await sql('UPDATE organizations SET is_active = false WHERE subdomain = ?', [closed.subdomain]);
      expect((await t.http().get('/api/auth/user').set(...bearer(closed.token)).expect(401)).body.message).toBe(
        'Your session has ended. Please sign in again.',
      );
    });
  });

  describe('session tokens', () => {
    const jwt = new JwtService();
    async function payloadOf(token: string) {
      return jwt.decode(token) as { sub: string; org: string; ver: number; sid: string; iss: string; aud: string; exp: number; iat: number };
    }

    it('carry issuer, audience and expiry', async () => {
      const account = await registerOrganization(t);
      const p = await payloadOf(account.token);
      expect(p).toMatchObject({ iss: 'duty-manager', aud: 'duty-manager' });
      expect(p.exp - p.iat).toBe(7 * 24 * 3600);
    });

    it('are refused when unsigned, signed with another algorithm or key, expired, or for another issuer or audience', async () => {
      const account = await registerOrganization(t);
      const { sub, org, ver, sid } = await payloadOf(account.token);
      const claims = { sub, org, ver, sid };
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const forged = [
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iss: 'duty-manager', aud: 'duty-manager', exp: 9999999999 })}.`,
        jwt.sign(claims, { secret: JWT_SECRET, algorithm: 'HS512', issuer: 'duty-manager', audience: 'duty-manager', expiresIn: '1h' }),
        jwt.sign(claims, { secret: 'another-secret-another-secret-1234', algorithm: 'HS256', issuer: 'duty-manager', audience: 'duty-manager', expiresIn: '1h' }),
        jwt.sign(claims, { secret: JWT_SECRET, algorithm: 'HS256', issuer: 'someone-else', audience: 'duty-manager', expiresIn: '1h' }),
        jwt.sign(claims, { secret: JWT_SECRET, algorithm: 'HS256', issuer: 'duty-manager', audience: 'another-app', expiresIn: '1h' }),
        jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, { secret: JWT_SECRET, algorithm: 'HS256', issuer: 'duty-manager', audience: 'duty-manager' }),
      ];
      for (const token of forged) {
        await t.http().get('/api/auth/user').set(...bearer(token)).expect(401);
      }
      await t.http().get('/api/auth/user').set(...bearer(account.token)).expect(200);
    });

    it('are checked by jsonwebtoken once, not on every request (verified-tokens.ts)', async () => {
      const account = await registerOrganization(t);
      const { sub, org, ver, sid } = await payloadOf(account.token);
      const fresh = jwt.sign({ sub, org, ver, sid }, { secret: JWT_SECRET, algorithm: 'HS256', issuer: 'duty-manager', audience: 'duty-manager', expiresIn: '1h' });
      const checks = jest.spyOn(PassportJwtStrategy as unknown as { JwtVerifier: (...args: unknown[]) => void }, 'JwtVerifier');
      try {
        for (let i = 0; i < 3; i += 1) await t.http().get('/api/auth/user').set(...bearer(fresh)).expect(200);
        expect(checks.mock.calls.filter(([token]) => token === fresh)).toHaveLength(1);
      } finally {
        checks.mockRestore();
      }
    });

    it('are refused once expired, and with another signature, after they were accepted', async () => {
      const account = await registerOrganization(t);
      const { sub, org, ver, sid } = await payloadOf(account.token);
      const shortLived = jwt.sign(
        { sub, org, ver, sid, exp: Math.floor(Date.now() / 1000) + 60 },
        { secret: JWT_SECRET, algorithm: 'HS256', issuer: 'duty-manager', audience: 'duty-manager' },
      );
      // Accepted, so its check is remembered (verified-tokens.ts) …
      await t.http().get('/api/auth/user').set(...bearer(shortLived)).expect(200);
      const [head, body, signature] = shortLived.split('.');
      const resigned = `${head}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      expect((await t.http().get('/api/auth/user').set(...bearer(resigned)).expect(401)).body.message).toBe('Your session has ended. Please sign in again.');
      // … and still ends with its exp: only the clock moves on (timers stay real, the server keeps running).
      jest.useFakeTimers({
        now: Date.now() + 61_000,
        doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      });
      try {
        const expired = await t.http().get('/api/auth/user').set(...bearer(shortLived)).expect(401);
        expect(expired.body.message).toBe('Your session has ended. Please sign in again.');
        await t.http().get('/api/auth/user').set(...bearer(account.token)).expect(200);
      } finally {
        jest.useRealTimers();
      }
    });

    it('cannot be moved to another organisation', async () => {
      const a = await registerOrganization(t);
      const b = await registerOrganization(t);
      const { sub, ver, sid } = await payloadOf(a.token);
      const { org: otherOrg } = await payloadOf(b.token);
      const moved = jwt.sign({ sub, org: otherOrg, ver, sid }, { secret: JWT_SECRET, algorithm: 'HS256', issuer: 'duty-manager', audience: 'duty-manager', expiresIn: '1h' });
      await t.http().get('/api/auth/user').set(...bearer(moved)).expect(401);
    });
  });

  describe('password reset', () => {
    async function requestReset(account: { email: string; subdomain: string }) {
      const before = smtp.received.length;
      const res = await t.http().post('/api/auth/forgot-password').send({ email: account.email, organizationSubdomain: account.subdomain }).expect(200);
      expect(res.body.message).toBe('If an account exists with that email, a password reset link has been sent.');
      const email = await smtp.waitFor((e, ) => e.to.includes(account.email) && /Reset/.test(e.subject) && smtp.received.indexOf(e) >= before);
      return linkIn(email, '/reset-password?token=').searchParams.get('token')!;
    }

    it('sets a new password, does not sign in, ends old sessions, and works once', async () => {
      const account = await registerOrganization(t);
      const token = await requestReset(account);
      const res = await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'brand new secret' }).expect(200);
      expect(res.body).toEqual({
        message: 'Your password has been reset. Please sign in with your new password.',
        email: account.email,
        organizationSubdomain: account.subdomain,
      });
      expect(res.body.token).toBeUndefined();

      await t.http().get('/api/auth/user').set(...bearer(account.token)).expect(401);
      await t.http().post('/api/auth/login').send({ email: account.email, password: account.password, organizationSubdomain: account.subdomain }).expect(401);
      await t.http().post('/api/auth/login').send({ email: account.email, password: 'brand new secret', organizationSubdomain: account.subdomain }).expect(200);
      const again = await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'third secret' }).expect(400);
      expect(again.body.message).toBe('This reset link is invalid or has expired. Please request a new one.');
    });

    it('expires after 30 minutes', async () => {
      const account = await registerOrganization(t);
      const token = await requestReset(account);
      clock.set(new Date('2025-09-08T08:30:01Z'));
      await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'brand new secret' }).expect(400);
    });

    it('checks the new password and the token', async () => {
      const short = await t.http().post('/api/auth/reset-password').send({ token: 'x', newPassword: '12345' }).expect(400);
      expect(short.body.message).toContain('Password must be at least 6 characters long');
      const none = await t.http().post('/api/auth/reset-password').send({ newPassword: '123456' }).expect(400);
      expect(none.body.message).toContain('Reset token is required');
      const forged = await t.http().post('/api/auth/reset-password').send({ token: 'not-a-real-token', newPassword: '123456' }).expect(400);
      expect(forged.body.message).toBe('This reset link is invalid or has expired. Please request a new one.');
    });

    it('answers the same for known and unknown emails, and emails only the known one', async () => {
      const account = await registerOrganization(t);
      const before = smtp.received.length;
      const known = await t.http().post('/api/auth/forgot-password').send({ email: account.email, organizationSubdomain: account.subdomain }).expect(200);
      const unknown = await t.http().post('/api/auth/forgot-password').send({ email: 'ghost@example.com', organizationSubdomain: account.subdomain }).expect(200);
      expect(unknown.body).toEqual(known.body);
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
      await smtp.waitFor((e) => e.to.includes(account.email) && smtp.received.indexOf(e) >= before);
      await t.get(OutboxWorker).finishSending();
      expect(smtp.received.slice(before).some((e) => e.to.includes('ghost@example.com'))).toBe(false);
    });
  });
  describe('emails unique per organisation', () => {
    it('lets one address hold an account in two organisations, each signing in to its own, revealing nothing', async () => {
      const a = await registerOrganization(t);
      const b = await registerOrganization(t, { email: a.email, password: 'another password' });
      const login = (subdomain: string, password: string) =>
        t.http().post('/api/auth/login').send({ email: a.email, password, organizationSubdomain: subdomain });
      const inA = (await login(a.subdomain, a.password).expect(200)).body.token as string;
      const inB = (await login(b.subdomain, 'another password').expect(200)).body.token as string;
      await login(a.subdomain, 'another password').expect(401);
      const meA = (await t.http().get('/api/auth/user').set(...bearer(inA)).expect(200)).body;
      const meB = (await t.http().get('/api/auth/user').set(...bearer(inB)).expect(200)).body;
      expect(meA.organization.subdomain).toBe(a.subdomain);
      expect(meB.organization.subdomain).toBe(b.subdomain);
      expect(meA.user.id).not.toBe(meB.user.id);
      const rows = await t.get(MikroORM).em.getConnection().execute('SELECT count(*)::int AS n FROM users WHERE email = ?', [a.email]);
      expect(rows[0].n).toBe(2);
    });

    it("invites an address that has an account in another organisation like any other, creating this organisation's own account", async () => {
      const a = await registerOrganization(t);
      const b = await registerOrganization(t);
      const res = await t.http().post('/api/staff').set(...bearer(b.token)).send({ name: 'Sue Supply', email: a.email, invite: true }).expect(201);
      expect(res.body).toMatchObject({ inviteStatus: 'invited', role: 'staff' });
      const invite = await smtp.waitFor((e) => e.to.includes(a.email) && /invited/.test(e.subject));
      const token = linkIn(invite, '/reset-password?token=').searchParams.get('token')!;
      await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'supply password' }).expect(200);
      await t.http().post('/api/auth/login').send({ email: a.email, password: 'supply password', organizationSubdomain: b.subdomain }).expect(200);
      // A's admin account is untouched.
      await t.http().post('/api/auth/login').send({ email: a.email, password: a.password, organizationSubdomain: a.subdomain }).expect(200);
      await t.http().post('/api/auth/login').send({ email: a.email, password: 'supply password', organizationSubdomain: a.subdomain }).expect(401);
    });

    it('throttles sign-ups per email before hashing, creating nothing once limited', async () => {
      await t.get(MikroORM).em.getConnection().execute('DELETE FROM rate_limit_buckets');
      const email = 'serial-signup@example.com';
      const signUp = (i: number) =>
        t.http().post('/api/auth/register').send({
          name: 'Sal Signup', email, password: 'secret12', organizationName: `Serial ${i}`, organizationSubdomain: `serial-${i}`,
        });
      for (let i = 0; i < REGISTER_LIMITS.email.limit; i += 1) await signUp(i).expect(201);
      const limited = await signUp(99).expect(429);
      expect(limited.body.message).toMatch(/^Too many sign-ups with this email\. Please wait \d+ minutes? and try again\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const em = t.get(MikroORM).em.fork();
      expect(await em.count(Organization, { subdomain: 'serial-99' })).toBe(0);
    });
  });

  describe('malformed session claims', () => {
    const jwt = new JwtService();
    const sign = (claims: object, expiresIn?: '1h') =>
      jwt.sign(claims, { secret: JWT_SECRET, algorithm: 'HS256', issuer: 'duty-manager', audience: 'duty-manager', ...(expiresIn && { expiresIn }) });

    it('answers 401 to a correctly signed token whose sub or org is not a UUID, or that has no expiry', async () => {
      const account = await registerOrganization(t);
      const { sub, org, ver, sid } = jwt.decode(account.token) as { sub: string; org: string; ver: number; sid: string };
      for (const token of [
        sign({ sub: 'not-a-uuid', org, ver, sid }, '1h'),
        sign({ sub, org: "x' or 1=1", ver, sid }, '1h'),
        sign({ sub: 42, org, ver, sid }, '1h'),
        sign({ sub, org, ver: '0', sid }, '1h'),
        sign({ sub, org, ver, sid }),
        // Every session names its server-side session (docs/security.md, "Sessions").
        sign({ sub, org, ver }, '1h'),
        sign({ sub, org, ver, sid: 'not-a-uuid' }, '1h'),
      ]) {
        const res = await t.http().get('/api/auth/user').set(...bearer(token)).expect(401);
        expect(res.body.message).toBe('Your session has ended. Please sign in again.');
      }
      await t.http().get('/api/auth/user').set(...bearer(sign({ sub, org, ver, sid }, '1h'))).expect(200);
    });
  });

  describe('resend verification', () => {
    it('answers before doing any account-dependent work', async () => {
      const account = await registerOrganization(t);
      await smtp.waitFor((e) => e.to.includes(account.email) && /Verify/.test(e.subject));
      const count = () => smtp.received.filter((e) => e.to.includes(account.email)).length;
      const before = count();
      const em = t.get(MikroORM).em.fork();
      // Hold the account's verification tokens locked: work done before answering would wait
      // for the lock, so only an answer given first can arrive while it is held.
      await em.transactional(async (tx) => {
        await tx.getConnection().execute(
          'SELECT t.id FROM email_verification_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = ? FOR UPDATE',
          [account.email],
          'all',
          tx.getTransactionContext(),
        );
        const res = await t.http().post('/api/auth/resend-verification').send({ email: account.email, organizationSubdomain: account.subdomain }).expect(200);
        expect(res.body.message).toBe('If that account still needs verifying, a new verification email has been sent.');
      });
      // Once the lock is released, the new link is sent.
      await smtp.waitFor(() => count() > before);
    });
  });
  describe('sign-in handoff codes', () => {
    async function issueFor(email: string): Promise<string> {
      const em = t.get(MikroORM).em.fork();
      const user = await TenantContext.runUnscoped(() => em.findOneOrFail(User, { email }));
      const code = TransactionContext.create(em, () => t.get(SessionHandoffService).issue(user));
      await em.flush();
      return code;
    }

    it('gives a session for the code, once', async () => {
      const account = await registerOrganization(t);
      const code = await issueFor(account.email);
      const res = await t.http().post('/api/auth/handoff').send({ code }).expect(200);
      const me = await t.http().get('/api/auth/user').set(...bearer(res.body.token)).expect(200);
      expect(me.body.user.email).toBe(account.email);
      expect(me.body.organization.subdomain).toBe(account.subdomain);

      const again = await t.http().post('/api/auth/handoff').send({ code }).expect(400);
      expect(again.body.message).toBe('This sign-in link has expired or was already used. Please sign in again.');
    });

    it('refuses an expired code, an unknown one, an inactive account and a malformed body', async () => {
      const account = await registerOrganization(t);
      const code = await issueFor(account.email);
      clock.set(new Date(Date.parse('2025-09-08T08:00:00Z') + HANDOFF_TTL_MS + 1000));
      await t.http().post('/api/auth/handoff').send({ code }).expect(400);
      clock.set(new Date('2025-09-08T08:00:00Z'));
      await t.http().post('/api/auth/handoff').send({ code: 'not-a-code' }).expect(400);

      const fresh = await issueFor(account.email);
      const em = t.get(MikroORM).em.fork();
      await TenantContext.runUnscoped(() => em.nativeUpdate(User, { email: account.email }, { isActive: false }));
      await t.http().post('/api/auth/handoff').send({ code: fresh }).expect(400);

      const bad = await t.http().post('/api/auth/handoff').send({}).expect(400);
      expect(bad.body.message).toContain('Sign-in code is required');
    });
  });
});
