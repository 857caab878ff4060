import { formatDecimal } from '@/shared/lib/number-format';

/** A typographic minus, which screen readers say as "minus" and which lines up with "+". */
export const MINUS = '\u2212';

/**
 * How far a person's total is from the team average, to one decimal place and signed: "+1.5",
 * "−0.5", or "0" when it rounds to nothing.
 */
export function formatVsAverage(total: number, average: number): string {
  const difference = Math.round((total - average) * 10) / 10;
  if (difference === 0) return '0';
  const size = formatDecimal(Math.abs(difference));
  return difference > 0 ? `+${size}` : `${MINUS}${size}`;
}

/** The same, in words, for screen readers and tooltips. */
export function describeVsAverage(total: number, average: number): string {
  const difference = Math.round((total - average) * 10) / 10;
  if (difference === 0) return 'Same as the team average';
  const size = formatDecimal(Math.abs(difference));
  return `${size} ${difference > 0 ? 'above' : 'below'} the team average`;
}

/**
 * A fairness difference (done + planned − fair share), to one decimal place and signed: "+0.4",
 * "−0.6", or "0" when it rounds to nothing.
 */
export function formatDifference(difference: number): string {
  const rounded = Math.round(difference * 10) / 10;
  if (rounded === 0) return '0';
  const size = formatDecimal(Math.abs(rounded));
  return rounded > 0 ? `+${size}` : `${MINUS}${size}`;
}

/** The same, in words: "0.4 above their fair share". */
export function describeDifference(difference: number): string {
  const rounded = Math.round(difference * 10) / 10;
  if (rounded === 0) return 'At their fair share';
  return `${formatDecimal(Math.abs(rounded))} ${rounded > 0 ? 'above' : 'below'} their fair share`;
}

/** A figure such as a fair share or an average, to one decimal place: "4.5", "3". */
export function formatFigure(value: number): string {
  return formatDecimal(value);
}

/** A team measure as the server rounds it, to two decimal places: "0.76", "1". */
export function formatMeasure(value: number): string {
  return formatDecimal(value, 2);
}
