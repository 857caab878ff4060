import type { StaffDto } from '../api';

/** ISO weekdays as the API writes them: 1 = Monday … 5 = Friday (docs/product.md#working-patterns). */
export const ALL_WEEKDAYS = [1, 2, 3, 4, 5] as const;

const SHORT_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;

/** "Mon" … "Fri" for 1 … 5. */
export function weekdayShortName(day: number): string {
  return SHORT_NAMES[day - 1] ?? String(day);
}

/** The checkboxes of a weekday choice, Monday to Friday, labelled "Mon" … "Fri". */
export function weekdayOptions(days: readonly number[] = ALL_WEEKDAYS) {
  return [...days]
    .sort((a, b) => a - b)
    .map((day) => ({ value: day, label: weekdayShortName(day) }));
}

/**
 * Days in a compact form: runs of three or more as a range, the rest listed, e.g. "Mon–Wed",
 * "Mon, Wed, Fri", "Mon–Wed, Fri". A run of two reads better as a list ("Thu, Fri").
 */
export function formatWeekdays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const parts: string[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === (sorted[end] ?? 0) + 1) end += 1;
    const first = sorted[start] ?? 0;
    const last = sorted[end] ?? 0;
    if (end - start >= 2) parts.push(`${weekdayShortName(first)}–${weekdayShortName(last)}`);
    else for (let i = start; i <= end; i += 1) parts.push(weekdayShortName(sorted[i] ?? 0));
    start = end + 1;
  }
  return parts.join(', ');
}

/** What an empty FTE means: their working days ÷ 5, e.g. 0.6 for three days. */
export function defaultFte(workingDays: readonly number[]): number {
  return Math.round((workingDays.length / 5) * 100) / 100;
}

type Pattern = Pick<StaffDto, 'workingDays' | 'fte' | 'weeklyCap' | 'avoidDays'>;

/**
 * The working pattern in a few words for the staff table, e.g. "Mon–Wed · 0.6 FTE",
 * "Mon–Fri · 0.8 FTE · max 3 a week · avoids Fri"; empty for a full-timer with no cap or days to
 * avoid, who needs nothing said.
 */
export function describePattern(staff: Pattern): string {
  const parts: string[] = [];
  const everyDay = staff.workingDays.length === ALL_WEEKDAYS.length;
  const fte = staff.fte ?? defaultFte(staff.workingDays);
  if (!everyDay) parts.push(formatWeekdays(staff.workingDays));
  if (fte < 1) {
    if (everyDay) parts.push('Mon–Fri');
    parts.push(`${fte} FTE`);
  }
  if (staff.weeklyCap !== null) parts.push(`max ${staff.weeklyCap} a week`);
  if (staff.avoidDays.length > 0) parts.push(`avoids ${formatWeekdays(staff.avoidDays)}`);
  return parts.join(' · ');
}
