import { describe, expect, it } from 'vitest';

import { formatPrice } from './money';

describe('formatPrice', () => {
  it('drops the pence from whole amounts', () => {
    expect(formatPrice(10, 'GBP')).toBe('£10');
  });

  it('shows two decimals otherwise', () => {
    expect(formatPrice(9.5, 'GBP')).toBe('£9.50');
  });

  it('uses the symbol of the given currency', () => {
    expect(formatPrice(12, 'EUR')).toBe('€12');
  });
});
