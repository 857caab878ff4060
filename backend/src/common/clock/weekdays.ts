/**
 * The school week's days as the API and the database write them: ISO weekdays, 1 = Monday …
 * 5 = Friday (docs/product.md#working-patterns). The rota engine counts from 0 instead
 * (`weekdayIndex`): convert with `- 1` at that boundary only.
 */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5] as const;

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

export function isIsoWeekday(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5;
}

/** Sorted and without repeats, when `value` is a list of weekdays; anything else unchanged (for the validator to refuse). */
export function normalizeWeekdays(value: unknown): unknown {
  if (!Array.isArray(value) || !value.every(isIsoWeekday)) return value;
  return [...new Set(value as number[])].sort((a, b) => a - b);
}

/** "Mondays", "Mondays and Wednesdays", "Mondays, Tuesdays and Fridays", "every weekday". */
export function describeWeekdays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 5) return 'every weekday';
  const names = sorted.map((d) => `${WEEKDAY_NAMES[d - 1]}s`);
  return names.length <= 1 ? (names[0] ?? 'no weekday') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The ISO weekday of a `yyyy-MM-dd` date: 1 = Monday … 7 = Sunday. */
export function isoWeekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

const DAY_PATTERNS: [RegExp, number][] = [
  [/^mon(day)?s?$/, 1],
  [/^tue(s(day)?)?s?$/, 2],
  [/^wed(s|nesday)?s?$/, 3],
  [/^thu(r(s(day)?)?)?s?$/, 4],
  [/^fri(day)?s?$/, 5],
  [/^sat(urday)?s?$/, 6],
  [/^sun(day)?s?$/, 7],
];

function dayOf(token: string): number | undefined {
  if (/^[1-5]$/.test(token)) return Number(token);
  return DAY_PATTERNS.find(([pattern]) => pattern.test(token))?.[1];
}

/**
 * Reads weekdays as people write them in a spreadsheet: "Mon Tue Wed", "Mon-Wed", "Monday,
 * Wednesday", "Tues & Thurs", "Monday to Wednesday", "1 2 3"; blank or "all" is every weekday.
 * Answers the sorted ISO weekdays, or why the text can't be read.
 */
export function parseWeekdays(text: string): { days: number[] } | { error: string } {
  const normalized = text
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s*(?:-|\bto\b|\bthrough\b)\s*/g, '-')
    .trim();
  if (!normalized || normalized === 'all' || normalized === 'every day' || normalized === 'everyday') return { days: [...ISO_WEEKDAYS] };
  const days = new Set<number>();
  for (const token of normalized.split(/[\s,;/&+]+|\band\b/).filter(Boolean)) {
    const ends = token.split('-');
    if (ends.length > 2 || ends.some((end) => !end)) return { error: `"${token}" is not a day or a range of days` };
    const [from, to] = ends.map(dayOf);
    if (from === undefined || (ends.length === 2 && to === undefined)) return { error: `"${token}" is not a day of the week` };
    const last = to ?? from;
    if (from > 5 || last > 5) return { error: `"${token}" is not a school day, only Monday to Friday are` };
    if (last < from) return { error: `"${token}" runs backwards: write the earlier day first, e.g. Mon-Wed` };
    for (let d = from; d <= last; d += 1) days.add(d);
  }
  return days.size ? { days: [...days].sort((a, b) => a - b) } : { error: 'No days given' };
}
