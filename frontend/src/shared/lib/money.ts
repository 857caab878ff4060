/**
 * Formats a price in en-GB, e.g. `formatPrice(10, 'GBP')` is "£10" and
 * `formatPrice(9.5, 'GBP')` is "£9.50": whole amounts drop the pence.
 */
export function formatPrice(amount: number, currency: string): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}
