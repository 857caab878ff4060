import { authApi, type HostDto } from '../api';

/**
 * What the page's address says about its organisation (GET /api/auth/host;
 * docs/product.md#accounts-and-sign-in), as the sign-in screens need it:
 * - `single`: one address for everyone (no APP_BASE_DOMAIN, or a host outside it): sign-in
 *   names the organisation, as it always has;
 * - `bare`: the product's own address when organisations have subdomains: Sign In asks only
 *   which school, then goes to its address;
 * - `organization`: a school's own address: sign-in names no organisation, the school's name shows.
 */
export type SignInHost =
  | { kind: 'pending' }
  | { kind: 'single' }
  | { kind: 'bare'; baseDomain: string }
  | { kind: 'organization'; baseDomain: string; name: string; subdomain: string };

export function describeHost(host: HostDto | undefined): SignInHost {
  if (!host?.baseDomain) return { kind: 'single' };
  if (host.organization)
    return { kind: 'organization', baseDomain: host.baseDomain, ...host.organization };
  return { kind: 'bare', baseDomain: host.baseDomain };
}

/**
 * The page's address as the auth gate has learned it. Read from the cache, never fetched here:
 * the gate asks once for signed-out visitors; a screen shown without it (a signed-in user, a
 * failed request) works as on a single-host install.
 */
export function useSignInHost(): SignInHost {
  const { data, isLoading } = authApi.endpoints.getHost.useQueryState(undefined);
  if (isLoading) return { kind: 'pending' };
  return describeHost(data);
}

/**
 * The address of a school (`<subdomain>.<baseDomain>`) or, without one, of the bare domain, with
 * this page's scheme and port: the same server answers them all.
 */
export function addressOf(baseDomain: string, subdomain: string | undefined, path = '/'): string {
  const { protocol, port } = window.location;
  const host = subdomain ? `${subdomain}.${baseDomain}` : baseDomain;
  return `${protocol}//${host}${port ? `:${port}` : ''}${path}`;
}
