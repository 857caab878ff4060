import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { loadPage } from '@/shared/lib/page-load';
import { currentUser, plan } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderApp,
  sentBodies,
  setupUser,
  storedToken,
  stubFetch,
} from '@/testing/test-utils';

vi.mock('@/shared/lib/page-load', () => ({ loadPage: vi.fn() }));

const CHALLENGE = { twoFactorRequired: true, challenge: 'second-step-key' };
const WRONG_CODE = {
  status: 401,
  body: {
    statusCode: 401,
    error: 'Unauthorized',
    message: 'That code is not correct. Please try again.',
    code: 'two_factor_code_incorrect',
  },
};

async function signInWithPassword(user: UserEvent) {
  await fill(user, await screen.findByLabelText('Email'), 'ada@hillside.example');
  await fill(user, screen.getByLabelText('Password'), 'secret1');
  await fill(user, screen.getByLabelText('Organization subdomain'), 'hillside');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the second step of signing in', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
    vi.mocked(loadPage).mockClear();
  });

  it('asks for the code after the password, refuses a wrong one and signs in with the right one', async () => {
    const fetchMock = stubFetch({
      'GET /api/plan': { body: plan },
      'POST /api/auth/login': { body: CHALLENGE },
      'POST /api/auth/login/two-factor': [WRONG_CODE, { body: { token: 'session-token' } }],
      'GET /api/auth/user': { body: currentUser() },
    });
    renderApp('/login');
    await signInWithPassword(user);

    const step = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(storedToken()).toBeNull();
    expect(
      within(step).getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    const code = within(step).getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    // Nothing is sent until it looks like a code.
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() =>
      expect(
        within(step).getAllByText('Enter the 6-digit code from your authenticator app.'),
      ).toHaveLength(2),
    );
    await fill(user, code, '12345');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(callCount(fetchMock, 'POST /api/auth/login/two-factor')).toBe(0);

    await fill(user, code, '000000');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByText('That code is not correct. Please try again.')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(within(step).getByLabelText('Authentication code')).toHaveValue(''),
    );
    expect(loadPage).not.toHaveBeenCalled();

    await fill(user, within(step).getByLabelText('Authentication code'), '123 456');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(storedToken()).toBe('session-token');
    expect(sentBodies(fetchMock, 'POST /api/auth/login/two-factor')).toEqual([
      { challenge: 'second-step-key', code: '000000' },
      { challenge: 'second-step-key', code: '123 456' },
    ]);
  });

  it('takes a recovery code instead, and goes back to the password with what was typed', async () => {
    const fetchMock = stubFetch({
      'GET /api/plan': { body: plan },
      'POST /api/auth/login': { body: CHALLENGE },
      'POST /api/auth/login/two-factor': { body: { token: 'session-token' } },
      'GET /api/auth/user': { body: currentUser() },
    });
    renderApp('/login');
    await signInWithPassword(user);

    let step = await screen.findByRole('region', { name: 'Two-step verification' });
    await user.click(within(step).getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@hillside.example');
    expect(screen.getByLabelText('Organization subdomain')).toHaveValue('hillside');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    step = await screen.findByRole('region', { name: 'Two-step verification' });
    await user.click(within(step).getByRole('button', { name: 'Use a recovery code instead' }));
    expect(
      within(step).getByRole('button', { name: 'Use your authenticator app instead' }),
    ).toBeInTheDocument();
    const recovery = within(step).getByLabelText('Recovery code');
    expect(recovery).toHaveAttribute('autocomplete', 'off');
    await fill(user, recovery, 'abcd-efgh-ijkl-mnop');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(sentBodies(fetchMock, 'POST /api/auth/login/two-factor')).toEqual([
      { challenge: 'second-step-key', code: 'abcd-efgh-ijkl-mnop' },
    ]);
  });

  it('goes back to the password when the second step has expired', async () => {
    stubFetch({
      'GET /api/plan': { body: plan },
      'POST /api/auth/login': { body: CHALLENGE },
      'POST /api/auth/login/two-factor': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Your sign-in has expired. Please sign in again.',
          code: 'two_factor_challenge_invalid',
        },
      },
    });
    renderApp('/login');
    await signInWithPassword(user);
    const step = await screen.findByRole('region', { name: 'Two-step verification' });
    await fill(user, within(step).getByLabelText('Authentication code'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByText('Your sign-in has expired. Please sign in again.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Two-step verification' })).not.toBeInTheDocument();
  });

  it('asks for the code on /continue when the handoff answer does', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/handoff': { body: CHALLENGE },
      'POST /api/auth/login/two-factor': { body: { token: 'host-session' } },
      'GET /api/auth/user': { body: currentUser() },
    });
    window.history.replaceState(null, '', '/continue#code=one-time-code');
    renderApp('/continue');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toBeInTheDocument();
    expect(storedToken()).toBeNull();
    await fill(user, screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(storedToken()).toBe('host-session');
    expect(sentBodies(fetchMock, 'POST /api/auth/login/two-factor')).toEqual([
      { challenge: 'second-step-key', code: '654321' },
    ]);
  });
});
