import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';

/** Takes everyone in a slot above `slotsPerDay` off the current organisation's rota from `from` on; returns how many. */
export type RemoveSlotsAbove = (em: EntityManager, from: IsoDate, slotsPerDay: number) => Promise<number>;

/**
 * What a smaller number of duty managers per day does to the rota. The rota owns its tables and
 * comes after settings in the module order, so settings can't call it: the rota module hands its
 * remover over here when it starts (RotaModule.onModuleInit), and a settings change calls it
 * inside its own transaction.
 */
@Injectable()
export class SlotsPerDayReduced {
  private remover?: RemoveSlotsAbove;

  register(remover: RemoveSlotsAbove): void {
    this.remover = remover;
  }

  removeSlotsAbove(em: EntityManager, from: IsoDate, slotsPerDay: number): Promise<number> {
    if (!this.remover) throw new Error('No rota module registered to remove slots (RotaModule not imported?)');
    return this.remover(em, from, slotsPerDay);
  }
}
