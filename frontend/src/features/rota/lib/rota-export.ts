// The Monthly Rota's export (docs/product.md#statistics-and-the-dashboard): the rota of the month
// shown, of its term or of its academic year, as a CSV or XLSX file the server writes.
import type { TermDto } from '@/features/holidays/api';

import { monthRange, parseMonthKey } from './rota-calendar';

/**
 * The rota as a file. Not through the generated `exportRota` query: the base query reads bodies as
 * text, which would corrupt an XLSX, and a file is saved, not cached. The path and parameters are
 * the generated endpoint's.
 */
export const ROTA_EXPORT_URL = '/api/rota/export';

export type RotaExportSpan = 'month' | 'term' | 'year';

export interface DateSpan {
  startDate: string;
  endDate: string;
}

export const SPAN_LABELS: Record<RotaExportSpan, string> = {
  month: 'This month',
  term: 'This term',
  year: 'This academic year',
};

/** The academic year a `yyyy-MM` month belongs to, by its first calendar year (September on). */
export function academicYearOfMonth(month: string): number {
  const first = parseMonthKey(month);
  return first.month() >= 8 ? first.year() : first.year() - 1;
}

/** 1 September to 31 August of the academic year the month belongs to. */
export function academicYearSpan(month: string): DateSpan {
  const year = academicYearOfMonth(month);
  return { startDate: `${year}-09-01`, endDate: `${year + 1}-08-31` };
}

/**
 * The term the month falls in: the first saved term overlapping it (a month between terms, such
 * as August, has none), or undefined.
 */
export function termSpan(
  month: string,
  terms: readonly TermDto[] | undefined,
): DateSpan | undefined {
  const { startDate, endDate } = monthRange(month);
  const term = terms?.find((t) => t.startDate <= endDate && t.endDate >= startDate);
  return term && { startDate: term.startDate, endDate: term.endDate };
}

/** The dates each export choice covers for the month shown; the term's is undefined without one. */
export function exportSpans(
  month: string,
  terms: readonly TermDto[] | undefined,
): Record<RotaExportSpan, DateSpan | undefined> {
  return { month: monthRange(month), term: termSpan(month, terms), year: academicYearSpan(month) };
}
