import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { loadPage } from '@/shared/lib/page-load';
import { currentUser, plan } from '@/testing/fixtures';
import {
  fill,
  renderApp,
  sentBodies,
  setupUser,
  storedToken,
  stubFetch,
} from '@/testing/test-utils';

import { readLastOrganization } from '../session/last-organization';

vi.mock('@/shared/lib/page-load', () => ({ loadPage: vi.fn() }));

async function choose(
  user: UserEvent,
  password: string,
  confirmation: string,
  button = 'Reset Password',
) {
  await fill(user, await screen.findByLabelText('New password'), password);
  await fill(user, screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: button }));
}

describe('reset password page', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
    vi.mocked(loadPage).mockClear();
  });

  it('refuses a password shorter than 6 characters', async () => {
    const fetchMock = stubFetch({});
    renderApp('/reset-password?token=reset-token');

    await choose(user, 'abc', 'abc');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Invalid Password')).toBeInTheDocument();
    expect(
      within(alert).getByText('Password must be at least 6 characters long'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByText('Password must be at least 6 characters long')).toHaveLength(2),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses two different entries', async () => {
    const fetchMock = stubFetch({});
    renderApp('/reset-password?token=reset-token');

    await choose(user, 'secret12', 'secret13');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Password Mismatch')).toBeInTheDocument();
    expect(within(alert).getByText('Passwords do not match')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Passwords do not match')).toHaveLength(2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides what is typed', async () => {
    stubFetch({});
    renderApp('/reset-password?token=reset-token');
    const field = await screen.findByLabelText('New password');
    expect(field).toHaveAttribute('type', 'password');

    const [toggle] = screen.getAllByRole('button', { name: 'Show' });
    await user.click(toggle!);

    expect(field).toHaveAttribute('type', 'text');
  });

  it('sets the new password and then offers to sign in, filled in for the account', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/reset-password': {
        body: {
          message: 'Your password has been reset. Please sign in with your new password.',
          email: 'ada@hillside.example',
          organizationSubdomain: 'hillside',
        },
      },
      'GET /api/plan': { body: plan },
    });
    const { router } = renderApp('/reset-password?token=reset-token');

    await choose(user, 'new-secret', 'new-secret');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Password reset' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/reset-password')).toEqual([
      { token: 'reset-token', newPassword: 'new-secret' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));

    expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/');
    // The tab's form follows once the page knows its address (GET /api/auth/host).
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@hillside.example');
    expect(screen.getByLabelText('Organization subdomain')).toHaveValue('hillside');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(storedToken()).toBeNull();
  });

  it('welcomes an invitee to their school and ends the set-password signed in, on a fresh page at /', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/password-link': {
        body: {
          purpose: 'invite',
          name: 'Ivy Invited',
          organizationName: 'Hillside Primary School',
        },
      },
      'POST /api/auth/reset-password': {
        body: {
          message: 'Your password has been set. You are signed in.',
          token: 'invitee-session',
          email: 'ivy@hillside.example',
          organizationSubdomain: 'hillside',
        },
      },
      // The page is still mounted after loadPage (a stub here, a reload in a browser): the new
      // session's first question must not fail, or the app would rightly drop the token.
      'GET /api/auth/user': { body: currentUser() },
    });
    renderApp('/reset-password?token=invite-token&invite=1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Hillside Primary School' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Hello Ivy Invited, you have been invited to Duty Manager at Hillside Primary School/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Choose a new password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Request a new reset link' })).toBeNull();
    await choose(user, 'new-secret', 'new-secret', 'Set your password');

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(storedToken()).toBe('invitee-session');
    // "Forgot password" offers the organisation later (docs/product.md#accounts-and-sign-in).
    expect(readLastOrganization()).toBe('hillside');
    expect(JSON.parse(window.sessionStorage.getItem('queuedToast') ?? 'null')).toMatchObject({
      title: 'Welcome!',
      description: 'Your password has been set. You are signed in.',
    });
    expect(sentBodies(fetchMock, 'POST /api/auth/password-link')).toEqual([
      { token: 'invite-token' },
    ]);
    expect(sentBodies(fetchMock, 'POST /api/auth/reset-password')).toEqual([
      { token: 'invite-token', newPassword: 'new-secret' },
    ]);
    expect(screen.queryByRole('heading', { level: 1, name: 'Password reset' })).toBeNull();
  });

  it('says at once when an invitation link is used or expired, before a password is typed', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/password-link': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'This reset link is invalid or has expired. Please request a new one.',
          error: 'Bad Request',
        },
      },
    });
    renderApp('/reset-password?token=used-invite&invite=1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This invitation link is no longer valid')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/reset-password')).toEqual([]);
  });

  it("shows the server's reason when the link is no good", async () => {
    stubFetch({
      'POST /api/auth/reset-password': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'This reset link is invalid or has expired. Please request a new one.',
          error: 'Bad Request',
        },
      },
    });
    renderApp('/reset-password?token=used-token');

    await choose(user, 'new-secret', 'new-secret');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Reset Failed')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'This reset link is invalid or has expired. Please request a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('falls back to a general reason when the server gives none', async () => {
    stubFetch({ 'POST /api/auth/reset-password': { networkError: true } });
    renderApp('/reset-password?token=reset-token');

    await choose(user, 'new-secret', 'new-secret');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to reset password')).toBeInTheDocument();
  });

  it('leads back to signing in before any password is chosen', async () => {
    const fetchMock = stubFetch({ 'GET /api/plan': { body: plan } });
    const { router } = renderApp('/reset-password?token=reset-token');

    await user.click(await screen.findByRole('link', { name: 'Back to Login' }));

    expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/');
    expect(sentBodies(fetchMock, 'POST /api/auth/reset-password')).toEqual([]);
  });

  it('sends a link without a token to the forgot-password page', async () => {
    stubFetch({});
    const { router } = renderApp('/reset-password');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Invalid Link')).toBeInTheDocument();
    expect(within(alert).getByText('No reset token provided in the URL')).toBeInTheDocument();
  });
});
