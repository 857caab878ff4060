// The Rota Management section's texts (docs/product.md#bulk-tools): the period Fill and Reshuffle
// plan, and what the card says when an academic year in it has no term dates.
import { formatDate } from '@/shared/lib/dates';

import type { AcademicYearDto, RotaHealthDto } from '../api';

/** The server's `code` when Fill or Reshuffle meets an academic year without term dates. */
export const TERM_DATES_MISSING_CODE = 'term_dates_missing';
export const TERM_DATES_MISSING_TITLE = 'Term dates needed';
export const SET_TERM_DATES = 'Set term dates';
export const PLAN_EVERY_WEEKDAY = 'Plan every weekday';
/** Where term dates are set: the Holidays screen's Term Dates section. */
export const TERM_DATES_LINK = '/holidays#term-dates';

export interface PlanPeriod {
  /** e.g. "from tomorrow to 21 July 2026". */
  period: string;
  /** What that last day is, e.g. ", the end of the summer term"; empty when not known. */
  endNote: string;
}

/**
 * The period Fill and Reshuffle plan without an end date: from tomorrow to the end of the summer
 * term, or to 31 August when the year has no term dates (or its summer term is over). The day is
 * the health check's `to`, which the server works out the same way; until it is known, the words
 * alone.
 */
export function planPeriod(
  health: Pick<RotaHealthDto, 'to'> | undefined,
  academicYear: AcademicYearDto | undefined,
): PlanPeriod {
  if (!health) {
    return { period: 'from tomorrow to the end of the summer term', endNote: '' };
  }
  const period = `from tomorrow to ${formatDate(health.to)}`;
  if (academicYear && health.to === academicYear.endDate) {
    return { period, endNote: `, the end of academic year ${academicYear.label}` };
  }
  return { period, endNote: ', the end of the summer term' };
}

/** "No term dates are set for 2025-2026: …", above the tools while a year lacks them. */
export function termDatesMissingNote(years: readonly string[]): string {
  return `No term dates are set for ${years.join(' and ')}: Fill and Reshuffle will ask before planning every weekday, the holidays between terms included.`;
}
