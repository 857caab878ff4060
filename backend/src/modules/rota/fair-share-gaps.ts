import type { DutiesInput } from './engine/duties-engine';
import { dutiesState } from './engine/duties-state';
import { oneDuty } from './engine/fewest-changes';

/**
 * Each active person's gap to fair share (load − share; negative = below it) of the input's
 * existing slots over the academic year, in duties (docs/product.md#bulk-tools). The share is their
 * fair-share target scaled to the load actually held so far (the targets times Σ load ÷ Σ target),
 * so a year planned only to some date is judged on how it shares what is planned; once the year is
 * planned the two are the same. The weighted gap is divided by the engine's "one duty" (`oneDuty`:
 * the year's average weight of a duty), exactly one duty for a school with only the Duty Manager
 * duty. Nothing is planned: the engine's own state is only read.
 */
export function gapsToFairShare(input: DutiesInput): Map<string, number> {
  const state = dutiesState({ ...input, mode: 'fill' });
  const unit = oneDuty(input, state);
  const held = state.load.reduce((sum, load) => sum + load, 0);
  const targets = state.target.reduce((sum, target) => sum + target, 0);
  const scale = targets > 0 ? held / targets : 0;
  const gaps = new Map<string, number>();
  state.staff.forEach((person, i) => gaps.set(person.id, (state.load[i]! - state.target[i]! * scale) / unit));
  return gaps;
}
