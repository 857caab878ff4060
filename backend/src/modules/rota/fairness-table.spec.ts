import { datesBetween, isWeekday } from '../../common/clock/academic-year';
import { fairShares } from './engine/rota-engine';
import { fairnessTable, shareBasis } from './fairness-table';

/** Ten weeks of school days, a half-term week closed. */
const schoolDays = datesBetween('2026-09-07', '2026-11-13').filter((d) => isWeekday(d) && !(d >= '2026-10-26' && d <= '2026-10-30'));
const staff = [
  { id: 'full', isTeaching: true, isActive: true, workingDays: [0, 1, 2, 3, 4], fte: null },
  { id: 'away', isTeaching: true, isActive: true, workingDays: [0, 1, 2, 3, 4], fte: null },
  { id: 'mwf', isTeaching: false, isActive: true, workingDays: [0, 2, 4], fte: null },
  { id: 'wtf-half', isTeaching: true, isActive: true, workingDays: [2, 3, 4], fte: 0.5 },
  { id: 'tt-full', isTeaching: false, isActive: true, workingDays: [1, 3], fte: 0.4 },
  { id: 'left', isTeaching: false, isActive: false, workingDays: [0, 1, 2, 3, 4], fte: null },
];
const measured = {
  schoolDays,
  unavailability: [
    { staffId: 'away', start: '2026-09-14', end: '2026-09-25' },
    { staffId: 'mwf', start: '2026-10-07', end: '2026-10-07' },
  ],
  from: '2026-09-07',
  doneBefore: 0,
};

describe('how a fair share is made', () => {
  it('reproduces the engine’s shares: the duties × a person’s weighted days ÷ everyone’s', () => {
    const shares = fairShares(staff, 2, measured, 0);
    const bases = new Map(staff.filter((s) => s.isActive).map((s) => [s.id, shareBasis(s, measured)]));
    const total = [...bases.values()].reduce((n, b) => n + b.weightedDays, 0);
    const duties = [...shares.values()].reduce((a, b) => a + b, 0);
    expect(duties).toBeCloseTo(schoolDays.length * 2, 9);
    for (const [id, basis] of bases) expect({ id, share: (duties * basis.weightedDays) / total }).toEqual({ id, share: expect.closeTo(shares.get(id)!, 9) });
  });

  it('counts the school days on a person’s working days, less those they are away, each weighed by FTE over their days', () => {
    expect(shareBasis(staff[1]!, measured)).toEqual({ patternDays: 45, awayDays: 10, availableDays: 35, weight: 1, weightedDays: 35 });
    expect(shareBasis(staff[2]!, measured)).toMatchObject({ patternDays: 27, awayDays: 1, availableDays: 26, weight: 1 });
    const half = shareBasis(staff[3]!, measured);
    expect(half).toMatchObject({ patternDays: 27, awayDays: 0, availableDays: 27 });
    expect(half.weight).toBeCloseTo(0.5 / 0.6, 9);
  });

  it('says it in the table, in one sentence per person and one rule for the team', () => {
    const counts = new Map([['left', { done: 3, planned: 0 }]]);
    const names = new Map(staff.map((s) => [s.id, s.id]));
    const { rows, summary } = fairnessTable({ staff, counts, names, departments: new Map(), slotsPerDay: 2, measured });
    const row = (id: string) => rows.find((r) => r.staffId === id)!;
    expect(summary).toMatchObject({ schoolDays: 45, dutiesShared: 87 });
    expect(summary.shareRule).toContain('Fair share = 87 duties × a person’s weighted days ÷');
    expect(row('away').shareExplanation).toMatch(/^Works every weekday: 45 of the 45 school days, 10 of them away: 35 available\. No FTE set: each day counts 1\. Share: 87 duties × 35 ÷ [\d.,]+ weighted days = [\d.]+\.$/);
    expect(row('wtf-half')).toMatchObject({ fte: 0.5, dayWeight: 0.83, weightedDays: 22.5 });
    expect(row('wtf-half').shareExplanation).toContain('Works Wed, Thu, Fri: 27 of the 45 school days available. FTE 0.5 over 3 days a week (0.6): each day counts 0.83, so 22.5 weighted days.');
    expect(row('tt-full').shareExplanation).toContain('FTE 0.4 matches 2 days a week: each day counts 1.');
    expect(row('left')).toMatchObject({ share: 0, availableDays: 0, fte: null });
    expect(row('left').shareExplanation).toMatch(/^Not active: no share\./);
  });
});
