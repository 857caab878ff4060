import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { currentUser } from '@/testing/fixtures';
import {
  fill,
  renderApp,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

const SENT = 'If that account still needs verifying, a new verification email has been sent.';

describe('resend verification page', () => {
  it('asks for a new link and shows the neutral answer', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/resend-verification': { body: { message: SENT } },
    });
    const user = setupUser();
    renderApp('/resend-verification');

    await fill(user, await screen.findByLabelText('Email'), 'ada@hillside.example');
    await fill(user, screen.getByLabelText('Organization subdomain'), 'hillside');
    await user.click(screen.getByRole('button', { name: 'Send Verification Email' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Login' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/resend-verification')).toEqual([
      { email: 'ada@hillside.example', organizationSubdomain: 'hillside' },
    ]);
  });

  it('fills in the signed-in user', async () => {
    storeToken();
    stubFetch({ 'GET /api/auth/user': { body: currentUser() } });

    renderApp('/resend-verification');

    expect(await screen.findByLabelText('Email')).toHaveValue('ada@hillside.example');
    expect(screen.getByLabelText('Organization subdomain')).toHaveValue('hillside');
  });

  it("shows the server's reason when it cannot send", async () => {
    stubFetch({
      'POST /api/auth/resend-verification': { status: 500, body: 'Internal Server Error' },
    });
    const user = setupUser();
    renderApp('/resend-verification');

    await fill(user, await screen.findByLabelText('Email'), 'ada@hillside.example');
    await fill(user, screen.getByLabelText('Organization subdomain'), 'hillside');
    await user.click(screen.getByRole('button', { name: 'Send Verification Email' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to send verification email')).toBeInTheDocument();
  });
});
