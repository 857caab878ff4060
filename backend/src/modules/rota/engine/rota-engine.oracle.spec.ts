import fc from 'fast-check';
import highsLoader from 'highs';
import { type EngineInput, type EngineStaff, fairShares, type IsoDate, isWeekday, planRota as planRecords, weekdayIndex } from './rota-engine';

/** Who is in which slot: the engine's slot records as ids. */
function planRota(input: EngineInput) {
  const result = planRecords(input);
  return { ...result, days: Object.fromEntries(Object.entries(result.days).map(([day, slots]) => [day, slots.map((slot) => slot?.staffId ?? null)])) };
}

/**
 * The engine against the proven optimum (docs/product.md#fair-share): for small random schools,
 * an exact MIP solver (HiGHS) finds the smallest possible largest gap between a person's duties
 * and their fair share, with the same hard rules (working patterns, leave, weekly caps, one slot
 * per person a day) and the same number of filled slots each day. The greedy engine must come
 * within one duty of that optimum, and within one duty of every share wherever the optimum is.
 */

type Highs = Awaited<ReturnType<typeof highsLoader>>;
let highs: Highs;
beforeAll(async () => {
  highs = await highsLoader();
});

const SEED = 20261125;

function weekdaysFrom(start: IsoDate, count: number): IsoDate[] {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const out: IsoDate[] = [];
  for (let i = 0; out.length < count; i += 1) {
    const day = new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
    if (isWeekday(day)) out.push(day);
  }
  return out;
}

const mondayOf = (day: IsoDate) => new Date(Date.parse(`${day}T00:00:00Z`) - weekdayIndex(day) * 86_400_000).toISOString().slice(0, 10);

/** The smallest largest |duties − share| any rota with the engine's filled slots per day can reach. */
function optimum(input: EngineInput, filledPerDay: Record<IsoDate, number>, shares: Map<string, number>): number {
  const staff = input.staff.filter((s) => s.isActive);
  const can = (s: EngineStaff, day: IsoDate) =>
    (s.workingDays ?? [0, 1, 2, 3, 4]).includes(weekdayIndex(day)) &&
    !input.unavailability.some((u) => u.staffId === s.id && u.start <= day && day <= u.end);
  const x = (i: number, j: number) => `x_${i}_${j}`;
  const days = Object.keys(filledPerDay).sort();
  const rows: string[] = [];
  const binaries: string[] = [];
  days.forEach((day, j) => {
    const terms = staff.flatMap((s, i) => (can(s, day) ? [x(i, j)] : []));
    binaries.push(...terms);
    rows.push(`day_${j}: ${terms.length ? terms.join(' + ') : '0 x_none'} = ${filledPerDay[day]}`);
  });
  staff.forEach((s, i) => {
    const terms = days.flatMap((day, j) => (can(s, day) ? [x(i, j)] : []));
    const sum = terms.length ? terms.join(' + ') : '0 x_none';
    const share = shares.get(s.id)!;
    rows.push(`over_${i}: ${sum} - z <= ${share}`);
    rows.push(`under_${i}: ${sum} + z >= ${share}`);
    if (s.weeklyCap != null) {
      const weeks = new Map<string, string[]>();
      days.forEach((day, j) => can(s, day) && (weeks.get(mondayOf(day)) ?? weeks.set(mondayOf(day), []).get(mondayOf(day))!).push(x(i, j)));
      [...weeks.values()].forEach((w, k) => rows.push(`cap_${i}_${k}: ${w.join(' + ')} <= ${s.weeklyCap}`));
    }
  });
  const model = ['Minimize', ' obj: z', 'Subject To', ...rows.map((r) => ` ${r}`), 'Bounds', ' z >= 0', ' x_none = 0', 'Binary', ...binaries.map((b) => ` ${b}`), 'End'].join('\n');
  const result = highs.solve(model);
  if (result.Status !== 'Optimal') throw new Error(`HiGHS: ${result.Status}`);
  return result.ObjectiveValue;
}

const arbitrarySchool = fc
  .record({
    size: fc.integer({ min: 3, max: 7 }),
    slotsPerDay: fc.integer({ min: 1, max: 2 }),
    weeks: fc.integer({ min: 8, max: 14 }),
    patterns: fc.array(fc.option(fc.subarray([0, 1, 2, 3, 4], { minLength: 1, maxLength: 4 }), { nil: undefined }), { minLength: 7, maxLength: 7 }),
    caps: fc.array(fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), { minLength: 7, maxLength: 7 }),
    leave: fc.array(fc.record({ who: fc.nat(), from: fc.nat({ max: 69 }), days: fc.nat({ max: 6 }) }), { maxLength: 3 }),
    avoid: fc.array(fc.subarray([0, 1, 2, 3, 4], { maxLength: 2 }), { minLength: 7, maxLength: 7 }),
    mixMode: fc.constantFrom<'when_fair' | 'never'>('when_fair', 'never'),
  })
  .map((r): EngineInput => {
    const days = weekdaysFrom('2025-09-08', r.weeks * 5);
    const staff: EngineStaff[] = Array.from({ length: r.size }, (_, i) => ({
      id: `p${i}`,
      isTeaching: i % 2 === 0,
      isActive: true,
      ...(r.patterns[i] ? { workingDays: r.patterns[i] } : {}),
      ...(r.caps[i] !== undefined ? { weeklyCap: r.caps[i] } : {}),
      avoidDays: r.avoid[i],
    }));
    const unavailability = r.leave.map((l) => ({
      staffId: staff[l.who % staff.length]!.id,
      start: days[Math.min(l.from, days.length - 1)]!,
      end: days[Math.min(l.from + l.days, days.length - 1)]!,
    }));
    return {
      days,
      slotsPerDay: r.slotsPerDay,
      staff,
      holidays: [],
      unavailability,
      existing: {},
      priorCounts: {},
      mode: 'reshuffle',
      mixMode: r.mixMode,
      fairShare: { schoolDays: days, unavailability },
    };
  });

describe('the rota engine against the proven optimum', () => {
  it('comes within one duty of the best possible largest gap to the fair shares, and within one of every share when that is possible', () => {
    let compared = 0;
    fc.assert(
      fc.property(arbitrarySchool, (input) => {
        const plan = planRota(input);
        const filledPerDay = Object.fromEntries(Object.entries(plan.days).map(([day, slots]) => [day, slots.filter(Boolean).length]));
        const shares = fairShares(input.staff, input.slotsPerDay, input.fairShare);
        const counts = new Map(input.staff.map((s) => [s.id, 0]));
        for (const slots of Object.values(plan.days)) for (const id of slots) if (id) counts.set(id, counts.get(id)! + 1);
        const engine = Math.max(...input.staff.map((s) => Math.abs(counts.get(s.id)! - shares.get(s.id)!)));
        const best = optimum(input, filledPerDay, shares);
        compared += 1;
        expect(engine).toBeLessThanOrEqual(Math.max(1, best + 1) + 1e-9);
      }),
      { seed: SEED, numRuns: 120 },
    );
    expect(compared).toBe(120);
  });
});
