import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, stubFetch } from '@/testing/test-utils';

describe('app router', () => {
  it('shows the not-found screen for an unknown path', async () => {
    renderApp('/no-such-page');

    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the landing page, lazily loaded, at /', async () => {
    stubFetch({
      'GET /api/plan': {
        body: {
          id: 'professional',
          name: 'Professional',
          pricePerMonth: 10,
          currency: 'GBP',
          trialDays: 30,
          creditCardRequired: false,
          features: ['Unlimited staff'],
        },
      },
    });

    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Duty Manager' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('£10')).toBeInTheDocument();
  });

  it('puts every screen in a main landmark under a banner with the product title', async () => {
    renderApp('/no-such-page');

    const main = await screen.findByRole('main');
    expect(main).toContainElement(screen.getByRole('heading', { name: '404 Page Not Found' }));
    expect(screen.getByRole('banner')).toHaveTextContent('Duty Manager');
  });
});
