import { MikroORM, TransactionContext } from '@mikro-orm/core';
import { generate } from 'otplib';
import { type FixedClock, Clock } from '../src/common/clock/clock';
import { User } from '../src/modules/auth/entities/user.entity';
import { SessionHandoffService } from '../src/modules/auth/session-handoff.service';
import { TotpClock } from '../src/modules/auth/two-factor.service';
import { CHALLENGE_TTL_MS } from '../src/modules/auth/two-factor-challenges.service';
import { TenantContext } from '../src/tenancy/tenant-context';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotOrganization } from './support/db-snapshot';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

const SETUP_REQUIRED = 'Your organisation requires two-step verification for admins. Turn it on to continue.';

describe('two-step verification', () => {
  let t: TestApp;
  let clock: FixedClock;
  /** The time codes are checked against (the real time in the app; moved by the tests here). */
  let totpNow: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    clock = t.get(Clock) as FixedClock;
    // The start of a 30-second step, so "now" and its neighbours are whole steps.
    totpNow = Math.floor(Date.now() / 1000 / 30) * 30;
    jest.spyOn(t.get(TotpClock), 'nowSeconds').mockImplementation(() => totpNow);
  });

  afterAll(() => t.close());

  beforeEach(() => clock.set(new Date('2025-09-08T08:00:00Z')));

  /** The code an authenticator app shows now for `secret`; each call first moves time on a step, so no two codes are of one step. */
  async function nextCode(secret: string): Promise<string> {
    totpNow += 30;
    return generate({ secret, epoch: totpNow });
  }

  /** A six-digit code that is not the current one (nor its neighbours). */
  async function wrongCode(secret: string): Promise<string> {
    const near = await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: totpNow + d })));
    return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
  }

  const http = () => t.http();
  const as = (token: string) => bearer(token);

  async function userOf(email: string): Promise<User> {
    const em = t.get(MikroORM).em.fork();
    return TenantContext.runUnscoped(() => em.findOneOrFail(User, { email }));
  }

  /** Turns two-step verification on for `account` through the API; returns the secret and the recovery codes. */
  async function turnOn(account: { token: string; password: string }): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await http().post('/api/auth/two-factor/setup').set(...as(account.token)).send({ password: account.password }).expect(200);
    const secret = setup.body.secret as string;
    const enabled = await http().post('/api/auth/two-factor/enable').set(...as(account.token)).send({ code: await nextCode(secret) }).expect(200);
    return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  const login = (account: Account) =>
    http().post('/api/auth/login').send({ email: account.email, password: account.password, organizationSubdomain: account.subdomain });

  async function challengeFor(account: Account): Promise<string> {
    const res = await login(account).expect(200);
    expect(res.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    return res.body.challenge as string;
  }

  const secondStep = (challenge: string, code: string) => http().post('/api/auth/login/two-factor').send({ challenge, code });

  async function bucket(key: string): Promise<number> {
    const rows = await t.get(MikroORM).em.getConnection().execute<{ count: number }[]>('select count from rate_limit_buckets where key = ?', [key]);
    return rows[0]?.count ?? 0;
  }

  async function auditOf(subdomain: string, action: string): Promise<{ summary: string; actor_name: string }[]> {
    return t.get(MikroORM).em.getConnection().execute(
      `select a.summary, a.actor_name from audit_entries a join organizations o on o.id = a.organization_id
        where o.subdomain = ? and a.action = ? order by a.id`,
      [subdomain, action],
    );
  }

  it('is turned on with the password, a QR code’s secret and a first code: a wrong code is refused, the right one gives ten recovery codes', async () => {
    const account = await registerOrganization(t, { organizationName: 'St Mary’s Primary' });
    const setup = http().post('/api/auth/two-factor/setup').set(...as(account.token));
    expect((await setup.send({}).expect(400)).body.code).toBe('password_required');
    const wrongPassword = await http().post('/api/auth/two-factor/setup').set(...as(account.token)).send({ password: 'not my password' }).expect(403);
    expect(wrongPassword.body).toMatchObject({ code: 'password_incorrect' });

    const res = await http().post('/api/auth/two-factor/setup').set(...as(account.token)).send({ password: account.password }).expect(200);
    const secret = res.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(res.body.otpauthUri as string);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Duty Manager:St Mary’s Primary: ${account.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Duty Manager');
    expect(uri.searchParams.get('secret')).toBe(secret);

    const wrong = await http().post('/api/auth/two-factor/enable').set(...as(account.token)).send({ code: await wrongCode(secret) }).expect(400);
    expect(wrong.body.code).toBe('two_factor_code_incorrect');
    expect((await http().get('/api/auth/two-factor').set(...as(account.token)).expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // Until it is on, signing in asks for nothing more.
    expect((await login(account).expect(200)).body.token).toEqual(expect.any(String));

    const enabled = await http().post('/api/auth/two-factor/enable').set(...as(account.token)).send({ code: await nextCode(secret) }).expect(200);
    const codes = enabled.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect((await http().get('/api/auth/two-factor').set(...as(account.token)).expect(200)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await http().get('/api/auth/user').set(...as(account.token)).expect(200)).body.user).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });

    // The recovery codes are stored hashed, never as they were shown.
    const stored = await t.get(MikroORM).em.getConnection().execute<{ code_hash: string }[]>(
      'select code_hash from two_factor_recovery_codes where user_id = ?',
      [(await userOf(account.email)).id],
    );
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(codes.some((c) => code_hash.includes(c) || code_hash.includes(c.replace(/-/g, '')))).toBe(false);
    expect(await auditOf(account.subdomain, 'account.two-factor-on')).toEqual([{ summary: 'Turned on two-step verification', actor_name: 'Ann Admin' }]);
    // A second setup is refused while it is on.
    await http().post('/api/auth/two-factor/setup').set(...as(account.token)).send({ password: account.password }).expect(409);
  });

  it('asks for the second step after the password; a wrong code is refused and counted, the right one signs in, a replayed one is refused', async () => {
    const account = await registerOrganization(t);
    const { secret } = await turnOn(account);
    const userId = (await userOf(account.email)).id;

    const challenge = await challengeFor(account);
    const wrong = await secondStep(challenge, await wrongCode(secret)).expect(401);
    expect(wrong.body).toMatchObject({ message: 'That code is not correct. Please try again.', code: 'two_factor_code_incorrect' });
    expect(await bucket(`two-factor:user:${userId}`)).toBe(1);

    const code = await nextCode(secret);
    const ok = await secondStep(challenge, code).expect(200);
    const me = await http().get('/api/auth/user').set(...as(ok.body.token)).expect(200);
    expect(me.body.user.email).toBe(account.email);
    expect(me.body.user.lastLogin).toBe('2025-09-08T08:00:00.000Z');
    // A right code clears the account's count.
    expect(await bucket(`two-factor:user:${userId}`)).toBe(0);

    // The challenge is used up, and the code can't be used again, even within its 30 seconds.
    expect((await secondStep(challenge, await nextCode(secret)).expect(400)).body.code).toBe('two_factor_challenge_invalid');
    const again = await challengeFor(account);
    await secondStep(again, code).expect(401);
    await secondStep(again, await nextCode(secret)).expect(200);
  });

  it('stops taking codes after five wrong ones for the account, even the right one, and counts them against the address', async () => {
    const account = await registerOrganization(t);
    const { secret } = await turnOn(account);
    const challenge = await challengeFor(account);
    await t.get(MikroORM).em.getConnection().execute("delete from rate_limit_buckets where key like 'login:address:%'");
    for (let i = 0; i < 5; i += 1) await secondStep(challenge, await wrongCode(secret)).expect(401);
    const limited = await secondStep(challenge, await nextCode(secret)).expect(429);
    expect(limited.body.message).toMatch(/^Too many wrong codes for this account\. Please wait \d+ minutes? and try again\.$/);
    const [address] = await t.get(MikroORM).em.getConnection().execute<{ n: number }[]>(
      "select coalesce(sum(count), 0)::int as n from rate_limit_buckets where key like 'login:address:%'",
    );
    expect(address!.n).toBeGreaterThanOrEqual(6);
  });

  it('signs in with a recovery code (typed any way) once', async () => {
    const account = await registerOrganization(t);
    const { recoveryCodes } = await turnOn(account);
    const typed = ` ${recoveryCodes[3]!.toUpperCase().replace(/-/g, ' ')} `;
    const ok = await secondStep(await challengeFor(account), typed).expect(200);
    expect((await http().get('/api/auth/two-factor').set(...as(ok.body.token)).expect(200)).body).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    await secondStep(await challengeFor(account), recoveryCodes[3]!).expect(401);
    await secondStep(await challengeFor(account), recoveryCodes[4]!).expect(200);
  });

  it('lets the second step expire after five minutes', async () => {
    const account = await registerOrganization(t);
    const { secret } = await turnOn(account);
    const challenge = await challengeFor(account);
    clock.set(new Date(Date.parse('2025-09-08T08:00:00Z') + CHALLENGE_TTL_MS + 1000));
    const res = await secondStep(challenge, await nextCode(secret)).expect(400);
    expect(res.body.message).toBe('Your sign-in has expired. Please sign in again.');
  });

  it('asks for the second step when a handoff code is redeemed too', async () => {
    const account = await registerOrganization(t);
    const { secret } = await turnOn(account);
    const em = t.get(MikroORM).em.fork();
    const user = await TenantContext.runUnscoped(() => em.findOneOrFail(User, { email: account.email }));
    const code = TransactionContext.create(em, () => t.get(SessionHandoffService).issue(user));
    await em.flush();
    const res = await http().post('/api/auth/handoff').send({ code }).expect(200);
    expect(res.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const ok = await secondStep(res.body.challenge as string, await nextCode(secret)).expect(200);
    await http().get('/api/auth/user').set(...as(ok.body.token)).expect(200);
  });

  it('is turned off with the password and a code; then signing in asks for the password only', async () => {
    const account = await registerOrganization(t);
    const { secret } = await turnOn(account);
    const off = () => http().post('/api/auth/two-factor/disable').set(...as(account.token));
    expect((await off().send({ password: account.password }).expect(400)).body.code).toBe('two_factor_code_required');
    expect((await off().send({ code: await nextCode(secret) }).expect(400)).body.code).toBe('password_required');
    expect((await off().send({ password: 'wrong password', code: await nextCode(secret) }).expect(403)).body.code).toBe('password_incorrect');
    expect((await off().send({ password: account.password, code: await wrongCode(secret) }).expect(403)).body.code).toBe('two_factor_code_incorrect');
    expect((await off().send({ password: account.password, code: await nextCode(secret) }).expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    expect((await login(account).expect(200)).body).toEqual({ token: expect.any(String) });
    const userId = (await userOf(account.email)).id;
    const left = await t.get(MikroORM).em.getConnection().execute('select 1 from two_factor_recovery_codes where user_id = ?', [userId]);
    expect(left).toHaveLength(0);
    expect(await auditOf(account.subdomain, 'account.two-factor-off')).toEqual([{ summary: 'Turned off two-step verification', actor_name: 'Ann Admin' }]);
  });

  it('asks for a code, as well as the password, to save a sensitive setting once it is on', async () => {
    const account = await registerOrganization(t);
    const save = (body: object) => http().post('/api/auto-approval-settings').set(...as(account.token)).send({ swaps: true, ...body });
    await save({ adminPassword: account.password }).expect(200);
    const { secret } = await turnOn(account);
    expect((await save({ adminPassword: account.password }).expect(400)).body.code).toBe('two_factor_code_required');
    expect((await save({ adminPassword: account.password, twoFactorCode: await wrongCode(secret) }).expect(403)).body.code).toBe('two_factor_code_incorrect');
    await save({ adminPassword: account.password, twoFactorCode: await nextCode(secret) }).expect(200);
  });

  describe('when the organisation requires it of admins', () => {
    it('can be required only by an admin who has it on, with the password and a code, and the change is logged', async () => {
      const account = await registerOrganization(t);
      const save = (body: object) => http().post('/api/settings/two-factor-requirement').set(...as(account.token)).send(body);
      const first = await save({ requireAdminTwoFactor: true, password: account.password }).expect(409);
      expect(first.body).toMatchObject({ code: 'two_factor_not_enabled' });
      const { secret } = await turnOn(account);
      expect((await save({ requireAdminTwoFactor: true, password: account.password }).expect(400)).body.code).toBe('two_factor_code_required');
      const saved = await save({ requireAdminTwoFactor: true, password: account.password, code: await nextCode(secret) }).expect(200);
      expect(saved.body).toEqual({ requireAdminTwoFactor: true, adminsWithoutTwoFactor: 0 });
      expect((await http().get('/api/settings/two-factor-requirement').set(...as(account.token)).expect(200)).body).toEqual(saved.body);
      expect(await auditOf(account.subdomain, 'settings.two-factor-requirement')).toEqual([
        { summary: 'Required two-step verification for admins', actor_name: 'Ann Admin' },
      ]);
    });

    it('gives an admin without it a session that reaches only its setup, until they turn it on', async () => {
      const account = await registerOrganization(t);
      const { secret } = await turnOn(account);
      const other = await memberWithRole(t, account, 'admin', 'Second Admin');
      const staff = await memberWithRole(t, account, 'staff', 'Plain Staff');
      // A session from before the requirement is limited as much as a new one.
      const earlier = other.token;
      await http()
        .post('/api/settings/two-factor-requirement')
        .set(...as(account.token))
        .send({ requireAdminTwoFactor: true, password: account.password, code: await nextCode(secret) })
        .expect(200);

      const signIn = await http().post('/api/auth/login').send({ email: other.email, password: account.password, organizationSubdomain: account.subdomain }).expect(200);
      const limited = signIn.body.token as string;
      expect(limited).toEqual(expect.any(String));
      for (const token of [limited, earlier]) {
        const me = await http().get('/api/auth/user').set(...as(token)).expect(200);
        expect(me.body.user).toMatchObject({ name: 'Second Admin', twoFactorEnabled: false, twoFactorSetupRequired: true });
        for (const url of ['/api/staff', '/api/system-settings', '/api/settings/two-factor-requirement', '/api/current-week']) {
          const refused = await http().get(url).set(...as(token)).expect(403);
          expect(refused.body).toMatchObject({ message: SETUP_REQUIRED, code: 'two_factor_setup_required' });
        }
        await http().post('/api/staff').set(...as(token)).send({ name: 'Sneaky New', email: 'sneaky@a.example' }).expect(403);
        await http().get('/api/auth/two-factor').set(...as(token)).expect(200);
      }
      // Staff and managers are not concerned.
      await http().get('/api/staff').set(...as(staff.token)).expect(200);
      expect((await http().get('/api/settings/two-factor-requirement').set(...as(account.token)).expect(200)).body.adminsWithoutTwoFactor).toBe(1);

      await turnOn({ token: limited, password: account.password });
      await http().get('/api/staff').set(...as(limited)).expect(200);
      expect((await http().get('/api/auth/user').set(...as(limited)).expect(200)).body.user.twoFactorSetupRequired).toBe(false);
    });
  });

  it('keeps every route to the caller’s own account: another organisation’s admin can’t touch this account’s two-step verification', async () => {
    const a = await registerOrganization(t);
    const b = await registerOrganization(t, { password: a.password });
    const { secret } = await turnOn(a);
    const orgA = (await userOf(a.email)).organization.id;
    const before = await snapshotOrganization(t, orgA);
    // B's admin, holding A's password and a current code of A's, reaches only B's own account.
    const code = await nextCode(secret);
    await http().post('/api/auth/two-factor/disable').set(...as(b.token)).send({ password: a.password, code }).expect(409);
    await http().post('/api/auth/two-factor/recovery-codes').set(...as(b.token)).send({ password: a.password, code }).expect(409);
    await http().post('/api/auth/two-factor/enable').set(...as(b.token)).send({ code }).expect(400);
    await http()
      .post('/api/settings/two-factor-requirement')
      .set(...as(b.token))
      .send({ requireAdminTwoFactor: false, password: a.password })
      .expect(200);
    expect((await http().get('/api/auth/two-factor').set(...as(b.token)).expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await snapshotOrganization(t, orgA)).toEqual(before);
    // And A's challenge is A's: answering it signs in A, never B.
    const ok = await secondStep(await challengeFor(a), await nextCode(secret)).expect(200);
    expect((await http().get('/api/auth/user').set(...as(ok.body.token)).expect(200)).body.user.email).toBe(a.email);
  });
});
