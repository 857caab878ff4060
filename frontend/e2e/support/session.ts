import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  newContext,
  type Page,
} from './test';

/** The server's clock: Monday 8 September 2025, 9 am in London (APP_NOW in e2e/support/serve.mjs). */
export const SERVER_NOW = new Date('2025-09-08T09:00:00+01:00');

/**
 * A page in a new browser context, signed in with `token` and its clock pinned to the server's,
 * so "today" means the same on both sides. Close it with `page.context().close()`.
 */
export async function signedIn(
  browser: Browser,
  token: string,
  options?: BrowserContextOptions,
): Promise<Page> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await page.clock.setFixedTime(SERVER_NOW);
  await page.addInitScript((value) => window.localStorage.setItem('authToken', value), token);
  return page;
}

export type ApiCall = (
  method: 'get' | 'post' | 'put',
  url: string,
  data?: object,
) => Promise<Record<string, unknown>>;

/** Calls the API as `token`'s user for a test's setup; anything but a 2xx fails the test. */
export function apiCaller(request: APIRequestContext, token: string): ApiCall {
  return async (method, url, data) => {
    const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  };
}

/**
 * The path and query of a link on an organisation's own address (`<subdomain>.localhost:<port>`,
 * e2e/support/serve.mjs), for the test's own requests: Chromium resolves *.localhost, Node does
 * not, so the API calls of a test go to the same server at its base URL (127.0.0.1), which serves
 * calendar feeds and emailed links whatever the address.
 */
export function onBaseUrl(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
