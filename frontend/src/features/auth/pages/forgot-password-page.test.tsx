import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { fill, renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import { rememberLastOrganization } from '../session/last-organization';
import { ForgotPasswordPage } from './forgot-password-page';

const NEUTRAL = 'If an account exists with that email, a password reset link has been sent.';

async function request(user: UserEvent, email: string, subdomain: string) {
  await fill(user, screen.getByLabelText('Email'), email);
  await fill(user, screen.getByLabelText('Organization subdomain'), subdomain);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('ForgotPasswordPage', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('leaves the subdomain empty on a host without one', () => {
    renderWithProviders(<ForgotPasswordPage />, '/forgot-password');

    expect(screen.getByLabelText('Organization subdomain')).toHaveValue('');
  });

  it('offers the organisation last signed in to on this browser', () => {
    rememberLastOrganization('hillside');
    renderWithProviders(<ForgotPasswordPage />, '/forgot-password');

    expect(screen.getByLabelText('Organization subdomain')).toHaveValue('hillside');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('checks the fields before sending', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<ForgotPasswordPage />, '/forgot-password');

    await fill(user, screen.getByLabelText('Email'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(await screen.findByText('Organization is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms with the neutral message, and can send another email', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/forgot-password': { body: { message: NEUTRAL } },
    });
    const { router } = renderWithProviders(<ForgotPasswordPage />, '/forgot-password');

    await request(user, 'ada@hillside.example', 'Hillside');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your email' }),
    ).toBeInTheDocument();
    expect(screen.getByText(NEUTRAL)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/forgot-password')).toEqual([
      { email: 'ada@hillside.example', organizationSubdomain: 'hillside' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Send Another Email' }));

    expect(screen.getByLabelText('Email')).toHaveValue('ada@hillside.example');
    expect(screen.getByLabelText('Organization subdomain')).toHaveValue('hillside');

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await user.click(await screen.findByRole('button', { name: 'Back to Login' }));

    expect(router.state.location.pathname).toBe('/');
    expect(sentBodies(fetchMock, 'POST /api/auth/forgot-password')).toHaveLength(2);
  });

  it("shows the server's reason, e.g. when throttled", async () => {
    stubFetch({
      'POST /api/auth/forgot-password': {
        status: 429,
        body: {
          statusCode: 429,
          message:
            'Too many email requests from your network. Please wait 3 minutes and try again.',
          error: 'Too Many Requests',
        },
      },
    });
    renderWithProviders(<ForgotPasswordPage />, '/forgot-password');

    await request(user, 'ada@hillside.example', 'hillside');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'Too many email requests from your network. Please wait 3 minutes and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(NEUTRAL)).not.toBeInTheDocument();
  });

  it('falls back to a general reason when the server gives none', async () => {
    stubFetch({ 'POST /api/auth/forgot-password': { networkError: true } });
    renderWithProviders(<ForgotPasswordPage />, '/forgot-password');

    await request(user, 'ada@hillside.example', 'hillside');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to send reset email')).toBeInTheDocument();
  });
});
