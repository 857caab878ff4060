import { checkDuties, DUTY_RULES_BROKEN, type DutiesFacts, type RuleDuty } from './duties-rules';
import { RULES_BROKEN } from './rota-rules';

/** These tests speak of who is in which slot of which duty: `{ dutyId: { date: [ids] } }`; `date|staffId` names the duties given by hand. */
type Plan = Record<string, Record<string, (string | null)[]>>;
function check(plan: Plan, facts: DutiesFacts, overrides: ReadonlySet<string> = new Set()) {
  const records = Object.fromEntries(
    Object.entries(plan).map(([duty, days]) => [
      duty,
      Object.fromEntries(
        Object.entries(days).map(([date, slots]) => [
          date,
          slots.map((id) => (id ? { staffId: id, override: overrides.has(`${date}|${id}`) } : null)),
        ]),
      ),
    ]),
  );
  return checkDuties(records, facts);
}

const MONDAY = '2025-12-01';
const TUESDAY = '2025-12-02';
const staff = [
  { id: 'ann', isActive: true, isTeaching: true },
  { id: 'bob', isActive: true, isTeaching: false, workingDays: [1, 2, 3, 4] },
  { id: 'cat', isActive: true, isTeaching: true, weeklyCap: 1 },
  { id: 'dan', isActive: false, isTeaching: false },
];
const duty = (id: string, more: Partial<RuleDuty> = {}): RuleDuty => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  window: null,
  needs: [1, 1, 1, 1, 1],
  eligible: null,
  ...more,
});
const dm = duty('dm', { name: 'Duty Manager', needs: [2, 2, 2, 2, 2] });
const gate = duty('gate', { window: { start: 500, end: 525 } });
const breakA = duty('break', { window: { start: 640, end: 660 } });
const lunch = duty('lunch', { window: { start: 650, end: 690 } });
const detention = duty('detention', { needs: [0, 1, 0, 1, 0], window: { start: 930, end: 990 }, eligible: new Set(['ann']) });
const facts = (more: Partial<DutiesFacts> = {}): DutiesFacts => ({
  duties: [dm, gate, breakA, lunch, detention],
  staff,
  closures: [],
  away: [],
  maxPerDay: 2,
  allDayCounts: false,
  ...more,
});

describe('checkDuties', () => {
  it('finds nothing in slots that keep every rule', () => {
    expect(check({ dm: { [MONDAY]: ['ann', 'cat'] }, gate: { [MONDAY]: ['ann'] }, detention: { [TUESDAY]: ['ann'] } }, facts())).toEqual([]);
  });

  it('has its own rule keys, none of them already in RULES_BROKEN', () => {
    expect(DUTY_RULES_BROKEN).toEqual(['duty_not_running', 'not_allowed', 'overlap', 'daily_max']);
    for (const rule of DUTY_RULES_BROKEN) expect(RULES_BROKEN).not.toContain(rule);
  });

  it('flags a duty held on a weekday it does not run, and someone not allowed on it', () => {
    expect(check({ detention: { [MONDAY]: ['ann'], [TUESDAY]: ['cat'] } }, facts())).toEqual([
      { date: MONDAY, dutyId: 'detention', position: 1, staffId: 'ann', rule: 'duty_not_running', reason: "Detention doesn't run on Mondays" },
      { date: TUESDAY, dutyId: 'detention', position: 1, staffId: 'cat', rule: 'not_allowed', reason: 'Not allowed on Detention' },
    ]);
  });

  it('keeps the duty earlier in the school order when two overlap, and flags the later one', () => {
    // Lunch comes after the break in the school's order, whichever slot list is given first.
    expect(check({ lunch: { [MONDAY]: ['ann'] }, break: { [MONDAY]: ['ann'] } }, facts())).toEqual([
      { date: MONDAY, dutyId: 'lunch', position: 1, staffId: 'ann', rule: 'overlap', reason: 'Overlaps Break' },
    ]);
    // Back to back (the gate ends at 8:45, a duty from 8:45) is no overlap.
    const assembly = duty('assembly', { window: { start: 525, end: 545 } });
    expect(check({ gate: { [MONDAY]: ['ann'] }, assembly: { [MONDAY]: ['ann'] } }, facts({ duties: [gate, assembly] }))).toEqual([]);
  });

  it('keeps the later duty when the earlier one breaks a rule itself: only kept duties clash', () => {
    const slt = duty('break', { window: { start: 640, end: 660 }, eligible: new Set(['cat']) });
    expect(check({ break: { [MONDAY]: ['ann'] }, lunch: { [MONDAY]: ['ann'] } }, facts({ duties: [slt, lunch] }))).toEqual([
      { date: MONDAY, dutyId: 'break', position: 1, staffId: 'ann', rule: 'not_allowed', reason: 'Not allowed on Break' },
    ]);
  });

  it('flags counting duties past the daily maximum, later ones first; an all-day duty counts only when the school says so', () => {
    const plan = { dm: { [MONDAY]: ['ann', null] }, gate: { [MONDAY]: ['ann'] }, break: { [MONDAY]: ['ann'] } };
    expect(check(plan, facts({ maxPerDay: 1 }))).toEqual([
      { date: MONDAY, dutyId: 'break', position: 1, staffId: 'ann', rule: 'daily_max', reason: 'At most 1 duty a day' },
    ]);
    expect(check(plan, facts({ maxPerDay: 2 }))).toEqual([]);
    expect(check(plan, facts({ maxPerDay: 2, allDayCounts: true }))).toEqual([
      { date: MONDAY, dutyId: 'break', position: 1, staffId: 'ann', rule: 'daily_max', reason: 'At most 2 duties a day' },
    ]);
  });

  it('keeps someone away at a time off the timed duties that time overlaps only; away all day, off every duty', () => {
    const dentist = { staffId: 'ann', start: MONDAY, end: MONDAY, label: 'Dentist', window: { start: 630, end: 645 } };
    expect(check({ dm: { [MONDAY]: ['ann', null] }, gate: { [MONDAY]: ['ann'] }, break: { [MONDAY]: ['ann'] } }, facts({ away: [dentist] }))).toEqual(
      [{ date: MONDAY, dutyId: 'break', position: 1, staffId: 'ann', rule: 'unavailable', reason: 'Dentist' }],
    );
    const leave = { staffId: 'ann', start: MONDAY, end: MONDAY, label: 'Annual Leave', periodId: 'p1' };
    expect(
      check({ dm: { [MONDAY]: ['ann', null] }, gate: { [MONDAY]: ['ann'] } }, facts({ away: [leave] })).map((v) => [v.dutyId, v.rule, v.periodId]),
    ).toEqual([
      ['dm', 'unavailable', 'p1'],
      ['gate', 'unavailable', 'p1'],
    ]);
  });

  it('checks the single-duty rules per duty: closed days, inactive, working pattern (unless given by hand), twice, weekly cap over every duty, too many people', () => {
    const closures = [{ start: TUESDAY, end: TUESDAY, kind: 'holiday' as const, label: 'Snow' }];
    const plan = {
      dm: { [MONDAY]: ['dan', 'bob'], [TUESDAY]: ['ann', null], '2025-12-03': ['ann', 'ann'] },
      gate: { [MONDAY]: ['cat'], '2025-12-03': ['bob', 'cat'] },
      break: { [MONDAY]: ['cat'] },
    };
    expect(check(plan, facts({ closures }), new Set([`${MONDAY}|bob`])).map((v) => [v.date, v.dutyId, v.position, v.rule, v.reason])).toEqual([
      [MONDAY, 'dm', 1, 'inactive', 'No longer active'],
      [MONDAY, 'break', 1, 'over_cap', 'At most 1 duty a week'],
      [TUESDAY, 'dm', 1, 'holiday', 'Holiday: Snow'],
      ['2025-12-03', 'dm', 2, 'twice', 'Already on Duty Manager that day'],
      ['2025-12-03', 'gate', 2, 'over_cap', 'At most 1 duty a week'],
    ]);
    expect(check({ dm: { [MONDAY]: ['bob', null] } }, facts()).map((v) => v.rule)).toEqual(['not_working_day']);
    expect(check({ gate: { [MONDAY]: ['ann', 'cat'] } }, facts()).map((v) => [v.position, v.rule, v.reason])).toEqual([
      [2, 'over_capacity', 'Fewer people needed on Gate (1)'],
    ]);
  });
});
