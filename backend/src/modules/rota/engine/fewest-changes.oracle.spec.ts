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
import type { DateSpan, DaySlots, EngineStaff, IsoDate } from './rota-engine';
import { isWeekday, weekdayIndex } from './rota-engine';

/**
 * Rebalance against the proven optimum (design 43, area 1 "Oracle"): small random schools (5–10
 * people, 15–40 school days, 1–3 a day, part-timers, caps, leave; some with a second, timed duty
 * only some may take), planned with reshuffle, then a random change of facts — a person leaves
 * (their slots empty), a person joins, a holiday over planned days, a part-timer's days change,
 * more people a day, a holiday removed — with random pins and a random last frozen day. HiGHS
 * finds z*, the smallest largest gap any plan can reach with the pins and the frozen days as they
 * are and the engine's filled slots per duty and day, then the fewest moves that bring every gap
 * within max(1, z*). The engine's rebalance must use at most that + 2 moves, reach max(1, z*)
 * within 0.01, break no hard rule, keep every pin and move nothing on a frozen day.
 */

type Highs = Awaited<ReturnType<typeof highsLoader>>;
let highs: Highs;
beforeAll(async () => {
  highs = await highsLoader();
});

const SEED = 20261129;
const CASES = 40;

/** A small seeded PRNG (mulberry32): the same cases every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const subset = (list: readonly number[], min: number, max: number) => {
    const out = list.filter(() => next() < 0.5);
    while (out.length < min) {
      const more = pick(list);
      if (!out.includes(more)) out.push(more);
    }
    return out.slice(0, max).sort();
  };
  return { next, int, pick, subset };
}

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
const within = (day: IsoDate, spans: DateSpan[]) => spans.some((h) => h.start <= day && day <= h.end);

const CHANGES = ['leaves', 'joins', 'holiday added', 'days changed', 'more per day', 'holiday removed'] as const;
type Change = (typeof CHANGES)[number];

interface Case {
  change: Change;
  input: DutiesInput;
}

function person(rand: ReturnType<typeof prng>, id: string): EngineStaff {
  const partTime = rand.next() < 0.3;
  const workingDays = partTime ? rand.subset([0, 1, 2, 3, 4], 2, 4) : undefined;
  return {
    id,
    isTeaching: rand.next() < 0.5,
    isActive: true,
    ...(workingDays ? { workingDays, ...(rand.next() < 0.4 ? { fte: rand.pick([0.4, 0.5, 0.6]) } : {}) } : {}),
    ...(rand.next() < 0.25 ? { weeklyCap: rand.int(1, 3) } : {}),
  };
}

/** A random school, planned with reshuffle, then a random change of facts, pins and frozen days: the rebalance's input. */
function randomCase(rand: ReturnType<typeof prng>): Case {
  const change = rand.pick(CHANGES);
  const size = rand.int(5, 10);
  const days = weekdaysFrom('2025-09-08', rand.int(15, 40));
  const staff = Array.from({ length: size }, (_, i) => person(rand, `p${i}`));
  const per = rand.int(1, 3);
  const twoDuties = rand.next() < 0.35;
  const duties: EngineDuty[] = [
    { id: 'dm', weight: twoDuties ? rand.pick([20, 30]) : 1, window: null, needs: [per, per, per, per, per], eligible: null, pairsTeaching: true },
  ];
  if (twoDuties) {
    const listed = staff.filter(() => rand.next() < 0.6).map((s) => s.id);
    duties.push({
      id: 'gate',
      weight: rand.pick([20, 30, 40]),
      window: { start: 500, end: 530 },
      needs: [0, 1, 2, 3, 4].map(() => rand.pick([0, 1, 1, 2])),
      eligible: listed.length >= 2 ? new Set(listed) : null,
      pairsTeaching: false,
    });
  }
  const leave: TimedUnavailability[] = Array.from({ length: rand.int(0, 2) }, () => {
    const from = rand.int(0, days.length - 1);
    return { staffId: rand.pick(staff).id, start: days[from]!, end: days[Math.min(days.length - 1, from + rand.int(0, 4))]! };
  });
  const span = (from: number, length: number): DateSpan => ({ start: days[from]!, end: days[Math.min(days.length - 1, from + length - 1)]! });
  const holidays: DateSpan[] = change === 'holiday removed' ? [span(rand.int(days.length >> 1, days.length - 3), rand.int(2, 4))] : [];
  const schoolDays = (closed: DateSpan[]) => days.filter((d) => !within(d, closed));
  const base: DutiesInput = {
    days,
    duties,
    plan: duties.map((d) => d.id),
    staff,
    holidays,
    unavailability: leave,
    existing: {},
    maxPerDay: rand.int(1, 2),
    allDayCounts: rand.next() < 0.5,
    priorLoad: {},
    mode: 'reshuffle',
    mixMode: rand.pick(['when_fair', 'never'] as const),
    fairShare: { schoolDays: schoolDays(holidays), unavailability: leave },
  };
  const existing = planDuties(base).days;
  const input: DutiesInput = { ...base, mode: 'rebalance', existing };
  const emptyWhere = (drop: (day: IsoDate, slot: DaySlots[number]) => boolean) => {
    for (const byDay of Object.values(existing)) {
      for (const [day, slots] of Object.entries(byDay)) byDay[day] = slots.map((s) => (s && drop(day, s) ? null : s));
    }
  };
  switch (change) {
    case 'leaves': {
      const gone = rand.pick(staff).id;
      input.staff = staff.map((s) => (s.id === gone ? { ...s, isActive: false } : s));
      emptyWhere((_, s) => s!.staffId === gone);
      break;
    }
    case 'joins':
      input.staff = [...staff, person(rand, 'new')];
      break;
    case 'holiday added': {
      const closed = [span(rand.int(days.length >> 2, days.length - 2), rand.int(1, 4))];
      input.holidays = closed;
      input.fairShare = { ...input.fairShare!, schoolDays: schoolDays(closed) };
      for (const byDay of Object.values(existing)) for (const day of Object.keys(byDay)) if (within(day, closed)) delete byDay[day];
      break;
    }
    case 'days changed': {
      const who = rand.int(0, size - 1);
      const workingDays = rand.subset([0, 1, 2, 3, 4], 1, 3);
      input.staff = staff.map((s, i) => (i === who ? { ...s, workingDays } : s));
      emptyWhere((day, s) => s!.staffId === staff[who]!.id && !workingDays.includes(weekdayIndex(day)));
      break;
    }
    case 'more per day':
      input.duties = duties.map((d, k) => (k === 0 ? { ...d, needs: d.needs.map((n) => Math.min(4, n + 1)) } : d));
      break;
    case 'holiday removed':
      input.holidays = [];
      input.fairShare = { ...input.fairShare!, schoolDays: days };
      break;
  }
  // Pins, about one in eight of the assignments; the frozen days, often a few.
  for (const byDay of Object.values(existing)) {
    for (const [day, slots] of Object.entries(byDay)) byDay[day] = slots.map((s) => (s && rand.next() < 0.12 ? { ...s, pinned: true } : s));
  }
  if (rand.next() < 0.7) input.frozenThrough = days[rand.int(0, Math.floor(days.length / 3))];
  return { change, input };
}

/** One duty (design 43): the average weight of a duty over the fair-share year's slots. */
function oneDuty(input: DutiesInput): number {
  let weight = 0;
  let count = 0;
  for (const day of input.fairShare!.schoolDays) {
    for (const duty of input.duties) {
      const need = needsOn(duty, weekdayIndex(day));
      weight += duty.weight * need;
      count += need;
    }
  }
  return weight / count;
}

interface Model {
  days: IsoDate[];
  /** x variables that exist, with their person, duty, day. */
  vars: Map<string, { i: number; d: number; t: number }>;
  rows: string[];
  loads: string[][];
  active: EngineStaff[];
  targets: number[];
  unit: number;
  step: number;
  /** The existing holders' variables (a move is one of them at 0). */
  kept: string[];
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The hard rules, the engine's filled slots per duty and day, the pins and the frozen days as constraints. */
function model(input: DutiesInput, filled: Record<string, Record<IsoDate, number>>): Model {
  const active = input.staff.filter((s) => s.isActive);
  const days = input.days.filter((d) => !within(d, input.holidays));
  const { duties } = input;
  const x = (i: number, d: number, t: number) => `x_${i}_${d}_${t}`;
  const may = (s: EngineStaff, duty: EngineDuty, day: IsoDate) =>
    needsOn(duty, weekdayIndex(day)) > 0 &&
    (s.workingDays ?? [0, 1, 2, 3, 4]).includes(weekdayIndex(day)) &&
    allowedOn(duty, s.id) &&
    !input.unavailability.some((u) => u.staffId === s.id && u.start <= day && day <= u.end && awayFrom(u, duty));
  const vars = new Map<string, { i: number; d: number; t: number }>();
  const rows: string[] = [];
  const loads: string[][] = active.map(() => []);
  const weeks = active.map(() => new Map<IsoDate, string[]>());
  const kept: string[] = [];
  days.forEach((day, t) => {
    duties.forEach((duty, d) => {
      const terms: string[] = [];
      active.forEach((s, i) => {
        if (!may(s, duty, day)) return;
        const v = x(i, d, t);
        vars.set(v, { i, d, t });
        terms.push(v);
        loads[i]!.push(`${duty.weight} ${v}`);
        (weeks[i]!.get(mondayOf(day)) ?? weeks[i]!.set(mondayOf(day), []).get(mondayOf(day))!).push(v);
      });
      rows.push(`fill_${d}_${t}: ${terms.length ? terms.join(' + ') : '0 x_none'} = ${filled[duty.id]?.[day] ?? 0}`);
      const frozen = input.frozenThrough !== undefined && day <= input.frozenThrough;
      (input.existing[duty.id]?.[day] ?? []).forEach((slot, k) => {
        if (!slot || k >= needsOn(duty, weekdayIndex(day))) return;
        const i = active.findIndex((s) => s.id === slot.staffId);
        const v = x(i, d, t);
        if (!vars.has(v)) throw new Error(`an existing slot breaks a hard rule: ${slot.staffId} on ${duty.id} ${day}`);
        kept.push(v);
        if (slot.pinned || frozen) rows.push(`fix_${v}: ${v} = 1`);
      });
    });
    active.forEach((s, i) => {
      const mine = duties.flatMap((duty, d) => (may(s, duty, day) ? [d] : []));
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
  active.forEach((s, i) => {
    if (s.weeklyCap != null) [...weeks[i]!.values()].forEach((w, k) => rows.push(`cap_${i}_${k}: ${w.join(' + ')} <= ${s.weeklyCap}`));
  });
  const shares = dutyFairShares(input.staff, duties, input.fairShare).target;
  return {
    days,
    vars,
    rows,
    loads,
    active,
    targets: active.map((s) => shares.get(s.id)!),
    unit: oneDuty(input),
    step: duties.reduce((g, d) => gcd(g, d.weight), 0),
    kept,
  };
}

/** Solves `objective` under the model's rows and each person's gap within `z` duties (a variable when `bound` is undefined). */
function solve(m: Model, objective: string, bound: number | undefined): number {
  const rows = [...m.rows];
  const z = bound === undefined ? `${m.unit} z` : undefined;
  m.active.forEach((_, i) => {
    // Every load is a whole number of steps (the weights' greatest common divisor): an integer k per person to branch on.
    rows.push(`load_${i}: ${m.loads[i]!.length ? `${m.loads[i]!.join(' + ')} - ` : ''}${m.step} k_${i} = 0`);
    const target = m.targets[i]!;
    if (z) {
      rows.push(`over_${i}: ${m.step} k_${i} - ${z} <= ${target}`);
      rows.push(`under_${i}: ${m.step} k_${i} + ${z} >= ${target}`);
    } else {
      rows.push(`over_${i}: ${m.step} k_${i} <= ${target + bound! * m.unit + 1e-6}`);
      rows.push(`under_${i}: ${m.step} k_${i} >= ${target - bound! * m.unit - 1e-6}`);
    }
  });
  const lp = [
    'Minimize',
    ` obj: ${objective}`,
    'Subject To',
    ...rows.map((r) => ` ${r}`),
    'Bounds',
    ' z >= 0',
    ' x_none = 0',
    ...m.active.map((_, i) => ` k_${i} >= 0`),
    'General',
    ...m.active.map((_, i) => ` k_${i}`),
    'Binary',
    ...[...m.vars.keys()].map((v) => ` ${v}`),
    'End',
  ].join('\n');
  const result = highs.solve(lp);
  if (result.Status !== 'Optimal') throw new Error(`HiGHS: ${result.Status}`);
  return result.ObjectiveValue;
}

describe('rebalance against the proven optimum', () => {
  it('uses at most the fewest moves + 2 and reaches the best reachable gap (or one duty), keeping pins, frozen days and every hard rule', () => {
    const rand = prng(SEED);
    const failures: { label: string; gap: number; best: number; moves: number; fewest: number }[] = [];
    const summary = {
      cases: 0,
      beyondOne: 0,
      engineMoves: 0,
      fewest: 0,
      worstExcess: -Infinity,
      worstGap: -Infinity,
      byChange: {} as Record<string, number>,
    };
    for (let c = 0; c < CASES; c += 1) {
      const { change, input } = randomCase(rand);
      const result = planDuties(input);
      const label = `case ${c} (${change})`;

      // Hard rules, pins, frozen days.
      const violations = checkDuties(result.days, {
        duties: input.duties.map((d) => ({ ...d, name: d.id })),
        staff: input.staff,
        closures: [],
        away: input.unavailability.map((u) => ({ ...u, label: 'Away' })),
        maxPerDay: input.maxPerDay,
        allDayCounts: input.allDayCounts,
      });
      expect({ label, violations }).toEqual({ label, violations: [] });
      let moves = 0;
      const filled: Record<string, Record<IsoDate, number>> = {};
      const load = new Map(input.staff.map((s) => [s.id, 0]));
      for (const duty of input.duties) {
        filled[duty.id] = {};
        for (const [day, slots] of Object.entries(result.days[duty.id] ?? {})) {
          filled[duty.id]![day] = slots.filter(Boolean).length;
          for (const slot of slots) if (slot) load.set(slot.staffId, load.get(slot.staffId)! + duty.weight);
          (input.existing[duty.id]?.[day] ?? []).forEach((before, k) => {
            if (!before) return;
            const after = slots[k];
            if (after?.staffId === before.staffId) return;
            moves += 1;
            expect({ label, day, pinned: before.pinned ?? false }).toEqual({ label, day, pinned: false });
            expect({ label, day, frozen: input.frozenThrough !== undefined && day <= input.frozenThrough }).toEqual({ label, day, frozen: false });
          });
        }
      }
      expect({ label, changedSlotsCountsMoves: result.changedSlots >= moves }).toEqual({ label, changedSlotsCountsMoves: true });

      // The optimum: the smallest largest gap, then the fewest moves within max(1, z*).
      const m = model(input, filled);
      const gap = Math.max(...m.active.map((s, i) => Math.abs(load.get(s.id)! - m.targets[i]!))) / m.unit;
      const best = solve(m, 'z', undefined);
      const bound = Math.max(1, best);
      const fewest = m.kept.length + solve(m, m.kept.length ? m.kept.map((v) => `- ${v}`).join(' ') : '0 z', bound);
      const excess = moves - Math.round(fewest);
      // Collected rather than stopping at the first, so one run shows every case the engine falls short on.
      if (gap > bound + 0.01 || excess > 2) failures.push({ label, gap: +gap.toFixed(3), best: +best.toFixed(3), moves, fewest: Math.round(fewest) });
      expect(result.largestGap!.after).toBeCloseTo(gap, 1);

      summary.cases += 1;
      if (best > 1) summary.beyondOne += 1;
      summary.engineMoves += moves;
      summary.fewest += Math.round(fewest);
      summary.worstExcess = Math.max(summary.worstExcess, excess);
      summary.worstGap = Math.max(summary.worstGap, gap - bound);
      summary.byChange[change] = (summary.byChange[change] ?? 0) + 1;
    }
    process.stdout.write(
      `rebalance oracle: ${summary.cases} cases (${summary.beyondOne} where one duty is out of reach), moves ${summary.engineMoves} (engine) vs ${summary.fewest} (fewest), ` +
        `worst excess ${summary.worstExcess}, worst gap over max(1, z*) ${summary.worstGap.toFixed(3)}; ${JSON.stringify(summary.byChange)}\n`,
    );
    expect(failures).toEqual([]);
    expect(summary.cases).toBe(CASES);
  });
});
