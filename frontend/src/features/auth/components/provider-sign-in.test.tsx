import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { callCount, fill, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import { SignInForm } from './sign-in-form';

/** The sign-in starts on the app's main address, where the provider sends the browser back. */
const START = 'https://dutymanager.example/api/auth/sso/start';

describe('signing in through an identity provider', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('offers a button per provider the typed organisation has turned on, leading where the server says', async () => {
    const user = setupUser();
    const fetchMock = stubFetch({
      'GET /api/auth/sso/providers': {
        body: {
          providers: [
            {
              kind: 'google',
              name: 'Google',
              startUrl: `${START}?provider=google&organization=hillside`,
            },
            {
              kind: 'microsoft',
              name: 'Microsoft',
              startUrl: `${START}?provider=microsoft&organization=hillside`,
            },
            {
              kind: 'oidc',
              name: 'Trust Login',
              startUrl: `${START}?provider=oidc&organization=hillside`,
            },
          ],
        },
      },
    });
    renderWithProviders(<SignInForm />, '/login');
    await fill(user, await screen.findByLabelText('Organization subdomain'), 'hillside');

    const google = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(google).toHaveAttribute('href', `${START}?provider=google&organization=hillside`);
    expect(screen.getByRole('link', { name: 'Sign in with Microsoft' })).toHaveAttribute(
      'href',
      `${START}?provider=microsoft&organization=hillside`,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Trust Login' })).toHaveAttribute(
      'href',
      `${START}?provider=oidc&organization=hillside`,
    );
    // Asked once, for the subdomain as typed, not for each keystroke on the way.
    expect(callCount(fetchMock, 'GET /api/auth/sso/providers')).toBe(1);
    const [input] = fetchMock.mock.calls.find(([url]) => String(url).includes('/sso/providers'))!;
    expect(new URL(String(input), 'http://localhost').searchParams.get('organization')).toBe(
      'hillside',
    );
  });

  it('shows no button without a subdomain or for an organisation without providers', async () => {
    const user = setupUser();
    const fetchMock = stubFetch({
      'GET /api/auth/sso/providers': { body: { providers: [] } },
    });
    renderWithProviders(<SignInForm />, '/login');
    const field = await screen.findByLabelText('Organization subdomain');
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
    await fill(user, field, 'plainschool');
    await expect.poll(() => callCount(fetchMock, 'GET /api/auth/sso/providers')).toBe(1);
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
  });

  it('says why the last try was refused, above the form', async () => {
    stubFetch({ 'GET /api/auth/sso/providers': { body: { providers: [] } } });
    renderWithProviders(<SignInForm />, '/login?sso_error=expired');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('Sign-in took too long or was already used; please try again.');
    expect(alert.compareDocumentPosition(screen.getByLabelText('Email'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
