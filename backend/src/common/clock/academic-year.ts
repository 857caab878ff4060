import type { IsoDate } from './clock';

/**
 * The academic year runs 1 September – 31 August (PRODUCT.md). Returns the calendar year it
 * starts in: `explicit` when given, else the one containing `today`.
 */
export function academicYearStartOf(today: IsoDate, explicit?: number): number {
  if (explicit !== undefined) return explicit;
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month >= 9 ? year : year - 1;
}
