import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { findToast } from '@/testing/antd-helpers';
import { fill, renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import type { SignInSettingsDto } from '../api';
import { SignInSettingsCard } from './sign-in-settings-card';

const GET = 'GET /api/sign-in-settings';

function settings(overrides: Partial<SignInSettingsDto> = {}): SignInSettingsDto {
  return {
    joinRule: 'refuse',
    passwordSignIn: true,
    callbackUrl: 'https://dutymanager.example/api/auth/sso/callback',
    google: { enabled: false, clientId: '', clientSecretSet: false, allowedDomains: [] },
    microsoft: { enabled: false, clientId: '', clientSecretSet: false, allowedTenantIds: [] },
    oidc: { enabled: false, clientId: '', clientSecretSet: false, name: '', issuer: '' },
    ...overrides,
  };
}

function card() {
  return screen.getByRole('region', { name: 'Sign-in' });
}

/** The inner card of one provider (or the options), by its heading. */
async function part(title: string): Promise<HTMLElement> {
  const heading = await within(card()).findByRole('heading', { level: 3, name: title });
  return heading.closest('.ant-card') as HTMLElement;
}

async function rows(container: HTMLElement, label: string): Promise<(string | null)[]> {
  const list = await within(container).findByRole('list', { name: label });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.textContent);
}

describe('Sign-in settings card', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  async function openCard() {
    renderWithProviders(<SignInSettingsCard />);
    await user.click(within(card()).getByRole('button', { name: 'Show' }));
  }

  it('shows the redirect URI to register, each provider with whether a secret is saved (never the secret), and the options', async () => {
    stubFetch({
      [GET]: {
        body: settings({
          joinRule: 'join_as_staff',
          passwordSignIn: false,
          google: {
            enabled: true,
            clientId: 'abc.apps.googleusercontent.com',
            clientSecretSet: true,
            allowedDomains: ['stmarys.sch.uk', 'stmarys.org.uk'],
          },
        }),
      },
    });
    await openCard();

    expect(
      await within(card()).findByText('https://dutymanager.example/api/auth/sso/callback'),
    ).toBeInTheDocument();
    expect(await rows(await part('Google'), 'Saved Google sign-in settings')).toEqual([
      'Sign-inOn',
      'Client IDabc.apps.googleusercontent.com',
      'Client secretSaved',
      'Allowed domainsstmarys.sch.ukstmarys.org.uk',
    ]);
    expect(await rows(await part('Microsoft'), 'Saved Microsoft sign-in settings')).toEqual([
      'Sign-inOff',
      'Client IDNot set',
      'Client secretNot set',
      'Allowed tenant IDsNone',
    ]);
    expect(await rows(await part('Sign-in options'), 'Saved sign-in options')).toEqual([
      'People without an accountLet them join as staff',
      'Password sign-inOff',
    ]);
  });

  it('saves a provider: the secret field starts empty and an empty one keeps the saved secret; domains are tags', async () => {
    const saved = settings({
      google: {
        enabled: false,
        clientId: 'abc',
        clientSecretSet: true,
        allowedDomains: ['stmarys.sch.uk'],
      },
    });
    const updated = {
      ...saved,
      google: {
        ...saved.google,
        enabled: true,
        allowedDomains: ['stmarys.sch.uk', 'stmarys.org.uk'],
      },
    };
    const fetchMock = stubFetch({
      // The save refreshes the settings: the second read has the change.
      [GET]: [{ body: saved }, { body: updated }],
      'PUT /api/sign-in-settings/google': { body: updated },
    });
    await openCard();
    const google = await part('Google');
    await user.click(within(google).getByRole('button', { name: 'Edit' }));

    const secret = within(google).getByLabelText('Client secret');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(
      within(google).getByText(/A secret is saved\. Leave this empty to keep it/),
    ).toBeInTheDocument();
    await user.click(within(google).getByRole('switch', { name: 'Sign in with Google' }));
    await user.type(
      within(google).getByRole('combobox', { name: 'Allowed domains' }),
      'stmarys.org.uk,',
    );
    await fill(user, within(google).getByLabelText('Your password'), 'my own password');
    await user.click(within(google).getByRole('button', { name: 'Save' }));

    await findToast('status', 'Settings updated');
    expect(sentBodies(fetchMock, 'PUT /api/sign-in-settings/google')).toEqual([
      {
        enabled: true,
        clientId: 'abc',
        clientSecret: '',
        allowedDomains: ['stmarys.sch.uk', 'stmarys.org.uk'],
        password: 'my own password',
      },
    ]);
    expect(await rows(google, 'Saved Google sign-in settings')).toEqual([
      'Sign-inOn',
      'Client IDabc',
      'Client secretSaved',
      'Allowed domainsstmarys.sch.ukstmarys.org.uk',
    ]);
  });

  it('says why the server refused a provider, and stays in the form', async () => {
    stubFetch({
      [GET]: { body: settings() },
      'PUT /api/sign-in-settings/microsoft': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Enter the client secret to turn on Microsoft sign-in.',
        },
      },
    });
    await openCard();
    const microsoft = await part('Microsoft');
    await user.click(within(microsoft).getByRole('button', { name: 'Edit' }));
    await user.click(within(microsoft).getByRole('switch', { name: 'Sign in with Microsoft' }));
    await fill(user, within(microsoft).getByLabelText('Client ID'), 'app-id');
    await fill(user, within(microsoft).getByLabelText('Your password'), 'my own password');
    await user.click(within(microsoft).getByRole('button', { name: 'Save' }));

    const toast = await findToast('alert', 'Update failed');
    expect(toast).toHaveTextContent('Enter the client secret to turn on Microsoft sign-in.');
    expect(within(microsoft).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('explains the options: who may join, and that admins always keep their password', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: settings() },
      'PUT /api/sign-in-settings': { body: settings({ passwordSignIn: false }) },
    });
    await openCard();
    const options = await part('Sign-in options');
    await user.click(within(options).getByRole('button', { name: 'Edit' }));

    expect(
      within(options).getByText(/nobody ever joins as a manager or admin/),
    ).toBeInTheDocument();
    await user.click(within(options).getByRole('radio', { name: 'Let them join as staff' }));
    await user.click(within(options).getByRole('switch', { name: 'Password sign-in' }));
    expect(within(options).getByText(/Admins can always use their password/)).toBeInTheDocument();
    await user.click(within(options).getByRole('button', { name: 'Save' }));
    // Changing how people sign in asks for the admin's own password first.
    expect(await within(options).findByText('Password is required')).toBeInTheDocument();
    await fill(user, within(options).getByLabelText('Your password'), 'my own password');
    await user.click(within(options).getByRole('button', { name: 'Save' }));

    await findToast('status', 'Settings updated');
    expect(sentBodies(fetchMock, 'PUT /api/sign-in-settings')).toEqual([
      { joinRule: 'join_as_staff', passwordSignIn: false, password: 'my own password' },
    ]);
  });

  it('lets an admin without a password confirm it is them with their provider, in a window of its own', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: settings() },
      'GET /api/auth/user': {
        body: {
          user: {
            id: 'u1',
            name: 'Sol Sso',
            email: 'sol@school.example',
            role: 'admin',
            emailVerified: true,
            twoFactorEnabled: false,
            twoFactorSetupRequired: false,
            hasPassword: false,
            signInProviders: ['google'],
          },
          organization: {
            id: 'o1',
            name: 'School',
            subdomain: 'school',
            type: 'school',
            timezone: 'Europe/London',
          },
        },
      },
      'GET /api/auth/sso/providers': {
        body: {
          providers: [
            {
              kind: 'google',
              name: 'Google',
              startUrl: 'https://app/api/auth/sso/start?provider=google',
            },
          ],
        },
      },
      'POST /api/auth/sso/reauthenticate': {
        body: { location: 'https://app/api/auth/sso/start?reauth=abc' },
      },
      'PUT /api/sign-in-settings': { body: settings({ joinRule: 'join_as_staff' }) },
    });
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await openCard();
    const options = await part('Sign-in options');
    await user.click(within(options).getByRole('button', { name: 'Edit' }));
    await user.click(within(options).getByRole('radio', { name: 'Let them join as staff' }));
    expect(within(options).queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.click(await within(options).findByRole('button', { name: 'Confirm with Google' }));

    await vi.waitFor(() =>
      expect(popup.location.href).toBe('https://app/api/auth/sso/start?reauth=abc'),
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(sentBodies(fetchMock, 'POST /api/auth/sso/reauthenticate')).toEqual([
      { provider: 'google' },
    ]);
    // The window that signed in again hands the proof back.
    const channel = new BroadcastChannel('duty-manager-reauthentication');
    channel.postMessage({ proof: 'the-proof' });
    channel.close();
    expect(
      await within(options).findByText('Confirmed. Save within five minutes.'),
    ).toBeInTheDocument();
    await user.click(within(options).getByRole('button', { name: 'Save' }));

    await findToast('status', 'Settings updated');
    expect(sentBodies(fetchMock, 'PUT /api/sign-in-settings')).toEqual([
      { joinRule: 'join_as_staff', passwordSignIn: true, providerProof: 'the-proof' },
    ]);
    open.mockRestore();
  });

  it('says when the settings could not be loaded, with a retry', async () => {
    stubFetch({
      [GET]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Something broke' },
      },
    });
    await openCard();
    expect(await within(card()).findByText('Failed to load sign-in settings')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
