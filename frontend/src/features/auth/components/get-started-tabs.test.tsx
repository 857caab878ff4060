import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AUTH_TOKEN_STORAGE_KEY } from '@/shared/auth/auth-token';
import { loadPage } from '@/shared/lib/page-load';
import {
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  storedToken,
  stubFetch,
} from '@/testing/test-utils';

import { readLastOrganization } from '../session/last-organization';
import { GetStartedTabs } from './get-started-tabs';

vi.mock('@/shared/lib/page-load', () => ({ loadPage: vi.fn() }));

async function fillRegistration(user: UserEvent, overrides: Record<string, string> = {}) {
  const values = {
    'Your name': 'Ada Lovelace',
    Email: 'ada@hillside.example',
    Password: 'secret1',
    'Organization name': 'Hillside Primary School',
    'Organization subdomain': 'hillside',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    await fill(user, screen.getByLabelText(label), value);
  }
}

async function fillSignIn(user: UserEvent) {
  await fill(user, screen.getByLabelText('Email'), 'ada@hillside.example');
  await fill(user, screen.getByLabelText('Password'), 'secret1');
  await fill(user, screen.getByLabelText('Organization subdomain'), 'hillside');
}

function toast() {
  return screen.findByRole('alert');
}

describe('GetStartedTabs', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
    vi.mocked(loadPage).mockClear();
  });

  it('opens on the registration form, with sign-in one tab away', async () => {
    renderWithProviders(<GetStartedTabs />);

    expect(screen.getByRole('tab', { name: 'Start Free Trial' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const register = screen.getByRole('tabpanel', { name: 'Start Free Trial' });
    expect(within(register).getByRole('button', { name: 'Start Free Trial' })).toBeInTheDocument();
    // The select loads after the form has rendered.
    expect(await within(register).findByLabelText('Organization type')).toBeInTheDocument();
    expect(screen.getByText('School')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));

    const signIn = screen.getByRole('tabpanel', { name: 'Sign In' });
    expect(within(signIn).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(signIn).getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // Only the visible form exists, so each label names exactly one input.
    expect(screen.getAllByLabelText('Email')).toHaveLength(1);
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
  });

  describe('registration', () => {
    it('explains every invalid field and sends nothing', async () => {
      const fetchMock = stubFetch({});
      renderWithProviders(<GetStartedTabs />);

      await fillRegistration(user, {
        'Your name': 'A',
        Email: 'not-an-email',
        Password: '12345',
        'Organization name': 'H',
        'Organization subdomain': 'hill side!',
      });
      await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));

      expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
      expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
      expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
      expect(
        await screen.findByText('Organization name must be at least 2 characters'),
      ).toBeInTheDocument();
      expect(
        await screen.findByText(
          'Subdomain can only contain lowercase letters, numbers, and hyphens',
        ),
      ).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('says which fields are missing', async () => {
      renderWithProviders(<GetStartedTabs />);

      await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));

      expect(await screen.findByText('Name is required')).toBeInTheDocument();
      expect(await screen.findByText('Email is required')).toBeInTheDocument();
      expect(await screen.findByText('Password is required')).toBeInTheDocument();
      expect(await screen.findByText('Organization name is required')).toBeInTheDocument();
      expect(await screen.findByText('Subdomain is required')).toBeInTheDocument();
    });

    it('lower-cases the subdomain as it is typed', async () => {
      renderWithProviders(<GetStartedTabs />);

      await user.type(screen.getByLabelText('Organization subdomain'), 'Hillside-42');

      expect(screen.getByLabelText('Organization subdomain')).toHaveValue('hillside-42');
    });

    it('registers, stores the token and welcomes the new admin', async () => {
      const fetchMock = stubFetch({
        'POST /api/auth/register': { status: 201, body: { token: 'new-token' } },
      });
      const { router } = renderWithProviders(<GetStartedTabs />, '/somewhere');

      await fillRegistration(user, { 'Organization subdomain': 'Hillside' });
      await user.click(await screen.findByLabelText('Organization type'));
      await user.click(await screen.findByTitle('College'));
      await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));

      expect(await screen.findByText('Welcome to Duty Manager!')).toBeInTheDocument();
      expect(storedToken()).toBe('new-token');
      expect(router.state.location.pathname).toBe('/');
      expect(sentBodies(fetchMock, 'POST /api/auth/register')).toEqual([
        {
          name: 'Ada Lovelace',
          email: 'ada@hillside.example',
          password: 'secret1',
          organizationName: 'Hillside Primary School',
          organizationSubdomain: 'hillside',
          organizationType: 'college',
        },
      ]);
    });

    it("shows the server's reason when registration is refused", async () => {
      stubFetch({
        'POST /api/auth/register': {
          status: 409,
          body: {
            statusCode: 409,
            message: 'The subdomain "hillside" is already taken. Please choose another.',
            error: 'Conflict',
          },
        },
      });
      renderWithProviders(<GetStartedTabs />);

      await fillRegistration(user);
      await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));

      const alert = await toast();
      expect(within(alert).getByText('Registration failed')).toBeInTheDocument();
      expect(
        within(alert).getByText(
          'The subdomain "hillside" is already taken. Please choose another.',
        ),
      ).toBeInTheDocument();
      expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    });

    it('falls back to a general reason when the server gives none', async () => {
      stubFetch({ 'POST /api/auth/register': { status: 500, body: 'oops' } });
      renderWithProviders(<GetStartedTabs />);

      await fillRegistration(user);
      await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));

      const alert = await toast();
      expect(within(alert).getByText('Registration failed')).toBeInTheDocument();
      expect(within(alert).getByText('Unable to create account')).toBeInTheDocument();
    });

    it('says when the server cannot be reached', async () => {
      stubFetch({ 'POST /api/auth/register': { networkError: true } });
      renderWithProviders(<GetStartedTabs />);

      await fillRegistration(user);
      await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));

      const alert = await toast();
      expect(within(alert).getByText('Connection error')).toBeInTheDocument();
      expect(
        within(alert).getByText('Unable to connect to server. Please try again.'),
      ).toBeInTheDocument();
    });
  });

  describe('sign-in', () => {
    beforeEach(async () => {
      renderWithProviders(<GetStartedTabs />);
      await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    });

    it('explains invalid fields', async () => {
      await fill(user, screen.getByLabelText('Email'), 'nope');
      await fill(user, screen.getByLabelText('Password'), '123');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
      expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
      expect(await screen.findByText('Organization is required')).toBeInTheDocument();
    });

    it('shows "Login failed" with the server message on wrong credentials', async () => {
      stubFetch({
        'POST /api/auth/login': {
          status: 401,
          body: { statusCode: 401, message: 'Invalid credentials', error: 'Unauthorized' },
        },
      });

      await fillSignIn(user);
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      const alert = await toast();
      expect(within(alert).getByText('Login failed')).toBeInTheDocument();
      expect(within(alert).getByText('Invalid credentials')).toBeInTheDocument();
      expect(storedToken()).toBeNull();
      expect(loadPage).not.toHaveBeenCalled();
      expect(readLastOrganization()).toBe('');
    });

    it('passes on the throttling message', async () => {
      stubFetch({
        'POST /api/auth/login': {
          status: 429,
          body: {
            statusCode: 429,
            message:
              'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
            error: 'Too Many Requests',
          },
        },
      });

      await fillSignIn(user);
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      const alert = await toast();
      expect(
        within(alert).getByText(
          'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
        ),
      ).toBeInTheDocument();
    });

    it('says when the server cannot be reached', async () => {
      stubFetch({ 'POST /api/auth/login': { networkError: true } });

      await fillSignIn(user);
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      const alert = await toast();
      expect(within(alert).getByText('Connection error')).toBeInTheDocument();
    });

    it('stores the token and reloads the app at /, keeping the welcome for the new page', async () => {
      const fetchMock = stubFetch({ 'POST /api/auth/login': { body: { token: 'session-token' } } });

      await fillSignIn(user);
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
      expect(storedToken()).toBe('session-token');
      // Offered again by "Forgot password" (docs/product.md#accounts-and-sign-in).
      expect(readLastOrganization()).toBe('hillside');
      expect(sentBodies(fetchMock, 'POST /api/auth/login')).toEqual([
        { email: 'ada@hillside.example', password: 'secret1', organizationSubdomain: 'hillside' },
      ]);
      expect(JSON.parse(window.sessionStorage.getItem('queuedToast') ?? 'null')).toMatchObject({
        title: 'Welcome back!',
      });
    });
  });
});
