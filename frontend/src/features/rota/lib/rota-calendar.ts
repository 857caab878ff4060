import {
  DAY_MONTH_FORMAT,
  formatDate,
  ISO_MONTH_FORMAT,
  MONTH_FORMAT,
  parseDate,
  SHORT_DATE_FORMAT,
  toIsoDate,
  weekdaysOf,
  type Dayjs,
} from '@/shared/lib/dates';
import { daySlots, peopleOnDuty } from '@/shared/lib/rota-day';

import type { RotaDayDto } from '../api';

/** What an empty slot reads in the month grid to whoever may change the rota (docs/product.md#screens). */
export const CLICK_TO_ASSIGN = 'Click to assign';
/**
 * What an empty slot reads on the Weekly Rota, and in the month to someone who may not change the
 * rota: nothing there is theirs to assign (docs/product.md#assigning-by-hand). Not "Unknown", which
 * is a person the server cannot name.
 */
export const UNFILLED = 'Unfilled';

/** The badge of a weekday outside term time, where its duty slots would be (docs/product.md#screens). */
export const OUT_OF_TERM = 'Out of term';

/**
 * "Duty Manager 1", "Duty Manager 2", … (docs/product.md#screens); "Lunch — Field 1" for a slot
 * of another duty, named by its title (docs/product.md#duties).
 */
export function slotLabel(position: number, duty = 'Duty Manager'): string {
  return `${duty} ${position}`;
}

/** docs/product.md#screens: a holiday's type "with underscores replaced by spaces", e.g. "bank holiday". */
export function holidayTypeLabel(type: string): string {
  return type.replaceAll('_', ' ');
}

/** A slot button's accessible name, e.g. "Duty Manager 1, Mon 8 Sep 2025: Alice Smith". */
export function slotAccessibleName(
  position: number,
  date: string,
  text: string,
  duty?: string,
): string {
  return `${slotLabel(position, duty)}, ${formatDate(date, SHORT_DATE_FORMAT)}: ${text}`;
}

/** `yyyy-MM` of a `yyyy-MM-dd` date. */
export function monthKeyOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** The first day of a `yyyy-MM` month. */
export function parseMonthKey(key: string): Dayjs {
  return parseDate(`${key}-01`);
}

export function addMonths(key: string, months: number): string {
  return parseMonthKey(key).add(months, 'month').format(ISO_MONTH_FORMAT);
}

/** First and last day of a `yyyy-MM` month, as the rota and holiday queries take them. */
export function monthRange(key: string): { startDate: string; endDate: string } {
  const first = parseMonthKey(key);
  return { startDate: toIsoDate(first), endDate: toIsoDate(first.endOf('month')) };
}

export interface MonthOption {
  value: string;
  label: string;
}

/**
 * docs/product.md#time-and-the-academic-year: the month picker covers January of the current year to December of next year. A
 * month reached with the previous/next buttons outside that range is added, so the picker always
 * shows the month on screen.
 */
export function monthOptions(todayIso: string, shownKey?: string): MonthOption[] {
  const year = Number(todayIso.slice(0, 4));
  const keys = Array.from({ length: 24 }, (_, i) =>
    parseDate(`${year}-01-01`).add(i, 'month').format(ISO_MONTH_FORMAT),
  );
  if (shownKey && !keys.includes(shownKey)) keys.push(shownKey);
  return keys
    .sort()
    .map((key) => ({ value: key, label: formatDate(parseMonthKey(key), MONTH_FORMAT) }));
}

/** One row of the month grid: Monday to Friday, `null` for days outside the month. */
export interface MonthWeek {
  /** 1-based, within the month. */
  number: number;
  days: (string | null)[];
  /** The week's days in the month, e.g. "1 Sep – 5 Sep". */
  rangeLabel: string;
}

/** docs/product.md#screens: the month's weekdays grouped into numbered weeks, Monday to Friday. */
export function monthWeeks(key: string): MonthWeek[] {
  const first = parseMonthKey(key);
  if (!first.isValid()) return [];
  const last = first.endOf('month');
  const weeks: MonthWeek[] = [];
  for (let monday = first.startOf('isoWeek'); !monday.isAfter(last, 'day');) {
    const days = weekdaysOf(monday).map((day) =>
      day.month() === first.month() ? toIsoDate(day) : null,
    );
    const inMonth = days.filter((day): day is string => day !== null);
    const start = inMonth[0];
    const end = inMonth[inMonth.length - 1];
    if (start && end) {
      weeks.push({
        number: weeks.length + 1,
        days,
        rangeLabel:
          start === end
            ? formatDate(start, DAY_MONTH_FORMAT)
            : `${formatDate(start, DAY_MONTH_FORMAT)} – ${formatDate(end, DAY_MONTH_FORMAT)}`,
      });
    }
    monday = monday.add(1, 'week');
  }
  return weeks;
}

/** The numbers of the weeks whose days in the month are all before `todayIso` (`yyyy-MM-dd`). */
export function pastWeekNumbers(weeks: readonly MonthWeek[], todayIso: string): number[] {
  return weeks
    .filter((week) => week.days.every((day) => day === null || day < todayIso))
    .map((week) => week.number);
}

/** Monday to Friday of the week starting `mondayIso`. */
export function weekDates(mondayIso: string): string[] {
  return weekdaysOf(parseDate(mondayIso)).map(toIsoDate);
}

export function addWeeks(mondayIso: string, weeks: number): string {
  return toIsoDate(parseDate(mondayIso).add(weeks, 'week'));
}

/** The holiday (or any other span with a start and end date) covering `date`, if any; ISO dates compare as strings. */
export function holidayOn<T extends { startDate: string; endDate: string }>(
  date: string,
  holidays: readonly T[] | undefined,
): T | undefined {
  return holidays?.find((holiday) => holiday.startDate <= date && date <= holiday.endDate);
}

/** The rota days by date. */
export function daysByDate(days: readonly RotaDayDto[] | undefined): Map<string, RotaDayDto> {
  return new Map((days ?? []).map((day) => [day.date, day]));
}

/** Whether anyone is on duty that day (the weekly rota's "Assigned" marker). */
export function isAssigned(day: RotaDayDto | undefined): boolean {
  return peopleOnDuty(day).length > 0;
}

export interface AssignmentBody {
  dutyManager1Id: string | null;
  dutyManager2Id: string | null;
  slots: (string | null)[];
}

/**
 * docs/product.md#assigning-by-hand: the body that puts `staffId` into slot `position` of the day: the day's current people
 * (null for empty slots) with the chosen person in the clicked slot. The same shape goes to POST
 * (no record yet) and PUT (existing record).
 */
export function assignmentBody(
  day: RotaDayDto | undefined,
  position: number,
  staffId: string,
  perDay: number,
): AssignmentBody {
  const slots = daySlots(day, perDay).map((person) => person?.id ?? null);
  while (slots.length < position) slots.push(null);
  slots[position - 1] = staffId;
  return { dutyManager1Id: slots[0] ?? null, dutyManager2Id: slots[1] ?? null, slots };
}

/**
 * The `slots` of a POST or PUT /api/rota putting `staffId` in slot `position` of another duty
 * (docs/product.md#duties): named in that slot, which the server fills when empty (else the first
 * empty one); the people already on the day stay without being named. The API names at most five
 * slots: a person for a later slot is named alone and goes to the first empty one.
 */
export function dutySlotsBody(position: number, staffId: string): (string | null)[] {
  if (position > 5) return [staffId];
  return Array.from({ length: position }, (_, i) => (i === position - 1 ? staffId : null));
}
