import { formatDateRange, parseDate, toIsoDate, type Dayjs } from '@/shared/lib/dates';

import type { TermDto, TermName, TermProposalSource } from '../api';

/** The terms of an academic year, in order (docs/product.md#term-dates). */
export const TERM_NAMES: readonly TermName[] = ['autumn', 'spring', 'summer'];

export const TERM_LABELS: Record<TermName, string> = {
  autumn: 'Autumn term',
  spring: 'Spring term',
  summer: 'Summer term',
};

/** One term in the Term Dates form: the pickers' values, empty ones null. */
export interface TermFormValues {
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  halfTermStart: Dayjs | null;
  halfTermEnd: Dayjs | null;
}

export type TermDatesFormValues = Record<TermName, TermFormValues>;

const EMPTY_TERM: TermFormValues = {
  startDate: null,
  endDate: null,
  halfTermStart: null,
  halfTermEnd: null,
};

const dateOrNull = (value: string | null | undefined) => (value ? parseDate(value) : null);
const isoOrNull = (value: Dayjs | null | undefined) => (value ? toIsoDate(value) : null);

/** The form's values for these terms (the saved ones, or the proposal); a missing term is empty. */
export function termFormValues(terms: readonly TermDto[]): TermDatesFormValues {
  const values = {} as TermDatesFormValues;
  for (const name of TERM_NAMES) {
    const term = terms.find((t) => t.name === name);
    values[name] = term
      ? {
          startDate: parseDate(term.startDate),
          endDate: parseDate(term.endDate),
          halfTermStart: dateOrNull(term.halfTermStart),
          halfTermEnd: dateOrNull(term.halfTermEnd),
        }
      : { ...EMPTY_TERM };
  }
  return values;
}

/**
 * The request body's terms; only called once the form's rules have passed, so every first and
 * last day is set. A half term left empty is sent as null (the term has none).
 */
export function toTermDtos(values: TermDatesFormValues): TermDto[] {
  return TERM_NAMES.map((name) => {
    const term = values[name];
    if (!term.startDate || !term.endDate) throw new RangeError(`The ${name} term needs both dates`);
    return {
      name,
      startDate: toIsoDate(term.startDate),
      endDate: toIsoDate(term.endDate),
      halfTermStart: isoOrNull(term.halfTermStart),
      halfTermEnd: isoOrNull(term.halfTermEnd),
    };
  });
}

/** "2025-2026" for the academic year starting in 2025. */
export function academicYearLabel(academicYear: number): string {
  return `${academicYear}-${academicYear + 1}`;
}

/** docs/product.md#term-dates: where the proposal for a year without term dates comes from. */
export function proposalNote(source: TermProposalSource, academicYear: number): string {
  return source === 'previous_year'
    ? `Copied from ${academicYearLabel(academicYear - 1)} — check the Easter dates`
    : "A typical English pattern — adjust it to your school's";
}

/** e.g. "Mon 1 Sep 2025 – Fri 19 Dec 2025"; a half term: its dates, or "No half term". */
export function termSpan(term: TermDto): string {
  return formatDateRange(term.startDate, term.endDate);
}

export function halfTermSpan(term: TermDto): string {
  return term.halfTermStart && term.halfTermEnd
    ? `Half term ${formatDateRange(term.halfTermStart, term.halfTermEnd)}`
    : 'No half term';
}
