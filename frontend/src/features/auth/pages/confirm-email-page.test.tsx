import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';

import { callCount, renderWithProviders, sentBodies, stubFetch } from '@/testing/test-utils';

import { ConfirmEmailPage } from './confirm-email-page';

const CONFIRM = 'POST /api/auth/confirm-email';

describe('ConfirmEmailPage', () => {
  it('confirms the token from the link, once, even when effects run twice', async () => {
    const fetchMock = stubFetch({
      [CONFIRM]: {
        body: { complete: true, message: 'Your new email address is confirmed. Sign in with it.' },
      },
    });

    renderWithProviders(
      <StrictMode>
        <ConfirmEmailPage />
      </StrictMode>,
      '/confirm-email?token=token-once',
    );

    expect(
      screen.getByRole('heading', { level: 1, name: 'Confirming your new email' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Email confirmed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your new email address is confirmed. Sign in with it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(callCount(fetchMock, CONFIRM)).toBe(1);
    expect(sentBodies(fetchMock, CONFIRM)).toEqual([{ token: 'token-once' }]);
  });

  it('says what is still missing when the other side of the change has not answered yet', async () => {
    stubFetch({
      [CONFIRM]: {
        body: {
          complete: false,
          message:
            'You approved the change. It takes effect once new@school.example confirms it with the link sent there.',
        },
      },
    });

    renderWithProviders(<ConfirmEmailPage />, '/confirm-email?token=token-half');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'One more step' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'You approved the change. It takes effect once new@school.example confirms it with the link sent there.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the link is no good", async () => {
    stubFetch({
      [CONFIRM]: {
        status: 400,
        body: {
          statusCode: 400,
          message: 'This confirmation link is invalid or has expired.',
          error: 'Bad Request',
        },
      },
    });

    renderWithProviders(<ConfirmEmailPage />, '/confirm-email?token=token-bad');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirmation failed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This confirmation link is invalid or has expired.'),
    ).toBeInTheDocument();
  });

  it('says so when the link has no token, without asking the server', async () => {
    const fetchMock = stubFetch({});

    renderWithProviders(<ConfirmEmailPage />, '/confirm-email');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirmation failed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No confirmation token provided')).toBeInTheDocument();
    expect(callCount(fetchMock, CONFIRM)).toBe(0);
  });
});
