import { asSingleDuty, type DutiesInput, dutyFairShares, type EngineDuty, planDuties, planDutiesInPhases } from './duties-engine';
import { rebalanceLoads, spreadAcrossDuties } from './duties-phases';
import { assignDuty, dutiesState, mayTake } from './duties-state';
import { fairShares, type IsoDate } from './rota-engine';

/** The multi-duty engine: its hard rules, its targets and its phases on small schools set up by hand. */

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
const person = (id: string, more: Partial<DutiesInput['staff'][number]> = {}) => ({ id, isTeaching: true, isActive: true, ...more });
const people = (count: number) => Array.from({ length: count }, (_, i) => person(`p${i}`, { isTeaching: i % 2 === 0 }));
const duty = (id: string, more: Partial<EngineDuty> = {}): EngineDuty => ({
  id,
  weight: 20,
  window: null,
  needs: [1, 1, 1, 1, 1],
  eligible: null,
  pairsTeaching: false,
  ...more,
});
const input = (more: Partial<DutiesInput>): DutiesInput => ({
  days: twoWeeks,
  duties: [],
  plan: (more.duties ?? []).map((d) => d.id),
  staff: people(6),
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
/** Who holds each duty's slots, per day: `{ dutyId: { date: [ids] } }`. */
const ids = (result: ReturnType<typeof planDuties>) =>
  Object.fromEntries(
    Object.entries(result.days).map(([d, days]) => [
      d,
      Object.fromEntries(Object.entries(days).map(([day, slots]) => [day, slots.map((s) => s?.staffId ?? null)])),
    ]),
  );
/** Per person and date, the duties they hold. */
const heldBy = (result: ReturnType<typeof planDuties>) => {
  const out = new Map<string, string[]>();
  for (const [d, days] of Object.entries(ids(result))) {
    for (const [day, holders] of Object.entries(days)) {
      for (const id of holders) if (id) (out.get(`${id}|${day}`) ?? out.set(`${id}|${day}`, []).get(`${id}|${day}`)!).push(d);
    }
  }
  return out;
};
const filled = (result: ReturnType<typeof planDuties>) =>
  Object.values(ids(result)).reduce((n, days) => n + Object.values(days).reduce((m, slots) => m + slots.filter(Boolean).length, 0), 0);

const gate = duty('gate', { window: { start: 500, end: 525 }, needs: [2, 2, 2, 2, 2], weight: 25 });
const breakA = duty('break-a', { window: { start: 640, end: 660 } });
const breakB = duty('break-b', { window: { start: 650, end: 670 } });
const lunch = duty('lunch', { window: { start: 660, end: 690 }, weight: 30 });

describe('planDuties: the hard rules', () => {
  it('never gives one person two duties whose windows overlap; back to back is allowed', () => {
    const result = planDutiesInPhases(input({ duties: [breakA, breakB, lunch], maxPerDay: 3, staff: people(4) }));
    expect(filled(result)).toBe(30);
    for (const held of heldBy(result).values()) expect(held.includes('break-a') && held.includes('break-b')).toBe(false);
  });

  it('lets one person hold duties back to back: 10:40–11:00 and 11:00–11:30 do not overlap', () => {
    const result = planDutiesInPhases(input({ duties: [breakA, lunch], maxPerDay: 2, staff: people(1) }));
    expect(filled(result)).toBe(20);
  });

  it('keeps everyone within the daily maximum of counting duties; an all-day duty counts only when the school says so', () => {
    const dm = duty('dm', { weight: 60 });
    for (const allDayCounts of [true, false]) {
      const result = planDutiesInPhases(input({ duties: [dm, gate, lunch], maxPerDay: 1, allDayCounts, staff: people(3) }));
      for (const held of heldBy(result).values()) expect(held.filter((d) => d !== 'dm' || allDayCounts).length).toBeLessThanOrEqual(1);
      // Three people, four slots a day: only when the all-day duty doesn't count is every slot filled.
      expect(filled(result) === 40).toBe(!allDayCounts);
    }
  });

  it('puts only the people allowed on a duty, only on the weekdays it runs', () => {
    const slt = new Set(['p0', 'p3']);
    const detention = duty('detention', { needs: [0, 1, 0, 1, 0], window: { start: 930, end: 990 }, eligible: slt, weight: 60 });
    const result = ids(planDutiesInPhases(input({ duties: [detention, gate] })));
    expect(Object.keys(result.detention!).sort()).toEqual(['2025-09-02', '2025-09-04', '2025-09-09', '2025-09-11']);
    for (const holders of Object.values(result.detention!)) expect(slt.has(holders[0]!)).toBe(true);
  });

  it('keeps a person with a timed absence off only the timed duties it overlaps, and a blocked person off that duty that day', () => {
    const dm = duty('dm', { weight: 20 });
    const staff = [person('a'), person('b')];
    const away = { staffId: 'a', start: twoWeeks[0]!, end: twoWeeks[9]!, window: { start: 645, end: 655 } };
    const result = ids(
      planDutiesInPhases(
        input({ duties: [dm, breakA], staff, unavailability: [away], blocks: [{ staffId: 'b', date: twoWeeks[0]!, dutyId: 'break-a' }] }),
      ),
    );
    // Nobody may take the break on the first day: a is away at its time, b is blocked from it.
    expect(result['break-a']![twoWeeks[0]!]).toEqual([null]);
    for (const day of twoWeeks.slice(1)) expect(result['break-a']![day]).toEqual(['b']);
    // a's absence is timed: the all-day duty is still theirs.
    for (const day of twoWeeks.slice(1)) expect(result.dm![day]).toEqual(['a']);
  });

  it('counts a duty it does not plan and leaves it as it is: its holder takes nothing overlapping it', () => {
    const existing = {
      'break-a': Object.fromEntries(
        twoWeeks.map((day): [IsoDate, { staffId: string; override: boolean }[]] => [day, [{ staffId: 'p0', override: false }]]),
      ),
    };
    const result = planDutiesInPhases(input({ duties: [breakA, breakB], plan: ['break-b'], existing, maxPerDay: 2, staff: people(2) }));
    expect(Object.keys(result.days)).toEqual(['break-b']);
    for (const day of twoWeeks) expect(ids(result)['break-b']![day]).toEqual(['p1']);
  });

  it('in fill mode keeps every existing slot (its record too) and fills only the empty ones a duty lists as fillable', () => {
    const kept = { staffId: 'p0', override: true };
    const existing = { gate: { [twoWeeks[0]!]: [kept, null], [twoWeeks[1]!]: [null, null] } };
    const result = planDutiesInPhases(input({ duties: [gate], mode: 'fill', existing, fillable: { gate: { [twoWeeks[1]!]: [1] } } }));
    expect(result.days.gate![twoWeeks[0]!]![0]).toBe(kept);
    expect(result.days.gate![twoWeeks[0]!]![1]).not.toBeNull();
    expect(result.days.gate![twoWeeks[1]!]![0]).toBeNull();
    expect(result.days.gate![twoWeeks[1]!]![1]).not.toBeNull();
    // Eight days of two new slots, and one slot on each of the first two days.
    expect(result.changedSlots).toBe(18);
    expect(result.changedDays).toBe(10);
  });

  it('mayTake: the weekly cap counts every duty of the week', () => {
    const state = dutiesState(input({ duties: [gate, lunch], staff: [person('a', { weeklyCap: 1 }), person('b')] }));
    expect(mayTake(state, 0, 0, 0)).toBe(true);
    state.weekCount[0] = 1;
    expect(mayTake(state, 0, 1, 1)).toBe(false);
    expect(mayTake(state, 0, 1, 1, true)).toBe(true);
  });

  it('is deterministic: the same input gives the same plan', () => {
    const make = () =>
      input({
        duties: [duty('dm', { weight: 60, eligible: new Set(['p1', 'p2', 'p4']) }), gate, breakA, breakB, lunch],
        maxPerDay: 2,
        staff: people(9),
      });
    expect(planDuties(make())).toEqual(planDuties(make()));
  });
});

describe('asSingleDuty: what planDuties hands to planRota as it is', () => {
  const dm = duty('dm', { weight: 60, window: { start: 600, end: 660 }, needs: [2, 2, 2, 2, 2], pairsTeaching: true });
  it('one duty everyone may take, the same people every weekday: loads become counts, a timed absence counts only where it overlaps', () => {
    const away = [
      { staffId: 'p0', start: twoWeeks[0]!, end: twoWeeks[1]!, window: { start: 630, end: 700 } },
      { staffId: 'p1', start: twoWeeks[0]!, end: twoWeeks[1]!, window: { start: 700, end: 720 } },
      { staffId: 'p2', start: twoWeeks[2]!, end: twoWeeks[2]! },
    ];
    const single = asSingleDuty(input({ duties: [dm], unavailability: away, priorLoad: { p0: 120 }, mixMode: 'when_fair' }))!;
    expect(single.slotsPerDay).toBe(2);
    expect(single.priorCounts).toEqual({ p0: 2 });
    expect(single.mixMode).toBe('when_fair');
    expect(single.unavailability).toEqual([
      { staffId: 'p0', start: twoWeeks[0], end: twoWeeks[1] },
      { staffId: 'p2', start: twoWeeks[2], end: twoWeeks[2] },
    ]);
  });

  it('not when someone is not allowed, the people differ by weekday, a block is on it, or another duty runs', () => {
    expect(asSingleDuty(input({ duties: [{ ...dm, eligible: new Set(['p0']) }] }))).toBeUndefined();
    expect(asSingleDuty(input({ duties: [{ ...dm, needs: [2, 2, 2, 2, 1] }] }))).toBeUndefined();
    expect(asSingleDuty(input({ duties: [dm], blocks: [{ staffId: 'p0', date: twoWeeks[0]!, dutyId: 'dm' }] }))).toBeUndefined();
    expect(asSingleDuty(input({ duties: [dm, gate], plan: ['dm'] }))).toBeUndefined();
    expect(asSingleDuty(input({ duties: [dm, { ...gate, needs: [0, 0, 0, 0, 0] }], plan: ['dm'] }))).toBeDefined();
  });
});

describe('planDuties: the teaching mix', () => {
  it('under "Always pair" gives every day of a duty with the mix both kinds, not as many of each; a duty without it takes either', () => {
    // Two non-teaching people of nine: a gate of three a day has one of them, the library (no mix) whoever is fairest.
    const staff = Array.from({ length: 9 }, (_, i) => person(`p${i}`, { isTeaching: i >= 2 }));
    const gate3 = duty('gate', { window: { start: 500, end: 525 }, needs: [3, 3, 3, 3, 3], pairsTeaching: true });
    const library = duty('library', { window: { start: 735, end: 765 }, weight: 25 });
    const result = ids(planDuties(input({ duties: [gate3, library], staff, mixMode: 'always', maxPerDay: 2 })));
    for (const holders of Object.values(result.gate!)) {
      const teachers = holders.filter((id) => Number(id!.slice(1)) >= 2).length;
      expect(teachers === 1 || teachers === 2).toBe(true);
    }
    const nonTeaching = Object.values(result.gate!)
      .flat()
      .filter((id) => Number(id!.slice(1)) < 2).length;
    // Both kinds every day needs at least ten non-teaching gate duties; as many of each would be fifteen.
    expect(nonTeaching).toBeGreaterThanOrEqual(10);
    expect(nonTeaching).toBeLessThan(15);
  });
});

describe('dutyFairShares', () => {
  const days = twoWeeks;
  it('is fairShares × the weight for one duty everyone may take', () => {
    const staff = [person('a', { workingDays: [0, 1], fte: 0.4 }), person('b'), person('c')];
    const year = { schoolDays: days, unavailability: [{ staffId: 'c', start: days[0]!, end: days[2]! }] };
    const shares = dutyFairShares(staff, [duty('dm', { weight: 60, needs: [2, 2, 2, 2, 2] })], year);
    const single = fairShares(staff, 2, year);
    for (const s of staff) expect(shares.target.get(s.id)).toBeCloseTo(single.get(s.id)! * 60, 9);
  });

  it('caps someone allowed on few duties at what those duties can give them, and shares the rest among the others; per duty it adds up', () => {
    const staff = [person('a'), person('b'), person('c')];
    const library = duty('library', { weight: 10, eligible: new Set(['c']) });
    const field = duty('field', { weight: 30, needs: [2, 2, 2, 2, 2], eligible: new Set(['a', 'b']) });
    const shares = dutyFairShares(staff, [library, field], { schoolDays: days, unavailability: [] });
    // Year load: 10 days × (10 + 60) = 700; c can have at most the library's 100.
    expect(shares.target.get('c')).toBeCloseTo(100, 9);
    expect(shares.target.get('a')).toBeCloseTo(300, 9);
    for (const s of staff) {
      const perDuty = [...shares.perDuty.get(s.id)!.values()].reduce((a, b) => a + b, 0);
      expect(perDuty).toBeCloseTo(shares.target.get(s.id)!, 9);
    }
  });

  it('never caps someone allowed on every duty, even above what their days hold', () => {
    // a works Mondays only on a full contract: availability 2 days × 5, b's 10; the year's load 200.
    const staff = [person('a', { workingDays: [0], fte: 1 }), person('b', { workingDays: [0, 1, 2, 3, 4] })];
    const shares = dutyFairShares(staff, [duty('dm', { eligible: new Set(['a', 'b']) })], { schoolDays: days, unavailability: [] });
    expect(shares.target.get('a')).toBeCloseTo(100, 9);
    const capped = dutyFairShares(staff, [duty('dm', { eligible: new Set(['a', 'b']) }), duty('gate', { eligible: new Set(['b']) })], {
      schoolDays: days,
      unavailability: [],
    });
    // Not allowed on the gate, a is capped at the DM duty on their two Mondays: 40.
    expect(capped.target.get('a')).toBeCloseTo(40, 9);
    expect(capped.target.get('b')).toBeCloseTo(360, 9);
  });
});

describe('planDuties: the phases', () => {
  it('brings every load within one duty-weight of its target on a school where that is possible', () => {
    const staff = people(10);
    const dm = duty('dm', { weight: 60, eligible: new Set(['p0', 'p1', 'p2']) });
    const duties = [dm, gate, breakA, breakB, lunch];
    const result = planDuties(input({ duties, staff, maxPerDay: 2 }));
    const shares = dutyFairShares(staff, duties, { schoolDays: twoWeeks, unavailability: [] });
    const load = new Map(staff.map((s) => [s.id, 0]));
    for (const [d, days] of Object.entries(ids(result))) {
      const w = duties.find((x) => x.id === d)!.weight;
      for (const holders of Object.values(days)) for (const id of holders) if (id) load.set(id, load.get(id)! + w);
    }
    for (const s of staff) expect(Math.abs(load.get(s.id)! - shares.target.get(s.id)!)).toBeLessThanOrEqual(60);
  });

  it('spreads people over the duties they may take: nobody allowed on several equal duties holds only one of them', () => {
    const posts = ['canteen', 'field', 'hall', 'yard'].map((id) => duty(id, { window: { start: 735, end: 765 }, needs: [2, 2, 2, 2, 2] }));
    const fourWeeks = [...twoWeeks, ...twoWeeks.map((d) => `2025-09-${String(Number(d.slice(8)) + 14).padStart(2, '0')}`)];
    const result = planDuties(input({ duties: posts, staff: people(12), days: fourWeeks, fairShare: { schoolDays: fourWeeks, unavailability: [] } }));
    const kinds = new Map<string, Set<string>>();
    const counts = new Map<string, number>();
    for (const [d, days] of Object.entries(ids(result))) {
      for (const holders of Object.values(days)) {
        for (const id of holders) {
          if (!id) continue;
          (kinds.get(id) ?? kinds.set(id, new Set()).get(id)!).add(d);
          counts.set(`${id}|${d}`, (counts.get(`${id}|${d}`) ?? 0) + 1);
        }
      }
    }
    for (const held of kinds.values()) expect(held.size).toBeGreaterThan(1);
    // 160 duties, 12 people, 4 posts: about 3.3 of each post each; nobody more than 1.5 from that.
    for (const s of people(12))
      for (const post of posts) expect(Math.abs((counts.get(`${s.id}|${post.id}`) ?? 0) - 160 / 48)).toBeLessThanOrEqual(1.5);
  });
});

describe('spreadAcrossDuties alone', () => {
  it('trades duties of equal weight on a day until each person holds each about as often as their share', () => {
    const posts = [duty('field', { window: { start: 735, end: 765 } }), duty('yard', { window: { start: 735, end: 765 } })];
    const state = dutiesState(input({ duties: posts, staff: [person('a'), person('b')] }));
    state.days.forEach((_, t) => {
      assignDuty(state, t, 0, 0, 0);
      assignDuty(state, t, 1, 0, 1);
    });
    expect(spreadAcrossDuties(state)).toBe(5);
    // Each share is 5 of each post: a had 10 fields and no yard, b the other way round.
    expect(Array.from(state.dutyCount)).toEqual([5, 5, 5, 5]);
  });

  it('trades nothing between duties of different weights (loads would change) nor where a rule forbids it', () => {
    const posts = [duty('field', { window: { start: 735, end: 765 } }), duty('yard', { window: { start: 735, end: 765 }, eligible: new Set(['b']) })];
    const state = dutiesState(input({ duties: posts, staff: [person('a'), person('b')] }));
    state.days.forEach((_, t) => {
      assignDuty(state, t, 0, 0, 0);
      assignDuty(state, t, 1, 0, 1);
    });
    expect(spreadAcrossDuties(state)).toBe(0);
    const weighed = dutiesState(input({ duties: [posts[0]!, { ...posts[1]!, eligible: null, weight: 25 }], staff: [person('a'), person('b')] }));
    weighed.days.forEach((_, t) => {
      assignDuty(weighed, t, 0, 0, 0);
      assignDuty(weighed, t, 1, 0, 1);
    });
    expect(spreadAcrossDuties(weighed)).toBe(0);
  });
});

describe('rebalanceLoads alone', () => {
  const monTue = twoWeeks.slice(0, 2);
  const heavy = duty('heavy', { weight: 40, window: { start: 600, end: 620 }, eligible: new Set(['o', 'u']) });
  // o may not take the light duty, so no exchange of a heavy for a light one helps: only a third person can.
  const light = duty('light', { window: { start: 700, end: 720 }, eligible: new Set(['u', 't']) });
  const setUp = (more: Partial<DutiesInput>) => {
    const staff = [person('o'), person('u', { weeklyCap: 1 }), person('t')];
    const state = dutiesState(
      input({ days: monTue, duties: [heavy, light], staff, maxPerDay: 2, fairShare: { schoolDays: monTue, unavailability: [] }, ...more }),
    );
    // o holds the heavy duty both days (80 minutes against a target of 40), u and t a light one each (20).
    assignDuty(state, 0, 0, 0, 0);
    assignDuty(state, 1, 0, 0, 0);
    assignDuty(state, 0, 1, 0, 1);
    assignDuty(state, 1, 1, 0, 2);
    return state;
  };

  it('frees someone held back by their weekly cap: a third person takes their lighter duty and they take the heavy one', () => {
    const state = setUp({});
    expect(rebalanceLoads(state)).toBe(2);
    // u's light Monday went to t, and u has o's heavy Monday: 40 minutes each.
    expect(state.slots.map((byDuty) => byDuty.map((holders) => holders[0]))).toEqual([
      ['u', 't'],
      ['o', 't'],
    ]);
  });

  it('gives up, and ends, when freeing the cap is not enough (already over it from earlier in the week)', () => {
    const state = setUp({ priorWeekCounts: { u: { [monTue[0]!]: 1 } } });
    expect(rebalanceLoads(state)).toBe(0);
    expect(state.slots.map((byDuty) => byDuty.map((holders) => holders[0]))).toEqual([
      ['o', 'u'],
      ['o', 't'],
    ]);
  });
});
