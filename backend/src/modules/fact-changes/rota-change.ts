import type { AuthUser } from '../../common/auth/auth-user';

/** What a change of facts did to the planned rota (docs/product.md#the-rota-stays-true). */
export interface RotaChange {
  /** Assignments taken off, from today on. */
  removedDuties: number;
  /** Of the slots they freed, how many auto-fill gave to someone else. */
  refilledDuties: number;
  /** Empty slots of the planned horizon the repair filled (capacity a change opened, per auto-fill). */
  filledDuties: number;
  /** Assignments the repair's rebalance gave to someone else to keep the rota fair (keep fairness on). */
  movedDuties: number;
  /** The dates touched, in order. */
  dates: string[];
  /** For the person who made the change: "Adding holiday 'Snow closure' removed 4 duties on 7–8 Dec; 0 refilled (holiday)." */
  message: string;
}

/** A term that now ends later than it did (term dates saved with a later end). */
export interface TermExtended {
  oldEnd: string;
  newEnd: string;
}

/** The change, as the start of a sentence: "Adding holiday 'Snow closure'", "Deactivating Sam Lee". */
export interface RotaChangeCause {
  description: string;
  /** Terms the change extended: a duty planned into the last week of one is planned to its new end. */
  termsExtended?: TermExtended[];
}

export const NO_ROTA_CHANGE: RotaChange = {
  removedDuties: 0,
  refilledDuties: 0,
  filledDuties: 0,
  movedDuties: 0,
  dates: [],
  message: 'No planned duties were affected.',
};

/**
 * The port the fact-change call repairs the rota through. The requests module implements it
 * (RotaIntegrityService: each removal is kept as an approved cancellation) and binds it when it
 * starts (RequestsModule.onModuleInit): it comes after the modules that own the facts in the
 * module order (.dependency-cruiser.cjs), so they can't call it directly.
 */
export interface RotaRepair {
  /** Holds the organisation's rota lock (its settings row) exclusively until the transaction ends. */
  lockRota(): Promise<void>;
  /**
   * Removes every future assignment that now breaks a hard rule, refills per auto-fill, fills the
   * planned horizon's empty slots and (keep fairness on) rebalances it, records
   * the change in the activity log and queues each person's email, in the current transaction.
   */
  repair(actor: AuthUser | undefined, cause: RotaChangeCause): Promise<RotaChange>;
}
