import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { UnitOfWork } from '../../database/unit-of-work';
import type { RotaChange, RotaRepair, TermExtended } from './rota-change';

/** What a fact's write did: the cause the rota is checked for, or null when nothing the rota depends on changed. */
export interface FactWritten {
  /** The change, as the start of a sentence: "Adding holiday 'Snow closure'", "Deactivating Sam Lee". */
  cause: string | null;
  /** Terms the write extended (term dates saved with a later end): the repair plans their gained days. */
  termsExtended?: TermExtended[];
}

/** What the repair did: always a RotaChange when the write always names a cause, else null without one. */
export type RotaChangeOf<W extends FactWritten> = W['cause'] extends string ? RotaChange : RotaChange | null;

/** Thrown out of a preview's transaction to roll it back, carrying what the change would have done. */
class PreviewRollback extends Error {
  constructor(readonly rotaChange: RotaChange | null) {
    super('preview rolled back');
  }
}

/**
 * "A fact the rota depends on changed" (holidays, term dates, someone's active state, working
 * pattern or availability, duty managers per day, the rota rules), as one call
 * (docs/architecture.md, "A fact changed is one call"). In one transaction, in this order:
 *  1. the organisation's rota lock (its settings row), exclusively — always first, so two changes
 *     wait for each other instead of deadlocking, and no rota write runs beside the change;
 *  2. the write (which may lock the fact's own rows), then a flush;
 *  3. the repair of the rota, when the write names a cause: duties that now break a hard rule go
 *     (locking their rota days), freed slots are refilled per auto-fill, the activity log gets a
 *     `rota.adjusted` entry and everyone affected an email and a notification;
 *  4. `record`, the caller's own activity-log entry, which may tell what the repair did; a flush.
 * Returns what the write returned and what the repair did (null without a cause), for the caller
 * to report.
 */
@Injectable()
export class FactChangesService {
  private rotaRepair?: RotaRepair;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** Called once by the module that implements the repair (RequestsModule.onModuleInit). */
  bindRotaRepair(repair: RotaRepair): void {
    this.rotaRepair = repair;
  }

  change<W extends FactWritten>(
    actor: AuthUser | undefined,
    write: () => Promise<W>,
    record?: (written: W, rotaChange: RotaChangeOf<W>) => void,
  ): Promise<{ written: W; rotaChange: RotaChangeOf<W> }> {
    const repair = this.rotaRepair;
    if (!repair) throw new Error('No rota repair bound (RequestsModule not imported?)');
    return this.unitOfWork.transaction(async () => {
      await repair.lockRota();
      const written = await write();
      await this.unitOfWork.flush();
      const rotaChange = (
        written.cause === null ? null : await repair.repair(actor, { description: written.cause, termsExtended: written.termsExtended })
      ) as RotaChangeOf<W>;
      record?.(written, rotaChange);
      await this.unitOfWork.flush();
      return { written, rotaChange };
    });
  }

  /**
   * What `change` would do to the rota, without doing it: the same write and the same repair run in
   * a transaction that is then rolled back, so nothing is saved, audited or emailed and the answer
   * is the one saving would give on the same facts. Null when the write names no cause.
   */
  async preview<W extends FactWritten>(actor: AuthUser | undefined, write: () => Promise<W>): Promise<RotaChangeOf<W>> {
    try {
      await this.change(actor, write, (_written, rotaChange) => {
        throw new PreviewRollback(rotaChange);
      });
    } catch (error) {
      if (error instanceof PreviewRollback) return error.rotaChange as RotaChangeOf<W>;
      throw error;
    }
    throw new Error('A preview must roll back');
  }
}
