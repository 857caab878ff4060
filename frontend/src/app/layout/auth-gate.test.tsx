import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { currentUser, plan } from '@/testing/fixtures';
import {
  callCount,
  renderApp,
  setupUser,
  storedToken,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

async function findLanding() {
  return screen.findByRole('heading', { level: 1, name: 'Duty Manager' });
}

describe('auth gate', () => {
  describe('without a stored token', () => {
    it.each([['/'], ['/rota'], ['/staff'], ['/no-such-page']])(
      'shows the landing page at %s without asking who is signed in',
      async (path) => {
        const fetchMock = stubFetch({ 'GET /api/plan': { body: plan } });

        const { router } = renderApp(path);

        expect(await findLanding()).toBeInTheDocument();
        expect(await screen.findByRole('tab', { name: 'Start Free Trial' })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        expect(router.state.location.pathname).toBe(path);
        expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(0);
        expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
      },
    );

    it('opens the Sign In tab at /login', async () => {
      stubFetch({ 'GET /api/plan': { body: plan } });

      renderApp('/login');

      expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      // The tab's form follows once the page knows its address (GET /api/auth/host).
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    });

    it.each([
      ['/forgot-password', 'Forgot your password?'],
      ['/resend-verification', 'Resend verification email'],
    ])('shows the public page %s instead of the landing page', async (path, heading) => {
      stubFetch({});

      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(
        screen.queryByRole('heading', { level: 1, name: 'Duty Manager' }),
      ).not.toBeInTheDocument();
    });
  });

  describe('with a stored token', () => {
    it('renders the shell ahead, hidden and asking for nothing, while it asks who is signed in', async () => {
      storeToken();
      // The user's answer never comes.
      const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
      vi.stubGlobal('fetch', fetchMock);

      renderApp('/');

      expect(screen.getByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
      // Rendered at idle priority after the skeleton: the shell's navigation, in the document
      // but not shown, and no effects run in it, so no request but the user's.
      await waitFor(() =>
        expect(document.querySelector('nav[aria-label="Main navigation"]')).not.toBeNull(),
      );
      expect(document.querySelector('nav[aria-label="Main navigation"]')).not.toBeVisible();
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
      const asked = fetchMock.mock.calls.map(
        ([input]) => new URL(String(input), 'http://localhost').pathname,
      );
      expect(asked).toEqual(['/api/auth/user']);
    });

    it("shows the dashboard's skeleton, not a full-page loader, while it asks who is signed in at /", async () => {
      storeToken();
      stubFetch({ 'GET /api/auth/user': { body: currentUser() } });

      renderApp('/');

      expect(screen.getByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
      expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'Monthly Rota' })).toBeInTheDocument();
    });

    it('shows a page loader while it asks who is signed in, on a page without a skeleton', async () => {
      storeToken();
      stubFetch({ 'GET /api/auth/user': { body: currentUser() } });

      renderApp('/no-such-page');

      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
      expect(
        await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
      ).toBeInTheDocument();
    });

    it('shows the shell with the organisation, the role and the dashboard', async () => {
      storeToken('good-token');
      const fetchMock = stubFetch({ 'GET /api/auth/user': { body: currentUser() } });

      renderApp('/');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Dashboard' }),
      ).toBeInTheDocument();
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Monthly Rota' }),
      ).toBeInTheDocument();
      const banner = screen.getByRole('banner');
      expect(within(banner).getByRole('link', { name: 'Duty Manager' })).toHaveAttribute(
        'href',
        '/',
      );
      expect(within(banner).getByText('Hillside Primary School')).toBeInTheDocument();
      expect(within(banner).getByText('Admin')).toBeInTheDocument();
      expect(within(banner).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
      expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      const [, init] = fetchMock.mock.calls[0] ?? [];
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer good-token');
    });

    it.each([
      ['manager', 'Manager'],
      ['staff', 'Staff'],
      ['caretaker', 'User'],
    ])('labels the role %s as %s', async (role, label) => {
      storeToken();
      stubFetch({
        'GET /api/auth/user': { body: currentUser({ user: { role: role as 'staff' } }) },
      });

      renderApp('/');

      // The shell's banner, not the frame the dashboard's skeleton stands in meanwhile.
      await screen.findByRole('button', { name: 'Logout' });
      const banner = screen.getByRole('banner');
      expect(await within(banner).findByText(label)).toBeInTheDocument();
    });

    it('clears a token the server rejects and shows the landing page', async () => {
      storeToken('expired-token');
      const fetchMock = stubFetch({
        'GET /api/auth/user': {
          status: 401,
          body: { statusCode: 401, message: 'Unauthorized', error: 'Unauthorized' },
        },
        'GET /api/plan': { body: plan },
      });

      renderApp('/rota');

      expect(await findLanding()).toBeInTheDocument();
      expect(storedToken()).toBeNull();
      expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(1);
    });

    it('signs out when the server cannot be reached, without retrying', async () => {
      storeToken();
      const fetchMock = stubFetch({
        'GET /api/auth/user': { networkError: true },
        'GET /api/plan': { body: plan },
      });

      renderApp('/');

      expect(await findLanding()).toBeInTheDocument();
      expect(storedToken()).toBeNull();
      expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(1);
    });
  });

  describe('signed in', () => {
    it('navigates with the navigation bar and highlights the current page', async () => {
      storeToken();
      stubFetch({ 'GET /api/auth/user': { body: currentUser() } });
      const user = setupUser();
      const { router } = renderApp('/');

      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      const names = within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent);
      expect(names).toEqual([
        'Dashboard',
        'Weekly Rota',
        'Duties',
        'Statistics',
        'Holidays',
        'Swap Requests',
        'Cancel Requests',
        'My Rota',
        'Instructions',
        'Admin',
      ]);
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      await user.click(within(nav).getByRole('link', { name: 'Weekly Rota' }));

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Weekly Rota' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/rota');
      const rota = within(nav).getByRole('link', { name: 'Weekly Rota' });
      expect(rota).toHaveAttribute('aria-current', 'page');
      expect(rota.closest('li')).toHaveClass('ant-menu-item-selected');
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
        'aria-current',
      );
    });

    it.each([
      ['/rota', 'Weekly Rota'],
      ['/statistics', 'Statistics'],
      ['/my-rota', 'My Rota'],
      ['/instructions', 'Duty Manager Instructions'],
      ['/help', 'Help'],
    ])('loads the page at %s headed %s', async (path, heading) => {
      storeToken();
      stubFetch({ 'GET /api/auth/user': { body: currentUser() } });

      renderApp(path);

      // The page's skeleton (the Weekly Rota has one) stands in its own frame first: the page's
      // main is the one that holds the heading once the page is there.
      const title = await screen.findByRole('heading', { level: 1, name: heading });
      const main = screen.getByRole('main');
      expect(main).toContainElement(title);
      expect(within(main).queryByText('This page is coming in a later release.')).toBeNull();
    });

    it('sends /login to the dashboard', async () => {
      storeToken();
      stubFetch({ 'GET /api/auth/user': { body: currentUser() } });

      const { router } = renderApp('/login');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Dashboard' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    });

    it('logs out: removes the token, forgets the user and goes to the landing page', async () => {
      storeToken();
      const fetchMock = stubFetch({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/plan': { body: plan },
      });
      const user = setupUser();
      const { router, store } = renderApp('/rota');

      await user.click(await screen.findByRole('button', { name: 'Logout' }));

      expect(await findLanding()).toBeInTheDocument();
      expect(storedToken()).toBeNull();
      expect(router.state.location.pathname).toBe('/');
      expect(store.getState().api.queries['getCurrentUser(undefined)']).toBeUndefined();
      expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(1);
      expect(screen.queryByText('Hillside Primary School')).not.toBeInTheDocument();
    });

    it('follows a navigation link from the keyboard', async () => {
      storeToken();
      stubFetch({ 'GET /api/auth/user': { body: currentUser() } });
      const user = setupUser();
      renderApp('/');
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });

      within(nav).getByRole('link', { name: 'Swap Requests' }).focus();
      await user.keyboard('{Enter}');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Swap Requests' }),
      ).toBeInTheDocument();
    });

    it('names each navigation item by its page alone', async () => {
      storeToken();
      stubFetch({ 'GET /api/auth/user': { body: currentUser() } });
      renderApp('/');

      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });

      expect(within(nav).getByRole('menuitem', { name: 'Admin' })).toBeInTheDocument();
    });

    it.each([
      ['manager', true],
      ['staff', false],
    ] as const)(
      'lists Admin in the navigation of a %s only if they may open it (%s)',
      async (role, listed) => {
        storeToken();
        stubFetch({ 'GET /api/auth/user': { body: currentUser({ user: { role } }) } });
        renderApp('/');

        const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
        await within(nav).findByRole('link', { name: 'Dashboard' });
        const names = within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent);
        expect(names.filter((name) => name !== 'Duties').slice(0, 8)).toEqual([
          'Dashboard',
          'Weekly Rota',
          'Statistics',
          'Holidays',
          'Swap Requests',
          'Cancel Requests',
          'My Rota',
          'Instructions',
        ]);
        expect(names.includes('Admin')).toBe(listed);
        // Duties (duties.manage) is for admins and managers, as Admin is here.
        expect(names.indexOf('Duties')).toBe(listed ? names.indexOf('Weekly Rota') + 1 : -1);
      },
    );

    it('stays signed in when a later check of the user fails for another reason', async () => {
      storeToken();
      const fetchMock = stubFetch({
        'GET /api/auth/user': [
          { body: currentUser() },
          { status: 503, body: 'Service Unavailable' },
        ],
        'POST /api/auth/verify-email': {
          body: { message: 'Your email address has been verified.' },
        },
      });

      // Verifying refreshes the current user; the second answer is the server being down.
      renderApp('/verify-email?token=refetch-503');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Email verified' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(2));
      expect(storedToken()).toBe('good-token');
      expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(
        within(screen.getByRole('banner')).getByText('Hillside Primary School'),
      ).toBeInTheDocument();
    });

    it('signs out when a later check of the user says the session has ended', async () => {
      storeToken();
      const fetchMock = stubFetch({
        'GET /api/auth/user': [
          { body: currentUser() },
          { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
        ],
        'POST /api/auth/verify-email': {
          body: { message: 'Your email address has been verified.' },
        },
      });

      renderApp('/verify-email?token=refetch-401');

      await waitFor(() => expect(storedToken()).toBeNull());
      expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(2);
      expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    });
  });
});
