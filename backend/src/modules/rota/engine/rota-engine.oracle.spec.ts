import fc from 'fast-check';
import highsLoader from 'highs';
import {
  allowedOn,
  awayFrom,
  countsTowardMax,
  type DutiesInput,
  dutyFairShares,
  type EngineDuty,
  needsOn,
  planDuties,
  type TimedUnavailability,
} from './duties-engine';
import { checkDuties } from './duties-rules';
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

/**
 * The multi-duty engine against the proven optimum (design 41 §3 "Oracle"): small random schools
 * with 2–5 duties — windows some overlapping and some not, sometimes an all-day duty, weights from
 * {15, 20, 30, 40, 60}, people per weekday, who may take each — part-timers, weekly caps, leave, a
 * timed commitment, a daily maximum of 1 or 2, 3–6 weeks. HiGHS finds the smallest possible largest
 * |load − target| (the engine's own targets, `dutyFairShares`) with the same hard rules and the
 * engine's filled slots per duty and day; the engine must come within one duty-weight (the
 * heaviest) of it, and `checkDuties` must find nothing in its plan.
 */
const DUTIES_SEED = 20261129;
const DUTIES_RUNS = 70;
const WEIGHTS = [15, 20, 30, 40, 60] as const;
/** Start times (minutes) the windows are drawn from: 8:20, 8:40, 10:40, 10:50, 11:00, 12:15, 12:45, 15:30. */
const STARTS = [500, 520, 640, 650, 660, 735, 765, 930] as const;

const arbitraryDutiesSchool = fc
  .record({
    size: fc.integer({ min: 4, max: 12 }),
    weeks: fc.integer({ min: 3, max: 6 }),
    people: fc.array(
      fc.record({
        teaching: fc.boolean(),
        // About one in three part-time, one in four capped.
        pattern: fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 2 },
          { arbitrary: fc.subarray([0, 1, 2, 3, 4], { minLength: 2, maxLength: 4 }), weight: 1 },
        ),
        fte: fc.constantFrom(undefined, 0.5, 0.8),
        cap: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 }),
      }),
      { minLength: 12, maxLength: 12 },
    ),
    duties: fc.array(
      fc.record({
        allDay: fc.boolean(),
        start: fc.constantFrom(...STARTS),
        length: fc.constantFrom(20, 25, 30, 45, 60),
        weight: fc.constantFrom(...WEIGHTS),
        needs: fc.array(fc.constantFrom(0, 1, 1, 1, 2), { minLength: 5, maxLength: 5 }),
        eligible: fc.constantFrom('everyone', 'teaching', 'listed'),
        listed: fc.subarray([...Array(12).keys()], { minLength: 2 }),
        pairs: fc.boolean(),
      }),
      { minLength: 2, maxLength: 5 },
    ),
    leave: fc.array(fc.record({ who: fc.nat(), from: fc.nat({ max: 29 }), days: fc.nat({ max: 4 }) }), { maxLength: 2 }),
    commitment: fc.record({ who: fc.nat(), from: fc.nat({ max: 29 }), days: fc.nat({ max: 10 }), start: fc.constantFrom(...STARTS) }),
    maxPerDay: fc.integer({ min: 1, max: 2 }),
    allDayCounts: fc.boolean(),
    mixMode: fc.constantFrom<'when_fair' | 'never'>('when_fair', 'never'),
  })
  .map((r): DutiesInput => {
    const days = weekdaysFrom('2025-09-08', r.weeks * 5);
    const staff: EngineStaff[] = r.people.slice(0, r.size).map((p, i) => ({
      id: `p${i}`,
      isTeaching: p.teaching,
      isActive: true,
      ...(p.pattern ? { workingDays: p.pattern, ...(p.fte ? { fte: p.fte } : {}) } : {}),
      ...(p.cap !== undefined ? { weeklyCap: p.cap } : {}),
    }));
    // At most one all-day duty, and it comes first, as the Duty Manager does.
    let allDay = false;
    const duties: EngineDuty[] = r.duties
      .map((d, k) => {
        const whole = d.allDay && !allDay && k === 0;
        allDay ||= whole;
        const listed = d.listed.filter((i) => i < r.size);
        const eligible =
          d.eligible === 'teaching'
            ? new Set(staff.filter((s) => s.isTeaching).map((s) => s.id))
            : d.eligible === 'listed' && listed.length
              ? new Set(listed.map((i) => `p${i}`))
              : null;
        return {
          id: `d${k}`,
          weight: d.weight,
          window: whole ? null : { start: d.start, end: d.start + d.length },
          needs: d.needs.some(Boolean) ? d.needs : [1, 0, 1, 0, 1],
          eligible,
          pairsTeaching: d.pairs,
        };
      })
      .filter((d) => d.eligible === null || d.eligible.size > 0);
    const at = (n: number) => days[Math.min(n, days.length - 1)]!;
    const unavailability: TimedUnavailability[] = [
      ...r.leave.map((l) => ({ staffId: staff[l.who % staff.length]!.id, start: at(l.from), end: at(l.from + l.days) })),
      {
        staffId: staff[r.commitment.who % staff.length]!.id,
        start: at(r.commitment.from),
        end: at(r.commitment.from + r.commitment.days),
        window: { start: r.commitment.start, end: r.commitment.start + 30 },
      },
    ];
    return {
      days,
      duties,
      plan: duties.map((d) => d.id),
      staff,
      holidays: [],
      unavailability,
      existing: {},
      maxPerDay: r.maxPerDay,
      allDayCounts: r.allDayCounts,
      priorLoad: {},
      mode: 'reshuffle',
      mixMode: r.mixMode,
      fairShare: { schoolDays: days, unavailability },
    };
  });

/** The smallest largest |load − target| any plan with the engine's filled slots per duty and day can reach, in weight units. */
function dutiesOptimum(input: DutiesInput, filled: Record<string, Record<IsoDate, number>>, targets: Map<string, number>): number {
  const { staff, duties, days } = input;
  const x = (i: number, d: number, t: number) => `x_${i}_${d}_${t}`;
  const may = (s: EngineStaff, duty: EngineDuty, day: IsoDate) =>
    needsOn(duty, weekdayIndex(day)) > 0 &&
    (s.workingDays ?? [0, 1, 2, 3, 4]).includes(weekdayIndex(day)) &&
    allowedOn(duty, s.id) &&
    !input.unavailability.some((u) => u.staffId === s.id && u.start <= day && day <= u.end && awayFrom(u, duty));
  const rows: string[] = [];
  const binaries: string[] = [];
  const loads: string[][] = staff.map(() => []);
  const weeks = staff.map(() => new Map<IsoDate, string[]>());
  days.forEach((day, t) => {
    duties.forEach((duty, d) => {
      const terms: string[] = [];
      staff.forEach((s, i) => {
        if (!may(s, duty, day)) return;
        terms.push(x(i, d, t));
        loads[i]!.push(`${duty.weight} ${x(i, d, t)}`);
        (weeks[i]!.get(mondayOf(day)) ?? weeks[i]!.set(mondayOf(day), []).get(mondayOf(day))!).push(x(i, d, t));
      });
      binaries.push(...terms);
      rows.push(`fill_${d}_${t}: ${terms.length ? terms.join(' + ') : '0 x_none'} = ${filled[duty.id]?.[day] ?? 0}`);
    });
    staff.forEach((s, i) => {
      const mine = duties.flatMap((duty, d) => (may(s, duty, day) ? [d] : []));
      // Overlapping windows: for each start, the duties running then (an interval graph's maximal cliques).
      for (const d of mine) {
        const start = duties[d]!.window?.start;
        if (start === undefined) continue;
        const clique = mine.filter((e) => duties[e]!.window && duties[e]!.window.start <= start && start < duties[e]!.window.end);
        if (clique.length > 1) rows.push(`clique_${i}_${t}_${d}: ${clique.map((e) => x(i, e, t)).join(' + ')} <= 1`);
      }
      const counting = mine.filter((d) => countsTowardMax(duties[d]!, input.allDayCounts));
      if (counting.length > input.maxPerDay) rows.push(`daily_${i}_${t}: ${counting.map((d) => x(i, d, t)).join(' + ')} <= ${input.maxPerDay}`);
    });
  });
  // Every load is a whole number of steps (the weights' greatest common divisor): an integer k_i per person, which the
  // solver branches on — without it, proving that no plan brings every load nearer than one step takes it minutes.
  const step = duties.reduce((g, d) => gcd(g, d.weight), 0);
  staff.forEach((s, i) => {
    const target = targets.get(s.id)!;
    rows.push(`load_${i}: ${loads[i]!.length ? `${loads[i]!.join(' + ')} - ` : ''}${step} k_${i} = 0`);
    rows.push(`over_${i}: ${step} k_${i} - z <= ${target}`);
    rows.push(`under_${i}: ${step} k_${i} + z >= ${target}`);
    if (s.weeklyCap != null) [...weeks[i]!.values()].forEach((w, k) => rows.push(`cap_${i}_${k}: ${w.join(' + ')} <= ${s.weeklyCap}`));
  });
  const model = [
    'Minimize',
    ' obj: z',
    'Subject To',
    ...rows.map((r) => ` ${r}`),
    'Bounds',
    ' z >= 0',
    ' x_none = 0',
    ...staff.map((_, i) => ` k_${i} >= 0`),
    'General',
    ...staff.map((_, i) => ` k_${i}`),
    'Binary',
    ...binaries.map((b) => ` ${b}`),
    'End',
  ].join('\n');
  const result = highs.solve(model);
  if (result.Status !== 'Optimal') throw new Error(`HiGHS: ${result.Status}`);
  return result.ObjectiveValue;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

describe('the multi-duty engine against the proven optimum', () => {
  it('comes within one duty-weight of the best possible largest gap to the weighted targets, breaking no hard rule', () => {
    let compared = 0;
    fc.assert(
      fc.property(arbitraryDutiesSchool, (input) => {
        const plan = planDuties(input);
        const filled: Record<string, Record<IsoDate, number>> = {};
        const load = new Map(input.staff.map((s) => [s.id, 0]));
        for (const duty of input.duties) {
          filled[duty.id] = {};
          for (const [day, slots] of Object.entries(plan.days[duty.id] ?? {})) {
            filled[duty.id]![day] = slots.filter(Boolean).length;
            for (const slot of slots) if (slot) load.set(slot.staffId, load.get(slot.staffId)! + duty.weight);
          }
        }
        const violations = checkDuties(plan.days, {
          duties: input.duties.map((d) => ({ ...d, name: d.id })),
          staff: input.staff,
          closures: [],
          away: input.unavailability.map((u) => ({ ...u, label: 'Away' })),
          maxPerDay: input.maxPerDay,
          allDayCounts: input.allDayCounts,
        });
        expect(violations).toEqual([]);
        const targets = dutyFairShares(input.staff, input.duties, input.fairShare).target;
        const engine = Math.max(...input.staff.map((s) => Math.abs(load.get(s.id)! - targets.get(s.id)!)));
        const best = dutiesOptimum(input, filled, targets);
        const heaviest = Math.max(...input.duties.map((d) => d.weight));
        compared += 1;
        expect(engine).toBeLessThanOrEqual(best + heaviest + 1e-6);
      }),
      { seed: DUTIES_SEED, numRuns: DUTIES_RUNS },
    );
    expect(compared).toBe(DUTIES_RUNS);
  });
});
