import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, stubFetch } from '@/testing/test-utils';

import type { PlanDto } from '../api';
import { LandingPage } from './landing-page';

const plan: PlanDto = {
  id: 'professional',
  name: 'Professional',
  pricePerMonth: 10,
  currency: 'GBP',
  trialDays: 30,
  creditCardRequired: false,
  features: [
    'Unlimited staff',
    'Automated duty assignment',
    'Email notifications',
    'Swap and cancellation requests',
    'Holiday management',
    'Calendar integration',
    'Priority support',
  ],
};

describe('LandingPage', () => {
  it('sells the Professional plan fetched from GET /api/plan', async () => {
    const fetchMock = stubFetch({ 'GET /api/plan': { body: plan } });

    renderWithProviders(<LandingPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Duty Manager' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Professional' }),
    ).toBeInTheDocument();
    expect(screen.getByText('£10')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
    expect(screen.getByText('30-day free trial')).toBeInTheDocument();
    expect(screen.getByText('No credit card required')).toBeInTheDocument();
    const features = within(screen.getByRole('list', { name: 'Professional plan features' }));
    expect(features.getAllByRole('listitem')).toHaveLength(7);
    expect(features.getByText('Automated duty assignment')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows that the plan is loading', () => {
    stubFetch({ 'GET /api/plan': { body: plan } });

    renderWithProviders(<LandingPage />);

    expect(screen.getByRole('status', { name: 'Loading the plan' })).toBeInTheDocument();
  });

  it('shows the error message when the plan cannot be loaded, without retrying', async () => {
    const fetchMock = stubFetch({
      'GET /api/plan': {
        status: 503,
        statusText: 'Service Unavailable',
        body: 'Database unavailable',
      },
    });

    renderWithProviders(<LandingPage />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the plan')).toBeInTheDocument();
    expect(within(alert).getByText('503: Database unavailable')).toBeInTheDocument();
    expect(screen.queryByText('£10')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("prefers the server's own message when the error body carries one", async () => {
    stubFetch({
      'GET /api/plan': {
        status: 500,
        statusText: 'Internal Server Error',
        body: { statusCode: 500, message: 'Internal server error' },
      },
    });

    renderWithProviders(<LandingPage />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Internal server error')).toBeInTheDocument();
  });

  it('loads the plan again when asked to try again', async () => {
    const fetchMock = stubFetch({ 'GET /api/plan': { status: 503, body: 'Database unavailable' } });
    renderWithProviders(<LandingPage />);
    await screen.findByRole('alert');

    stubFetch({ 'GET /api/plan': { body: plan } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('£10')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
