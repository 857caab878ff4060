/**
 * What a request's host name says about its organisation (docs/product.md#accounts-and-sign-in):
 * - `single`: no APP_BASE_DOMAIN, or a host outside it (an IP address, an internal name used by
 *   a health check): served as a single-host install, the organisation typed at sign-in;
 * - `bare`: the base domain itself or `www.` — the product's own address, no organisation;
 * - `organization`: `<subdomain>.<base>`, that organisation's address (which may not exist).
 */
export type RequestHost =
  | { kind: 'single' }
  | { kind: 'bare' }
  | { kind: 'organization'; subdomain: string };

const SINGLE: RequestHost = { kind: 'single' };
const BARE: RequestHost = { kind: 'bare' };

/** Classifies a host name (no port; any case; a final dot allowed) against the base domain. */
export function classifyHost(hostname: string | undefined, baseDomain: string | undefined): RequestHost {
  if (!baseDomain || !hostname) return SINGLE;
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host === baseDomain || host === `www.${baseDomain}`) return BARE;
  const suffix = `.${baseDomain}`;
  if (!host.endsWith(suffix)) return SINGLE;
  // Everything before the base domain: one label for a real organisation; anything else
  // (`a.b.<base>`) is under our domain but names none, and is looked up (and not found) like one.
  return { kind: 'organization', subdomain: host.slice(0, -suffix.length) };
}
