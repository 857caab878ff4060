import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { currentUser, plan } from '@/testing/fixtures';
import { renderApp, storeToken, stubFetch } from '@/testing/test-utils';

describe('app router', () => {
  it('shows the not-found screen for an unknown path when signed in', async () => {
    storeToken();
    stubFetch({ 'GET /api/auth/user': { body: currentUser() } });

    renderApp('/no-such-page');

    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the landing page, lazily loaded, at /', async () => {
    stubFetch({ 'GET /api/plan': { body: plan } });

    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Duty Manager' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('£10')).toBeInTheDocument();
  });

  it('puts every screen in a main landmark under a banner with the product title', async () => {
    storeToken();
    stubFetch({ 'GET /api/auth/user': { body: currentUser() } });

    renderApp('/no-such-page');

    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Duty Manager');
  });

  it('gives signed-out visitors the same frame around the landing page', async () => {
    stubFetch({ 'GET /api/plan': { body: plan } });

    renderApp('/');

    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Duty Manager' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Duty Manager');
  });
});
