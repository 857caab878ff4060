import { addDays } from '../../common/clock/academic-year';
import { easterSunday } from './bank-holidays';
import { type Closure, closuresBetween, outOfTermClosures, proposeTerms, type TermDates, termDateProblems, typicalTerms } from './term-dates';

const term = (
  name: TermDates['name'],
  startDate: string,
  endDate: string,
  halfTermStart: string | null = null,
  halfTermEnd: string | null = null,
): TermDates => ({
  name,
  startDate,
  endDate,
  halfTermStart,
  halfTermEnd,
});

/** A school's own 2025-2026 dates (starting on a Wednesday, as many do). */
const YEAR_2025: TermDates[] = [
  term('autumn', '2025-09-03', '2025-12-19', '2025-10-27', '2025-10-31'),
  term('spring', '2026-01-05', '2026-03-27', '2026-02-16', '2026-02-20'),
  term('summer', '2026-04-13', '2026-07-22', '2026-05-25', '2026-05-29'),
];

describe('the typical English pattern', () => {
  it('gives 2025-2026: Easter (3–6 April 2026) in the break between spring and summer', () => {
    expect(typicalTerms(2025)).toEqual([
      term('autumn', '2025-09-01', '2025-12-19', '2025-10-27', '2025-10-31'),
      term('spring', '2026-01-05', '2026-03-27', '2026-02-16', '2026-02-20'),
      term('summer', '2026-04-13', '2026-07-21', '2026-05-25', '2026-05-29'),
    ]);
  });

  it('gives 2026-2027: an early Easter (26–29 March 2027) moves the spring term’s end and the summer term’s start', () => {
    expect(typicalTerms(2026)).toEqual([
      term('autumn', '2026-09-07', '2026-12-18', '2026-10-26', '2026-10-30'),
      term('spring', '2027-01-04', '2027-03-19', '2027-02-15', '2027-02-19'),
      term('summer', '2027-04-05', '2027-07-21', '2027-05-31', '2027-06-04'),
    ]);
  });

  it('starts a term on the next weekday when its Monday is a bank holiday', () => {
    // 1 January 2023 was a Sunday, so Monday 2 January was the bank holiday.
    expect(typicalTerms(2022)[1]!.startDate).toBe('2023-01-03');
    // Easter 2038 is 25 April: the second Monday after Good Friday is 3 May, the early May bank holiday.
    expect(typicalTerms(2037)[2]!.startDate).toBe('2038-05-04');
  });

  it('is valid for every year from 2000 to 2100, with Good Friday to Easter Monday between spring and summer and half terms on Monday to Friday', () => {
    for (let year = 2000; year <= 2100; year += 1) {
      const terms = typicalTerms(year);
      expect({ year, problems: termDateProblems(year, terms) }).toEqual({ year, problems: [] });
      const easter = easterSunday(year + 1)
        .toISOString()
        .slice(0, 10);
      const [, spring, summer] = terms;
      expect({ year, easterInBreak: spring!.endDate < addDays(easter, -2) && addDays(easter, 1) < summer!.startDate }).toEqual({
        year,
        easterInBreak: true,
      });
      for (const t of terms) {
        expect(new Date(`${t.halfTermStart}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(t.halfTermEnd).toBe(addDays(t.halfTermStart!, 4));
      }
    }
  });
});

describe('proposals', () => {
  it('copy the previous year 52 weeks on, so every date keeps its weekday', () => {
    expect(proposeTerms(2026, YEAR_2025)).toEqual({
      source: 'previous_year',
      terms: [
        term('autumn', '2026-09-02', '2026-12-18', '2026-10-26', '2026-10-30'),
        term('spring', '2027-01-04', '2027-03-26', '2027-02-15', '2027-02-19'),
        term('summer', '2027-04-12', '2027-07-21', '2027-05-24', '2027-05-28'),
      ],
    });
  });

  it('copy terms given in any order, and keep a term without a half term without one', () => {
    const noHalfTerm = [YEAR_2025[2]!, { ...YEAR_2025[0]!, halfTermStart: null, halfTermEnd: null }, YEAR_2025[1]!];
    const { terms, source } = proposeTerms(2026, noHalfTerm);
    expect(source).toBe('previous_year');
    expect(terms.map((t) => [t.name, t.halfTermStart])).toEqual([
      ['autumn', null],
      ['spring', '2027-02-15'],
      ['summer', '2027-05-24'],
    ]);
  });

  it('fall back to the typical pattern when the copy would start before 1 September', () => {
    // 1 September 2025 + 52 weeks is 31 August 2026, still in 2025-2026.
    expect(proposeTerms(2026, typicalTerms(2025))).toEqual({ source: 'typical_pattern', terms: typicalTerms(2026) });
  });

  it('fall back to the typical pattern when there is nothing to copy', () => {
    expect(proposeTerms(2025, [])).toEqual({ source: 'typical_pattern', terms: typicalTerms(2025) });
  });

  it('are always valid, copying year after year', () => {
    let terms = typicalTerms(2020);
    const sources: string[] = [];
    for (let year = 2021; year <= 2060; year += 1) {
      const proposal = proposeTerms(year, terms);
      expect({ year, problems: termDateProblems(year, proposal.terms) }).toEqual({ year, problems: [] });
      sources.push(proposal.source);
      terms = proposal.terms;
    }
    // Both happen: copies while they fit, the pattern when the copy drifts out of the year.
    expect(new Set(sources)).toEqual(new Set(['previous_year', 'typical_pattern']));
  });
});

describe('the rules for a year’s terms', () => {
  const problems = (terms: TermDates[]) => termDateProblems(2025, terms);
  const withTerm = (i: number, change: Partial<TermDates>) => YEAR_2025.map((t, j) => (j === i ? { ...t, ...change } : t));

  it('accept a valid year, in any order, with or without half terms', () => {
    expect(problems(YEAR_2025)).toEqual([]);
    expect(problems([...YEAR_2025].reverse())).toEqual([]);
    expect(problems(withTerm(1, { halfTermStart: null, halfTermEnd: null }))).toEqual([]);
    // One-day terms and half terms are allowed.
    expect(problems(withTerm(0, { startDate: '2025-09-03', endDate: '2025-09-03', halfTermStart: '2025-09-03', halfTermEnd: '2025-09-03' }))).toEqual(
      [],
    );
  });

  it('want the three terms once each', () => {
    expect(problems(YEAR_2025.slice(0, 2))).toEqual(['Give the autumn, spring and summer terms, once each']);
    expect(problems([YEAR_2025[0]!, YEAR_2025[0]!, YEAR_2025[2]!])).toEqual(['Give the autumn, spring and summer terms, once each']);
    expect(problems([...YEAR_2025, YEAR_2025[1]!])).toEqual(['Give the autumn, spring and summer terms, once each']);
  });

  it('want each term to end on or after its start', () => {
    expect(problems(withTerm(0, { startDate: '2025-12-19', endDate: '2025-09-03', halfTermStart: null, halfTermEnd: null }))).toEqual([
      'The autumn term must end on or after the day it starts (it starts Friday 19 December 2025 and ends Wednesday 3 September 2025)',
    ]);
  });

  it('want every term within 1 September to 31 August of the year', () => {
    expect(problems(withTerm(0, { startDate: '2025-08-27' }))).toEqual([
      'The autumn term (27 August 2025 to 19 December 2025) must fall within 2025-2026, from 1 September 2025 to 31 August 2026',
    ]);
    expect(problems(withTerm(2, { endDate: '2026-09-02' }))).toEqual([
      'The summer term (13 April 2026 to 2 September 2026) must fall within 2025-2026, from 1 September 2025 to 31 August 2026',
    ]);
  });

  it('want the terms in order, without overlapping', () => {
    expect(problems(withTerm(1, { startDate: '2025-12-19' }))).toEqual([
      'The spring term must start after the autumn term ends (Friday 19 December 2025), not on Friday 19 December 2025',
    ]);
    // Summer dates given for spring and the other way round.
    expect(problems([YEAR_2025[0]!, { ...YEAR_2025[2]!, name: 'spring' }, { ...YEAR_2025[1]!, name: 'summer' }])).toEqual([
      'The summer term must start after the spring term ends (Wednesday 22 July 2026), not on Monday 5 January 2026',
    ]);
  });

  it('want a half term with both dates or neither, in order, inside its term', () => {
    expect(problems(withTerm(0, { halfTermEnd: null }))).toEqual(['The autumn half term needs both a start and an end date, or neither']);
    expect(problems(withTerm(1, { halfTermStart: null }))).toEqual(['The spring half term needs both a start and an end date, or neither']);
    expect(problems(withTerm(0, { halfTermStart: '2025-10-31', halfTermEnd: '2025-10-27' }))).toEqual([
      'The autumn half term must end on or after the day it starts (it starts Friday 31 October 2025 and ends Monday 27 October 2025)',
    ]);
    expect(problems(withTerm(2, { halfTermStart: '2026-07-20', halfTermEnd: '2026-07-24' }))).toEqual([
      'The summer half term (20 July 2026 to 24 July 2026) must fall within the summer term (13 April 2026 to 22 July 2026)',
    ]);
  });

  it('list every problem at once', () => {
    expect(problems(withTerm(0, { startDate: '2025-08-01', halfTermEnd: null }))).toHaveLength(2);
  });
});

describe('closures', () => {
  it('are the year’s days outside its terms, each named for people', () => {
    expect(outOfTermClosures(2025, YEAR_2025)).toEqual([
      { start: '2025-09-01', end: '2025-09-02', kind: 'out_of_term', label: 'Summer holiday' },
      { start: '2025-10-27', end: '2025-10-31', kind: 'out_of_term', label: 'Autumn half term' },
      { start: '2025-12-20', end: '2026-01-04', kind: 'out_of_term', label: 'Christmas holiday' },
      { start: '2026-02-16', end: '2026-02-20', kind: 'out_of_term', label: 'Spring half term' },
      { start: '2026-03-28', end: '2026-04-12', kind: 'out_of_term', label: 'Easter holiday' },
      { start: '2026-05-25', end: '2026-05-29', kind: 'out_of_term', label: 'Summer half term' },
      { start: '2026-07-23', end: '2026-08-31', kind: 'out_of_term', label: 'Summer holiday' },
    ]);
  });

  it('leave out empty breaks: a term from 1 September, terms back to back, a summer term to 31 August', () => {
    const tight = [
      term('autumn', '2025-09-01', '2025-12-31'),
      term('spring', '2026-01-01', '2026-03-31'),
      term('summer', '2026-04-02', '2026-08-31'),
    ];
    expect(outOfTermClosures(2025, tight)).toEqual([{ start: '2026-04-01', end: '2026-04-01', kind: 'out_of_term', label: 'Easter holiday' }]);
  });

  it('are worked out again when a term changes, and a caller changing an answer changes no later one', () => {
    const first = outOfTermClosures(2025, YEAR_2025);
    first[1]!.label = 'changed by a caller';
    expect(outOfTermClosures(2025, YEAR_2025)[1]).toEqual({ start: '2025-10-27', end: '2025-10-31', kind: 'out_of_term', label: 'Autumn half term' });
    const laterHalfTerm = YEAR_2025.map((t) => (t.name === 'autumn' ? { ...t, halfTermStart: '2025-11-03', halfTermEnd: '2025-11-07' } : t));
    expect(outOfTermClosures(2025, laterHalfTerm)[1]).toEqual({
      start: '2025-11-03',
      end: '2025-11-07',
      kind: 'out_of_term',
      label: 'Autumn half term',
    });
    expect(outOfTermClosures(2025, YEAR_2025)[1]!.start).toBe('2025-10-27');
  });

  it('are none for a year without terms, or with terms that break the rules', () => {
    expect(outOfTermClosures(2025, [])).toEqual([]);
    expect(outOfTermClosures(2025, YEAR_2025.slice(0, 2))).toEqual([]);
  });

  it('cover exactly the days out of term time, once each and in order, for generated years (month ends, leap years, bad orders)', () => {
    // Every day of the year is either in term time (in a term, not in its half term) or in exactly one closure.
    const expectPartition = (year: number, terms: TermDates[], closures: Closure[]) => {
      const inTermTime = (date: string) =>
        terms.some(
          (t) => t.startDate <= date && date <= t.endDate && !(t.halfTermStart && t.halfTermEnd && t.halfTermStart <= date && date <= t.halfTermEnd),
        );
      for (let i = 1; i < closures.length; i++) expect(closures[i]!.start > closures[i - 1]!.end).toBe(true);
      let k = 0;
      for (let date = `${year}-09-01`; date <= `${year + 1}-08-31`; date = addDays(date, 1)) {
        while (k < closures.length && closures[k]!.end < date) k++;
        const closed = k < closures.length && closures[k]!.start <= date;
        if (closed === inTermTime(date)) throw new Error(`${year}: ${date} is ${closed ? 'closed in term time' : 'open out of term'}`);
      }
      expect(closures.every((c) => c.kind === 'out_of_term' && c.label.length > 0)).toBe(true);
    };
    let seed = 45;
    const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % n;
    const day = (year: number) => addDays(`${year}-08-29`, random(369));
    let valid = 0;
    for (let i = 0; i < 3000; i++) {
      const year = 1999 + random(105);
      const dates = Array.from({ length: 6 }, () => day(year)).sort();
      if (random(8) === 0) dates.reverse();
      const half = (a: string, b: string) =>
        random(3) === 0 ? [null, null] : random(8) === 0 ? [a, null] : [addDays(a, random(3)), addDays(b, -random(3))];
      const terms = (['autumn', 'spring', 'summer'] as const).map((name, k) => {
        const [from, to] = half(dates[2 * k]!, dates[2 * k + 1]!);
        return term(name, dates[2 * k]!, dates[2 * k + 1]!, from ?? null, to ?? null);
      });
      if (random(3) === 0) terms.reverse();
      const given = random(20) === 0 ? terms.slice(1) : terms;
      if (termDateProblems(year, given).length) {
        expect(outOfTermClosures(year, given)).toEqual([]);
      } else {
        valid++;
        expectPartition(year, given, outOfTermClosures(year, given));
      }
    }
    expect(valid).toBeGreaterThan(1000);
  });

  it('between two dates: cut to the range, over several years, with the holidays, in order', () => {
    const christmasDay: Closure = { start: '2025-12-25', end: '2025-12-25', kind: 'holiday', label: 'Christmas Day, Bank Holiday' };
    const inset: Closure = { start: '2026-09-01', end: '2026-09-02', kind: 'holiday', label: 'Training (Inset Day)' };
    const years = new Map([
      [2025, YEAR_2025],
      [2026, []],
    ]);
    expect(closuresBetween('2025-12-01', '2026-01-10', years, [christmasDay])).toEqual([
      { start: '2025-12-20', end: '2026-01-04', kind: 'out_of_term', label: 'Christmas holiday' },
      christmasDay,
    ]);
    // 2026-2027 has no terms: only its holiday closes a day.
    expect(closuresBetween('2026-08-20', '2026-09-30', years, [inset])).toEqual([
      { start: '2026-08-20', end: '2026-08-31', kind: 'out_of_term', label: 'Summer holiday' },
      inset,
    ]);
    // A holiday and a break starting on the same day: the holiday first.
    const sameDay: Closure = { start: '2025-10-27', end: '2025-10-27', kind: 'holiday', label: 'Trip (Other)' };
    expect(closuresBetween('2025-10-27', '2025-10-27', years, [sameDay])).toEqual([
      sameDay,
      { start: '2025-10-27', end: '2025-10-27', kind: 'out_of_term', label: 'Autumn half term' },
    ]);
    expect(closuresBetween('2025-11-03', '2025-11-07', years, [])).toEqual([]);
    expect(closuresBetween('2025-12-31', '2025-12-01', years, [christmasDay])).toEqual([]);
  });
});
