import type { TermDto } from '@/features/holidays/api';
import { daySlots } from '@/shared/lib/rota-day';
import { formatDateRange, isWeekend, parseDate, startOfWeek, toIsoDate } from '@/shared/lib/dates';

import type { RotaClosureDto, RotaDayDto } from '../api';
import { DUTY_VIEW_PARAM } from './duty-view';
import { peopleOn, type ViewedDuty } from './duty-view';
import { holidayOn, weekDates } from './rota-calendar';

/** The poster's path: `/rota/poster?duty=<id>` (docs/product.md#duties). */
export const POSTER_PATH = '/rota/poster';

/** Without term dates the poster shows this many weeks from this week on. */
export const WEEKS_WITHOUT_TERMS = 6;

/**
 * The live rota of `duty` a poster's QR code leads to: the Weekly Rota showing that duty, at
 * `origin` (the page's). The Duty Manager duty's rota is the Weekly Rota as it opens.
 */
export function rotaAddress(origin: string, duty: { id: string; isDutyManager: boolean }): string {
  const url = new URL('/rota', origin);
  if (!duty.isDutyManager) url.searchParams.set(DUTY_VIEW_PARAM, duty.id);
  return url.toString();
}

/** The stretch of days a poster covers, and what people call it. */
export interface PosterPeriod {
  /** "Autumn term, first half", or what the period is when there is no half term. */
  label: string;
  startDate: string;
  endDate: string;
}

const TERM_TITLES: Record<TermDto['name'], string> = {
  autumn: 'Autumn term',
  spring: 'Spring term',
  summer: 'Summer term',
};

/** The weekday `days` (±1) away from `iso`, stepping over a weekend: a half ends on a Friday, starts on a Monday. */
function nextWeekday(iso: string, days: 1 | -1): string {
  let date = parseDate(iso).add(days, 'day');
  while (isWeekend(date)) date = date.add(days, 'day');
  return toIsoDate(date);
}

/**
 * This half term (docs/product.md#duties): of the terms, each split at its half-term break into a
 * first and a second half (a term without one is a whole), the half `today` is in, else the next
 * one to come (in a holiday or a half-term break). Undefined when no half is left or there are no terms.
 */
export function halfTermOf(terms: readonly TermDto[], today: string): PosterPeriod | undefined {
  const halves: PosterPeriod[] = [];
  for (const term of [...terms].sort((a, b) => a.startDate.localeCompare(b.startDate))) {
    const title = TERM_TITLES[term.name];
    if (term.halfTermStart && term.halfTermEnd) {
      if (term.halfTermStart > term.startDate) {
        halves.push({
          label: `${title}, first half`,
          startDate: term.startDate,
          endDate: nextWeekday(term.halfTermStart, -1),
        });
      }
      if (term.halfTermEnd < term.endDate) {
        halves.push({
          label: `${title}, second half`,
          startDate: nextWeekday(term.halfTermEnd, 1),
          endDate: term.endDate,
        });
      }
    } else {
      halves.push({ label: title, startDate: term.startDate, endDate: term.endDate });
    }
  }
  return halves.find((half) => half.endDate >= today);
}

/** Without term dates: the weeks from the one containing `today`, said so. */
export function weeksFrom(today: string, weeks = WEEKS_WITHOUT_TERMS): PosterPeriod {
  const monday = startOfWeek(parseDate(today));
  const startDate = toIsoDate(monday);
  const endDate = toIsoDate(monday.add(weeks - 1, 'week').add(4, 'day'));
  return { label: `The next ${weeks} weeks (no term dates yet)`, startDate, endDate };
}

/** "Mon 1 Sep 2025 – Fri 24 Oct 2025". */
export function periodDates(period: PosterPeriod): string {
  return formatDateRange(period.startDate, period.endDate);
}

/** A weekday of a poster's table. */
export interface PosterCell {
  date: string;
  /** Outside the period (its first and last weeks may start or end mid-week): left blank. */
  outside: boolean;
  /** Why nobody is on duty: a holiday, out of term. */
  closed?: string;
  /** The duty doesn't run that weekday. */
  notRunning: boolean;
  /** The people on the duty that day, in slot order. */
  names: string[];
}

export interface PosterWeek {
  monday: string;
  days: PosterCell[];
}

/**
 * The period's weeks, Monday to Friday, each day with the people on `duty` (docs/product.md#duties):
 * the people by weekday a poster at the duty point shows.
 */
export function posterWeeks(
  period: PosterPeriod,
  duty: Pick<ViewedDuty, 'weekdays'>,
  rotaDays: ReadonlyMap<string, RotaDayDto>,
  closures: readonly RotaClosureDto[],
): PosterWeek[] {
  const weeks: PosterWeek[] = [];
  let monday = toIsoDate(startOfWeek(parseDate(period.startDate)));
  while (monday <= period.endDate) {
    weeks.push({
      monday,
      days: weekDates(monday).map((date) => {
        const outside = date < period.startDate || date > period.endDate;
        const closed = outside ? undefined : holidayOn(date, closures)?.label;
        const needed = peopleOn(duty, date);
        const names =
          outside || closed
            ? []
            : daySlots(rotaDays.get(date), needed).flatMap((person) =>
                person ? [person.name] : [],
              );
        return { date, outside, closed, notRunning: needed === 0, names };
      }),
    });
    monday = toIsoDate(parseDate(monday).add(1, 'week'));
  }
  return weeks;
}
