import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { readAuthToken } from '@/shared/auth/auth-token';
import { currentUser } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderApp,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

const OFF = { enabled: false, recoveryCodesLeft: 0 };

function region(name: string) {
  return screen.getByRole('region', { name });
}

describe('Account page: name, password and sign-in email', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
    storeToken('old-token');
  });

  it('renames the signed-in person', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': [
        { body: currentUser({ user: { emailVerified: true } }) },
        { body: currentUser({ user: { emailVerified: true, name: 'Ada Lovelace' } }) },
      ],
      'GET /api/auth/two-factor': { body: OFF },
      'PUT /api/auth/account/name': { body: { message: 'Your name has been changed.' } },
    });
    renderApp('/account');

    const name = await within(
      await screen.findByRole('region', { name: 'Your details' }),
    ).findByLabelText('Name');
    expect(name).toHaveValue('Ada Admin');
    await fill(user, name, '  Ada Lovelace ');
    await user.click(within(region('Your details')).getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Your name has been changed.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/auth/account/name')).toEqual([{ name: 'Ada Lovelace' }]);
    await vi.waitFor(() =>
      expect(
        screen.getByText(
          'Signed in as Ada Lovelace (ada@hillside.example) at Hillside Primary School.',
        ),
      ).toBeInTheDocument(),
    );
  });

  it('changes the password with the current one and carries on with the new session it answers', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { emailVerified: true } }) },
      'GET /api/auth/two-factor': { body: OFF },
      'POST /api/auth/account/password': [
        {
          status: 403,
          body: {
            statusCode: 403,
            error: 'Forbidden',
            message: 'The password is not correct. Enter the password you sign in with.',
            code: 'password_incorrect',
          },
        },
        {
          body: {
            message:
              'Your password has been changed. Every other session of your account has been signed out.',
            token: 'new-token',
          },
        },
      ],
    });
    renderApp('/account');
    const card = await screen.findByRole('region', { name: 'Password' });

    await fill(user, within(card).getByLabelText('Current password'), 'not-mine');
    await fill(user, within(card).getByLabelText('New password'), 'brand new secret');
    await fill(user, within(card).getByLabelText('Confirm new password'), 'brand new secret');
    await user.click(within(card).getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('The password is not correct. Enter the password you sign in with.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(within(card).getByLabelText('Current password')).toHaveValue(''));
    expect(readAuthToken()).toBe('old-token');

    await fill(user, within(card).getByLabelText('Current password'), 'secret1');
    await user.click(within(card).getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText(
        'Your password has been changed. Every other session of your account has been signed out.',
      ),
    ).toBeInTheDocument();
    expect(readAuthToken()).toBe('new-token');
    expect(sentBodies(fetchMock, 'POST /api/auth/account/password').at(-1)).toEqual({
      password: 'secret1',
      newPassword: 'brand new secret',
    });
    // Still signed in: the page did not ask who is signed in with the ended session.
    expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  });

  it('refuses a new password typed differently twice, asking nothing of the server', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { emailVerified: true } }) },
      'GET /api/auth/two-factor': { body: OFF },
    });
    renderApp('/account');
    const card = await screen.findByRole('region', { name: 'Password' });
    await fill(user, within(card).getByLabelText('Current password'), 'secret1');
    await fill(user, within(card).getByLabelText('New password'), 'brand new secret');
    await fill(user, within(card).getByLabelText('Confirm new password'), 'brand new secreT');
    await user.click(within(card).getByRole('button', { name: 'Change Password' }));
    expect(await within(card).findByText('Passwords do not match')).toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/auth/account/password')).toBe(0);
  });

  it('starts a change of the sign-in email with the password and a code when two-step verification is on', async () => {
    const signedIn = currentUser({ user: { emailVerified: true, twoFactorEnabled: true } });
    const fetchMock = stubFetch({
      'GET /api/auth/user': [
        { body: signedIn },
        {
          body: currentUser({
            user: {
              emailVerified: true,
              twoFactorEnabled: true,
              pendingEmailChange: {
                newEmail: 'ada@new.example',
                requestedBy: 'Ada Admin',
                awaitingYourApproval: false,
                awaitingNewAddress: true,
              },
            },
          }),
        },
      ],
      'GET /api/auth/two-factor': { body: { enabled: true, recoveryCodesLeft: 10 } },
      'POST /api/auth/account/email': {
        body: {
          newEmail: 'ada@new.example',
          message:
            'We have sent a link to ada@new.example. Your sign-in email changes when you open it (within 24 hours); until then, sign in with ada@hillside.example.',
        },
      },
    });
    renderApp('/account');
    const card = await screen.findByRole('region', { name: 'Your details' });
    await user.click(within(card).getByRole('button', { name: 'Change sign-in email' }));
    await fill(user, within(card).getByLabelText('New sign-in email'), 'ada@new.example');
    await fill(user, within(card).getByLabelText('Password'), 'secret1');
    await fill(user, within(card).getByLabelText('Authentication code'), '123 456');
    await user.click(within(card).getByRole('button', { name: 'Send confirmation link' }));

    expect(await screen.findByText('Check your new inbox')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/account/email')).toEqual([
      { newEmail: 'ada@new.example', password: 'secret1', code: '123 456' },
    ]);
    expect(await screen.findByText('Your sign-in email is being changed')).toBeInTheDocument();
    expect(within(card).queryByLabelText('New sign-in email')).not.toBeInTheDocument();
  });

  it('reminds an unverified person what verifying is for and sends the link again', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      'GET /api/auth/two-factor': { body: OFF },
      'POST /api/auth/resend-verification': {
        body: {
          message: 'If that account still needs verifying, a new verification email has been sent.',
        },
      },
    });
    renderApp('/account');
    const card = await screen.findByRole('region', { name: 'Your details' });
    expect(within(card).getByText('Not verified')).toBeInTheDocument();
    expect(within(card).getByText('Please verify your email address')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/resend-verification')).toEqual([
      { email: 'ada@hillside.example', organizationSubdomain: 'hillside' },
    ]);
  });
});
