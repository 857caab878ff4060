import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useGetPlanQuery } from '@/features/tenants/api';
import { FEATURES } from '@/features/tenants/components/features-section';
import { plan } from '@/testing/fixtures';
import { renderWithProviders, stubFetch } from '@/testing/test-utils';

import { LandingPage } from './landing-page';

// Alone in its file: the landing page is rendered here for the first time in this module
// graph. A section loaded with React.lazy suspends on its first render only; any later render
// in the same file would find it already loaded and could not tell.

/** The landing page, mounted once the plan is in the cache: nothing but the page's own code left to wait for. */
function LandingOnceThePlanIsIn() {
  const { data } = useGetPlanQuery();
  return data ? <LandingPage /> : <p>Fetching the plan</p>;
}

describe('LandingPage, first render', () => {
  it('renders the features and the pricing with the hero, not after it', async () => {
    stubFetch({ 'GET /api/plan': { body: plan } });

    renderWithProviders(<LandingOnceThePlanIsIn />);
    await screen.findByRole('heading', { level: 1, name: 'Duty Manager' });

    // In the same commit as the hero, with nothing awaited: getBy, not findBy.
    const features = screen.getByRole('region', { name: 'Features' });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(FEATURES.length);
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    expect(within(pricing).getByText('£10')).toBeInTheDocument();
    expect(within(pricing).getByRole('button', { name: 'Start your free trial' })).toBeEnabled();
  });
});
