import fc from 'fast-check';
import {
  assign,
  type DaySlots as SlotRecords,
  type EngineInput as RecordInput,
  type EngineStaff,
  fairShares,
  type IsoDate,
  isWeekday,
  planRota as planRecords,
  planState as planStateOfRecords,
  spreadDuties,
  weekdayIndex,
} from './rota-engine';

/** These tests speak of who is in which slot: ids in and out, the engine's slot records between. */
type DaySlots = (string | null)[];
type EngineInput = Omit<RecordInput, 'existing'> & { existing: Record<IsoDate, DaySlots> };
const asRecords = (days: Record<IsoDate, DaySlots>): Record<IsoDate, SlotRecords> =>
  Object.fromEntries(Object.entries(days).map(([day, slots]) => [day, slots.map((id) => (id ? { staffId: id, override: false } : null))]));
const asIds = (days: Record<IsoDate, SlotRecords>): Record<IsoDate, DaySlots> =>
  Object.fromEntries(Object.entries(days).map(([day, slots]) => [day, slots.map((slot) => slot?.staffId ?? null)]));
function planRota(input: EngineInput) {
  const result = planRecords({ ...input, existing: asRecords(input.existing) });
  return { ...result, days: asIds(result.days) };
}
const planState = (input: EngineInput) => planStateOfRecords({ ...input, existing: asRecords(input.existing) });

const SEED = 20250908;

function datesBetween(start: IsoDate, count: number): IsoDate[] {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10));
}

const AUTUMN_TERM = datesBetween('2025-09-01', 7 * 15); // 15 weeks

function staffList(teaching: number, nonTeaching: number): EngineStaff[] {
  return [
    ...Array.from({ length: teaching }, (_, i) => ({ id: `t${i}`, isTeaching: true, isActive: true })),
    ...Array.from({ length: nonTeaching }, (_, i) => ({ id: `n${i}`, isTeaching: false, isActive: true })),
  ];
}

function base(overrides: Partial<EngineInput>): EngineInput {
  return {
    days: AUTUMN_TERM,
    slotsPerDay: 2,
    staff: staffList(6, 4),
    holidays: [],
    unavailability: [],
    existing: {},
    priorCounts: {},
    mode: 'reshuffle',
    ...overrides,
  };
}

function countsOf(days: Record<IsoDate, DaySlots>, staff: EngineStaff[]): Map<string, number> {
  const counts = new Map(staff.map((s) => [s.id, 0]));
  for (const slots of Object.values(days)) for (const id of slots) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

/** Random but valid engine inputs: staff, holidays, unavailability, existing slots. */
const arbitraryInput = fc
  .record({
    teaching: fc.integer({ min: 0, max: 8 }),
    nonTeaching: fc.integer({ min: 0, max: 6 }),
    inactive: fc.integer({ min: 0, max: 2 }),
    slotsPerDay: fc.integer({ min: 1, max: 5 }),
    firstDay: fc.integer({ min: 0, max: 60 }),
    length: fc.integer({ min: 1, max: 45 }),
    holidays: fc.array(fc.record({ from: fc.integer({ min: 0, max: 110 }), days: fc.integer({ min: 0, max: 6 }) }), { maxLength: 4 }),
    absences: fc.array(
      fc.record({ who: fc.nat(), from: fc.integer({ min: 0, max: 110 }), days: fc.integer({ min: 0, max: 10 }) }),
      { maxLength: 6 },
    ),
    existing: fc.array(fc.record({ day: fc.integer({ min: 0, max: 110 }), who: fc.nat(), slot: fc.integer({ min: 0, max: 4 }) }), { maxLength: 20 }),
    mode: fc.constantFrom<'fill' | 'reshuffle'>('fill', 'reshuffle'),
  })
  .map((r): EngineInput => {
    const calendar = datesBetween('2025-09-01', 120);
    const staff = [
      ...staffList(r.teaching, r.nonTeaching),
      ...Array.from({ length: r.inactive }, (_, i) => ({ id: `x${i}`, isTeaching: i % 2 === 0, isActive: false })),
    ];
    const span = (from: number, days: number) => ({ start: calendar[from]!, end: calendar[Math.min(119, from + days)]! });
    const existing: Record<IsoDate, DaySlots> = {};
    const active = staff.filter((s) => s.isActive);
    for (const e of r.existing) {
      if (!active.length) break;
      const day = calendar[e.day]!;
      const slots = (existing[day] ??= new Array(r.slotsPerDay).fill(null));
      const who = active[e.who % active.length]!.id;
      if (e.slot < r.slotsPerDay && !slots.includes(who)) slots[e.slot] = who;
    }
    return {
      days: calendar.slice(r.firstDay, r.firstDay + r.length),
      slotsPerDay: r.slotsPerDay,
      staff,
      holidays: r.holidays.map((h) => span(h.from, h.days)),
      unavailability: staff.length ? r.absences.map((a) => ({ staffId: staff[a.who % staff.length]!.id, ...span(a.from, a.days) })) : [],
      existing,
      priorCounts: {},
      mode: r.mode,
    };
  });

describe('the rota engine', () => {
  it('never breaks a hard rule', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const { days } = planRota(input);
        const byId = new Map(input.staff.map((s) => [s.id, s]));
        for (const [day, slots] of Object.entries(days)) {
          expect(isWeekday(day)).toBe(true);
          expect(input.holidays.some((h) => h.start <= day && day <= h.end)).toBe(false);
          expect(slots.length).toBeLessThanOrEqual(input.slotsPerDay);
          const people = slots.filter((id): id is string => id !== null);
          expect(new Set(people).size).toBe(people.length);
          const kept = input.mode === 'fill' ? (input.existing[day] ?? []) : [];
          for (const [i, id] of slots.entries()) {
            if (!id || kept[i] === id) continue; // fill keeps what was there, as it was
            expect(byId.get(id)?.isActive).toBe(true);
            expect(input.unavailability.some((u) => u.staffId === id && u.start <= day && day <= u.end)).toBe(false);
          }
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('fills every slot it can: a slot stays empty only when nobody eligible is left', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const { days } = planRota(input);
        for (const [day, slots] of Object.entries(days)) {
          if (!slots.includes(null)) continue;
          const eligible = input.staff.filter(
            (s) => s.isActive && !slots.includes(s.id) && !input.unavailability.some((u) => u.staffId === s.id && u.start <= day && day <= u.end),
          );
          expect(eligible).toEqual([]);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('gives the same rota for the same input', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        expect(planRota(structuredClone(input))).toEqual(planRota(structuredClone(input)));
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('never moves an existing assignment when filling', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const { days } = planRota({ ...input, mode: 'fill' });
        for (const [day, before] of Object.entries(input.existing)) {
          const after = days[day];
          if (!after) continue; // a weekend or holiday is not planned at all
          before.slice(0, input.slotsPerDay).forEach((id, i) => {
            if (id) expect(after[i]).toBe(id);
          });
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('puts one teaching and one non-teaching person on every day where both are available', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const plan = planRota({ ...input, mode: 'reshuffle', existing: {} });
        const byId = new Map(input.staff.map((s) => [s.id, s]));
        for (const [day, slots] of Object.entries(plan.days)) {
          if (slots.filter(Boolean).length < 2) continue;
          const available = input.staff.filter(
            (s) => s.isActive && !input.unavailability.some((u) => u.staffId === s.id && u.start <= day && day <= u.end),
          );
          const bothAvailable = available.some((s) => s.isTeaching) && available.some((s) => !s.isTeaching);
          if (!bothAvailable) continue;
          const kinds = new Set(slots.filter((id): id is string => id !== null).map((id) => byId.get(id)!.isTeaching));
          expect(kinds.size).toBe(2);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('spreads duties evenly when everyone is equally available: max − min ≤ 1', () => {
    fc.assert(
      fc.property(
        fc.record({ people: fc.integer({ min: 2, max: 30 }), slotsPerDay: fc.integer({ min: 1, max: 5 }), teachingShare: fc.constantFrom(0, 1) }),
        ({ people, slotsPerDay, teachingShare }) => {
          // One kind only: the mix rule has nothing to trade against fairness.
          const staff = teachingShare ? staffList(people, 0) : staffList(0, people);
          const { days } = planRota(base({ staff, slotsPerDay }));
          expect(spread([...countsOf(days, staff).values()])).toBeLessThanOrEqual(1);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('spreads evenly within each kind when the two kinds are equally many', () => {
    const staff = staffList(5, 5);
    const { days } = planRota(base({ staff }));
    const counts = countsOf(days, staff);
    expect(spread(staff.map((s) => counts.get(s.id)!))).toBeLessThanOrEqual(1);
  });

  it('counts duties already done this year: the person with fewest goes first', () => {
    const staff = staffList(3, 0);
    const { days } = planRota(base({ staff, slotsPerDay: 1, days: ['2025-09-08'], priorCounts: { t0: 5, t1: 2, t2: 9 } }));
    expect(days['2025-09-08']).toEqual(['t1']);
  });

  it('spreads each person over the weekdays', () => {
    const staff = staffList(5, 0);
    const { days } = planRota(base({ staff, slotsPerDay: 1 }));
    for (const s of staff) {
      const perWeekday = [0, 0, 0, 0, 0];
      for (const [day, slots] of Object.entries(days)) if (slots.includes(s.id)) perWeekday[weekdayIndex(day)]! += 1;
      expect(spread(perWeekday)).toBeLessThanOrEqual(1);
    }
  });

  it('reports how many days and slots changed', () => {
    const staff = staffList(2, 2);
    const existing = { '2025-09-08': ['t0', null], '2025-09-09': ['t1', 'n1'] };
    const result = planRota(base({ staff, days: ['2025-09-08', '2025-09-09', '2025-09-13'], existing, mode: 'fill' }));
    expect(result.days['2025-09-09']).toEqual(['t1', 'n1']);
    expect(result.days['2025-09-08']![0]).toBe('t0');
    expect(result.days['2025-09-13']).toBeUndefined(); // a Saturday
    expect(result).toMatchObject({ changedDays: 1, changedSlots: 1 });
  });

  it('backfills only the slot it is told to: the least-loaded eligible person, other empty slots untouched', () => {
    const staff = staffList(3, 2);
    const existing = { '2025-09-08': [null, 't0', null] };
    const result = planRota(
      base({
        staff,
        slotsPerDay: 3,
        days: ['2025-09-08'],
        existing,
        mode: 'fill',
        fillable: { '2025-09-08': [0] },
        priorCounts: { t1: 4, t2: 1, n0: 3, n1: 2 },
        // The person who gave the duty up is not eligible for it again.
        unavailability: [{ staffId: 'n1', start: '2025-09-08', end: '2025-09-08' }],
      }),
    );
    // Mix first (t0 teaches, so a non-teaching person), then the lowest count among them.
    expect(result.days['2025-09-08']).toEqual(['n0', 't0', null]);
    expect(result).toMatchObject({ changedDays: 1, changedSlots: 1 });
  });
});

describe('the rota engine: working patterns, caps, preferences and fair share', () => {
  const year = datesBetween('2025-09-01', 7 * 38).filter(isWeekday);
  const people = (n: number, patterns: Record<number, Partial<EngineStaff>> = {}): EngineStaff[] =>
    Array.from({ length: n }, (_, i) => ({ id: `p${String(i).padStart(2, '0')}`, isTeaching: i % 3 !== 0, isActive: true, ...patterns[i] }));
  const yearInput = (staff: EngineStaff[], more: Partial<EngineInput> = {}): EngineInput => ({
    ...base({ staff, days: year, slotsPerDay: 2 }),
    fairShare: { schoolDays: year, unavailability: more.unavailability ?? [] },
    ...more,
  });

  /** Random schools: patterns, FTE, caps, preferences, leave, all three mix modes. */
  const arbitrarySchool = fc
    .record({
      size: fc.integer({ min: 4, max: 16 }),
      slotsPerDay: fc.integer({ min: 1, max: 3 }),
      mixMode: fc.constantFrom<'always' | 'when_fair' | 'never'>('always', 'when_fair', 'never'),
      patterns: fc.array(fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }), { minLength: 16, maxLength: 16 }),
      partTime: fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
      caps: fc.array(fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), { minLength: 16, maxLength: 16 }),
      avoid: fc.array(fc.subarray([0, 1, 2, 3, 4], { maxLength: 2 }), { minLength: 16, maxLength: 16 }),
      leave: fc.array(fc.record({ who: fc.nat(), from: fc.integer({ min: 0, max: 150 }), days: fc.integer({ min: 0, max: 15 }) }), { maxLength: 4 }),
    })
    .map((r) => {
      const staff = people(r.size, Object.fromEntries(
        Array.from({ length: r.size }, (_, i) => [
          i,
          {
            ...(r.partTime[i] ? { workingDays: r.patterns[i] } : {}),
            ...(r.caps[i] !== undefined ? { weeklyCap: r.caps[i] } : {}),
            // A preference never covers every day a person works: that would be no preference at all.
            avoidDays: r.avoid[i]!.filter((d) => (r.partTime[i] ? r.patterns[i]! : [0, 1, 2, 3, 4]).length > 1 && d !== (r.partTime[i] ? r.patterns[i]![0] : 0)),
          },
        ]),
      ));
      const calendar = datesBetween('2025-09-01', 200);
      const unavailability = r.leave.map((l) => ({
        staffId: staff[l.who % staff.length]!.id,
        start: calendar[l.from]!,
        end: calendar[Math.min(199, l.from + l.days)]!,
      }));
      const days = calendar.filter(isWeekday);
      const input: EngineInput = {
        ...base({ staff, days, slotsPerDay: r.slotsPerDay, unavailability }),
        mixMode: r.mixMode,
        fairShare: { schoolDays: days, unavailability },
      };
      return input;
    });

  it('never plans anyone on a day outside their working pattern, nor above their weekly cap', () => {
    fc.assert(
      fc.property(arbitrarySchool, (input) => {
        const { days } = planRota(input);
        const byId = new Map(input.staff.map((s) => [s.id, s]));
        const weeks = new Map<string, number>();
        for (const [day, slots] of Object.entries(days)) {
          for (const id of slots) {
            if (!id) continue;
            const s = byId.get(id)!;
            if (s.workingDays) expect(s.workingDays).toContain(weekdayIndex(day));
            const monday = datesBetween(day, 1)[0]!;
            const key = `${id}|${new Date(Date.parse(`${monday}T00:00:00Z`) - weekdayIndex(day) * 86_400_000).toISOString().slice(0, 10)}`;
            weeks.set(key, (weeks.get(key) ?? 0) + 1);
            if (s.weeklyCap != null) expect(weeks.get(key)!).toBeLessThanOrEqual(s.weeklyCap);
          }
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('gives the same rota for the same input, whatever the mode', () => {
    fc.assert(
      fc.property(arbitrarySchool, (input) => {
        expect(planRota(structuredClone(input))).toEqual(planRota(structuredClone(input)));
      }),
      { seed: SEED, numRuns: 50 },
    );
  });

  // Within one duty of the fair shares wherever the hard rules allow: rota-engine.oracle.spec.ts,
  // against the proven optimum of each instance.

  it('scales fair share to availability: a three-day part-timer gets three fifths of a full-timer', () => {
    const staff = people(10, { 1: { workingDays: [0, 1, 2] } });
    const { days } = planRota(yearInput(staff, { mixMode: 'never' }));
    const counts = countsOf(days, staff);
    const shares = fairShares(staff, 2, { schoolDays: year, unavailability: [] });
    expect(shares.get('p01')! / shares.get('p00')!).toBeCloseTo(0.6, 5);
    for (const s of staff) expect(Math.abs(counts.get(s.id)! - shares.get(s.id)!)).toBeLessThanOrEqual(1);
  });

  it('shares the duties held before the first day to plan, not the slots of days left short', () => {
    const staff = people(4);
    const from = year[10]!;
    const full = fairShares(staff, 2, { schoolDays: year, unavailability: [] });
    // Ten past school days held 12 duties of their 20 slots; the rest of the year is still to plan.
    const held = fairShares(staff, 2, { schoolDays: year, unavailability: [], from, doneBefore: 12 });
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    expect(total(full)).toBeCloseTo(year.length * 2, 5);
    expect(total(held)).toBeCloseTo(12 + (year.length - 10) * 2, 5);
    expect(held.get('p00')).toBeCloseTo(held.get('p03')!, 5);
  });

  it('weighs a contract fraction set apart from the pattern', () => {
    const staff = people(4, { 0: { workingDays: [0, 1, 2, 3, 4], fte: 0.5 } });
    const shares = fairShares(staff, 1, { schoolDays: year, unavailability: [] });
    expect(shares.get('p00')! / shares.get('p01')!).toBeCloseTo(0.5, 5);
  });

  it('pairs the kinds always under "Always pair", and under "Pair when it is fair" only while it stays fair', () => {
    // Eight people, three non-teaching: strict pairing overloads the three.
    const staff = people(8).map((s, i) => ({ ...s, isTeaching: i >= 3 }));
    const mixed = (mode: 'always' | 'when_fair') => {
      const { days } = planRota(yearInput(staff, { mixMode: mode }));
      const counts = countsOf(days, staff);
      const shares = fairShares(staff, 2, { schoolDays: year, unavailability: [] });
      const pairs = Object.values(days).filter((slots) => new Set(slots.map((id) => staff.find((s) => s.id === id)!.isTeaching)).size === 2).length;
      return { pairs: pairs / Object.keys(days).length, worst: Math.max(...staff.map((s) => Math.abs(counts.get(s.id)! - shares.get(s.id)!))) };
    };
    const always = mixed('always');
    const fair = mixed('when_fair');
    expect(always.pairs).toBe(1);
    expect(always.worst).toBeGreaterThan(5);
    expect(fair.worst).toBeLessThanOrEqual(1);
    expect(fair.pairs).toBeGreaterThan(0.6);
  });

  it('honours a preference when it costs no fairness', () => {
    const staff = people(10, { 0: { avoidDays: [4] }, 4: { avoidDays: [0] } });
    const { days } = planRota(yearInput(staff, { mixMode: 'never' }));
    const onWeekday = (id: string, weekday: number) =>
      Object.entries(days).filter(([day, slots]) => weekdayIndex(day) === weekday && slots.includes(id)).length;
    expect(onWeekday('p00', 4)).toBe(0);
    expect(onWeekday('p04', 0)).toBe(0);
    const counts = countsOf(days, staff);
    const shares = fairShares(staff, 2, { schoolDays: year, unavailability: [] });
    for (const s of staff) expect(Math.abs(counts.get(s.id)! - shares.get(s.id)!)).toBeLessThanOrEqual(1);
  });
});

describe('the rota engine: each person spread over the weeks and over their weekdays', () => {
  const shift = (day: IsoDate, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const mondayOf = (day: IsoDate) => shift(day, -weekdayIndex(day));
  /** Two school days in a row are two weekdays in a row: a Friday and the Monday after too. */
  const nextWeekday = (day: IsoDate) => shift(day, weekdayIndex(day) === 4 ? 3 : 1);
  const previousWeekday = (day: IsoDate) => shift(day, weekdayIndex(day) === 0 ? -3 : -1);

  /**
   * Every trade between two people that keeps the rules above the spread (docs/product.md#who-gets-a-slot):
   * A gives up their duty on `x` and takes B's on `y`, B the other way round, where each may be on
   * the day they take (working pattern, not away, not on it already, their weekly cap), the two are
   * of the same kind under "Always pair" (of either kind under "Pair when it is fair" when as many
   * of the two days have both kinds after as before, and under "Don't pair"), and neither moves
   * onto a weekday they would rather avoid from one they would not. Nobody's number of duties changes, so fair share is as
   * planned. With, for each trade, how many runs (duties on two weekdays in a row) the two have
   * together before and after.
   */
  function* tradesIn(input: EngineInput, days: Record<IsoDate, DaySlots>) {
    const byId = new Map(input.staff.map((s) => [s.id, s]));
    const dutiesOf = new Map<string, Set<IsoDate>>();
    const weekCount = new Map<string, number>();
    const weekdayCounts = new Map<string, number[]>();
    for (const [day, slots] of Object.entries(days)) {
      for (const id of slots) {
        if (!id) continue;
        (dutiesOf.get(id) ?? dutiesOf.set(id, new Set()).get(id)!).add(day);
        weekCount.set(`${id}|${mondayOf(day)}`, (weekCount.get(`${id}|${mondayOf(day)}`) ?? 0) + 1);
        (weekdayCounts.get(id) ?? weekdayCounts.set(id, [0, 0, 0, 0, 0]).get(id)!)[weekdayIndex(day)]! += 1;
      }
    }
    const mayTake = (id: string, day: IsoDate, from: IsoDate) => {
      const s = byId.get(id)!;
      const avoided = (d: IsoDate) => s.avoidDays?.includes(weekdayIndex(d)) ?? false;
      return (
        (s.workingDays ?? [0, 1, 2, 3, 4]).includes(weekdayIndex(day)) &&
        !input.unavailability.some((u) => u.staffId === id && u.start <= day && day <= u.end) &&
        !dutiesOf.get(id)!.has(day) &&
        (mondayOf(day) === mondayOf(from) || (weekCount.get(`${id}|${mondayOf(day)}`) ?? 0) < (s.weeklyCap ?? Infinity)) &&
        (!avoided(day) || avoided(from))
      );
    };
    /** Runs a person's duty on `day` is part of, not counting their duty on `leaving`. */
    const runsAt = (id: string, day: IsoDate, leaving?: IsoDate) =>
      [previousWeekday(day), nextWeekday(day)].filter((d) => d !== leaving && dutiesOf.get(id)!.has(d)).length;
    const teachersOn = (day: IsoDate) => days[day]!.filter((id) => id && byId.get(id)!.isTeaching).length;
    const paired = (day: IsoDate, teachers: number) => (teachers > 0 && teachers < days[day]!.filter(Boolean).length ? 1 : 0);
    /** a (on x) and b (on y) may trade as far as the mix goes. */
    const mixAllows = (a: EngineStaff, x: IsoDate, b: EngineStaff, y: IsoDate) => {
      if (a.isTeaching === b.isTeaching || input.mixMode === 'never') return true;
      if (input.mixMode !== 'when_fair') return false;
      const change = (b.isTeaching ? 1 : 0) - (a.isTeaching ? 1 : 0);
      const before = paired(x, teachersOn(x)) + paired(y, teachersOn(y));
      return paired(x, teachersOn(x) + change) + paired(y, teachersOn(y) - change) >= before;
    };
    const duties = Object.entries(days).flatMap(([day, slots]) => slots.flatMap((id) => (id ? [{ day, id }] : [])));
    for (const [k, x] of duties.entries()) {
      for (const y of duties.slice(k + 1)) {
        const [a, b] = [byId.get(x.id)!, byId.get(y.id)!];
        if (a === b || x.day === y.day || !mixAllows(a, x.day, b, y.day)) continue;
        if (!mayTake(a.id, y.day, x.day) || !mayTake(b.id, x.day, y.day)) continue;
        const before = runsAt(a.id, x.day) + runsAt(b.id, y.day);
        const after = runsAt(a.id, y.day, x.day) + runsAt(b.id, x.day, y.day);
        yield { a: a.id, x: x.day, b: b.id, y: y.day, before, after, weekdaysOf: (id: string) => weekdayCounts.get(id)! };
      }
    }
  }

  /** Random schools as above, planning their first twelve weeks (fair shares still over the whole period). */
  const arbitraryTerm = fc
    .record({
      size: fc.integer({ min: 4, max: 14 }),
      slotsPerDay: fc.integer({ min: 1, max: 3 }),
      mixMode: fc.constantFrom<'always' | 'when_fair' | 'never'>('always', 'when_fair', 'never'),
      patterns: fc.array(fc.option(fc.subarray([0, 1, 2, 3, 4], { minLength: 1, maxLength: 4 }), { nil: undefined }), { minLength: 14, maxLength: 14 }),
      caps: fc.array(fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), { minLength: 14, maxLength: 14 }),
      avoid: fc.array(fc.subarray([0, 1, 2, 3, 4], { maxLength: 1 }), { minLength: 14, maxLength: 14 }),
      leave: fc.array(fc.record({ who: fc.nat(), from: fc.integer({ min: 0, max: 80 }), days: fc.integer({ min: 0, max: 20 }) }), { maxLength: 4 }),
      behind: fc.array(fc.nat({ max: 6 }), { minLength: 14, maxLength: 14 }),
    })
    .map((r): EngineInput => {
      const calendar = datesBetween('2026-09-07', 7 * 16);
      const staff: EngineStaff[] = Array.from({ length: r.size }, (_, i) => ({
        id: `p${String(i).padStart(2, '0')}`,
        isTeaching: i % 3 !== 0,
        isActive: true,
        ...(r.patterns[i] ? { workingDays: r.patterns[i] } : {}),
        ...(r.caps[i] !== undefined ? { weeklyCap: r.caps[i] } : {}),
        avoidDays: r.avoid[i]!.filter((d) => (r.patterns[i] ?? [0, 1, 2, 3, 4]).length > 1 && (r.patterns[i] ?? [0, 1, 2, 3, 4]).includes(d)),
      }));
      const unavailability = r.leave.map((l) => ({
        staffId: staff[l.who % staff.length]!.id,
        start: calendar[l.from]!,
        end: calendar[Math.min(calendar.length - 1, l.from + l.days)]!,
      }));
      const schoolDays = calendar.filter(isWeekday);
      return {
        days: schoolDays.slice(0, 60),
        slotsPerDay: r.slotsPerDay,
        staff,
        holidays: [],
        unavailability,
        existing: {},
        // Some start the term behind, as after leave or a change of share: they catch up, spread out.
        priorCounts: Object.fromEntries(staff.map((s, i) => [s.id, 6 - r.behind[i]!])),
        mode: 'reshuffle',
        mixMode: r.mixMode,
        fairShare: { schoolDays, unavailability },
      };
    });

  it('leaves nobody on duty two school days in a row when a trade with a colleague would end that run without starting another', () => {
    fc.assert(
      fc.property(arbitraryTerm, (input) => {
        const { days } = planRota(input);
        for (const t of tradesIn(input, days)) {
          // The two would have fewer runs between them after the trade: the engine should have made it.
          if (t.after < t.before) throw new Error(`${t.a} on ${t.x} and ${t.b} on ${t.y} could trade: runs ${t.before} → ${t.after}`);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it("keeps each person's duties per weekday within one of each other wherever a trade could: none would even out two weekdays two apart without a run, leaving the colleague within one on them", () => {
    fc.assert(
      fc.property(arbitraryTerm, (input) => {
        const { days } = planRota(input);
        for (const t of tradesIn(input, days)) {
          if (t.after > t.before) continue;
          for (const [a, x, b, y] of [[t.a, t.x, t.b, t.y], [t.b, t.y, t.a, t.x]] as const) {
            const [mine, theirs] = [t.weekdaysOf(a), t.weekdaysOf(b)];
            const [from, to] = [weekdayIndex(x), weekdayIndex(y)];
            // a has two or more on x's weekday than on y's; b, who would take the other way, fewer.
            if (mine[from]! - mine[to]! >= 2 && theirs[from]! - theirs[to]! <= -1) {
              throw new Error(`${a} (${mine.join('/')}) on ${x} and ${b} (${theirs.join('/')}) on ${y} could trade`);
            }
          }
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  /**
   * Issue 39's school: 20 staff, two slots a day, a year with term dates; a Mon–Thu teacher at 0.8
   * FTE back from leave on Tuesday 1 December, and a Mon/Wed/Fri colleague at 0.6. The autumn term
   * planned in one go gave her Tuesday 1, Wednesday 2 and Thursday 3 December while full-timers had
   * none or one in those weeks.
   */
  it('spreads a part-timer back from leave, and everyone else, over the weeks and their weekdays (issue 39)', () => {
    const calendar = datesBetween('2026-09-01', 365);
    const outOfTerm = [
      ['2026-09-01', '2026-09-02'], ['2026-10-26', '2026-10-30'], ['2026-12-19', '2027-01-04'], ['2027-02-15', '2027-02-19'],
      ['2027-03-27', '2027-04-11'], ['2027-05-03', '2027-05-03'], ['2027-05-31', '2027-06-04'], ['2027-07-22', '2027-08-31'],
    ].map(([start, end]) => ({ start: start!, end: end! }));
    const schoolDays = calendar.filter((d) => isWeekday(d) && !outOfTerm.some((h) => h.start <= d && d <= h.end));
    const staff: EngineStaff[] = Array.from({ length: 20 }, (_, i) => ({ id: `p${String(i).padStart(2, '0')}`, isTeaching: i % 3 !== 0, isActive: true }));
    Object.assign(staff[4]!, { workingDays: [0, 1, 2, 3], fte: 0.8 });
    Object.assign(staff[7]!, { workingDays: [0, 2, 4], fte: 0.6 });
    const away = [{ staffId: 'p04', start: '2026-09-03', end: '2026-11-30' }];
    const autumn = calendar.filter((d) => d >= '2026-09-03' && d <= '2026-12-18');
    for (const mixMode of ['when_fair', 'always', 'never'] as const) {
      const { days } = planRota({
        days: autumn,
        slotsPerDay: 2,
        staff,
        holidays: outOfTerm,
        unavailability: away,
        existing: {},
        priorCounts: {},
        mode: 'reshuffle',
        mixMode,
        fairShare: { schoolDays, unavailability: away },
      });
      const planned = Object.keys(days).sort();
      for (const s of staff) {
        const mine = planned.filter((d) => days[d]!.includes(s.id));
        expect({ mixMode, who: s.id, runs: mine.filter((d) => mine.includes(nextWeekday(d))) }).toEqual({ mixMode, who: s.id, runs: [] });
        const perWeekday = (s.workingDays ?? [0, 1, 2, 3, 4]).map((w) => mine.filter((d) => weekdayIndex(d) === w).length);
        expect({ mixMode, who: s.id, uneven: spread(perWeekday) <= 1 ? 'within one' : perWeekday }).toEqual({ mixMode, who: s.id, uneven: 'within one' });
        // One a week at most, but for her: four duties in her three weeks back.
        const perWeek = [...new Set(mine.map(mondayOf))].map((monday) => mine.filter((d) => mondayOf(d) === monday).length);
        expect(Math.max(0, ...perWeek)).toBeLessThanOrEqual(s.id === 'p04' ? 2 : 1);
      }
    }
  });
  describe('the spread phase alone', () => {
    const fortnight = datesBetween('2026-09-07', 12).filter(isWeekday);
    const three = ['a', 'b', 'c'].map((id) => ({ id, isTeaching: true, isActive: true }));
    const plan = (more: Partial<EngineInput> = {}) =>
      planState({ days: fortnight, slotsPerDay: 1, staff: three, holidays: [], unavailability: [], existing: {}, priorCounts: {}, mode: 'reshuffle', ...more });
    const holders = (state: ReturnType<typeof planState>) => fortnight.map((d) => state.planned.get(d)![0]);
    const runsOf = (state: ReturnType<typeof planState>) => fortnight.filter((d, i) => i > 0 && state.planned.get(d)![0] === state.planned.get(fortnight[i - 1]!)![0]);

    it('trades bunched duties apart, each person keeping their number of duties', () => {
      const state = plan();
      ['a', 'a', 'a', 'b', 'b', 'b', 'c', 'c', 'c', 'c'].forEach((id, i) => assign(state, fortnight[i]!, 0, id));
      expect(runsOf(state)).toHaveLength(7);
      expect(spreadDuties(state)).toBeGreaterThan(0);
      expect(runsOf(state)).toEqual([]);
      const count = (id: string) => holders(state).filter((h) => h === id).length;
      expect([count('a'), count('b'), count('c')]).toEqual([3, 3, 4]);
      expect([...state.counts]).toEqual([3, 3, 4]);
    });

    it('moves only what this run placed: filling keeps the assignments that were there', () => {
      const state = plan({ mode: 'fill', existing: { [fortnight[0]!]: ['a'], [fortnight[1]!]: ['a'] } });
      ['a', 'b', 'b', 'b', 'c', 'c', 'c', 'c'].forEach((id, i) => assign(state, fortnight[i + 2]!, 0, id));
      spreadDuties(state);
      expect(holders(state).slice(0, 2)).toEqual(['a', 'a']);
      expect(runsOf(state).filter((d) => d > fortnight[1]!)).toEqual([]);
    });
  });
});
