/**
 * Rebalancing with the fewest changes (docs/product.md#the-rota-stays-true). PLACEHOLDER until the
 * engine branch of issue 43 lands: it only fills the empty slots (as mode 'fill') and reports no gap.
 */

import { fillDutiesGreedily } from './duties-phases';
import { dutiesState } from './duties-state';
import type { DutiesInput, DutiesResult } from './duties-types';
import type { DaySlots, IsoDate } from './rota-engine';

/** Keeps every assignment, fills the empty slots, then moves the fewest assignments that bring every gap within one duty. */
export function rebalanceWithFewestChanges(input: DutiesInput): DutiesResult {
  const state = dutiesState({ ...input, mode: 'fill' });
  fillDutiesGreedily(state);
  const days: Record<string, Record<IsoDate, DaySlots>> = {};
  const changed = new Set<IsoDate>();
  let changedSlots = 0;
  state.duties.forEach((duty, d) => {
    if (!state.planned[d]) return;
    const out: Record<IsoDate, DaySlots> = (days[duty.id] = {});
    state.days.forEach((day, t) => {
      const after = state.slots[t]![d]!;
      if (!after.length) return;
      const records = input.existing[duty.id]?.[day];
      out[day] = after.map((id, k) => {
        if (id === null) return null;
        if (records?.[k]?.staffId === id) return records[k]!;
        changed.add(day);
        changedSlots += 1;
        return { staffId: id, override: false };
      });
    });
  });
  return { days, changedDays: changed.size, changedSlots, largestGap: { before: 0, after: 0 } };
}

/** The largest gap to fair share (in duties) of the input's existing slots. */
export function largestGapOf(_input: DutiesInput): number {
  return 0;
}
