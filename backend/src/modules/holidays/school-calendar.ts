import { BadRequestException, Injectable } from '@nestjs/common';
import { academicYearStartOf, addDays, planningYearStartOf } from '../../common/clock/academic-year';
import { isoWeekdayOf } from '../../common/clock/weekdays';
import type { IsoDate } from '../../common/clock/clock';
import { HOLIDAY_TYPE_LABELS } from './entities/holiday.entity';
import { type ClosingHoliday, type HolidayRow, HolidaysRepository } from './holidays.repository';

export type { HolidayRow };
import { type Closure, closuresBetween, inTermOrder, type TermDates, termDateProblems } from './term-dates';
import { type TermOfYear, TermsRepository } from './terms.repository';

const toTermDates = (t: TermOfYear): TermDates => ({
  name: t.name,
  startDate: t.startDate,
  endDate: t.endDate,
  halfTermStart: t.halfTermStart,
  halfTermEnd: t.halfTermEnd,
});

/** The closures of `from`..`to` from the terms of its years and the holidays touching it, in start order. */
function closuresOf(from: IsoDate, to: IsoDate, terms: readonly TermOfYear[], holidays: readonly ClosingHoliday[]): Closure[] {
  const termsByYear = new Map<number, TermDates[]>();
  for (const term of terms) termsByYear.set(term.academicYear, [...(termsByYear.get(term.academicYear) ?? []), toTermDates(term)]);
  return closuresBetween(
    from,
    to,
    termsByYear,
    holidays.map((h) => ({ start: h.startDate, end: h.endDate, kind: 'holiday', label: `${h.name}, ${HOLIDAY_TYPE_LABELS[h.type]}` })),
  );
}

/**
 * The school's calendar (docs/product.md#holidays): the one owner of `terms`, and the one place to
 * ask which days are closed and why (holidays and the days outside term). Every method works on
 * the organisation of the tenant context, through the ORM's tenant filter.
 */
@Injectable()
export class SchoolCalendar {
  constructor(
    private readonly terms: TermsRepository,
    private readonly holidays: HolidaysRepository,
  ) {}

  /** The year's terms, autumn to summer; empty when the year has no term dates. */
  async termsOf(academicYear: number): Promise<TermDates[]> {
    return inTermOrder(await this.terms.ofYear(academicYear)).map(toTermDates);
  }

  /** The holidays touching `from`..`to` as a calendar feed lists them, by start date, then name. One statement. */
  holidaysBetween(from: IsoDate, to: IsoDate): Promise<HolidayRow[]> {
    return this.holidays.rowsBetween(from, to);
  }

  /** Whether a bank holiday falls in `from`..`to` (the setup checklist's "bank holidays added"). One statement. */
  hasBankHolidayBetween(from: IsoDate, to: IsoDate): Promise<boolean> {
    return this.holidays.hasBankHolidayBetween(from, to);
  }

  /**
   * Makes `terms` the year's terms, in the current transaction (flushed): each term's row is updated in
   * place or added. The only writer of `terms`. Refuses (400, every problem in one message) terms
   * that break the rules of termDateProblems, so nothing invalid is ever stored. Two saves of one
   * year take turns (an advisory lock until the transaction ends), so the second updates the rows
   * the first added and `before` is what was really replaced.
   */
  async replaceYear(academicYear: number, terms: readonly TermDates[]): Promise<{ before: TermDates[]; terms: TermDates[] }> {
    const problems = termDateProblems(academicYear, terms);
    if (problems.length) throw new BadRequestException(problems.join('; '));
    await this.terms.lockYear(academicYear);
    const existing = await this.terms.ofYear(academicYear);
    const before = inTermOrder(existing).map(toTermDates);
    for (const term of terms) {
      const dates = { startDate: term.startDate, endDate: term.endDate, halfTermStart: term.halfTermStart, halfTermEnd: term.halfTermEnd };
      const row = existing.find((e) => e.name === term.name);
      if (row) this.terms.change(row, dates);
      else this.terms.add({ academicYear, name: term.name, ...dates });
    }
    await this.terms.flush();
    return { before, terms: await this.termsOf(academicYear) };
  }

  /**
   * Which days of `from`..`to` are closed and why, cut to the range and ordered by start:
   * - kind `out_of_term`: for every academic year that has term dates, the days before the autumn
   *   term, each half term, the breaks between terms and after the summer term ("Summer holiday",
   *   "Autumn half term", "Christmas holiday", "Spring half term", "Easter holiday", "Summer half
   *   term"). A year without term dates adds none: all its weekdays count as term time.
   * - kind `holiday`: the holidays touching the range, labelled with name and type, e.g.
   *   "Christmas Day, Bank Holiday".
   * Spans may overlap (a bank holiday in the Christmas holiday is listed as both) and include the
   * weekends inside them; the weekends of term time are not listed (duties are on weekdays anyway).
   */
  async closuresBetween(from: IsoDate, to: IsoDate): Promise<Closure[]> {
    if (to < from) return [];
    const [terms, holidays] = await Promise.all([
      this.terms.ofYears(academicYearStartOf(from), academicYearStartOf(to)),
      this.holidays.list(from, to),
    ]);
    return closuresOf(from, to, terms, holidays);
  }

  /**
   * closuresBetween for a read that changes nothing (the Today board): the same closures from the
   * committed terms and holidays, read as two prepared statements into plain values instead of
   * entities through the ORM (docs/performance.md#api-at-scale). Inside a transaction that has
   * changed terms or holidays without flushing them, ask closuresBetween, which flushes first.
   */
  async committedClosuresBetween(from: IsoDate, to: IsoDate): Promise<Closure[]> {
    if (to < from) return [];
    const [terms, holidays] = await Promise.all([
      this.terms.datesOfYears(academicYearStartOf(from), academicYearStartOf(to)),
      this.holidays.closingBetween(from, to),
    ]);
    return closuresOf(from, to, terms, holidays);
  }

  /**
   * The terms and holidays of `from`..`to` read once (two statements), and a function that gives
   * the closures of any range inside it exactly as closuresBetween would, without reading again:
   * for work that asks about several ranges in one transaction (a rota repair).
   */
  async closuresWithin(from: IsoDate, to: IsoDate): Promise<(start: IsoDate, end: IsoDate) => Closure[]> {
    const [terms, holidays] = await Promise.all([
      this.terms.ofYears(academicYearStartOf(from), academicYearStartOf(to)),
      this.holidays.list(from, to),
    ]);
    return (start, end) => {
      if (end < start) return [];
      if (start < from || end > to) throw new Error(`Closures of ${start}..${end} asked of ${from}..${to}`);
      const first = academicYearStartOf(start);
      const last = academicYearStartOf(end);
      return closuresOf(
        start,
        end,
        terms.filter((t) => t.academicYear >= first && t.academicYear <= last),
        holidays.filter((h) => h.endDate >= start && h.startDate <= end),
      );
    };
  }

  /**
   * The last of the next `schoolDays` school days after `today` (weekdays in term, not a holiday):
   * the days no repair or rebalance moves unless a hard rule forces it
   * (docs/product.md#the-rota-stays-true); null for none. Looks at most half a year ahead.
   */
  async frozenThrough(today: IsoDate, schoolDays: number): Promise<IsoDate | null> {
    if (schoolDays <= 0) return null;
    const last = addDays(today, 183);
    const closures = await this.closuresBetween(addDays(today, 1), last);
    let found = 0;
    for (let day = addDays(today, 1); day <= last; day = addDays(day, 1)) {
      if (isoWeekdayOf(day) > 5 || closures.some((c) => c.start <= day && day <= c.end)) continue;
      found += 1;
      if (found === schoolDays) return day;
    }
    return last;
  }

  /**
   * The academic years touching `from`..`to` that have no term dates, earliest first (for "no term
   * dates yet" warnings); empty when `to` is before `from`.
   */
  async yearsWithoutTerms(from: IsoDate, to: IsoDate): Promise<number[]> {
    if (to < from) return [];
    const first = academicYearStartOf(from);
    const last = academicYearStartOf(to);
    const rows = await this.terms.ofYears(first, last);
    const withTerms = new Set(rows.map((r) => r.academicYear));
    const years: number[] = [];
    for (let year = first; year <= last; year += 1) if (!withTerms.has(year)) years.push(year);
    return years;
  }

  /** The last day of the year's summer term, or null when the year has no term dates. */
  async termEnd(academicYear: number): Promise<IsoDate | null> {
    const summer = await this.terms.summerTerm(academicYear);
    return summer?.endDate ?? null;
  }

  /**
   * The academic year the planning screens and tools start on for `today` (planningYearStartOf):
   * this one until its summer term has ended, then next year.
   */
  async planningYear(today: IsoDate): Promise<number> {
    return planningYearStartOf(today, await this.termEnd(academicYearStartOf(today)));
  }
}
