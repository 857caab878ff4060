import type { EntityManager } from '@mikro-orm/postgresql';
import { Global, Injectable, Module } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';

/** What a change of facts did to the planned rota (docs/product.md#the-rota-stays-true). */
export interface RotaChange {
  /** Assignments taken off, from today on. */
  removedDuties: number;
  /** Of the slots they freed, how many auto-fill gave to someone else. */
  refilledDuties: number;
  /** The dates touched, in order. */
  dates: string[];
  /** For the person who made the change: "Adding holiday 'Snow closure' removed 4 duties on 7–8 Dec; 0 refilled (holiday)." */
  message: string;
}

/** The change, as the start of a sentence: "Adding holiday 'Snow closure'", "Deactivating Sam Lee". */
export interface RotaChangeCause {
  description: string;
}

export type RestoreRota = (em: EntityManager, actor: AuthUser | undefined, cause: RotaChangeCause) => Promise<RotaChange>;

export const NO_ROTA_CHANGE: RotaChange = { removedDuties: 0, refilledDuties: 0, dates: [], message: 'No planned duties were affected.' };

/**
 * Puts the rota right after a fact it depends on changed: holidays, term dates, someone's active
 * state or availability, duty managers per day. The modules that own those facts come before the
 * rota and the requests in the module order (.dependency-cruiser.cjs), so they can't call them;
 * they call this instead, inside the transaction that changed the fact, and the requests module
 * (which records each removal as an approved cancellation) registers the work when it starts
 * (RequestsModule.onModuleInit). One call checks every future day against every hard rule, so
 * no caller has to know which days its change touched.
 */
@Injectable()
export class RotaIntegrity {
  private restorer?: RestoreRota;

  register(restorer: RestoreRota): void {
    this.restorer = restorer;
  }

  /**
   * Removes every future assignment that now breaks a hard rule, refills per auto-fill, records
   * and emails each removal, all in `em`'s transaction. Takes the settings row exclusively: call it
   * before taking any shared lock on it in the same transaction.
   */
  restore(em: EntityManager, actor: AuthUser | undefined, cause: RotaChangeCause): Promise<RotaChange> {
    if (!this.restorer) throw new Error('No rota integrity check registered (RequestsModule not imported?)');
    return this.restorer(em, actor, cause);
  }
}

@Global()
@Module({ providers: [RotaIntegrity], exports: [RotaIntegrity] })
export class RotaIntegrityModule {}
