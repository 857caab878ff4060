import { weekdayIndex } from '../../common/clock/academic-year';
import type { FairnessRowDto } from './dto/fairness-row.dto';
import type { FairnessSummaryDto } from './dto/fairness-summary.dto';
import { type EngineStaff, fairShares, type FairShareYear } from './engine/rota-engine';

const round2 = (n: number) => Math.round(n * 100) / 100;
const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
/** "3,210", "92.5", "0.83": a figure as people read it, to at most two decimals. */
const figure = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });
const days = (n: number) => `${figure(n)} ${n === 1 ? 'day' : 'days'}`;

/** What the fairness table is computed from: the facts FairnessService reads. */
export interface FairnessTableInput {
  /** Everyone on the staff as the engine sees them (RotaPlanner.staffFacts). */
  staff: (EngineStaff & { workingDays: number[] })[];
  /** Duties done and planned in the period, per staff id. */
  counts: Map<string, { done: number; planned: number }>;
  names: Map<string, string>;
  departments: Map<string, string | null>;
  slotsPerDay: number;
  /** The period's school days and who is away, from tomorrow on, with the duties held before. */
  measured: FairShareYear;
}

export interface FairnessTable {
  /** Every active person and everyone else with duties in the period, largest difference first. */
  rows: FairnessRowDto[];
  summary: FairnessSummaryDto;
}

/**
 * How a person's share is made (docs/product.md#the-fairness-view), as the engine makes it
 * (fairShares, rota-engine.ts): the period's school days on their working days, less those they are
 * away; each weighed by their FTE over their working days' fraction (1 without an FTE). Their share
 * is the period's duties × their weighted days ÷ everyone's.
 */
export interface ShareBasis {
  patternDays: number;
  awayDays: number;
  availableDays: number;
  weight: number;
  weightedDays: number;
}

export function shareBasis(person: EngineStaff & { workingDays: readonly number[] }, measured: FairShareYear): ShareBasis {
  const away = measured.unavailability.filter((u) => u.staffId === person.id);
  let patternDays = 0;
  let awayDays = 0;
  for (const day of measured.schoolDays) {
    if (!person.workingDays.includes(weekdayIndex(day))) continue;
    patternDays += 1;
    if (away.some((u) => u.start <= day && day <= u.end)) awayDays += 1;
  }
  const availableDays = patternDays - awayDays;
  const fraction = person.workingDays.length / 5;
  const weight = person.fte && fraction > 0 ? person.fte / fraction : 1;
  return { patternDays, awayDays, availableDays, weight, weightedDays: availableDays * weight };
}

/** "Works Mon, Wed, Fri", "Works every weekday". */
function worksOn(workingDays: readonly number[]): string {
  return workingDays.length === 5 ? 'Works every weekday' : `Works ${workingDays.map((d) => WEEKDAY_SHORT[d]).join(', ')}`;
}

/**
 * One sentence per person: "Works Mon, Wed, Fri: 114 of the 190 school days, 3 of them away: 111
 * available. FTE 0.5 over 3 days (0.6): each day counts 0.83, so 92.5 weighted days. Share: 386
 * duties × 92.5 ÷ 3,210 weighted days = 11.12."
 */
function explain(
  person: EngineStaff & { workingDays: readonly number[] },
  basis: ShareBasis,
  team: { schoolDays: number; duties: number; weightedDays: number },
  share: number,
): string {
  if (!person.isActive) return 'Not active: no share. Duties they did are taken off the period’s duties before these are shared.';
  const available =
    `${worksOn(person.workingDays)}: ${figure(basis.patternDays)} of the ${figure(team.schoolDays)} school ${team.schoolDays === 1 ? 'day' : 'days'}` +
    (basis.awayDays ? `, ${figure(basis.awayDays)} of them away: ${figure(basis.availableDays)} available.` : ' available.');
  const n = person.workingDays.length;
  const fraction = n / 5;
  const weighting =
    person.fte == null
      ? ' No FTE set: each day counts 1.'
      : basis.weight === 1
        ? ` FTE ${figure(person.fte)} matches ${days(n)} a week: each day counts 1.`
        : ` FTE ${figure(person.fte)} over ${days(n)} a week (${figure(fraction)}): each day counts ${figure(round2(basis.weight))}, so ${figure(round2(basis.weightedDays))} weighted days.`;
  const sharing =
    team.weightedDays > 0
      ? ` Share: ${figure(round2(team.duties))} duties × ${figure(round2(basis.weightedDays))} ÷ ${figure(round2(team.weightedDays))} weighted days = ${figure(round2(share))}.`
      : ' Share: 0, as nobody is available in the period.';
  return available + weighting + sharing;
}

/**
 * Each person's duties against their fair share (docs/product.md#fair-share), how that share was
 * made, and the team's figures. A worker task (common/workers/worker-pool.ts): the shares of a
 * school with thousands of staff take a few hundred milliseconds of CPU.
 */
export function fairnessTable({ staff, counts, names, departments, slotsPerDay, measured }: FairnessTableInput): FairnessTable {
  const inactiveDuties = staff.filter((s) => !s.isActive).reduce((n, s) => n + (counts.get(s.id)?.done ?? 0) + (counts.get(s.id)?.planned ?? 0), 0);
  const shares = fairShares(staff, slotsPerDay, measured, inactiveDuties);
  const bases = new Map(staff.filter((s) => s.isActive).map((s) => [s.id, shareBasis(s, measured)]));
  const team = {
    schoolDays: measured.schoolDays.length,
    duties: [...shares.values()].reduce((a, b) => a + b, 0),
    weightedDays: [...bases.values()].reduce((n, b) => n + b.weightedDays, 0),
  };
  const rows: FairnessRowDto[] = staff
    .filter((s) => s.isActive || counts.has(s.id))
    .map((s) => {
      const c = counts.get(s.id) ?? { done: 0, planned: 0 };
      const share = shares.get(s.id) ?? 0;
      const basis = bases.get(s.id) ?? { patternDays: 0, awayDays: 0, availableDays: 0, weight: 0, weightedDays: 0 };
      return {
        staffId: s.id,
        name: names.get(s.id) ?? 'Unknown',
        department: departments.get(s.id) ?? null,
        isTeaching: s.isTeaching,
        isActive: s.isActive,
        workingDays: s.workingDays.map((d) => d + 1),
        done: c.done,
        planned: c.planned,
        share: round2(share),
        difference: round2(c.done + c.planned - share),
        patternDays: basis.patternDays,
        awayDays: basis.awayDays,
        availableDays: basis.availableDays,
        fte: s.fte ?? null,
        dayWeight: round2(basis.weight),
        weightedDays: round2(basis.weightedDays),
        shareExplanation: explain(s, basis, team, share),
      };
    })
    .sort((a, b) => b.difference - a.difference || a.name.localeCompare(b.name));

  const active = rows.filter((r) => r.isActive);
  const diffs = active.map((r) => r.done + r.planned - (shares.get(r.staffId) ?? 0));
  const total = rows.reduce((n, r) => n + r.done + r.planned, 0);
  const summary: FairnessSummaryDto = {
    totalDuties: total,
    people: active.length,
    averageDuties: active.length ? round2(active.reduce((n, r) => n + r.done + r.planned, 0) / active.length) : 0,
    largestDifference: diffs.length ? round2(Math.max(...diffs.map(Math.abs))) : 0,
    spread: diffs.length ? round2(Math.max(...diffs) - Math.min(...diffs)) : 0,
    rootSumOfSquares: round2(Math.sqrt(diffs.reduce((n, d) => n + d * d, 0))),
    schoolDays: team.schoolDays,
    dutiesShared: round2(team.duties),
    weightedDays: round2(team.weightedDays),
    shareRule:
      `Fair share = ${figure(round2(team.duties))} duties × a person’s weighted days ÷ ${figure(round2(team.weightedDays))} weighted days. ` +
      `Weighted days: the period’s ${figure(team.schoolDays)} school days on their working days, less days away, each counting their FTE ÷ (working days ÷ 5), or 1 without an FTE.`,
  };
  return { rows, summary };
}
