import { browserCookieFor, browserCookieHeader, browserCookieValue, SSO_BROWSER_COOKIE } from './sso-browser-cookie';

describe('the browser’s sign-in cookie', () => {
  const value = 'a'.repeat(43);

  it('is HttpOnly, SameSite=Lax, only for /api/auth/sso, ten minutes, and Secure over https', () => {
    expect(browserCookieHeader(value, false)).toBe(`${SSO_BROWSER_COOKIE}=${value}; Path=/api/auth/sso; Max-Age=600; HttpOnly; SameSite=Lax`);
    expect(browserCookieHeader(value, true)).toBe(`${SSO_BROWSER_COOKIE}=${value}; Path=/api/auth/sso; Max-Age=600; HttpOnly; SameSite=Lax; Secure`);
  });

  it('is read back only when it is one the app could have set', () => {
    expect(browserCookieValue(`other=1; ${SSO_BROWSER_COOKIE}=${value}`)).toBe(value);
    expect(browserCookieValue(`${SSO_BROWSER_COOKIE}=short`)).toBeUndefined();
    expect(browserCookieValue(undefined)).toBeUndefined();
  });

  it('keeps the browser’s value, or makes a new random one', () => {
    expect(browserCookieFor(`${SSO_BROWSER_COOKIE}=${value}`)).toBe(value);
    const made = browserCookieFor(undefined);
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browserCookieFor(undefined)).not.toBe(made);
  });
});
