import { screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';

import {
  callCount,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import { VerifyEmailPage } from './verify-email-page';

describe('VerifyEmailPage', () => {
  it('verifies the token from the link, once, even when effects run twice', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/verify-email': { body: { message: 'Your email address has been verified.' } },
    });

    renderWithProviders(
      <StrictMode>
        <VerifyEmailPage />
      </StrictMode>,
      '/verify-email?token=token-once',
    );

    expect(
      screen.getByRole('heading', { level: 1, name: 'Verifying your email' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Email verified' }),
    ).toBeInTheDocument();
    const notice = await screen.findByText('Email Verified');
    expect(notice).toBeInTheDocument();
    expect(screen.getAllByText('Your email address has been verified.')).not.toHaveLength(0);
    expect(callCount(fetchMock, 'POST /api/auth/verify-email')).toBe(1);
    expect(sentBodies(fetchMock, 'POST /api/auth/verify-email')).toEqual([{ token: 'token-once' }]);
  });

  it('continues to the dashboard', async () => {
    stubFetch({ 'POST /api/auth/verify-email': { body: { message: 'Verified.' } } });
    const user = setupUser();
    const { router } = renderWithProviders(<VerifyEmailPage />, '/verify-email?token=token-go');

    await user.click(await screen.findByRole('button', { name: 'Continue to Dashboard' }));

    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's reason and offers a new email when the link is no good", async () => {
    stubFetch({
      'POST /api/auth/verify-email': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'This verification link is invalid or has expired. Please request a new one.',
          error: 'Bad Request',
        },
      },
    });
    const user = setupUser();
    const { router } = renderWithProviders(<VerifyEmailPage />, '/verify-email?token=token-bad');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verification failed' }),
    ).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Verification Failed')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'This verification link is invalid or has expired. Please request a new one.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));

    expect(router.state.location.pathname).toBe('/resend-verification');
  });

  it('falls back to a general reason when the server gives none', async () => {
    stubFetch({ 'POST /api/auth/verify-email': { networkError: true } });

    renderWithProviders(<VerifyEmailPage />, '/verify-email?token=token-offline');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Email verification failed')).toBeInTheDocument();
  });

  it('says so when the link has no token, without calling the server', async () => {
    const fetchMock = stubFetch({});

    renderWithProviders(<VerifyEmailPage />, '/verify-email');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Verification failed' }),
    ).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No verification token provided')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
