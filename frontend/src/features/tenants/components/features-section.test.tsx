import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { plan } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';

import { FeaturesSection } from './features-section';

describe('FeaturesSection', () => {
  it('lists what the product covers, each with a sentence', () => {
    renderWithProviders(<FeaturesSection />);

    const section = screen.getByRole('region', { name: 'Features' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(11);
    for (const title of [
      'Staff records',
      'Holidays',
      'Automated assignment and backfill',
      'Swap requests',
      'Cancel requests',
      'Unavailability periods',
      'Calendar export',
      'Live calendar feed',
      'Email reminders',
      'Workload statistics',
      'Sign up in minutes',
    ]) {
      expect(within(section).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
  });

  it("never repeats the plan's feature names, so each reads once on the landing page", () => {
    renderWithProviders(<FeaturesSection />);

    const text = screen.getByRole('region', { name: 'Features' }).textContent?.toLowerCase() ?? '';
    for (const phrase of [...plan.features, '30-day free trial', 'No credit card required']) {
      expect(text).not.toContain(phrase.toLowerCase());
    }
  });
});
