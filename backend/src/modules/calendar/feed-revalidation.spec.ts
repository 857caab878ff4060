import { revalidationRequest } from './feed-revalidation';

const token = 'A'.repeat(59);

describe('revalidationRequest', () => {
  it('takes a GET or HEAD of a feed with one token and an If-None-Match', () => {
    expect(revalidationRequest('GET', `/api/calendar/subscribe/my-duties?token=${token}`, '"abc"')).toEqual({ kind: 'my-duties', token, ifNoneMatch: '"abc"' });
    expect(revalidationRequest('HEAD', `/api/calendar/subscribe/all-duties?x=1&token=${token}`, '*')).toEqual({ kind: 'all-duties', token, ifNoneMatch: '*' });
    // Decoded as the route's query parser decodes it.
    expect(revalidationRequest('GET', `/api/calendar/subscribe/all-duties?token=%41${token.slice(1)}`, '"e"')?.token).toBe(token);
  });

  it('leaves everything else to the route', () => {
    const url = `/api/calendar/subscribe/my-duties?token=${token}`;
    expect(revalidationRequest('GET', url, undefined)).toBeNull();
    expect(revalidationRequest('GET', url, '')).toBeNull();
    expect(revalidationRequest('GET', url, ['"a"', '"b"'])).toBeNull();
    expect(revalidationRequest('POST', url, '"a"')).toBeNull();
    expect(revalidationRequest('GET', `${url}&token=${token}`, '"a"')).toBeNull();
    expect(revalidationRequest('GET', '/api/calendar/subscribe/my-duties', '"a"')).toBeNull();
    expect(revalidationRequest('GET', `/api/calendar/subscribe/my-duties/?token=${token}`, '"a"')).toBeNull();
    expect(revalidationRequest('GET', `/api/calendar/subscribe/our-duties?token=${token}`, '"a"')).toBeNull();
    expect(revalidationRequest('GET', `/api/calendar/subscription?token=${token}`, '"a"')).toBeNull();
    expect(revalidationRequest('GET', `/x/api/calendar/subscribe/my-duties?token=${token}`, '"a"')).toBeNull();
  });
});
