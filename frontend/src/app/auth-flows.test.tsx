import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { loadPage } from '@/shared/lib/page-load';
import { currentUser, plan } from '@/testing/fixtures';
import {
  fill,
  renderApp,
  setupUser,
  storedToken,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

vi.mock('@/shared/lib/page-load', () => ({ loadPage: vi.fn() }));

async function register(user: UserEvent) {
  await fill(user, await screen.findByLabelText('Your name'), 'Ada Lovelace');
  await fill(user, screen.getByLabelText('Email'), 'ada@hillside.example');
  await fill(user, screen.getByLabelText('Password'), 'secret1');
  await fill(user, screen.getByLabelText('Organization name'), 'Hillside Primary School');
  await fill(user, screen.getByLabelText('Organization subdomain'), 'hillside');
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
}

describe('signing up and in, through the whole app', () => {
  let user: UserEvent;

  // The flows cross several lazily loaded modules (the landing page and its lower sections, the
  // sign-up form's select, the toasts, the shell, the dashboard). A browser gets each as a built chunk; vitest transforms it on first import, which
  // on a busy runner took longer than the welcome toast stays up. Loaded once up front instead.
  beforeAll(async () => {
    await Promise.all([
      import('@/app/routes/landing-page'),
      import('@/features/tenants/components/features-section'),
      import('@/features/tenants/components/pricing-section'),
      import('@/shared/ui/notification-host'),
      import('@/app/layout/app-shell'),
      import('@/app/routes/dashboard-page'),
      import('@/features/auth/components/organization-type-select'),
    ]);
  }, 60_000);

  beforeEach(() => {
    user = setupUser();
    vi.mocked(loadPage).mockClear();
  });

  it('registers from the landing page and lands on the dashboard, signed in', async () => {
    stubFetch({
      'GET /api/plan': { body: plan },
      'POST /api/auth/register': { status: 201, body: { token: 'new-token' } },
      'GET /api/auth/user': { body: currentUser() },
    });
    const { router } = renderApp('/statistics');

    await register(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(
      within(screen.getByRole('banner')).getByText('Hillside Primary School'),
    ).toBeInTheDocument();
    expect(screen.getByText('Welcome to Duty Manager!')).toBeInTheDocument();
    expect(storedToken()).toBe('new-token');
  });

  it('signs in with a new token after an old one was rejected', async () => {
    storeToken('expired-token');
    stubFetch({
      'GET /api/plan': { status: 503, body: 'Database unavailable' },
      'GET /api/auth/user': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
    });
    renderApp('/');
    await screen.findByRole('button', { name: 'Try again' });
    expect(storedToken()).toBeNull();

    const answer = stubFetch({
      'POST /api/auth/register': { status: 201, body: { token: 'new-token' } },
      'GET /api/auth/user': { body: currentUser() },
    });
    // A request still in flight (here the plan) makes RTK Query postpone tag invalidation, so
    // the rejected lookup would still be cached when the new session starts.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/api/plan') ? new Promise<Response>(() => {}) : answer(input, init),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await register(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(storedToken()).toBe('new-token');
  });

  it('signs in, reloads at / and welcomes the user back on the new page', async () => {
    const fetchMock = stubFetch({
      'GET /api/plan': { body: plan },
      'POST /api/auth/login': { body: { token: 'session-token' } },
      'GET /api/auth/user': { body: currentUser() },
    });
    const first = renderApp('/login');

    await fill(user, await screen.findByLabelText('Email'), 'ada@hillside.example');
    await fill(user, screen.getByLabelText('Password'), 'secret1');
    await fill(user, screen.getByLabelText('Organization subdomain'), 'hillside');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(storedToken()).toBe('session-token');

    // What the reload does: a fresh app, with only storage surviving.
    first.unmount();
    fetchMock.mockClear();
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer session-token');
  });

  it('verifies an email inside the shell when the user is signed in', async () => {
    storeToken();
    stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      'POST /api/auth/verify-email': { body: { message: 'Your email address has been verified.' } },
    });
    renderApp('/verify-email?token=signed-in-token');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Email verified' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
