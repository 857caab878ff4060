// The Rota Management section's texts (docs/product.md#bulk-tools): the period Fill, Reshuffle and
// Clear work on in the academic year chosen, and what the card says when that year has no term
// dates.
import type { AcademicYearOptionDto } from '@/features/holidays/api';
import { formatDate, parseDate, toIsoDate } from '@/shared/lib/dates';

/** The server's `code` when Fill or Reshuffle meets an academic year without term dates. */
export const TERM_DATES_MISSING_CODE = 'term_dates_missing';
export const TERM_DATES_MISSING_TITLE = 'Term dates needed';
export const SET_TERM_DATES = 'Set term dates';
export const PLAN_EVERY_WEEKDAY = 'Plan every weekday';
/** Where term dates are set: the Holidays screen's Term Dates section. */
export const TERM_DATES_LINK = '/holidays#term-dates';

export interface PlanPeriod {
  /** e.g. "from tomorrow to 21 July 2026", "from 1 September 2026 to 21 July 2027". */
  period: string;
  /** What that last day is, e.g. ", the end of the summer term"; empty when not known. */
  endNote: string;
}

const nextDay = (date: string) => toIsoDate(parseDate(date).add(1, 'day'));

/** "from tomorrow" or "from 1 September 2026": the first day, in words. */
function fromText(first: string, today: string): string {
  return first === nextDay(today) ? 'from tomorrow' : `from ${formatDate(first)}`;
}

/**
 * The period Fill and Reshuffle plan in the year chosen, as the server works it out (its
 * `planFrom`..`planTo`): from tomorrow or the year's 1 September to the end of its summer term, or
 * to 31 August when the year has no term dates (or its summer term is over). Until the server has
 * answered, the words alone; null when nothing of the year is left to plan.
 */
export function planPeriod(
  year: AcademicYearOptionDto | undefined,
  today: string | undefined,
): PlanPeriod | null {
  if (!year || !today) {
    return { period: 'from tomorrow to the end of the summer term', endNote: '' };
  }
  if (!year.planFrom || !year.planTo) return null;
  const period = `${fromText(year.planFrom, today)} to ${formatDate(year.planTo)}`;
  if (year.planTo === year.summerTermEnd)
    return { period, endNote: ', the end of the summer term' };
  return { period, endNote: `, the end of academic year ${year.label}` };
}

/**
 * The days Clear empties in the year chosen: from today (or the year's 1 September) to its 31
 * August, e.g. "of 2026-2027, from 1 September 2026 to 31 August 2027".
 */
export function clearPeriod(
  year: AcademicYearOptionDto | undefined,
  today: string | undefined,
): string {
  if (!year || !today) return 'from today onward';
  const first = today > year.startDate ? today : year.startDate;
  const from = first === today ? 'from today' : `from ${formatDate(first)}`;
  return `of ${year.label}, ${from} to ${formatDate(year.endDate)}`;
}

/** "No term dates are set for 2025-2026: …", above the tools while the year lacks them. */
export function termDatesMissingNote(years: readonly string[]): string {
  return `No term dates are set for ${years.join(' and ')}: Fill and Reshuffle will ask before planning every weekday, the holidays between terms included.`;
}
