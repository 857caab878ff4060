import { createSecretToken } from '../../common/security/secret-token';

/**
 * The browser's sign-in cookie: a random value the start sets and the callback reads, so a sign-in
 * finishes only in the browser that began it (docs/security.md, "Signing in through an identity
 * provider"). Only its SHA-256 is stored, with each attempt. One value serves several attempts
 * at once (two tabs). The callback is a top-level GET from the provider, which SameSite=Lax lets
 * the cookie travel with; it goes only to /api/auth/sso and lives as long as an attempt.
 */
export const SSO_BROWSER_COOKIE = 'dm_sso_browser';
const COOKIE_PATH = '/api/auth/sso';
const MAX_AGE_SECONDS = 10 * 60;
/** 256 random bits, base64url: what createSecretToken makes. */
const VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The cookie's value in a Cookie header, when it is one the app could have set. */
export function browserCookieValue(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === SSO_BROWSER_COOKIE) {
      const value = pair.slice(eq + 1).trim();
      if (VALUE.test(value)) return value;
    }
  }
  return undefined;
}

/** The value to bind a new attempt to: the browser's own, or a new one. */
export function browserCookieFor(cookieHeader: string | undefined): string {
  return browserCookieValue(cookieHeader) ?? createSecretToken().token;
}

/** The Set-Cookie header for `value`: HttpOnly, SameSite=Lax, and Secure when the app is served over https. */
export function browserCookieHeader(value: string, secure: boolean): string {
  return `${SSO_BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
