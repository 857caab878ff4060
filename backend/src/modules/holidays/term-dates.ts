/**
 * Term dates, without a database or a clock (docs/product.md#holidays): the rules a year's terms
 * must keep, the days they leave closed, and a proposal for a year that has none yet.
 */
import { addDays, weekdayIndex } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { describeDate, describeDateRange } from '../../common/text/dates';
import { bankHolidaysInAcademicYear, easterSunday } from './bank-holidays';

export const TERM_NAMES = ['autumn', 'spring', 'summer'] as const;
export type TermName = (typeof TERM_NAMES)[number];

/** One term: startDate to endDate (inclusive) is term time, except its half term when it has one. */
export interface TermDates {
  name: TermName;
  startDate: IsoDate;
  endDate: IsoDate;
  /** Both dates or neither. */
  halfTermStart: IsoDate | null;
  halfTermEnd: IsoDate | null;
}

/** Why a day is closed: a row of the holidays table, or outside the terms of a year that has them. */
export const CLOSURE_KINDS = ['holiday', 'out_of_term'] as const;
export type ClosureKind = (typeof CLOSURE_KINDS)[number];

/** Days without school, from start to end (inclusive), and why, for people to read. */
export interface Closure {
  start: IsoDate;
  end: IsoDate;
  kind: ClosureKind;
  /** e.g. "Christmas holiday", "Autumn half term", "Christmas Day, Bank Holiday". */
  label: string;
}

export const TERM_PROPOSAL_SOURCES = ['previous_year', 'typical_pattern'] as const;
export type TermProposalSource = (typeof TERM_PROPOSAL_SOURCES)[number];

/** The message for a list that is not the three terms once each (also the DTO's). */
export const THREE_TERMS = 'Give the autumn, spring and summer terms, once each';

/** e.g. "2025-2026" for 2025. */
export function academicYearLabel(academicYear: number): string {
  return `${academicYear}-${academicYear + 1}`;
}

/** 1 September and 31 August of the academic year that starts in `academicYear`. */
export function academicYearSpan(academicYear: number): { start: IsoDate; end: IsoDate } {
  return { start: `${academicYear}-09-01`, end: `${academicYear + 1}-08-31` };
}

/** The terms in the year's order (autumn, spring, summer), whatever order they came in. */
export function inTermOrder<T extends { name: TermName }>(terms: readonly T[]): T[] {
  return [...terms].sort((a, b) => TERM_NAMES.indexOf(a.name) - TERM_NAMES.indexOf(b.name));
}

/**
 * What is wrong with a year's terms, one sentence a person can act on per problem; empty when
 * they keep every rule: the autumn, spring and summer terms once each; each within 1 September –
 * 31 August of the year and ending on or after its start; each after the one before; a half term
 * with both dates or neither, inside its term. Dates are `yyyy-MM-dd` (the DTO checks that).
 */
export function termDateProblems(academicYear: number, terms: readonly TermDates[]): string[] {
  const names = terms.map((t) => t.name);
  if (names.length !== TERM_NAMES.length || !TERM_NAMES.every((name) => names.includes(name))) return [THREE_TERMS];
  const year = academicYearSpan(academicYear);
  const problems: string[] = [];
  const ordered = inTermOrder(terms);
  ordered.forEach((term, i) => {
    // Worded only for a message.
    const span = () => describeDateRange(term.startDate, term.endDate);
    if (term.endDate < term.startDate) {
      problems.push(
        `The ${term.name} term must end on or after the day it starts (it starts ${describeDate(term.startDate)} and ends ${describeDate(term.endDate)})`,
      );
    }
    if (term.startDate < year.start || term.endDate > year.end) {
      problems.push(
        `The ${term.name} term (${span()}) must fall within ${academicYearLabel(academicYear)}, from ${describeDateRange(year.start, year.end)}`,
      );
    }
    const previous = ordered[i - 1];
    if (previous && term.startDate <= previous.endDate) {
      problems.push(
        `The ${term.name} term must start after the ${previous.name} term ends (${describeDate(previous.endDate)}), not on ${describeDate(term.startDate)}`,
      );
    }
    const { halfTermStart: from, halfTermEnd: to } = term;
    if ((from === null) !== (to === null)) {
      problems.push(`The ${term.name} half term needs both a start and an end date, or neither`);
    } else if (from !== null && to !== null) {
      if (to < from) {
        problems.push(
          `The ${term.name} half term must end on or after the day it starts (it starts ${describeDate(from)} and ends ${describeDate(to)})`,
        );
      } else if (from < term.startDate || to > term.endDate) {
        problems.push(`The ${term.name} half term (${describeDateRange(from, to)}) must fall within the ${term.name} term (${span()})`);
      }
    }
  });
  return problems;
}

const HALF_TERM_LABELS: Record<TermName, string> = {
  autumn: 'Autumn half term',
  spring: 'Spring half term',
  summer: 'Summer half term',
};
/** The break before each term (the summer holiday before autumn is the one after the last summer term). */
const BREAK_BEFORE: Record<TermName, string> = {
  autumn: 'Summer holiday',
  spring: 'Christmas holiday',
  summer: 'Easter holiday',
};

/**
 * The days of the academic year that are not term time, in date order: before the autumn term
 * (from 1 September), each half term, between the terms, and after the summer term (to 31
 * August). Empty for a year whose terms are not the three valid terms: such a year has no term
 * dates, and every weekday of it counts as term time.
 */
export function outOfTermClosures(academicYear: number, terms: readonly TermDates[]): Closure[] {
  if (terms.length === 0 || termDateProblems(academicYear, terms).length > 0) return [];
  const year = academicYearSpan(academicYear);
  const closures: Closure[] = [];
  const add = (start: IsoDate, end: IsoDate, label: string) => {
    if (start <= end) closures.push({ start, end, kind: 'out_of_term', label });
  };
  let dayAfterLast = year.start;
  for (const term of inTermOrder(terms)) {
    add(dayAfterLast, addDays(term.startDate, -1), BREAK_BEFORE[term.name]);
    if (term.halfTermStart && term.halfTermEnd) add(term.halfTermStart, term.halfTermEnd, HALF_TERM_LABELS[term.name]);
    dayAfterLast = addDays(term.endDate, 1);
  }
  add(dayAfterLast, year.end, 'Summer holiday');
  return closures;
}

/**
 * Which days of `from`..`to` are closed and why: the out-of-term spans of every academic year
 * in `termsByYear` (years without terms add none) and the given holidays, each cut to the range,
 * ordered by start, then end, then holidays first. Spans may overlap: a bank holiday inside the
 * Christmas holiday is listed as both.
 */
export function closuresBetween(
  from: IsoDate,
  to: IsoDate,
  termsByYear: ReadonlyMap<number, readonly TermDates[]>,
  holidays: readonly Closure[],
): Closure[] {
  if (to < from) return [];
  const all = [...[...termsByYear].flatMap(([year, terms]) => outOfTermClosures(year, terms)), ...holidays];
  return all
    .filter((c) => c.end >= from && c.start <= to)
    .map((c) => ({ ...c, start: c.start < from ? from : c.start, end: c.end > to ? to : c.end }))
    .sort(
      (a, b) =>
        a.start.localeCompare(b.start) ||
        a.end.localeCompare(b.end) ||
        CLOSURE_KINDS.indexOf(a.kind) - CLOSURE_KINDS.indexOf(b.kind) ||
        a.label.localeCompare(b.label),
    );
}

// ---------------------------------------------------------------------------------------------
// Proposals

/** 52 weeks: a date of the previous year moved to the same weekday a year on. */
const ONE_YEAR_OF_WEEKS = 52 * 7;

/**
 * Terms to start from for a year that has none: the previous year's terms moved on 52 weeks, so
 * each date keeps its weekday, when that still keeps every rule (it stops doing so after a few
 * years of copying, as 52 weeks are a day or two short of a year); otherwise the typical English
 * pattern (typicalTerms). Always three terms that termDateProblems accepts.
 */
export function proposeTerms(academicYear: number, previousYearTerms: readonly TermDates[]): { terms: TermDates[]; source: TermProposalSource } {
  if (previousYearTerms.length) {
    const shift = (date: IsoDate | null) => (date === null ? null : addDays(date, ONE_YEAR_OF_WEEKS));
    const copied = inTermOrder(previousYearTerms).map((t) => ({
      name: t.name,
      startDate: shift(t.startDate)!,
      endDate: shift(t.endDate)!,
      halfTermStart: shift(t.halfTermStart),
      halfTermEnd: shift(t.halfTermEnd),
    }));
    if (termDateProblems(academicYear, copied).length === 0) return { terms: copied, source: 'previous_year' };
  }
  return { terms: typicalTerms(academicYear), source: 'typical_pattern' };
}

/** Monday = 0 … Friday = 4. */
const FRIDAY = 4;

const firstMondayFrom = (date: IsoDate) => addDays(date, (7 - weekdayIndex(date)) % 7);
const lastFridayUpTo = (date: IsoDate) => addDays(date, -((weekdayIndex(date) - FRIDAY + 7) % 7));
const lastWeekdayUpTo = (date: IsoDate) => addDays(date, -Math.max(0, weekdayIndex(date) - FRIDAY));
const pad = (n: number) => String(n).padStart(2, '0');
const nthMonday = (year: number, month: number, n: number) => addDays(firstMondayFrom(`${year}-${pad(month)}-01`), 7 * (n - 1));
const lastMonday = (year: number, month: number) => {
  const firstOfNext = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  const last = addDays(firstOfNext, -1);
  return addDays(last, -weekdayIndex(last));
};

/**
 * The usual pattern of English schools, for a year with no terms to copy:
 * - autumn: from the first Monday on or after 1 September to the last Friday on or before
 *   20 December; half term the week (Monday to Friday) of the last Monday of October;
 * - spring: from the first Monday on or after 2 January to the Friday a week before Good Friday;
 *   half term the week of the third Monday of February;
 * - summer: from the second Monday after Good Friday to the last weekday on or before 21 July;
 *   half term the week of the last Monday of May (the spring bank holiday).
 * So the Easter holiday is the two weeks around Easter: Good Friday to Easter Monday always falls
 * in it. A term that would start on an England & Wales bank holiday (2 January 2023, early May
 * 2038) starts the next weekday instead.
 */
export function typicalTerms(academicYear: number): TermDates[] {
  const next = academicYear + 1;
  const bankHolidays = new Set(bankHolidaysInAcademicYear(academicYear, 'england_wales').map((h) => h.date));
  const workingDayFrom = (date: IsoDate) => {
    let day = date;
    while (weekdayIndex(day) > FRIDAY || bankHolidays.has(day)) day = addDays(day, 1);
    return day;
  };
  const week = (monday: IsoDate) => ({ halfTermStart: monday, halfTermEnd: addDays(monday, FRIDAY) });
  const goodFriday = addDays(easterSunday(next).toISOString().slice(0, 10), -2);
  return [
    {
      name: 'autumn',
      startDate: workingDayFrom(firstMondayFrom(`${academicYear}-09-01`)),
      endDate: lastFridayUpTo(`${academicYear}-12-20`),
      ...week(lastMonday(academicYear, 10)),
    },
    {
      name: 'spring',
      startDate: workingDayFrom(firstMondayFrom(`${next}-01-02`)),
      endDate: addDays(goodFriday, -7),
      ...week(nthMonday(next, 2, 3)),
    },
    {
      name: 'summer',
      // Good Friday + 3 is Easter Monday, the first Monday after it; a week on is the second.
      startDate: workingDayFrom(addDays(goodFriday, 10)),
      endDate: lastWeekdayUpTo(`${next}-07-21`),
      ...week(lastMonday(next, 5)),
    },
  ];
}
