// Weekdays as the API writes them and as screens name them: working patterns (staff) and
// weekly commitments (unavailability) share them.

/** ISO weekdays as the API writes them: 1 = Monday … 5 = Friday (docs/product.md#working-patterns, #unavailability). */
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
