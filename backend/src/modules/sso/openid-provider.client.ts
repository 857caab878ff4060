import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import * as oidc from 'openid-client';
import type { Env } from '../../config/env';
import type { ProviderKind } from './entities/identity-provider.entity';
import type { SsoRefusal } from './provider-identity';

/** Microsoft Entra ID's global authority, whose multi-tenant issuer template openid-client knows. */
export const MICROSOFT_GLOBAL_AUTHORITY = 'https://login.microsoftonline.com';

/** Seconds an identity provider has to answer one request (discovery, token, keys). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** What the app needs of a provider's settings to talk to it. */
export interface ProviderConnection {
  kind: ProviderKind;
  clientId: string;
  clientSecret: string;
  allowedDomains: readonly string[];
  allowedTenantIds: readonly string[];
  issuer?: string | null;
}

/** A refusal with its reason, for the callback to turn into the sign-in page's message. */
export class SsoRefusedError extends Error {
  constructor(
    readonly refusal: SsoRefusal,
    readonly detail: string,
  ) {
    super(`${refusal}: ${detail}`);
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Plain http to this machine only: the in-process providers of the tests. Any other provider must
 * be https, and openid-client refuses anything else unless told otherwise here.
 */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Where openid-client's discovery starts for a provider, and, for Microsoft with several tenants
 * on another authority than the global one, the host its requests really go to:
 * - Google: its issuer (OIDC_GOOGLE_ISSUER);
 * - Microsoft, one tenant: that tenant's issuer `<authority>/<tenant>/v2.0`, whose metadata names
 *   exactly that issuer;
 * - Microsoft, several tenants: the multi-tenant `<authority>/organizations/v2.0`, whose metadata
 *   names the issuer template `<authority>/{tenantid}/v2.0`. openid-client accepts the template
 *   and checks each ID token's `iss` against it with the token's own `tid` only when discovery
 *   starts at https://login.microsoftonline.com; for another authority (a national cloud, the
 *   tests' provider) discovery still starts at that address and `reroute` sends its requests to
 *   the configured authority, so the same validation applies;
 * - another provider: its issuer URL.
 */
export function discoveryTarget(
  provider: Pick<ProviderConnection, 'kind' | 'allowedTenantIds' | 'issuer'>,
  env: Pick<Env, 'OIDC_GOOGLE_ISSUER' | 'OIDC_MICROSOFT_AUTHORITY'>,
): { server: URL; reroute?: { from: string; to: string } } {
  switch (provider.kind) {
    case 'google':
      return { server: new URL(env.OIDC_GOOGLE_ISSUER) };
    case 'oidc':
      return { server: new URL(provider.issuer ?? '') };
    case 'microsoft': {
      const authority = withoutTrailingSlash(env.OIDC_MICROSOFT_AUTHORITY);
      if (provider.allowedTenantIds.length === 1) return { server: new URL(`${authority}/${provider.allowedTenantIds[0]}/v2.0`) };
      const server = new URL(`${MICROSOFT_GLOBAL_AUTHORITY}/organizations/v2.0`);
      return authority === MICROSOFT_GLOBAL_AUTHORITY ? { server } : { server, reroute: { from: MICROSOFT_GLOBAL_AUTHORITY, to: authority } };
    }
  }
}

/**
 * The app's side of OpenID Connect, through openid-client (a certified relying party): discovery,
 * the authorisation request (code flow with PKCE, state and nonce) and the code exchange with the
 * ID token's validation. Each sign-in discovers afresh, so a changed client secret or provider
 * key applies at once.
 */
@Injectable()
export class OpenIdProviderClient {
  constructor(private readonly config: ConfigService<Env, true>) {}

  async configure(provider: ProviderConnection): Promise<oidc.Configuration> {
    const { server, reroute } = discoveryTarget(provider, {
      OIDC_GOOGLE_ISSUER: this.config.get('OIDC_GOOGLE_ISSUER', { infer: true }),
      OIDC_MICROSOFT_AUTHORITY: this.config.get('OIDC_MICROSOFT_AUTHORITY', { infer: true }),
    });
    const host = reroute ? new URL(reroute.to) : server;
    const options: oidc.DiscoveryRequestOptions = {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      execute: isLoopbackHttp(host) ? [oidc.allowInsecureRequests] : [],
    };
    if (reroute) {
      options[oidc.customFetch] = (url, init) => fetch(url.startsWith(`${reroute.from}/`) ? `${reroute.to}${url.slice(reroute.from.length)}` : url, init);
    }
    try {
      return await oidc.discovery(server, provider.clientId, provider.clientSecret, undefined, options);
    } catch (err) {
      throw new SsoRefusedError('failed', `discovery at ${server.href} failed: ${describe(err)}`);
    }
  }

  /** Where to send the browser: the provider's authorisation endpoint with this attempt's parameters. */
  authorizationUrl(
    config: oidc.Configuration,
    provider: ProviderConnection,
    attempt: { redirectUri: string; state: string; nonce: string; codeChallenge: string },
    { fresh = false }: { fresh?: boolean } = {},
  ): URL {
    const hint: Record<string, string> = provider.kind === 'google' && provider.allowedDomains.length === 1 ? { hd: provider.allowedDomains[0]! } : {};
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: attempt.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: attempt.state,
      nonce: attempt.nonce,
      code_challenge: attempt.codeChallenge,
      code_challenge_method: 'S256',
      // Only narrows Google's account picker; the ID token's own hd is what is checked.
      ...hint,
      // A re-authentication: the person signs in afresh, not through the provider's open session.
      ...(fresh && { prompt: 'login', max_age: '0' }),
    });
  }

  /**
   * Exchanges the code the provider sent back (in `callbackUrl`, the redirect URI with the query it
   * came with) and returns the validated ID token's claims: openid-client checks the state, sends
   * the PKCE verifier, and validates the ID token (signature with the provider's keys, issuer,
   * audience, expiry, and the nonce).
   */
  async exchange(
    config: oidc.Configuration,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<Record<string, unknown>> {
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SsoRefusedError('failed', 'no ID token');
      return claims as Record<string, unknown>;
    } catch (err) {
      if (err instanceof SsoRefusedError) throw err;
      if (err instanceof oidc.AuthorizationResponseError) {
        throw new SsoRefusedError(err.error === 'access_denied' ? 'cancelled' : 'failed', `the provider answered ${err.error}`);
      }
      if (isIssuerMismatch(err)) throw new SsoRefusedError('issuer_mismatch', describe(err));
      throw new SsoRefusedError('failed', `code exchange failed: ${describe(err)}`);
    }
  }
}

/** openid-client's refusal of an ID token whose `iss` is not the expected issuer. */
function isIssuerMismatch(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { cause?: { claim?: unknown } } } | null;
  return e?.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && e.cause?.cause?.claim === 'iss';
}

/** An error as a log may show it: its code and message, no response bodies or tokens. */
function describe(err: unknown): string {
  if (err instanceof oidc.ResponseBodyError) return `${err.error} (HTTP ${err.status})`;
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${err.message}` : err.message;
  }
  return String(err);
}
