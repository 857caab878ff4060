import { type DutiesInput, type EngineDuty, planDuties } from './duties-engine';
import { checkDuties } from './duties-rules';
import { largestGapOf } from './fewest-changes';
import { type DaySlots, type EngineStaff, type IsoDate, isWeekday } from './rota-engine';

/** Rebalance with the fewest changes (design 43 "rebalance"), on small schools set up by hand. */

function weekdaysFrom(start: IsoDate, count: number): IsoDate[] {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const out: IsoDate[] = [];
  for (let i = 0; out.length < count; i += 1) {
    const day = new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
    if (isWeekday(day)) out.push(day);
  }
  return out;
}

const tenDays = weekdaysFrom('2025-09-01', 10);
const sixWeeks = weekdaysFrom('2025-09-01', 30);
const person = (id: string, more: Partial<EngineStaff> = {}): EngineStaff => ({ id, isTeaching: true, isActive: true, ...more });
const dm: EngineDuty = { id: 'dm', weight: 1, window: null, needs: [1, 1, 1, 1, 1], eligible: null, pairsTeaching: true };
const plain = (staffId: string) => ({ staffId, override: false });
const pin = (staffId: string) => ({ staffId, override: false, pinned: true });

const school = (more: Partial<DutiesInput>): DutiesInput => {
  const days = more.days ?? tenDays;
  return {
    days,
    duties: [dm],
    plan: ['dm'],
    staff: [person('a'), person('b')],
    holidays: [],
    unavailability: [],
    existing: {},
    maxPerDay: 1,
    allDayCounts: true,
    priorLoad: {},
    mode: 'rebalance',
    mixMode: 'never',
    fairShare: { schoolDays: days, unavailability: [] },
    ...more,
  };
};
/** The existing plan of the Duty Manager duty: one holder a day. */
const held = (holders: (ReturnType<typeof plain> | null)[], days = tenDays) => ({
  dm: Object.fromEntries(days.map((day, k) => [day, [holders[k] ?? null]])),
});
const countOf = (days: Record<IsoDate, DaySlots>, id: string) =>
  Object.values(days).reduce((n, slots) => n + slots.filter((s) => s?.staffId === id).length, 0);
/** Slots that held someone and now hold someone else (filling is not a move). */
const movesOf = (input: DutiesInput, result: ReturnType<typeof planDuties>) => {
  const moved: { day: IsoDate; from: string; to: string | undefined }[] = [];
  for (const [dutyId, days] of Object.entries(input.existing)) {
    for (const [day, slots] of Object.entries(days)) {
      slots.forEach((slot, k) => {
        const after = result.days[dutyId]?.[day]?.[k]?.staffId;
        if (slot && after !== slot.staffId) moved.push({ day, from: slot.staffId, to: after });
      });
    }
  }
  return moved;
};
const planned = (input: DutiesInput) => planDuties({ ...input, mode: 'reshuffle' }).days;
const facts = (input: DutiesInput) => ({
  duties: input.duties.map((d) => ({ ...d, name: d.id })),
  staff: input.staff,
  closures: [],
  away: input.unavailability.map((u) => ({ ...u, label: 'Away' })),
  maxPerDay: input.maxPerDay,
  allDayCounts: input.allDayCounts,
});

describe('rebalanceWithFewestChanges', () => {
  it('changes nothing in a rota that is already fair', () => {
    const staff = [person('a'), person('b'), person('c', { isTeaching: false }), person('d', { workingDays: [0, 2] })];
    const base = school({ days: sixWeeks, staff, fairShare: { schoolDays: sixWeeks, unavailability: [] } });
    const input = { ...base, existing: planned(base) };
    const result = planDuties(input);
    expect(result.changedSlots).toBe(0);
    expect(result.days).toEqual(input.existing);
    expect(result.largestGap!.after).toBe(result.largestGap!.before);
    expect(result.largestGap!.after).toBeLessThanOrEqual(1);
  });

  it('moves the fewest duties, from the latest days, and never a pinned one', () => {
    // a holds all ten (share 5): four must go to b; the six latest are pinned.
    const input = school({ existing: held(tenDays.map((_, k) => (k < 4 ? plain('a') : pin('a')))) });
    expect(largestGapOf(input)).toBe(5);
    const result = planDuties(input);
    const moves = movesOf(input, result);
    expect(moves).toHaveLength(4);
    expect(moves.every((m) => m.to === 'b')).toBe(true);
    for (const day of tenDays.slice(4)) expect(result.days.dm![day]).toEqual([pin('a')]);
    expect(result.largestGap).toEqual({ before: 5, after: 1 });
  });

  it('never moves a duty on a frozen day and prefers the latest days', () => {
    const input = school({ existing: held(tenDays.map(() => plain('a'))), frozenThrough: tenDays[2] });
    const result = planDuties(input);
    const moves = movesOf(input, result);
    expect(moves.map((m) => m.day).sort()).toEqual(tenDays.slice(6));
    expect(result.largestGap!.after).toBe(1);
  });

  it('fills what a person who left emptied and spreads it with few moves', () => {
    const staff = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'].map((id, i) => person(id, { isTeaching: i % 2 === 0 }));
    const base = school({ days: sixWeeks, staff, fairShare: { schoolDays: sixWeeks, unavailability: [] } });
    const before = planned(base);
    // p0 leaves: their slots empty.
    const existing = {
      dm: Object.fromEntries(Object.entries(before.dm!).map(([day, slots]) => [day, slots.map((s) => (s?.staffId === 'p0' ? null : s))])),
    };
    const input = { ...base, staff: staff.map((s) => (s.id === 'p0' ? { ...s, isActive: false } : s)), existing };
    const result = planDuties(input);
    expect(movesOf(input, result).length).toBeLessThanOrEqual(2);
    expect(Object.values(result.days.dm!).every((slots) => slots.every(Boolean))).toBe(true);
    expect(result.largestGap!.after).toBeLessThanOrEqual(1);
    expect(checkDuties(result.days, facts(input))).toEqual([]);
  });

  it('gives a new person their share with about that many moves, the latest days first', () => {
    const staff = ['p0', 'p1', 'p2', 'p3', 'p4'].map((id) => person(id));
    const base = school({ days: sixWeeks, staff, fairShare: { schoolDays: sixWeeks, unavailability: [] } });
    const input = { ...base, staff: [...staff, person('new')], existing: planned(base) };
    // Share: 30 ÷ 6 = 5; within one duty takes 4 moves.
    const result = planDuties(input);
    const moves = movesOf(input, result);
    expect(moves).toHaveLength(4);
    expect(moves.every((m) => m.to === 'new')).toBe(true);
    expect(moves.map((m) => m.day).sort()).toEqual(sixWeeks.slice(-4));
    expect(countOf(result.days.dm!, 'new')).toBe(4);
    expect(result.largestGap).toEqual({ before: 5, after: 1 });
  });

  it('ends at the best reachable gap when one duty is out of reach', () => {
    // Everything up to the 8th day is frozen: b (share 5) can get only the last two.
    const input = school({ existing: held(tenDays.map(() => plain('a'))), frozenThrough: tenDays[7] });
    const result = planDuties(input);
    expect(movesOf(input, result)).toHaveLength(2);
    expect(result.largestGap).toEqual({ before: 5, after: 3 });
  });

  it('keeps the weekly cap and the day of the one who takes', () => {
    const input = school({
      staff: [person('a'), person('b', { weeklyCap: 1 }), person('c', { workingDays: [4] })],
      existing: held(tenDays.map(() => plain('a'))),
    });
    const result = planDuties(input);
    expect(checkDuties(result.days, facts(input))).toEqual([]);
    // b's cap keeps them at 2 of a share of 10 × 10 ÷ 22 ≈ 4.55: 2.55 is the best reachable; c works only Fridays.
    expect(countOf(result.days.dm!, 'b')).toBe(2);
    expect(Object.entries(result.days.dm!).every(([day, slots]) => slots[0]!.staffId !== 'c' || day === '2025-09-05' || day === '2025-09-12')).toBe(
      true,
    );
    expect(result.largestGap!.after).toBe(2.55);
  });

  it('keeps a day paired under "Always pair"', () => {
    const staff = [person('t0'), person('t1'), person('n0', { isTeaching: false }), person('n1', { isTeaching: false })];
    const two = { ...dm, needs: [2, 2, 2, 2, 2] };
    // t0 and n0 hold every day: t1 and n1 (share 5 each) can only take from their own kind.
    const existing = { dm: Object.fromEntries(tenDays.map((day) => [day, [plain('t0'), plain('n0')]])) };
    const input = school({ staff, duties: [two], existing, mixMode: 'always' });
    const result = planDuties(input);
    for (const day of tenDays) {
      const kinds = result.days.dm![day]!.map((s) => s!.staffId[0]).sort();
      expect(kinds).toEqual(['n', 't']);
    }
    expect(result.largestGap!.after).toBeLessThanOrEqual(1);
    expect(movesOf(input, result)).toHaveLength(8);
  });

  it('returns the same plan for the same input', () => {
    const staff = ['p0', 'p1', 'p2', 'p3'].map((id, i) => person(id, { isTeaching: i < 2 }));
    const input = school({
      days: sixWeeks,
      staff,
      existing: held(
        sixWeeks.map((_, k) => plain(`p${k % 2}`)),
        sixWeeks,
      ),
    });
    expect(planDuties(input)).toEqual(planDuties(structuredClone(input)));
  });
});

describe('rebalanceWithFewestChanges over several duties', () => {
  const gate: EngineDuty = { id: 'gate', weight: 20, window: { start: 500, end: 530 }, needs: [1, 1, 1, 1, 1], eligible: null, pairsTeaching: false };
  const early: EngineDuty = {
    id: 'early',
    weight: 40,
    window: { start: 510, end: 540 },
    needs: [1, 1, 1, 1, 1],
    eligible: new Set(['a', 'b', 'c']),
    pairsTeaching: false,
  };
  const staff = ['a', 'b', 'c', 'd'].map((id) => person(id));

  it('brings weighted loads within one duty, keeping overlaps, who may take a duty, pins and the daily maximum', () => {
    // a holds every early duty (40 each), b every gate (20): c and d have nothing. One of a's is pinned.
    const existing = {
      gate: Object.fromEntries(tenDays.map((day) => [day, [plain('b')]])),
      early: Object.fromEntries(tenDays.map((day, k) => [day, [k === 9 ? pin('a') : plain('a')]])),
    };
    const input = school({ duties: [gate, early], plan: ['gate', 'early'], staff, existing, maxPerDay: 2, allDayCounts: false });
    const result = planDuties(input);
    expect(checkDuties(result.days, facts(input))).toEqual([]);
    expect(result.days.early![tenDays[9]!]).toEqual([pin('a')]);
    expect(countOf(result.days.early!, 'd')).toBe(0);
    expect(result.largestGap!.before).toBeGreaterThan(1);
    expect(result.largestGap!.after).toBeLessThanOrEqual(1);
    // One duty = (20 + 40) ÷ 2 = 30: the largest gap is in those units.
    const load = (id: string) => 20 * countOf(result.days.gate!, id) + 40 * countOf(result.days.early!, id);
    const target = (10 * 20 + 10 * 40) / 4;
    const gaps = staff.map((s) => Math.abs(load(s.id) - target) / 30);
    expect(Math.max(...gaps)).toBeCloseTo(result.largestGap!.after, 2);
    expect(largestGapOf(input)).toBe(result.largestGap!.before);
  });
});
