import type { FairnessRowDto, FairnessSummaryDto } from './dto/fairness.dto';
import { type EngineStaff, fairShares, type FairShareYear } from './engine/rota-engine';

const round2 = (n: number) => Math.round(n * 100) / 100;

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
 * Each person's duties against their fair share (docs/product.md#fair-share), and the team's
 * figures. A worker task (common/workers/worker-pool.ts): the shares of a school with thousands
 * of staff take a few hundred milliseconds of CPU.
 */
export function fairnessTable({ staff, counts, names, departments, slotsPerDay, measured }: FairnessTableInput): FairnessTable {
  const inactiveDuties = staff.filter((s) => !s.isActive).reduce((n, s) => n + (counts.get(s.id)?.done ?? 0) + (counts.get(s.id)?.planned ?? 0), 0);
  const shares = fairShares(staff, slotsPerDay, measured, inactiveDuties);
  const rows: FairnessRowDto[] = staff
    .filter((s) => s.isActive || counts.has(s.id))
    .map((s) => {
      const c = counts.get(s.id) ?? { done: 0, planned: 0 };
      const share = shares.get(s.id) ?? 0;
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
  };
  return { rows, summary };
}
