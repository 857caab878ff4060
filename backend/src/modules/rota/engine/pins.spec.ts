import { type DutiesInput, type EngineDuty, planDuties, planDutiesInPhases } from './duties-engine';
import { checkDuties } from './duties-rules';
import { type DaySlots, type EngineInput, type EngineStaff, type IsoDate, planRota } from './rota-engine';

/** Pinned slots (design 43 "pinned"): reshuffle and fill keep them exactly and plan the rest around them. */

// Monday 1 September 2025 to Friday 12 September: two weeks.
const twoWeeks = [
  '2025-09-01',
  '2025-09-02',
  '2025-09-03',
  '2025-09-04',
  '2025-09-05',
  '2025-09-08',
  '2025-09-09',
  '2025-09-10',
  '2025-09-11',
  '2025-09-12',
];
const person = (id: string, more: Partial<EngineStaff> = {}): EngineStaff => ({ id, isTeaching: true, isActive: true, ...more });
const pin = (staffId: string) => ({ staffId, override: false, pinned: true });
const plain = (staffId: string) => ({ staffId, override: false });
const countOf = (days: Record<IsoDate, DaySlots>, id: string) =>
  Object.values(days).reduce((n, slots) => n + slots.filter((s) => s?.staffId === id).length, 0);

const single = (more: Partial<EngineInput>): EngineInput => ({
  days: twoWeeks,
  slotsPerDay: 1,
  staff: [person('a'), person('b')],
  holidays: [],
  unavailability: [],
  existing: {},
  priorCounts: {},
  mode: 'reshuffle',
  fairShare: { schoolDays: twoWeeks, unavailability: [] },
  ...more,
});

describe('planRota keeps pinned slots', () => {
  it('reshuffle keeps every pinned slot (person, position, record) and replans only the others', () => {
    const existing: Record<IsoDate, DaySlots> = Object.fromEntries(twoWeeks.map((day, k) => [day, [k < 4 ? pin('a') : plain('a')]]));
    const result = planRota(single({ existing }));
    for (const day of twoWeeks.slice(0, 4)) expect(result.days[day]).toEqual([pin('a')]);
    // a holds 4 pinned of a share of 5: the other 6 go 1 to a and 5 to b.
    expect(countOf(result.days, 'a')).toBe(5);
    expect(countOf(result.days, 'b')).toBe(5);
  });

  it('counts a pinned slot in the weekly cap and the day: nobody twice a day, a capped person not again that week', () => {
    const existing: Record<IsoDate, DaySlots> = { '2025-09-01': [null, pin('a')] };
    const staff = [person('a', { weeklyCap: 1 }), person('b'), person('c'), person('d', { isTeaching: false })];
    const result = planRota(single({ slotsPerDay: 2, staff, existing, mixMode: 'never' }));
    expect(result.days['2025-09-01']![1]).toEqual(pin('a'));
    expect(result.days['2025-09-01']![0]?.staffId).not.toBe('a');
    for (const day of twoWeeks.slice(1, 5)) expect(result.days[day]!.some((s) => s?.staffId === 'a')).toBe(false);
  });

  it('pairs around a pinned teacher under "Always pair": the day gets a non-teacher', () => {
    const staff = [person('t0'), person('t1'), person('t2'), person('n0', { isTeaching: false }), person('n1', { isTeaching: false })];
    const existing: Record<IsoDate, DaySlots> = Object.fromEntries(twoWeeks.map((day) => [day, [null, pin('t0')]]));
    const result = planRota(single({ slotsPerDay: 2, staff, existing, mixMode: 'always' }));
    for (const day of twoWeeks) {
      expect(result.days[day]![1]).toEqual(pin('t0'));
      expect(result.days[day]![0]?.staffId.startsWith('n')).toBe(true);
    }
  });

  it('fill keeps pinned and unpinned slots alike', () => {
    const existing: Record<IsoDate, DaySlots> = { '2025-09-01': [pin('a')], '2025-09-02': [plain('a')] };
    const result = planRota(single({ existing, mode: 'fill' }));
    expect(result.days['2025-09-01']).toEqual([pin('a')]);
    expect(result.days['2025-09-02']).toEqual([plain('a')]);
  });

  it('a plan without pins is the plan it was', () => {
    const existing: Record<IsoDate, DaySlots> = Object.fromEntries(twoWeeks.map((day) => [day, [plain('a')]]));
    expect(planRota(single({ existing })).days).toEqual(planRota(single({ existing: {} })).days);
  });
});

const duty = (id: string, more: Partial<EngineDuty> = {}): EngineDuty => ({
  id,
  weight: 20,
  window: null,
  needs: [1, 1, 1, 1, 1],
  eligible: null,
  pairsTeaching: false,
  ...more,
});
const gate = duty('gate', { window: { start: 500, end: 525 }, needs: [2, 2, 2, 2, 2] });
const lunch = duty('lunch', { window: { start: 660, end: 690 }, weight: 40 });
const early = duty('early', { window: { start: 510, end: 530 } });
const many = (count: number) => Array.from({ length: count }, (_, i) => person(`p${i}`, { isTeaching: i % 2 === 0 }));
const multi = (more: Partial<DutiesInput>): DutiesInput => ({
  days: twoWeeks,
  duties: [gate, lunch],
  plan: ['gate', 'lunch'],
  staff: many(6),
  holidays: [],
  unavailability: [],
  existing: {},
  maxPerDay: 1,
  allDayCounts: true,
  priorLoad: {},
  mode: 'reshuffle',
  fairShare: { schoolDays: twoWeeks, unavailability: [] },
  ...more,
});
const facts = (input: DutiesInput) => ({
  duties: input.duties.map((d) => ({ ...d, name: d.id })),
  staff: input.staff,
  closures: [],
  away: input.unavailability.map((u) => ({ ...u, label: 'Away' })),
  maxPerDay: input.maxPerDay,
  allDayCounts: input.allDayCounts,
});

describe('the multi-duty engine keeps pinned slots', () => {
  it('reshuffle keeps them exactly and counts them in the daily maximum and the loads', () => {
    const existing = {
      gate: Object.fromEntries(twoWeeks.map((day) => [day, [plain('p1'), pin('p0')]])),
      lunch: { '2025-09-01': [plain('p0')] },
    };
    const input = multi({ existing });
    const result = planDutiesInPhases(input);
    for (const day of twoWeeks) {
      expect(result.days.gate![day]![1]).toEqual(pin('p0'));
      // At most one duty a day: p0 holds the pinned gate, so neither the other gate slot nor lunch.
      expect(result.days.gate![day]![0]?.staffId).not.toBe('p0');
      expect(result.days.lunch![day]![0]?.staffId).not.toBe('p0');
    }
    expect(checkDuties(result.days, facts(input))).toEqual([]);
    // p0's ten pinned gates weigh 10 × 20 = 200, above a share of (10 × 2 × 20 + 10 × 40) ÷ 6 ≈ 133: nothing more for p0.
    expect(countOf(result.days.gate!, 'p0') + countOf(result.days.lunch!, 'p0')).toBe(10);
  });

  it('reshuffle keeps a pin on an overlapping duty and plans nobody on a clash with it', () => {
    const existing = { early: { '2025-09-02': [pin('p3')] } };
    const input = multi({ duties: [gate, early], plan: ['gate', 'early'], existing, maxPerDay: 2 });
    const result = planDuties(input);
    expect(result.days.early!['2025-09-02']).toEqual([pin('p3')]);
    expect(result.days.gate!['2025-09-02']!.some((s) => s?.staffId === 'p3')).toBe(false);
    expect(checkDuties(result.days, facts(input))).toEqual([]);
  });

  it('the single-duty hand-over keeps pins too', () => {
    const dm = duty('dm');
    const existing = { dm: { '2025-09-03': [pin('p2')] } };
    const result = planDuties(multi({ duties: [dm], plan: ['dm'], existing }));
    expect(result.days.dm!['2025-09-03']).toEqual([pin('p2')]);
  });
});
