import { type MoveFacts as RecordFacts, mayTake as mayTakeOf, moveOptions as moveOptionsOf } from './move-options';

/** These tests say who is in which slot by id. */
type MoveFacts = Omit<RecordFacts, 'days'> & { days: Record<string, (string | null)[]> };
const asRecords = (facts: MoveFacts): RecordFacts => ({
  ...facts,
  days: Object.fromEntries(Object.entries(facts.days).map(([day, slots]) => [day, slots.map((id) => (id ? { staffId: id } : null))])),
});
const mayTake = (facts: MoveFacts, ...rest: Parameters<typeof mayTakeOf> extends [unknown, ...infer R] ? R : never) => mayTakeOf(asRecords(facts), ...rest);
const moveOptions = (facts: MoveFacts, ...rest: Parameters<typeof moveOptionsOf> extends [unknown, ...infer R] ? R : never) => moveOptionsOf(asRecords(facts), ...rest);

const everyone = { isActive: true, isTeaching: true };

/** Mon 8 – Fri 12 September 2025, two slots a day. */
function facts(overrides: Partial<MoveFacts> = {}): MoveFacts {
  return {
    slotsPerDay: 2,
    staff: [
      { id: 'ann', ...everyone },
      { id: 'ben', ...everyone },
      { id: 'cat', ...everyone, workingDays: [0, 2, 4] },
      { id: 'dan', ...everyone, weeklyCap: 1 },
    ],
    closures: [],
    away: [],
    days: {
      '2025-09-08': ['ann', null],
      '2025-09-09': ['ben', 'cat'],
      '2025-09-10': ['ben', 'dan'],
      '2025-09-11': ['ben', 'cat'],
      '2025-09-12': [null, null],
    },
    ...overrides,
  };
}

const week = ['2025-09-08', '2025-09-09', '2025-09-10', '2025-09-11', '2025-09-12'];

describe('moveOptions', () => {
  it('offers the days with a free slot, and on a full day the people who may take the duty left behind', () => {
    expect(moveOptions(facts(), 'ann', '2025-09-08', week)).toEqual([
      // Monday, the duty's own day, is not offered.
      { date: '2025-09-09', freeSlots: 0, tradeWith: ['ben', 'cat'] },
      // Dan already has his one duty of the week: trading Wednesday for Monday keeps him at one.
      { date: '2025-09-10', freeSlots: 0, tradeWith: ['ben', 'dan'] },
      { date: '2025-09-11', freeSlots: 0, tradeWith: ['ben', 'cat'] },
      { date: '2025-09-12', freeSlots: 2, tradeWith: [] },
    ]);
  });

  it('leaves out a trade partner who may not take the day: not their working day, or already on it', () => {
    // Cat works Mondays, Wednesdays and Fridays, and is already on Thursday.
    const options = moveOptions(facts({ days: { ...facts().days, '2025-09-08': ['ann', 'dan'] } }), 'cat', '2025-09-09', week);
    // Monday is full: Ann may take Tuesday; Dan would have Tuesday and Wednesday, over his cap of one.
    // Wednesday is full: Ben is on Tuesday already, Dan at his cap.
    expect(options).toEqual([
      { date: '2025-09-08', freeSlots: 0, tradeWith: ['ann'] },
      { date: '2025-09-12', freeSlots: 2, tradeWith: [] },
    ]);
  });

  it('never offers a closed day, a day the person is away, or a week at their cap', () => {
    const closed = facts({
      closures: [{ start: '2025-09-12', end: '2025-09-12', kind: 'out_of_term', label: 'Summer holiday' }],
      away: [{ staffId: 'ann', start: '2025-09-11', end: '2025-09-11', label: 'Annual Leave' }],
    });
    expect(moveOptions(closed, 'ann', '2025-09-08', week).map((o) => o.date)).toEqual(['2025-09-09', '2025-09-10']);
    // Dan (cap 1) may move within his week, but not take a second duty in it.
    expect(mayTake(facts(), 'dan', '2025-09-12', '2025-09-10')).toBe(true);
    expect(mayTake(facts(), 'dan', '2025-09-12')).toBe(false);
  });
});
