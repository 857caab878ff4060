import { createHash } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { PASSWORD_SIGN_IN_OFF } from '../src/modules/auth/sign-in-policy';
import { LAST_WAY_IN, NO_WAY_IN } from '../src/modules/sso/sign-in-settings.service';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase } from './support/db-snapshot';
import { memberWithRole } from './support/members';
import { CLIENT_ID, CLIENT_SECRET, startTestProviders, TENANT_A, TENANT_B, type TestAccount, type TestProviders } from './support/openid-provider';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Signing in with Google, Microsoft or another OpenID Provider, against real OpenID Providers
 * running in this process (test/support/openid-provider.ts): the app discovers them, sends the
 * "browser" there, and validates what comes back with openid-client, exactly as in production.
 */
const APP_URL = 'http://localhost:3999';
const CALLBACK = `${APP_URL}/api/auth/sso/callback`;

type Kind = 'google' | 'microsoft' | 'oidc';

interface Outcome {
  /** The `sso_error` the browser was sent to the sign-in page with. */
  refused?: string;
  /** Who the one-time code signed in, when it did. */
  user?: { id: string; email: string; role: string; name: string };
  organizationId?: string;
  /** The browser's last stop at the app. */
  location: string;
}

describe('sign-in through an identity provider', () => {
  let t: TestApp;
  let op: TestProviders;
  let a: Account;
  let b: Account;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  let counter = 0;
  const next = () => (counter += 1);

  beforeAll(async () => {
    op = await startTestProviders(CALLBACK);
    t = await createTestApp({ env: { APP_URL, OIDC_GOOGLE_ISSUER: op.google, OIDC_MICROSOFT_AUTHORITY: op.microsoftAuthority } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
    a = await registerOrganization(t);
    b = await registerOrganization(t);
  });

  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  afterEach(() => op.expireCodes(false));

  const google = (admin: Account, allowedDomains: string[], extra: object = {}) =>
    t
      .http()
      .put('/api/sign-in-settings/google')
      .set(...bearer(admin.token))
      .send({ password: admin.password, enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, allowedDomains, ...extra })
      .expect(200);
  const microsoft = (admin: Account, allowedTenantIds: string[]) =>
    t
      .http()
      .put('/api/sign-in-settings/microsoft')
      .set(...bearer(admin.token))
      .send({ password: admin.password, enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, allowedTenantIds })
      .expect(200);
  const options = (admin: Account, joinRule: 'refuse' | 'join_as_staff', passwordSignIn = true) =>
    t.http().put('/api/sign-in-settings').set(...bearer(admin.token)).send({ password: admin.password, joinRule, passwordSignIn }).expect(200);

  /** The app's cookie in "the browser" (the last one the start set), as a Cookie header. */
  let appCookie: string | undefined;

  /** The start: where the app sends the browser (the provider, or the sign-in page with a reason). */
  async function start(kind: Kind, subdomain: string): Promise<string> {
    let req = t.http().get(`/api/auth/sso/start?provider=${kind}&organization=${subdomain}`);
    if (appCookie) req = req.set('Cookie', appCookie);
    const res = await req.expect(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const set = (res.headers['set-cookie'] as unknown as string[] | undefined)?.[0];
    if (set) appCookie = set.split(';')[0];
    return res.headers.location as string;
  }

  /** The callback at the app, with the query the provider sent the browser back with, from this browser (or `cookie`'s). */
  async function callback(url: URL | string, cookie: string | null | undefined = appCookie): Promise<Outcome> {
    const { pathname, search } = new URL(url, APP_URL);
    expect(pathname).toBe('/api/auth/sso/callback');
    let req = t.http().get(`${pathname}${search}`);
    if (cookie) req = req.set('Cookie', cookie);
    const res = await req.expect(302);
    return land(res.headers.location as string);
  }

  /** Where the callback sent the browser: the sign-in page with a reason, or /continue with a code, redeemed here. */
  async function land(location: string): Promise<Outcome> {
    const url = new URL(location);
    expect(url.origin).toBe(APP_URL);
    if (url.pathname === '/login') return { refused: url.searchParams.get('sso_error') ?? '(none)', location };
    expect(url.pathname).toBe('/continue');
    const code = new URLSearchParams(url.hash.slice(1)).get('code')!;
    const session = await t.http().post('/api/auth/handoff').send({ code }).expect(200);
    const me = await t.http().get('/api/auth/user').set(...bearer(session.body.token as string)).expect(200);
    return { user: me.body.user, organizationId: me.body.organization.id, location };
  }

  /** The whole round trip as `account`: button, provider's login, callback, code. */
  async function signIn(kind: Kind, subdomain: string, account: TestAccount): Promise<Outcome> {
    op.signInAs(account);
    const location = await start(kind, subdomain);
    if (location.startsWith(APP_URL)) return land(location);
    return callback(await op.throughProvider(location));
  }

  const person = (domain: string, extra: Partial<TestAccount> = {}): TestAccount => {
    const n = next();
    return { sub: `person-${n}`, email: `person${n}@${domain}`, email_verified: true, name: `Person ${n}`, ...extra };
  };

  /** A staff member of `admin`'s organisation who can sign in (invited), with this email. */
  async function staffMember(admin: Account, email: string, name = 'Sam Staff'): Promise<string> {
    const res = await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name, email, invite: true }).expect(201);
    return res.body.id as string;
  }

  const stateOf = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get('state')!;
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');

  describe('Google', () => {
    beforeAll(async () => {
      await google(a, ['stmarys.example', 'members.example']);
      await options(a, 'refuse');
    });

    it('signs in the account with the verified email of an allowed Workspace domain, asking for openid email profile with PKCE, and keeps its role', async () => {
      const email = `sam-${next()}@stmarys.example`;
      await staffMember(a, email, 'Sam Staff');
      op.signInAs({ sub: 'sam', email: email.toUpperCase(), email_verified: true, hd: 'stmarys.example' });
      const authorize = new URL(await start('google', a.subdomain));
      expect(authorize.href.startsWith(`${op.google}/`)).toBe(true);
      expect(Object.fromEntries(authorize.searchParams)).toEqual({
        client_id: CLIENT_ID,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: 'openid email profile',
        state: expect.any(String),
        nonce: expect.any(String),
        code_challenge: expect.any(String),
        code_challenge_method: 'S256',
      });
      const outcome = await callback(await op.throughProvider(authorize.href));
      expect(outcome.user).toMatchObject({ email, role: 'staff', name: 'Sam Staff', emailVerified: true });

      // A manager stays a manager: the provider changes nobody's role.
      const manager = await memberWithRole(t, a, 'manager', 'Mo Manager');
      const again = await signIn('google', a.subdomain, { sub: 'mo', email: manager.email, email_verified: true, hd: 'members.example' });
      expect(again.user).toMatchObject({ email: manager.email, role: 'manager' });
    });

    it('sends hd as a hint when exactly one domain is allowed (it only narrows the account picker)', async () => {
      const c = await registerOrganization(t);
      await google(c, ['only.example']);
      expect(new URL(await start('google', c.subdomain)).searchParams.get('hd')).toBe('only.example');
    });

    it('refuses an account of another Workspace domain, or of none (the hd claim in the ID token decides), signing nobody in', async () => {
      const email = `wrong-${next()}@stmarys.example`;
      await staffMember(a, email);
      expect((await signIn('google', a.subdomain, { sub: 'w1', email, email_verified: true, hd: 'elsewhere.example' })).refused).toBe('wrong_domain');
      expect((await signIn('google', a.subdomain, { sub: 'w2', email, email_verified: true })).refused).toBe('wrong_domain');
      expect(await sql("select count(*)::int as n from session_handoffs")).toEqual([{ n: 0 }]);
    });

    it('refuses an address the provider does not vouch for (email_verified false)', async () => {
      const email = `unverified-${next()}@stmarys.example`;
      await staffMember(a, email);
      expect((await signIn('google', a.subdomain, { sub: 'u1', email, email_verified: false, hd: 'stmarys.example' })).refused).toBe('unverified_email');
    });
  });

  describe('Microsoft', () => {
    it('signs in through the one allowed tenant, discovering that tenant’s own issuer', async () => {
      const c = await registerOrganization(t);
      await microsoft(c, [TENANT_A.toUpperCase()]);
      const email = `mia-${next()}@school.example`;
      await staffMember(c, email, 'Mia Microsoft');
      op.signInAs({ sub: 'mia', email, tid: TENANT_A, xms_edov: true });
      const authorize = await start('microsoft', c.subdomain);
      expect(authorize.startsWith(`${op.origin}/${TENANT_A}/v2.0/`)).toBe(true);
      expect((await callback(await op.throughProvider(authorize))).user).toMatchObject({ email, role: 'staff' });
    });

    it('refuses an address its tenant does not vouch for (no email_verified, no xms_edov)', async () => {
      const c = await registerOrganization(t);
      await microsoft(c, [TENANT_A]);
      const email = `una-${next()}@school.example`;
      await staffMember(c, email);
      expect((await signIn('microsoft', c.subdomain, { sub: 'una', email, tid: TENANT_A })).refused).toBe('unverified_email');
    });

    it('refuses an account whose tenant is not allowed', async () => {
      const c = await registerOrganization(t);
      await microsoft(c, [TENANT_A]);
      const email = `tia-${next()}@school.example`;
      await staffMember(c, email);
      expect((await signIn('microsoft', c.subdomain, { sub: 'tia', email, tid: TENANT_B, xms_edov: true })).refused).toBe('tenant_not_allowed');
    });

    describe('with several tenants (the multi-tenant endpoint, whose issuer is a template)', () => {
      let c: Account;
      beforeAll(async () => {
        c = await registerOrganization(t);
        await microsoft(c, [TENANT_A, TENANT_B]);
      });

      it('signs in an account of an allowed tenant whose ID token comes from its own tenant’s issuer', async () => {
        const email = `multi-${next()}@school.example`;
        await staffMember(c, email);
        op.signInAs({ sub: 'multi', email, tid: TENANT_A, xms_edov: true });
        const authorize = await start('microsoft', c.subdomain);
        expect(authorize.startsWith(`${op.origin}/organizations/v2.0/`)).toBe(true);
        expect((await callback(await op.throughProvider(authorize))).user).toMatchObject({ email });
      });

      it('refuses an ID token whose issuer is another tenant’s than its tid, though both tenants are allowed', async () => {
        const email = `mismatch-${next()}@school.example`;
        await staffMember(c, email);
        // The provider signs as tenant A; the account says it belongs to tenant B.
        expect((await signIn('microsoft', c.subdomain, { sub: 'mismatch', email, tid: TENANT_B, xms_edov: true })).refused).toBe('issuer_mismatch');
      });
    });
  });

  describe('another OpenID Provider', () => {
    let c: Account;
    beforeAll(async () => {
      c = await registerOrganization(t);
      await t
        .http()
        .put('/api/sign-in-settings/oidc')
        .set(...bearer(c.token))
        .send({ password: c.password, enabled: true, name: 'Trust Login', issuer: op.google, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET })
        .expect(200);
    });

    it('signs in anyone it vouches for with a verified email, and is listed with its name', async () => {
      expect((await t.http().get(`/api/auth/sso/providers?organization=${c.subdomain}`).expect(200)).body).toEqual({
        providers: [{ kind: 'oidc', name: 'Trust Login', startUrl: `${APP_URL}/api/auth/sso/start?provider=oidc&organization=${c.subdomain}` }],
      });
      const email = `olly-${next()}@anywhere.example`;
      await staffMember(c, email);
      expect((await signIn('oidc', c.subdomain, { sub: 'olly', email, email_verified: true })).user).toMatchObject({ email });
      expect((await signIn('oidc', c.subdomain, { sub: 'olly2', email, email_verified: false })).refused).toBe('unverified_email');
    });
  });

  describe('the attempt: state, nonce, PKCE, code', () => {
    beforeAll(async () => {
      await google(a, ['stmarys.example', 'members.example']);
    });

    it('refuses a callback whose state was already used (a replay) or never issued (a forgery)', async () => {
      const email = `replay-${next()}@stmarys.example`;
      await staffMember(a, email);
      op.signInAs({ sub: 'replay', email, email_verified: true, hd: 'stmarys.example' });
      const returned = await op.throughProvider(await start('google', a.subdomain));
      expect((await callback(returned)).user).toMatchObject({ email });
      expect((await callback(returned)).refused).toBe('expired');

      const forged = new URL(returned);
      forged.searchParams.set('state', 'a-state-this-app-never-issued');
      expect((await callback(forged)).refused).toBe('expired');
      expect((await callback(`${CALLBACK}?code=whatever`)).refused).toBe('expired');
    });

    it('finishes only in the browser that started it (a code and state sent to someone else sign nobody in)', async () => {
      appCookie = undefined;
      const email = `browser-${next()}@stmarys.example`;
      await staffMember(a, email);
      op.signInAs({ sub: 'browser', email, email_verified: true, hd: 'stmarys.example' });
      const res = await t.http().get(`/api/auth/sso/start?provider=google&organization=${a.subdomain}`).expect(302);
      const set = (res.headers['set-cookie'] as unknown as string[])[0]!;
      expect(set).toMatch(/^dm_sso_browser=[A-Za-z0-9_-]{43}; Path=\/api\/auth\/sso; Max-Age=600; HttpOnly; SameSite=Lax$/);
      const own = set.split(';')[0]!;
      const returned = await op.throughProvider(res.headers.location as string);

      expect((await callback(returned, null)).refused).toBe('other_browser');
      // The try used the attempt up: not even its own browser can finish it now.
      expect((await callback(returned, own)).refused).toBe('expired');

      // Another browser's cookie is no better than none.
      appCookie = undefined;
      const again = await op.throughProvider(await start('google', a.subdomain));
      expect(appCookie).not.toBe(own);
      expect((await callback(again, own)).refused).toBe('other_browser');

      // A browser keeps its cookie across attempts, so two tabs can sign in at once.
      const first = await start('google', a.subdomain);
      const cookieOfFirst = appCookie;
      const second = await start('google', a.subdomain);
      expect(appCookie).toBe(cookieOfFirst);
      const [returnedFirst, returnedSecond] = [await op.throughProvider(first), await op.throughProvider(second)];
      expect((await callback(returnedSecond)).user).toMatchObject({ email });
      expect((await callback(returnedFirst)).user).toMatchObject({ email });
    });

    it('refuses a sign-in that took longer than ten minutes', async () => {
      const email = `slow-${next()}@stmarys.example`;
      await staffMember(a, email);
      op.signInAs({ sub: 'slow', email, email_verified: true, hd: 'stmarys.example' });
      const authorize = await start('google', a.subdomain);
      const returned = await op.throughProvider(authorize);
      await sql("update sso_login_attempts set expires_at = now() - interval '1 second' where state_hash = ?", [hash(stateOf(authorize))]);
      expect((await callback(returned)).refused).toBe('expired');
    });

    it('refuses an ID token without the nonce the attempt keeps', async () => {
      const email = `nonce-${next()}@stmarys.example`;
      await staffMember(a, email);
      op.signInAs({ sub: 'nonce', email, email_verified: true, hd: 'stmarys.example' });
      const authorize = await start('google', a.subdomain);
      const returned = await op.throughProvider(authorize);
      const [changed] = await sql("update sso_login_attempts set nonce = 'another-nonce' where state_hash = ? returning id", [hash(stateOf(authorize))]);
      expect(changed).toBeDefined();
      expect((await callback(returned)).refused).toBe('failed');
    });

    it('refuses an expired authorisation code (the provider turns the exchange down)', async () => {
      const email = `code-${next()}@stmarys.example`;
      await staffMember(a, email);
      op.signInAs({ sub: 'code', email, email_verified: true, hd: 'stmarys.example' });
      const returned = await op.throughProvider(await start('google', a.subdomain));
      op.expireCodes(true);
      expect((await callback(returned)).refused).toBe('failed');
    });

    it('says "cancelled" when the person turns the request down at the provider', async () => {
      const state = stateOf(await start('google', a.subdomain));
      expect((await callback(`${CALLBACK}?error=access_denied&state=${state}`)).refused).toBe('cancelled');
    });

    it('keeps the nonce and verifier server-side: the browser gets only the state and the challenge', async () => {
      const authorize = new URL(await start('google', a.subdomain));
      const [row] = await sql('select nonce, code_verifier, expires_at - created_at as ttl from sso_login_attempts where state_hash = ?', [
        hash(stateOf(authorize.href)),
      ]);
      expect(row).toBeDefined();
      expect(authorize.searchParams.get('nonce')).toBe(row!.nonce);
      expect(authorize.href).not.toContain(row!.code_verifier as string);
      expect(authorize.searchParams.get('code_challenge')).toBe(createHash('sha256').update(row!.code_verifier as string).digest('base64url'));
    });
  });

  describe('who gets in', () => {
    let c: Account;
    beforeAll(async () => {
      c = await registerOrganization(t);
      await google(c, ['join.example']);
    });

    it('refuses an unknown address when joining is off, making no account', async () => {
      await options(c, 'refuse');
      const someone = person('join.example', { hd: 'join.example' });
      expect((await signIn('google', c.subdomain, someone)).refused).toBe('no_account');
      expect(await sql('select count(*)::int as n from users where email = ?', [someone.email])).toEqual([{ n: 0 }]);
    });

    it('lets an unknown address join as staff when the organisation allows it: a staff account and a staff record, in the activity log', async () => {
      await options(c, 'join_as_staff');
      const someone = person('join.example', { hd: 'join.example', name: 'Jo Joiner' });
      const outcome = await signIn('google', c.subdomain, someone);
      expect(outcome.user).toMatchObject({ email: someone.email, role: 'staff', name: 'Jo Joiner', emailVerified: true });
      const staff = await t.http().get('/api/staff').set(...bearer(c.token)).expect(200);
      expect(staff.body).toContainEqual(expect.objectContaining({ email: someone.email, name: 'Jo Joiner', userId: outcome.user!.id, role: 'staff', isActive: true }));
      const log = await t.http().get('/api/audit-log?kind=staff').set(...bearer(c.token)).expect(200);
      expect(log.body.items[0]).toMatchObject({ action: 'staff.joined', actorName: 'Jo Joiner', summary: 'Jo Joiner joined as staff by signing in with Google' });
    });

    it('never makes a joiner an admin, even with the address of an admin of another organisation', async () => {
      await options(c, 'join_as_staff');
      const outcome = await signIn('google', c.subdomain, { sub: 'other-admin', email: a.email, email_verified: true, hd: 'join.example' });
      expect(outcome.user).toMatchObject({ email: a.email, role: 'staff' });
    });

    it('gives someone on the staff list an account whatever the join rule (the school already knows them)', async () => {
      await options(c, 'refuse');
      const someone = person('join.example', { hd: 'join.example' });
      const staffId = (await t.http().post('/api/staff').set(...bearer(c.token)).send({ name: 'Listed Person', email: someone.email }).expect(201)).body.id as string;
      const outcome = await signIn('google', c.subdomain, someone);
      expect(outcome.user).toMatchObject({ email: someone.email, role: 'staff', name: 'Listed Person' });
      const staff = await t.http().get('/api/staff').set(...bearer(c.token)).expect(200);
      expect(staff.body).toContainEqual(expect.objectContaining({ id: staffId, userId: outcome.user!.id }));
    });

    it('refuses a deactivated person, with an account or only a staff record, under either join rule', async () => {
      await options(c, 'join_as_staff');
      const withAccount = person('join.example', { hd: 'join.example' });
      const staffId = await staffMember(c, withAccount.email!);
      await t.http().put(`/api/staff/${staffId}`).set(...bearer(c.token)).send({ isActive: false }).expect(200);
      expect((await signIn('google', c.subdomain, withAccount)).refused).toBe('inactive');

      const recordOnly = person('join.example', { hd: 'join.example' });
      await t.http().post('/api/staff').set(...bearer(c.token)).send({ name: 'Left Already', email: recordOnly.email }).expect(201);
      const left = (await t.http().get('/api/staff').set(...bearer(c.token))).body.find((s: { email: string }) => s.email === recordOnly.email);
      await t.http().put(`/api/staff/${left.id as string}`).set(...bearer(c.token)).send({ isActive: false }).expect(200);
      expect((await signIn('google', c.subdomain, recordOnly)).refused).toBe('inactive');
      expect(await sql('select count(*)::int as n from users where email = ?', [recordOnly.email])).toEqual([{ n: 0 }]);
    });
  });

  describe('organisations', () => {
    it('signs in only to the organisation the attempt was started for: another organisation’s account with the same email is not matched', async () => {
      const c = await registerOrganization(t);
      const d = await registerOrganization(t);
      await google(c, ['both.example']);
      await options(c, 'refuse');
      const email = `twice-${next()}@both.example`;
      await staffMember(d, email);
      // D has the account, C does not: signing in to C finds nothing, and C does not let people join.
      expect((await signIn('google', c.subdomain, { sub: 'twice', email, email_verified: true, hd: 'both.example' })).refused).toBe('no_account');
      // D has no provider turned on: its start goes nowhere.
      expect((await signIn('google', d.subdomain, { sub: 'twice', email, email_verified: true, hd: 'both.example' })).refused).toBe('unavailable');

      await staffMember(c, email, 'Twice in C');
      const outcome = await signIn('google', c.subdomain, { sub: 'twice', email, email_verified: true, hd: 'both.example' });
      expect(outcome.user).toMatchObject({ email, name: 'Twice in C' });
      const orgC = (await t.http().get('/api/auth/user').set(...bearer(c.token)).expect(200)).body.organization.id;
      expect(outcome.organizationId).toBe(orgC);
    });

    it('sends nobody anywhere for an unknown organisation or a provider that is off', async () => {
      expect(new URL(await start('google', 'no-such-school')).search).toBe('?sso_error=unavailable');
      expect(new URL(await start('microsoft', a.subdomain)).search).toBe('?sso_error=unavailable');
      expect((await t.http().get('/api/auth/sso/providers?organization=no-such-school').expect(200)).body).toEqual({ providers: [] });
    });
  });

  describe('password sign-in', () => {
    it('can be turned off for everyone but admins, once a provider is on, and a provider can’t then be turned off', async () => {
      const c = await registerOrganization(t);
      const staff = await memberWithRole(t, c, 'staff');
      const refused = await t.http().put('/api/sign-in-settings').set(...bearer(c.token)).send({ password: c.password, joinRule: 'refuse', passwordSignIn: false }).expect(400);
      expect(refused.body.message).toBe(NO_WAY_IN);

      await google(c, ['c.example']);
      await options(c, 'refuse', false);
      const login = (email: string) => t.http().post('/api/auth/login').send({ email, password: c.password, organizationSubdomain: c.subdomain });
      const staffLogin = await login(staff.email);
      expect({ status: staffLogin.status, message: staffLogin.body.message }).toEqual({ status: 403, message: PASSWORD_SIGN_IN_OFF });
      // A wrong password still reads as one: the rule says nothing about the account.
      const wrong = await t.http().post('/api/auth/login').send({ email: staff.email, password: 'not the password', organizationSubdomain: c.subdomain });
      expect(wrong.status).toBe(401);
      // Admins keep their password: a broken provider must not lock the school out of its settings.
      await login(c.email).expect(200);

      const off = await t
        .http()
        .put('/api/sign-in-settings/google')
        .set(...bearer(c.token))
        .send({ password: c.password, enabled: false, clientId: CLIENT_ID, allowedDomains: ['c.example'] })
        .expect(400);
      expect(off.body.message).toBe(LAST_WAY_IN);

      await options(c, 'refuse', true);
      await login(staff.email).expect(200);
    });
  });

  describe('the Sign-in settings (admins only)', () => {
    it('starts with everything off, and names the callback address to register', async () => {
      const c = await registerOrganization(t);
      const res = await t.http().get('/api/sign-in-settings').set(...bearer(c.token)).expect(200);
      expect(res.body).toEqual({
        joinRule: 'refuse',
        passwordSignIn: true,
        callbackUrl: CALLBACK,
        google: { enabled: false, clientId: '', clientSecretSet: false, allowedDomains: [] },
        microsoft: { enabled: false, clientId: '', clientSecretSet: false, allowedTenantIds: [] },
        oidc: { enabled: false, clientId: '', clientSecretSet: false, name: '', issuer: '' },
      });
    });

    it('never sends a client secret back, nor writes it to the activity log; an empty secret keeps the saved one', async () => {
      const c = await registerOrganization(t);
      const secret = `very-secret-${next()}`;
      const saved = await t
        .http()
        .put('/api/sign-in-settings/google')
        .set(...bearer(c.token))
        .send({ password: c.password, enabled: true, clientId: 'id.apps.googleusercontent.com', clientSecret: secret, allowedDomains: [' C.Example ', 'c.example', 'd.example'] })
        .expect(200);
      expect(saved.body.google).toEqual({ enabled: true, clientId: 'id.apps.googleusercontent.com', clientSecretSet: true, allowedDomains: ['c.example', 'd.example'] });
      const kept = await t
        .http()
        .put('/api/sign-in-settings/google')
        .set(...bearer(c.token))
        .send({ password: c.password, enabled: true, clientId: 'id.apps.googleusercontent.com', clientSecret: '', allowedDomains: ['c.example'] })
        .expect(200);
      expect(kept.body.google.clientSecretSet).toBe(true);
      const replaced = await t
        .http()
        .put('/api/sign-in-settings/google')
        .set(...bearer(c.token))
        .send({ password: c.password, enabled: true, clientId: 'id.apps.googleusercontent.com', clientSecret: `${secret}-2`, allowedDomains: ['c.example'] })
        .expect(200);
      const read = await t.http().get('/api/sign-in-settings').set(...bearer(c.token)).expect(200);
      const log = await t.http().get('/api/audit-log?kind=settings').set(...bearer(c.token)).expect(200);
      for (const body of [saved.body, kept.body, replaced.body, read.body, log.body]) expect(JSON.stringify(body)).not.toContain(secret);
      expect(log.body.items.slice(0, 3)).toEqual([
        expect.objectContaining({
          action: 'sign-in.google.updated',
          summary: 'Changed the settings of sign-in with Google',
          before: { clientSecret: '(set)' },
          after: { clientSecret: '(replaced)' },
        }),
        expect.objectContaining({ action: 'sign-in.google.updated', before: { allowedDomains: ['c.example', 'd.example'] }, after: { allowedDomains: ['c.example'] } }),
        expect.objectContaining({
          action: 'sign-in.google.updated',
          summary: 'Turned on sign-in with Google',
          after: { enabled: true, clientId: 'id.apps.googleusercontent.com', clientSecret: '(set)', allowedDomains: ['c.example', 'd.example'] },
        }),
      ]);
      await options(c, 'join_as_staff', false);
      const latest = (await t.http().get('/api/audit-log?kind=settings').set(...bearer(c.token)).expect(200)).body.items[0];
      expect(latest).toMatchObject({
        action: 'sign-in.options.updated',
        summary: 'Changed the sign-in options: people without an account join as staff; password sign-in off (admins keep it)',
        before: { joinRule: 'refuse', passwordSignIn: true },
        after: { joinRule: 'join_as_staff', passwordSignIn: false },
      });
    });

    it('refuses what could not work, saying why, and changes nothing', async () => {
      const c = await registerOrganization(t);
      const put = (path: string, body: object) => t.http().put(`/api/sign-in-settings${path}`).set(...bearer(c.token)).send({ ...body, password: c.password });
      const before = await snapshotDatabase(t);
      const cases: [string, object, string][] = [
        ['/google', { enabled: true, clientId: 'x', clientSecret: 's', allowedDomains: [] }, 'Add at least one allowed domain to turn on Google sign-in.'],
        ['/google', { enabled: true, clientId: 'x', allowedDomains: ['c.example'] }, 'Enter the client secret to turn on Google sign-in.'],
        ['/google', { enabled: true, clientId: '', clientSecret: 's', allowedDomains: ['c.example'] }, 'Enter the client ID to turn on Google sign-in.'],
        ['/google', { enabled: false, clientId: 'x', allowedDomains: ['not a domain'] }, 'Each allowed domain must be a domain name such as stmarys.sch.uk'],
        ['/google', { enabled: false, clientId: 'x', allowedDomains: ['c.example'], clientSecretSet: true }, 'property clientSecretSet should not exist'],
        ['/microsoft', { enabled: false, clientId: 'x', allowedTenantIds: ['contoso.onmicrosoft.com'] }, 'Each tenant ID must be a directory (tenant) ID such as 8eaef023-2b34-4da1-9baa-8bc8c9d6a490'],
        ['/microsoft', { enabled: true, clientId: 'x', clientSecret: 's', allowedTenantIds: [] }, 'Add at least one tenant ID to turn on Microsoft sign-in.'],
        ['/oidc', { enabled: false, name: 'Plain', issuer: 'http://login.example.org', clientId: 'x' }, 'The issuer must be an https:// address such as https://login.example.org (no query or fragment)'],
        ['/oidc', { enabled: false, name: 'Query', issuer: 'https://login.example.org/?a=b', clientId: 'x' }, 'The issuer must be an https:// address such as https://login.example.org (no query or fragment)'],
        ['/oidc', { enabled: true, name: 'No issuer', issuer: '', clientId: 'x', clientSecret: 's' }, 'Enter the issuer URL to turn on sign-in with another provider.'],
        ['', { joinRule: 'everyone', passwordSignIn: true }, 'joinRule must be one of refuse, join_as_staff'],
        ['', { joinRule: 'refuse', passwordSignIn: false }, NO_WAY_IN],
      ];
      const answers = [];
      for (const [path, body] of cases) {
        const res = await put(path, body);
        answers.push([path, res.status, res.body.message]);
      }
      expect(answers).toEqual(cases.map(([path, , message]) => [path, 400, message]));
      expect(await snapshotDatabase(t)).toEqual(before);
    });

    it('is for admins only, and each organisation sees its own', async () => {
      const c = await registerOrganization(t);
      const manager = await memberWithRole(t, c, 'manager');
      const staff = await memberWithRole(t, c, 'staff');
      await google(c, ['own.example']);
      for (const member of [manager, staff]) {
        const read = await t.http().get('/api/sign-in-settings').set(...bearer(member.token));
        expect({ status: read.status, message: read.body.message }).toEqual({ status: 403, message: "You don't have permission to change system settings" });
        await t.http().put('/api/sign-in-settings').set(...bearer(member.token)).send({ joinRule: 'join_as_staff', passwordSignIn: true }).expect(403);
        await t
          .http()
          .put('/api/sign-in-settings/google')
          .set(...bearer(member.token))
          .send({ enabled: false, clientId: 'mine', allowedDomains: [] })
          .expect(403);
      }
      const own = await t.http().get('/api/sign-in-settings').set(...bearer(c.token)).expect(200);
      expect(own.body.google).toMatchObject({ enabled: true, allowedDomains: ['own.example'] });
      const other = await t.http().get('/api/sign-in-settings').set(...bearer(b.token)).expect(200);
      expect(other.body.google).toEqual({ enabled: false, clientId: '', clientSecretSet: false, allowedDomains: [] });
      expect((await t.http().get(`/api/auth/sso/providers?organization=${b.subdomain}`).expect(200)).body).toEqual({ providers: [] });
      expect((await t.http().get(`/api/auth/sso/providers?organization=${c.subdomain}`).expect(200)).body).toEqual({
        providers: [{ kind: 'google', name: 'Google', startUrl: `${APP_URL}/api/auth/sso/start?provider=google&organization=${c.subdomain}` }],
      });
    });
  });
});
