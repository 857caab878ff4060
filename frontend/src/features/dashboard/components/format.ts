import { formatDecimal } from '@/shared/lib/number-format';

/** "1 request", "3 requests": a count with its noun, singular for exactly one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** At most one decimal place, and none when it would be ".0": 2.5, 3, 1,024. */
export function formatNumber(value: number): string {
  return formatDecimal(value);
}

/** docs/product.md#statistics-and-the-dashboard: what the This Week card reads for the number of unfilled slots. */
export function thisWeekText(unfilled: number | undefined): string {
  if (unfilled === undefined) return 'No duties assigned';
  if (unfilled === 0) return 'All slots filled';
  return `${countOf(unfilled, 'slot')} unfilled`;
}
