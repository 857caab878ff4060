import type { IsoDate } from './clock';

/**
 * The academic year runs 1 September – 31 August (docs/product.md#time-and-the-academic-year). Returns the calendar year it
 * starts in: `explicit` when given, else the one containing `today`.
 */
export function academicYearStartOf(today: IsoDate, explicit?: number): number {
  if (explicit !== undefined) return explicit;
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month >= 9 ? year : year - 1;
}

export interface AcademicYear {
  /** e.g. "2025-2026". */
  label: string;
  /** 1 September. */
  startDate: IsoDate;
  /** 31 August. */
  endDate: IsoDate;
  /** The statistics period: 1 September – 31 July (docs/product.md#time-and-the-academic-year). */
  statisticsEndDate: IsoDate;
}

/** The academic year containing `today`, with the dates the screens and bulk tools use. */
export function academicYearOf(today: IsoDate): AcademicYear {
  return academicYearStarting(academicYearStartOf(today));
}

/** The academic year that starts on 1 September of `start`. */
export function academicYearStarting(start: number): AcademicYear {
  return {
    label: `${start}-${start + 1}`,
    startDate: `${start}-09-01`,
    endDate: `${start + 1}-08-31`,
    statisticsEndDate: `${start + 1}-07-31`,
  };
}

/**
 * The academic year the planning screens start on (docs/product.md#time-and-the-academic-year):
 * the one containing `today` until its summer term has ended (`summerTermEnd`, the last day of
 * this year's summer term, null without term dates; until 31 July without them), then next year —
 * the summer is when a school sets up, plans and reviews the year to come.
 */
export function planningYearStartOf(today: IsoDate, summerTermEnd: IsoDate | null): number {
  const current = academicYearStartOf(today);
  const over = summerTermEnd ? summerTermEnd <= today : today >= `${current + 1}-08-01`;
  return over ? current + 1 : current;
}

/**
 * The days the planning tools plan in academic year `start` when asked for that year
 * (docs/product.md#bulk-tools): from `first` (tomorrow) or 1 September, whichever is later, to the
 * end of its summer term, or to 31 August when the year has no term dates or its summer term is
 * over by then. Null when the year has no day left from `first` on.
 */
export function planningPeriodOf(start: number, first: IsoDate, summerTermEnd: IsoDate | null): { from: IsoDate; to: IsoDate } | null {
  const year = academicYearStarting(start);
  const from = first > year.startDate ? first : year.startDate;
  if (from > year.endDate) return null;
  const to = summerTermEnd && summerTermEnd >= from ? summerTermEnd : year.endDate;
  return { from, to };
}

/** `dates` grouped by the academic year they fall in (by its first calendar year), earliest year first, each in date order. */
export function byAcademicYear(dates: readonly IsoDate[]): [number, IsoDate[]][] {
  const years = new Map<number, IsoDate[]>();
  for (const date of [...dates].sort()) {
    const start = academicYearStartOf(date);
    (years.get(start) ?? years.set(start, []).get(start)!).push(date);
  }
  return [...years].sort(([a], [b]) => a - b);
}

/** Adds whole days to a `yyyy-MM-dd` date, in the calendar, with no time zone involved. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** How many calendar days `start`..`end` covers, both included (1 for a single day). */
export function daysInSpan(start: IsoDate, end: IsoDate): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
}

/** Every date from `start` to `end`, inclusive. */
export function datesBetween(start: IsoDate, end: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Monday = 0 … Sunday = 6, for a `yyyy-MM-dd` date, without time zones getting involved. */
export function weekdayIndex(date: IsoDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** Monday to Friday: the days duties are on. */
export function isWeekday(date: IsoDate): boolean {
  return weekdayIndex(date) < 5;
}

/** The first weekday after `date`. */
export function nextWeekday(date: IsoDate): IsoDate {
  let next = addDays(date, 1);
  while (!isWeekday(next)) next = addDays(next, 1);
  return next;
}

/** The Monday of the date's week (weeks start on Monday, docs/product.md#time-and-the-academic-year). */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -weekdayIndex(date));
}
