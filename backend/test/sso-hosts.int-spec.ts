import { bearer, registerOrganization, type Account } from './support/accounts';
import { CLIENT_ID, CLIENT_SECRET, startTestProviders, type TestProviders } from './support/openid-provider';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Signing in through an identity provider when organisations have their own addresses
 * (APP_BASE_DOMAIN): the provider returns to the one callback on APP_URL (the bare domain), which
 * hands the sign-in to the school's own address, and nowhere else. A real OpenID Provider runs in
 * this process (test/support/openid-provider.ts), acting like Google.
 */
const BASE = 'localhost';
const APP_URL = `http://${BASE}:3998`;
const CALLBACK = `${APP_URL}/api/auth/sso/callback`;
const schoolHost = (subdomain: string) => `${subdomain}.${BASE}:3998`;

describe('sign-in through an identity provider, on organisation addresses', () => {
  let t: TestApp;
  let op: TestProviders;
  let a: Account;
  let b: Account;

  beforeAll(async () => {
    op = await startTestProviders(CALLBACK);
    t = await createTestApp({ env: { APP_URL, APP_BASE_DOMAIN: BASE, OIDC_GOOGLE_ISSUER: op.google } });
    a = await registerOrganization(t);
    b = await registerOrganization(t);
    await t
      .http()
      .put('/api/sign-in-settings/google')
      .set(...bearer(a.token))
      .send({ password: a.password, enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, allowedDomains: ['hosts.example'] })
      .expect(200);
    await t.http().post('/api/staff').set(...bearer(a.token)).send({ name: 'Hana Host', email: 'hana@hosts.example', invite: true }).expect(201);
  });

  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  /** Button, provider, callback (all on the bare domain): where the app sends the browser last. */
  async function throughProvider(): Promise<URL> {
    op.signInAs({ sub: 'hana', email: 'hana@hosts.example', email_verified: true, hd: 'hosts.example', name: 'Hana Host' });
    const started = await t.http().get(`/api/auth/sso/start?provider=google&organization=${a.subdomain}`).set('Host', `${BASE}:3998`).expect(302);
    const cookie = (started.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const back = await op.throughProvider(started.headers.location as string);
    const landed = await t.http().get(`${back.pathname}${back.search}`).set('Host', `${BASE}:3998`).set('Cookie', cookie).expect(302);
    return new URL(landed.headers.location as string);
  }

  it("hands the sign-in to the school's own address, where its code becomes a session of that school", async () => {
    const landed = await throughProvider();
    expect(landed.origin).toBe(`http://${schoolHost(a.subdomain)}`);
    expect(landed.pathname).toBe('/continue');
    const code = new URLSearchParams(landed.hash.slice(1)).get('code')!;

    const session = await t.http().post('/api/auth/handoff').set('Host', schoolHost(a.subdomain)).send({ code }).expect(200);
    const me = await t.http().get('/api/auth/user').set('Host', schoolHost(a.subdomain)).set(...bearer(session.body.token)).expect(200);
    expect(me.body.user).toMatchObject({ email: 'hana@hosts.example', role: 'staff' });
    expect(me.body.organization.subdomain).toBe(a.subdomain);
    // That session is the school's: another school's address refuses it.
    await t.http().get('/api/auth/user').set('Host', schoolHost(b.subdomain)).set(...bearer(session.body.token)).expect(401);
  });

  it("refuses the provider's code on another school's address, and it is then spent", async () => {
    const landed = await throughProvider();
    const code = new URLSearchParams(landed.hash.slice(1)).get('code')!;

    const elsewhere = await t.http().post('/api/auth/handoff').set('Host', schoolHost(b.subdomain)).send({ code }).expect(400);
    expect(elsewhere.body.message).toBe('This sign-in link has expired or was already used. Please sign in again.');
    await t.http().post('/api/auth/handoff').set('Host', schoolHost(a.subdomain)).send({ code }).expect(400);
  });

  it("sends a refusal to the school's own sign-in page", async () => {
    op.signInAs({ sub: 'mallory', email: 'mallory@elsewhere.example', email_verified: true, hd: 'elsewhere.example' });
    const started = await t.http().get(`/api/auth/sso/start?provider=google&organization=${a.subdomain}`).set('Host', `${BASE}:3998`).expect(302);
    const cookie = (started.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const back = await op.throughProvider(started.headers.location as string);
    const landed = await t.http().get(`${back.pathname}${back.search}`).set('Host', `${BASE}:3998`).set('Cookie', cookie).expect(302);
    const url = new URL(landed.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`http://${schoolHost(a.subdomain)}/login`);
    expect(url.searchParams.get('sso_error')).toBe('wrong_domain');
  });
});
