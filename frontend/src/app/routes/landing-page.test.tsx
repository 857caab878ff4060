import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { plan } from '@/testing/fixtures';
import { renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import { LandingPage } from './landing-page';

describe('LandingPage', () => {
  it('has the hero, sign-up and sign-in, the features and the pricing', async () => {
    stubFetch({ 'GET /api/plan': { body: plan } });

    renderWithProviders(<LandingPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Duty Manager' })).toBeInTheDocument();
    // The sign-up and sign-in card arrives right after the hero.
    const getStarted = await screen.findByRole('region', { name: 'Get started' });
    expect(
      await within(getStarted).findByRole('tab', { name: 'Start Free Trial' }),
    ).toHaveAttribute('aria-selected', 'true');
    expect(within(getStarted).getByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    // Part of the page itself (landing-page-first-render.test.tsx); the price comes from the server.
    expect(screen.getByRole('heading', { level: 2, name: 'Features' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pricing' })).toBeInTheDocument();
    expect(await screen.findByText('£10')).toBeInTheDocument();
  });

  it('takes the pricing call to action to the registration form', async () => {
    stubFetch({ 'GET /api/plan': { body: plan } });
    const user = setupUser();
    renderWithProviders(<LandingPage />);
    await user.click(await screen.findByRole('tab', { name: 'Sign In' }));

    await user.click(await screen.findByRole('button', { name: 'Start your free trial' }));

    const getStarted = screen.getByRole('region', { name: 'Get started' });
    expect(getStarted).toHaveFocus();
    expect(within(getStarted).getByRole('tab', { name: 'Start Free Trial' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(getStarted).getByLabelText('Your name')).toBeInTheDocument();
  });

  it('opens on the Sign In tab when sent back to sign in', async () => {
    stubFetch({ 'GET /api/plan': { body: plan } });

    renderWithProviders(<LandingPage />, '/login');

    expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
