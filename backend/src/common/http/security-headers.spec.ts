import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { headersOf, helmetWith } from './security-headers';

/** A real, unsent response of node:http. */
function response(): ServerResponse {
  return new ServerResponse(new IncomingMessage(new Socket()));
}

describe('headersOf', () => {
  it.each([
    ['plain http', false],
    ['TLS', true],
  ])('replays exactly the headers helmet writes (%s)', (_name, overTls) => {
    const byHelmet = response();
    let called = false;
    helmetWith(overTls)(byHelmet.req, byHelmet, () => (called = true));
    expect(called).toBe(true);

    const replayed = response();
    headersOf(helmetWith(overTls)).writeTo({
      header: (name, value) => replayed.setHeader(name, value),
      removeHeader: (name) => replayed.removeHeader(name),
    });

    expect(replayed.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(Object.keys(replayed.getHeaders())).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options']));
    expect(String(replayed.getHeader('content-security-policy')).includes('upgrade-insecure-requests')).toBe(overTls);
  });

  it('refuses a writer that does not finish at once', () => {
    expect(() => headersOf(() => undefined)).toThrow(/did not finish at once/);
  });
});
