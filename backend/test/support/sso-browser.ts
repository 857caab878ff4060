import { bearer } from './accounts';
import type { TestAccount, TestProviders } from './openid-provider';
import type { TestApp } from './test-app';

type Kind = 'google' | 'microsoft' | 'oidc';

/** Where a sign-in through a provider ended: refused with a reason, or with a session (or its second step). */
export interface SsoOutcome {
  refused?: string;
  token?: string;
  challenge?: string;
}

/**
 * A browser signing in through the app's identity providers (the in-process oidc-provider of
 * openid-provider.ts): it keeps the app's sign-in cookie as a browser would, follows the start,
 * the provider's login and the callback, and redeems the hand-off code, as the sign-in page does.
 */
export function ssoBrowser(t: TestApp, op: TestProviders, appUrl: string) {
  let cookie: string | undefined;

  async function start(path: string): Promise<string> {
    let req = t.http().get(path);
    if (cookie) req = req.set('Cookie', cookie);
    const res = await req.expect(302);
    const set = (res.headers['set-cookie'] as unknown as string[] | undefined)?.[0];
    if (set) cookie = set.split(';')[0];
    return res.headers.location as string;
  }

  async function callback(url: URL): Promise<string> {
    let req = t.http().get(`${url.pathname}${url.search}`);
    if (cookie) req = req.set('Cookie', cookie);
    const res = await req.expect(302);
    return res.headers.location as string;
  }

  /** The app's address a round trip through the provider ends at. */
  async function roundTrip(startPath: string, account: TestAccount): Promise<URL> {
    op.signInAs(account);
    const location = await start(startPath);
    if (location.startsWith(appUrl)) return new URL(location);
    return new URL(await callback(await op.throughProvider(location)));
  }

  return {
    /** Signs in to the organisation as `account` of the provider; the hand-off code is redeemed. */
    async signIn(kind: Kind, subdomain: string, account: TestAccount): Promise<SsoOutcome & { code?: string }> {
      const end = await roundTrip(`/api/auth/sso/start?provider=${kind}&organization=${subdomain}`, account);
      if (end.pathname === '/login') return { refused: end.searchParams.get('sso_error') ?? '(none)' };
      const code = new URLSearchParams(end.hash.slice(1)).get('code')!;
      const res = await t.http().post('/api/auth/handoff').send({ code });
      if (res.status !== 200) return { refused: `handoff ${res.status}`, code };
      return { token: res.body.token, challenge: res.body.challenge, code };
    },

    /** Signs in up to the hand-off code, without redeeming it. */
    async handoffCode(kind: Kind, subdomain: string, account: TestAccount): Promise<string | undefined> {
      const end = await roundTrip(`/api/auth/sso/start?provider=${kind}&organization=${subdomain}`, account);
      return end.pathname === '/continue' ? new URLSearchParams(end.hash.slice(1)).get('code')! : undefined;
    },

    /** Re-authenticates the session `token` by signing in again at the provider as `account`. */
    async reauthenticate(token: string, kind: Kind, account: TestAccount): Promise<{ proof?: string; error?: string; status?: number }> {
      const res = await t.http().post('/api/auth/sso/reauthenticate').set(...bearer(token)).send({ provider: kind });
      if (res.status !== 200) return { status: res.status, error: res.body.code ?? res.body.message };
      const started = new URL(res.body.location as string);
      const end = await roundTrip(`${started.pathname}${started.search}`, account);
      const fragment = new URLSearchParams(end.hash.slice(1));
      return { proof: fragment.get('proof') ?? undefined, error: fragment.get('error') ?? undefined };
    },
  };
}
