import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { plan } from '@/testing/fixtures';
import { renderWithProviders, stubFetch } from '@/testing/test-utils';

import { PricingSection } from './pricing-section';

describe('PricingSection', () => {
  it('sells the Professional plan fetched from GET /api/plan', async () => {
    const fetchMock = stubFetch({ 'GET /api/plan': { body: plan } });

    renderWithProviders(<PricingSection />);

    expect(screen.getByRole('heading', { level: 2, name: 'Pricing' })).toBeInTheDocument();
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

    renderWithProviders(<PricingSection />);

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

    renderWithProviders(<PricingSection />);

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

    renderWithProviders(<PricingSection />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Internal server error')).toBeInTheDocument();
  });

  it('loads the plan again when asked to try again', async () => {
    const fetchMock = stubFetch({ 'GET /api/plan': { status: 503, body: 'Database unavailable' } });
    renderWithProviders(<PricingSection />);
    await screen.findByRole('alert');

    stubFetch({ 'GET /api/plan': { body: plan } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('£10')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the call to action under the plan', async () => {
    stubFetch({ 'GET /api/plan': { body: plan } });

    renderWithProviders(<PricingSection action={<button type="button">Start now</button>} />);

    expect(await screen.findByRole('button', { name: 'Start now' })).toBeInTheDocument();
  });
});
