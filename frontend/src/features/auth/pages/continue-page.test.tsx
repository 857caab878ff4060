import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { loadPage } from '@/shared/lib/page-load';
import { currentUser, plan } from '@/testing/fixtures';
import { renderApp, sentBodies, setupUser, storedToken, stubFetch } from '@/testing/test-utils';

vi.mock('@/shared/lib/page-load', () => ({ loadPage: vi.fn() }));

/** The page reads the code from the real address bar, as a browser arriving from another host. */
function arriveAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderApp(path.split('#')[0]!);
}

describe('continue page', () => {
  beforeEach(() => {
    vi.mocked(loadPage).mockClear();
  });

  it('exchanges the code once for a session, drops it from the address and reloads at /', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/handoff': { body: { token: 'host-session' } },
      // jsdom does not reload: the page goes on with the new session.
      'GET /api/auth/user': { body: currentUser() },
    });
    arriveAt('/continue#code=one-time-code');

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(storedToken()).toBe('host-session');
    expect(sentBodies(fetchMock, 'POST /api/auth/handoff')).toEqual([{ code: 'one-time-code' }]);
    expect(window.location.hash).toBe('');
  });

  it('says why when the code is no good and leads back to signing in', async () => {
    const user = setupUser();
    stubFetch({
      'POST /api/auth/handoff': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'This sign-in link has expired or was already used. Please sign in again.',
          error: 'Bad Request',
        },
      },
      'GET /api/plan': { body: plan },
    });
    const { router } = arriveAt('/continue#code=used-code');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign-in failed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This sign-in link has expired or was already used. Please sign in again.'),
    ).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
    expect(storedToken()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends nothing without a code', async () => {
    const fetchMock = stubFetch({});
    arriveAt('/continue');

    expect(
      await screen.findByText('This sign-in link is incomplete. Please sign in again.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/handoff')).toEqual([]);
  });
});
