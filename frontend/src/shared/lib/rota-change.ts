/**
 * What a change of a fact the rota depends on did to the planned rota, as the server reports it
 * (each feature's generated RotaChangeDto has this shape): docs/product.md#the-rota-stays-true.
 */
export interface RotaChange {
  /** Duties taken off the rota by the change. */
  removedDuties: number;
  /** Empty slots the repair filled (capacity the change opened). */
  filledDuties?: number;
  /** Duties the repair moved to someone else to keep the rota fair. */
  movedDuties?: number;
  /** For the person who made the change, e.g. "Adding holiday 'Snow closure' removed 4 duties on 7–8 Dec; 0 refilled (holiday)." */
  message: string;
}

/** Whether the change took anyone off the rota, so that the person who made it should be told. */
export function removedDuties(change: RotaChange | null | undefined): change is RotaChange {
  return change !== null && change !== undefined && change.removedDuties > 0;
}

/** Whether the change took anyone off the rota, filled empty slots or moved duties: what the person who made it should be told. */
export function changedRota(change: RotaChange | null | undefined): change is RotaChange {
  return (
    change !== null &&
    change !== undefined &&
    change.removedDuties + (change.filledDuties ?? 0) + (change.movedDuties ?? 0) > 0
  );
}

/**
 * The text of the one toast after a change of facts: the server's account of what it did to the
 * rota when it removed, filled or moved duties (it names the change itself, e.g. "Deactivating Sam
 * Lee removed …", "Deleting holiday 'Snow closure' filled 6 duties …"), else the screen's own
 * success text. One toast, never the two repeating each other.
 */
export function changeOutcome(done: string, change: RotaChange | null | undefined): string {
  return changedRota(change) ? change.message : done;
}
