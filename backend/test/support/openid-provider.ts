import { generateKeyPairSync } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type Configuration } from 'oidc-provider';

/**
 * Real OpenID Providers (oidc-provider, a certified OP) in the test process, on one http port of
 * 127.0.0.1, standing in for the identity providers the app talks to:
 * - `/google`: like Google, issuer `<origin>/google`; its accounts carry `hd` (the Workspace domain);
 * - `/<TENANT_A>/v2.0`: like one Microsoft Entra tenant, issuer `<origin>/<TENANT_A>/v2.0`; its
 *   accounts carry `tid` (their directory);
 * - `/organizations/v2.0`: like Microsoft's multi-tenant endpoint, whose metadata names the issuer
 *   template `<origin>/{tenantid}/v2.0`. It signs as tenant A, and, like Microsoft, sends no `iss`
 *   with the authorisation response.
 * The app is pointed here with OIDC_GOOGLE_ISSUER = `google` and OIDC_MICROSOFT_AUTHORITY = `origin`.
 *
 * Signing in needs no browser: the interaction (login) of each provider signs in whichever account
 * the test chose last (`signInAs`), and consent is already given to the app (a first-party client,
 * as a school's own Workspace app is), so `throughProvider` just follows redirects with a cookie jar.
 */
export const TENANT_A = '8eaef023-2b34-4da1-9baa-8bc8c9d6a490';
export const TENANT_B = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const CLIENT_ID = 'duty-manager-tests';
export const CLIENT_SECRET = 'client-secret-for-tests-only';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Google: the account's Workspace domain. */
  hd?: string;
  /** Microsoft: the account's directory (tenant). */
  tid?: string;
  /** Microsoft (Entra's optional claim): the email's domain is verified by its tenant. */
  xms_edov?: boolean;
}

export interface TestProviders {
  origin: string;
  /** OIDC_GOOGLE_ISSUER for the app. */
  google: string;
  /** OIDC_MICROSOFT_AUTHORITY for the app. */
  microsoftAuthority: string;
  /** The account the next login at any of the providers signs in as. */
  signInAs(account: TestAccount): void;
  /** While on, every authorisation code the providers look up has expired. */
  expireCodes(on: boolean): void;
  /**
   * Follows a provider's authorisation URL through its login as a browser would (cookies kept),
   * and answers the address it finally sends the browser to: the app's callback with the code.
   */
  throughProvider(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** The adapter's store and switches, shared by every model of every provider. */
const store = new Map<string, AdapterPayload>();
let codesExpired = false;

/** oidc-provider's storage, in memory; `find` can make authorisation codes look expired. */
class MemoryAdapter implements Adapter {
  constructor(private readonly model: string) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload): Promise<void> {
    store.set(this.key(id), { ...payload });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const found = store.get(this.key(id));
    if (found && this.model === 'AuthorizationCode' && codesExpired) return { ...found, exp: Math.floor(Date.now() / 1000) - 60 };
    return found;
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    for (const [key, payload] of store) if (key.startsWith(`${this.model}:`) && payload.uid === uid) return payload;
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const found = store.get(this.key(id));
    if (found) found.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, payload] of store) if (payload.grantId === grantId) store.delete(key);
  }
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };
}

export async function startTestProviders(appCallbackUrl: string): Promise<TestProviders> {
  const accounts = new Map<string, TestAccount>();
  let current: TestAccount | undefined;
  const mounts = new Map<string, Provider>();

  const server = http.createServer((req, res) => {
    void route(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration = (mount: string): Configuration => ({
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [appCallbackUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey()] },
    cookies: { keys: ['cookie-key-for-tests-only'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    claims: { openid: ['sub', 'hd', 'tid', 'xms_edov'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google and Microsoft: the requested claims are in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction${mount}/${interaction.uid}` },
    // The app is a first-party client: consent is given.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => Object.fromEntries(Object.entries(account).filter(([, value]) => value !== undefined)) as { sub: string },
      };
    },
  });

  const google = new Provider(`${origin}/google`, configuration('/google'));
  const tenantA = new Provider(`${origin}/${TENANT_A}/v2.0`, configuration(`/${TENANT_A}/v2.0`));
  const organizations = new Provider(`${origin}/${TENANT_A}/v2.0`, configuration('/organizations/v2.0'));
  // Microsoft sends no `iss` with the authorisation response (its metadata does not promise one).
  organizations.on('authorization.success', (_ctx, out: { iss?: string }) => {
    delete out.iss;
  });
  mounts.set('/google', google);
  mounts.set(`/${TENANT_A}/v2.0`, tenantA);
  mounts.set('/organizations/v2.0', organizations);

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    if (url === '/organizations/v2.0/.well-known/openid-configuration') {
      const own = (await (await fetch(`${origin}/organizations/v2.0/.well-known/openid-configuration?own`)).json()) as Record<string, unknown>;
      const metadata = { ...own, issuer: `${origin}/{tenantid}/v2.0`, authorization_response_iss_parameter_supported: false };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata));
      return;
    }
    const interaction = /^\/interaction(\/.+)\/([^/?]+)$/.exec(url.split('?')[0]!);
    if (interaction) {
      const provider = mounts.get(interaction[1]!);
      if (!provider || !current) throw new Error(`No provider or account for ${url}`);
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name !== 'login') throw new Error(`Unexpected prompt ${details.prompt.name}`);
      accounts.set(current.sub, current);
      await provider.interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    for (const [prefix, provider] of mounts) {
      if (url === prefix || url.startsWith(`${prefix}/`)) {
        // Mounted under a path: oidc-provider reads the mount path off originalUrl.
        (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = url;
        req.url = url.slice(prefix.length).replace('?own', '') || '/';
        provider.callback()(req, res);
        return;
      }
    }
    res.writeHead(404).end();
  }

  return {
    origin,
    google: `${origin}/google`,
    microsoftAuthority: origin,
    signInAs(account) {
      current = account;
    },
    expireCodes(on) {
      codesExpired = on;
    },
    async throughProvider(authorizationUrl) {
      const jar = new Map<string, string>();
      let next = new URL(authorizationUrl);
      for (let hop = 0; hop < 20; hop += 1) {
        if (next.href.startsWith(appCallbackUrl)) return next;
        const cookie = [...jar].filter(([, value]) => value).map(([name, value]) => `${name}=${value}`).join('; ');
        const res = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        for (const set of res.headers.getSetCookie()) {
          const pair = set.split(';')[0]!;
          const eq = pair.indexOf('=');
          jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`The provider stopped at ${next.href}: ${res.status} ${await res.text()}`);
        next = new URL(location, next);
      }
      throw new Error(`Too many redirects from ${authorizationUrl}`);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      store.clear();
    },
  };
}
