/**
 * Whether the page at `location` shows the landing page built into `/`'s HTML: at `/` on the
 * bare domain, with no stored session token. Elsewhere the app renders something else (the
 * dashboard when signed in, a school's sign-in on its own address), and the prerendered markup
 * must not be seen.
 *
 * Self-contained, with no imports or outer variables: the build also inlines its source as the
 * landing page's blocking boot script (scripts/prerender.mjs), which hides the markup before the
 * first paint when it does not apply. The subdomain test mirrors `subdomainFromHost`
 * (features/auth/lib/host-subdomain.ts); landing-here.test.ts checks they agree.
 */
export function landingShowsHere(
  location: { pathname: string; hostname: string },
  storage: () => Storage,
): boolean {
  if (location.pathname !== '/') return false;
  let token: string | null = null;
  try {
    token = storage().getItem('authToken');
  } catch {
    // Storage disabled: no stored session.
  }
  if (token) return false;
  const host = location.hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host.includes(':') || host.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host))
    return true;
  const labels = host.split('.');
  if (labels.length < (labels[labels.length - 1] === 'localhost' ? 2 : 3)) return true;
  const first = labels[0] ?? '';
  return first === 'www' || !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(first);
}

/**
 * The signed-in page at `location` whose code the boot script fetches alongside the entry, as far
 * as it can tell before the app runs: `location.pathname` when it is one of `paths` and a session
 * token is stored (on any host; the token may yet be refused, and then the code fetched for the
 * page goes unused); otherwise undefined. Self-contained, like `landingShowsHere`.
 */
export function signedInPageHere(
  location: { pathname: string },
  storage: () => Storage,
  paths: readonly string[],
): string | undefined {
  if (paths.indexOf(location.pathname) < 0) return undefined;
  try {
    return storage().getItem('authToken') ? location.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** The attribute the boot script sets on `<html>` when the prerendered landing page must stay hidden. */
export const LANDING_OFF_ATTRIBUTE = 'data-landing-off';

/** The id of the `<script type="application/json">` holding what the landing page was rendered with. */
export const LANDING_DATA_ID = 'landing-data';

/**
 * The attribute of the `<link>`s to antd's styles the shell's boot script adds (scripts/prerender.mjs):
 * the app's first render waits for them, so antd finds its map there.
 */
export const ANTD_STYLES_ATTRIBUTE = 'data-antd-styles';
