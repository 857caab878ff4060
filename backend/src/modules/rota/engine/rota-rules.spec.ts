import fc from 'fast-check';
import { checkRota as checkRecords, type Closure, type RotaFacts as RecordFacts } from './rota-rules';

/** These tests speak of who is in which slot, and name the duties given by hand with a confirmation as `date|staffId`. */
type DaySlots = (string | null)[];
type RotaFacts = RecordFacts & { overrides?: ReadonlySet<string> };
function checkRota(days: Record<string, DaySlots>, facts: RotaFacts) {
  const records = Object.fromEntries(
    Object.entries(days).map(([date, slots]) => [date, slots.map((id) => (id ? { staffId: id, override: facts.overrides?.has(`${date}|${id}`) ?? false } : null))]),
  );
  return checkRecords(records, facts).map((verdict) => ({ ...verdict, slots: verdict.slots.map((slot) => slot?.staffId ?? null) }));
}

const staff = [
  { id: 'ann', isActive: true, isTeaching: true },
  { id: 'bob', isActive: true, isTeaching: false },
  { id: 'cat', isActive: true, isTeaching: true },
  { id: 'dan', isActive: false, isTeaching: false },
];
const facts = (more: Partial<RotaFacts> = {}): RotaFacts => ({ slotsPerDay: 2, staff, closures: [], away: [], ...more });

describe('checkRota', () => {
  it('leaves days that keep every rule alone', () => {
    expect(checkRota({ '2025-12-01': ['ann', 'bob'], '2025-12-02': ['cat', null] }, facts())).toEqual([]);
  });

  it('empties a day a holiday covers, saying why, and refills nothing there', () => {
    const snow: Closure = { start: '2025-12-08', end: '2025-12-09', kind: 'holiday', label: 'Snow closure, Other' };
    const [verdict, ...rest] = checkRota({ '2025-12-08': ['ann', 'bob'], '2025-12-10': ['ann', 'bob'] }, facts({ closures: [snow] }));
    expect(rest).toEqual([]);
    expect(verdict).toEqual({
      date: '2025-12-08',
      slots: [null, null],
      refillable: [],
      closed: 'Holiday: Snow closure, Other',
      violations: [
        { date: '2025-12-08', position: 1, staffId: 'ann', rule: 'holiday', reason: 'Holiday: Snow closure, Other' },
        { date: '2025-12-08', position: 2, staffId: 'bob', rule: 'holiday', reason: 'Holiday: Snow closure, Other' },
      ],
    });
  });

  it('names a holiday before term time when both cover a day, and weekends before either', () => {
    const closures: Closure[] = [
      { start: '2025-12-20', end: '2026-01-04', kind: 'out_of_term', label: 'Christmas holiday' },
      { start: '2025-12-25', end: '2025-12-25', kind: 'holiday', label: 'Christmas Day, Bank Holiday' },
    ];
    const verdicts = checkRota({ '2025-12-25': ['ann'], '2025-12-22': ['ann'], '2025-12-27': ['ann'] }, facts({ closures }));
    expect(verdicts.map((v) => [v.date, v.violations[0]!.rule, v.closed])).toEqual([
      ['2025-12-22', 'out_of_term', 'Outside term time: Christmas holiday'],
      ['2025-12-25', 'holiday', 'Holiday: Christmas Day, Bank Holiday'],
      ['2025-12-27', 'weekend', 'Weekend: duties are on weekdays only'],
    ]);
  });

  it('takes an inactive or away person off and offers only their slot for a refill', () => {
    const away = [{ staffId: 'bob', start: '2025-12-01', end: '2025-12-05', label: 'Annual Leave: wedding', periodId: 'p1' }];
    const verdicts = checkRota(
      { '2025-12-01': ['dan', 'cat', null], '2025-12-02': [null, 'bob', 'ann'] },
      facts({ slotsPerDay: 3, away }),
    );
    expect(verdicts).toEqual([
      {
        date: '2025-12-01',
        slots: [null, 'cat', null],
        refillable: [0],
        violations: [{ date: '2025-12-01', position: 1, staffId: 'dan', rule: 'inactive', reason: 'No longer active' }],
      },
      {
        date: '2025-12-02',
        slots: [null, null, 'ann'],
        refillable: [1],
        violations: [{ date: '2025-12-02', position: 2, staffId: 'bob', rule: 'unavailable', reason: 'Annual Leave: wedding', periodId: 'p1' }],
      },
    ]);
  });

  it('with fewer slots, lets the ineligible person go first, not the one in the highest slot', () => {
    const [verdict] = checkRota({ '2025-12-01': ['dan', 'ann'] }, facts({ slotsPerDay: 1 }));
    expect(verdict!.slots).toEqual(['ann']);
    expect(verdict!.violations.map((v) => [v.staffId, v.rule])).toEqual([['dan', 'inactive']]);
    expect(verdict!.refillable).toEqual([]);
  });

  it('with fewer slots, keeps the mix, then the fewest duties this year', () => {
    const counts = { ann: 9, cat: 2, bob: 5 };
    const [mixed] = checkRota({ '2025-12-01': ['ann', 'cat', 'bob'] }, facts({ counts }));
    // cat (teaching, 2 duties) and bob (the only non-teaching) stay; bob moves from slot 3 into slot 1.
    expect(mixed!.slots).toEqual(['bob', 'cat']);
    expect(mixed!.refillable).toEqual([]);
    const [alike] = checkRota({ '2025-12-01': ['ann', 'cat'] }, facts({ slotsPerDay: 1, counts }));
    expect(alike!.slots).toEqual(['cat']);
    expect(alike!.violations).toEqual([
      { date: '2025-12-01', position: 1, staffId: 'ann', rule: 'over_capacity', reason: 'Fewer duty managers per day (1)' },
    ]);
  });

  it("takes someone off a weekday outside their pattern, and the week's later duties above their cap, unless given by hand with a confirmation", () => {
    const patterned = [
      { id: 'ann', isActive: true, isTeaching: true, workingDays: [0, 1, 2] },
      { id: 'bob', isActive: true, isTeaching: false, weeklyCap: 2 },
    ];
    const days = {
      '2025-12-01': ['ann', 'bob'], // Monday
      '2025-12-02': ['bob', null],
      '2025-12-04': ['ann', 'bob'], // Thursday: Ann doesn't work; Bob's third duty of the week
      '2025-12-05': ['ann', null], // Friday, given by hand outside her pattern
    };
    const verdicts = checkRota(days, facts({ staff: patterned, overrides: new Set(['2025-12-05|ann']) }));
    expect(verdicts).toEqual([
      {
        date: '2025-12-04',
        slots: [null, null],
        refillable: [0, 1],
        violations: [
          { date: '2025-12-04', position: 1, staffId: 'ann', rule: 'not_working_day', reason: "Doesn't work on Thursdays" },
          { date: '2025-12-04', position: 2, staffId: 'bob', rule: 'over_cap', reason: 'At most 2 duties a week' },
        ],
      },
    ]);
    // Duties before the checked days count towards the week's cap too.
    const later = checkRota({ '2025-12-02': ['bob', null] }, facts({ staff: patterned, weekCounts: { bob: { '2025-12-01': 2 } } }));
    expect(later[0]!.violations.map((v) => v.rule)).toEqual(['over_cap']);
  });

  describe('properties', () => {
    const ids = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'];
    const arbitraryFacts = fc.record({
      slotsPerDay: fc.integer({ min: 1, max: 5 }),
      staff: fc.constant(ids.map((id, i) => ({ id, isActive: i !== 3, isTeaching: i % 2 === 0 }))),
      closures: fc.array(
        fc.record({
          start: fc.integer({ min: 1, max: 28 }).map((d) => `2025-12-${String(d).padStart(2, '0')}`),
          length: fc.integer({ min: 0, max: 4 }),
          kind: fc.constantFrom('holiday' as const, 'out_of_term' as const),
        }),
        { maxLength: 3 },
      ),
      away: fc.array(
        fc.record({ staffId: fc.constantFrom(...ids), day: fc.integer({ min: 1, max: 28 }), length: fc.integer({ min: 0, max: 3 }) }),
        { maxLength: 4 },
      ),
    });
    const arbitraryDays = fc.dictionary(
      fc.integer({ min: 1, max: 31 }).map((d) => `2025-12-${String(d).padStart(2, '0')}`),
      fc.array(fc.option(fc.constantFrom(...ids), { nil: null }), { minLength: 1, maxLength: 6 }).map((slots) => {
        const seen = new Set<string>();
        return slots.map((id) => (id && !seen.has(id) && seen.add(id) ? id : null));
      }),
    );
    const day = (n: number) => `2025-12-${String(Math.min(31, n)).padStart(2, '0')}`;

    it('after applying the verdicts every rule holds, and everyone who left is named with a reason', () => {
      fc.assert(
        fc.property(arbitraryFacts, arbitraryDays, (raw, days) => {
          const f: RotaFacts = {
            slotsPerDay: raw.slotsPerDay,
            staff: raw.staff,
            closures: raw.closures.map((c, i) => ({ start: c.start, end: day(Number(c.start.slice(8)) + c.length), kind: c.kind, label: `c${i}` })),
            away: raw.away.map((a) => ({ staffId: a.staffId, start: day(a.day), end: day(a.day + a.length), label: 'away' })),
          };
          const verdicts = checkRota(days, f);
          const after: Record<string, DaySlots> = { ...days };
          for (const v of verdicts) {
            after[v.date] = v.slots;
            const left = days[v.date]!.filter((id) => id && !v.slots.includes(id));
            expect(v.violations.map((x) => x.staffId).sort()).toEqual(left.sort());
            for (const x of v.violations) expect(x.reason.length).toBeGreaterThan(0);
            expect(v.slots.length).toBe(Math.min(5, raw.slotsPerDay));
          }
          expect(checkRota(after, f)).toEqual([]);
        }),
        { seed: 20261125, numRuns: 300 },
      );
    });
  });
});
