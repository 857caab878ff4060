import fc from 'fast-check';
import {
  type DaySlots,
  type EngineInput,
  type EngineStaff,
  type IsoDate,
  isWeekday,
  planRota,
  weekdayIndex,
} from './rota-engine';

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
