import type { DaySlots } from './engine/rota-engine';

/**
 * What a day of one duty becomes when a draft is published (docs/product.md#drafts): the draft's
 * slots, but a live slot that is pinned (an approved swap, a cover, a hand edit, an override) stays
 * where it is with its person, and the draft's other slots never hold that person twice that day.
 * `pinned` is read from the live slots when the rota carries it; without it, the draft's day.
 */
export function publishedDay(live: DaySlots, draft: DaySlots): DaySlots {
  const pinned = live.map((slot) => (slot && (slot as { pinned?: boolean }).pinned ? slot : null));
  if (!pinned.some(Boolean)) return draft;
  const kept = new Set(pinned.flatMap((slot) => (slot ? [slot.staffId] : [])));
  const length = Math.max(live.length, draft.length);
  return Array.from({ length }, (_, i) => pinned[i] ?? (draft[i] && !kept.has(draft[i].staffId) ? draft[i] : null));
}
