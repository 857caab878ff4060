import {
  assign,
  type EngineInput,
  fillGreedily,
  findTradesEndingRuns,
  findTradesSpreadingWeeks,
  honourPreferences,
  improveSpreadOf,
  makeBestExchange,
  planState,
  rebalance,
  spreadState,
} from './rota-engine';

/** Each phase of the engine alone, on a plan state set up by hand (spreadDuties as a whole: rota-engine.spec.ts), and the spread's steps. */

// Monday 1 to Friday 5 September 2025, then Monday 8 to Friday 12.
const week1 = ['2025-09-01', '2025-09-02', '2025-09-03', '2025-09-04', '2025-09-05'];
const week2 = ['2025-09-08', '2025-09-09', '2025-09-10', '2025-09-11', '2025-09-12'];

const input = (more: Partial<EngineInput>): EngineInput => ({
  days: week1,
  slotsPerDay: 1,
  staff: [],
  holidays: [],
  unavailability: [],
  existing: {},
  priorCounts: {},
  mode: 'reshuffle',
  ...more,
});
const person = (id: string, more: Partial<EngineInput['staff'][number]> = {}) => ({ id, isTeaching: true, isActive: true, ...more });
const holders = (state: ReturnType<typeof planState>, days: string[]) => days.map((d) => state.planned.get(d)![0]);

describe('the greedy phase alone', () => {
  it('gives each empty slot to the person furthest below their share: the one with duties already goes last', () => {
    const state = planState(input({ days: week1.slice(0, 2), staff: [person('a'), person('b'), person('c')], priorCounts: { a: 3 } }));
    expect(fillGreedily(state)).toBe(2);
    expect(holders(state, week1.slice(0, 2))).not.toContain('a');
    expect(state.placedNow).toHaveLength(2);
  });

  it('puts the kind a day lacks in its second slot under "Always pair"', () => {
    const staff = [person('t1'), person('t2'), person('n1', { isTeaching: false })];
    const state = planState(input({ days: week1.slice(0, 1), slotsPerDay: 2, staff, priorCounts: { n1: 5 } }));
    fillGreedily(state);
    expect(state.planned.get(week1[0]!)!.filter((id) => id === 'n1')).toHaveLength(1);
  });

  it('fills only the slots a backfill names', () => {
    const state = planState(input({ slotsPerDay: 2, days: week1.slice(0, 1), staff: [person('a'), person('b')], mode: 'fill', fillable: { [week1[0]!]: [1] } }));
    expect(fillGreedily(state)).toBe(1);
    expect(state.planned.get(week1[0]!)).toEqual([null, expect.any(String)]);
  });
});

describe('the rebalance phase alone', () => {
  const year = { schoolDays: week1.slice(0, 4), unavailability: [] };

  it('moves duties from whoever is above their share to whoever is below, until nobody is more than one above it', () => {
    const state = planState(input({ days: week1.slice(0, 4), staff: [person('a'), person('b')], fairShare: year }));
    for (const day of week1.slice(0, 4)) assign(state, day, 0, 'a');
    // Shares of 2 each: a at 4 is two above, so one duty goes to b.
    expect(rebalance(state)).toBe(1);
    const plan = holders(state, week1.slice(0, 4));
    expect(plan.filter((id) => id === 'a')).toHaveLength(3);
    expect(plan.filter((id) => id === 'b')).toHaveLength(1);
    expect([...state.counts]).toEqual([3, 1]);
  });

  it('does nothing without a year to measure shares over', () => {
    const state = planState(input({ days: week1.slice(0, 4), staff: [person('a'), person('b')] }));
    for (const day of week1.slice(0, 4)) assign(state, day, 0, 'a');
    expect(rebalance(state)).toBe(0);
    expect(holders(state, week1.slice(0, 4))).toEqual(['a', 'a', 'a', 'a']);
  });
});

describe('the preferences phase alone', () => {
  it('trades a duty off a weekday its holder would rather avoid, with a colleague of the same kind', () => {
    const staff = [person('a', { avoidDays: [0] }), person('b')];
    const state = planState(input({ days: [week2[0]!, week2[1]!], staff }));
    assign(state, week2[0]!, 0, 'a');
    assign(state, week2[1]!, 0, 'b');
    expect(honourPreferences(state)).toBe(1);
    expect(holders(state, [week2[0]!, week2[1]!])).toEqual(['b', 'a']);
    expect(state.counts[0]).toBe(1);
  });

  it('leaves a duty where it is when nobody of the same kind could take it', () => {
    const staff = [person('a', { avoidDays: [0] }), person('b', { isTeaching: false })];
    const state = planState(input({ days: [week2[0]!, week2[1]!], staff }));
    assign(state, week2[0]!, 0, 'a');
    assign(state, week2[1]!, 0, 'b');
    expect(honourPreferences(state)).toBe(0);
    expect(holders(state, [week2[0]!, week2[1]!])).toEqual(['a', 'b']);
  });
});

describe("the spread phase's steps alone", () => {
  const three = [person('a'), person('b'), person('c')];

  it('finds the trade that ends a run, changing nothing until the best exchange is made', () => {
    const state = planState(input({ staff: three }));
    ['a', 'a', 'b', 'c', 'b'].forEach((id, i) => assign(state, week1[i]!, 0, id));
    const spread = spreadState(state);
    // a's Monday, next to their Tuesday: trading with c's Thursday (the first day without a beside it) ends the run.
    findTradesEndingRuns(spread, 0, 0);
    expect([spread.bestL, spread.bestO, spread.bestRuns]).toEqual([3, -1, -1]);
    expect(holders(state, week1)).toEqual(['a', 'a', 'b', 'c', 'b']);
    makeBestExchange(spread, 0, 0);
    expect(holders(state, week1)).toEqual(['c', 'a', 'b', 'a', 'b']);
    expect([...state.counts]).toEqual([2, 2, 1]);
  });

  it('finds the trade that leaves each of two people one duty a week instead of two in one', () => {
    const days = [week1[0]!, week1[2]!, week2[0]!, week2[2]!];
    const state = planState(input({ days, staff: three }));
    ['a', 'a', 'b', 'b'].forEach((id, i) => assign(state, days[i]!, 0, id));
    const spread = spreadState(state);
    findTradesSpreadingWeeks(spread, 0, 0);
    // a's Monday of week 1 for b's Monday of week 2: a pair in a week fewer for each.
    expect([spread.bestL, spread.bestRuns, spread.bestUneven, spread.bestPairs]).toEqual([2, 0, 0, -2]);
    makeBestExchange(spread, 0, 0);
    expect(holders(state, days)).toEqual(['b', 'a', 'a', 'b']);
    expect(state.weekCounts.map((weeks) => [...weeks.values()])).toEqual([[1, 1], [1, 1], []]);
  });

  it('makes no exchange for a duty that nothing would improve', () => {
    const state = planState(input({ staff: three }));
    ['a', 'b', 'c', 'a', 'b'].forEach((id, i) => assign(state, week1[i]!, 0, id));
    const spread = spreadState(state);
    expect(improveSpreadOf(spread, 0)).toBe(false);
    expect(holders(state, week1)).toEqual(['a', 'b', 'c', 'a', 'b']);
  });
});
