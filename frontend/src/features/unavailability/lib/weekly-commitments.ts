import { formatDate } from '@/shared/lib/dates';
import { formatWeekdays } from '@/shared/lib/weekdays';

import type { RecurringUnavailabilityDto, TimetableWeek } from '../api';

/** How often a weekly commitment applies: every week, or Week A or Week B of a two-week timetable. */
export type Repeat = 'every' | TimetableWeek;

/** docs/product.md#unavailability: the three choices, as the form offers them. */
export const REPEAT_OPTIONS: { value: Repeat; label: string }[] = [
  { value: 'every', label: 'Every week' },
  { value: 'A', label: 'Week A' },
  { value: 'B', label: 'Week B' },
];

export function repeatOf(
  rule: Pick<RecurringUnavailabilityDto, 'everyOtherWeek' | 'week'>,
): Repeat {
  return rule.everyOtherWeek && rule.week ? rule.week : 'every';
}

/** "Every week", "Week A" or "Week B". */
export function repeatLabel(
  rule: Pick<RecurringUnavailabilityDto, 'everyOtherWeek' | 'week'>,
): string {
  const repeat = repeatOf(rule);
  return repeat === 'every' ? 'Every week' : `Week ${repeat}`;
}

/** The API's fields for a choice: every other week only with Week A or B. */
export function repeatFields(repeat: Repeat): { everyOtherWeek: boolean; week?: TimetableWeek } {
  return repeat === 'every' ? { everyOtherWeek: false } : { everyOtherWeek: true, week: repeat };
}

/** e.g. "Tue, Thu from 8 September 2025 to 21 July 2026": names a rule for a button. */
export function ruleName(rule: RecurringUnavailabilityDto): string {
  return `${formatWeekdays(rule.weekdays)} from ${formatDate(rule.startDate)} to ${formatDate(rule.endDate)}`;
}

/** Soonest first, then by their first weekday. ISO dates compare as strings. */
export function sortRules(
  rules: readonly RecurringUnavailabilityDto[],
): RecurringUnavailabilityDto[] {
  return [...rules].sort(
    (a, b) =>
      a.startDate.localeCompare(b.startDate) ||
      a.endDate.localeCompare(b.endDate) ||
      (a.weekdays[0] ?? 0) - (b.weekdays[0] ?? 0),
  );
}
