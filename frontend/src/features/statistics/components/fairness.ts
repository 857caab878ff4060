const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A typographic minus, which screen readers say as "minus" and which lines up with "+". */
export const MINUS = '\u2212';

/**
 * How far a person's total is from the team average, to one decimal place and signed: "+1.5",
 * "−0.5", or "0" when it rounds to nothing.
 */
export function formatVsAverage(total: number, average: number): string {
  const difference = Math.round((total - average) * 10) / 10;
  if (difference === 0) return '0';
  const size = ONE_DECIMAL.format(Math.abs(difference));
  return difference > 0 ? `+${size}` : `${MINUS}${size}`;
}

/** The same, in words, for screen readers and tooltips. */
export function describeVsAverage(total: number, average: number): string {
  const difference = Math.round((total - average) * 10) / 10;
  if (difference === 0) return 'Same as the team average';
  const size = ONE_DECIMAL.format(Math.abs(difference));
  return `${size} ${difference > 0 ? 'above' : 'below'} the team average`;
}
