import type { PinReason } from '../api';

/** What a pin icon says (docs/product.md#pinned-duties), by why the slot is pinned. */
export const PIN_LABELS: Record<PinReason, string> = {
  swap: 'Pinned: approved swap',
  cover: 'Pinned: cover',
  hand: 'Pinned: set by hand',
  override: 'Pinned: override',
};

/** A slot as the rota's reads send it to admins and managers: pinned, why, and its id. */
export interface PinnedFields {
  pinned?: boolean;
  pinnedReason?: PinReason;
  slotId?: string;
}

/** The pin icon's label of a slot, or undefined when it isn't pinned (or the reader sees no pins). */
export function pinLabel(slot: PinnedFields | undefined): string | undefined {
  if (!slot?.pinned) return undefined;
  return slot.pinnedReason ? PIN_LABELS[slot.pinnedReason] : 'Pinned';
}

/** The toast after Unpin all in the period: "Unpinned 12 duties", "Unpinned 1 duty". */
export function unpinnedMessage(count: number): string {
  return `Unpinned ${count} ${count === 1 ? 'duty' : 'duties'}`;
}
