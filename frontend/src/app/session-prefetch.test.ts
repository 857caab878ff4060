import { describe, expect, it } from 'vitest';

import { prefetchSession } from '@/features/auth/session/session';
import { currentUser } from '@/testing/fixtures';
import { callCount, storeToken, stubFetch } from '@/testing/test-utils';

import { makeStore } from './store';

describe('prefetchSession', () => {
  it('asks who is signed in at once, before anything renders, when a token is stored', async () => {
    storeToken();
    const fetchMock = stubFetch({ 'GET /api/auth/user': { body: currentUser() } });
    const store = makeStore();

    prefetchSession(store.dispatch);

    await expect.poll(() => callCount(fetchMock, 'GET /api/auth/user')).toBe(1);
  });

  it('asks nothing without a stored token', async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/user': { body: currentUser() } });
    const store = makeStore();

    prefetchSession(store.dispatch);
    await Promise.resolve();

    expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(0);
  });
});
