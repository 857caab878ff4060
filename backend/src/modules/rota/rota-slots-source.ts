import type { IsoDate } from '../../common/clock/clock';
import type { DaySlots } from './engine/rota-engine';

/**
 * Where the fairness view, the load view, the health check and the rota export read the rota's slots from: the
 * live rota (RotaRepository) or a draft in its place on the draft's period (DraftsRepository.inPlace;
 * docs/product.md#drafts). The methods are RotaRepository's, with its meanings.
 */
export interface RotaSlotsSource {
  dutyCounts(from: IsoDate, to: IsoDate, today: IsoDate): Promise<Map<string, { done: number; planned: number }>>;
  dutyCountBetween(from: IsoDate, to: IsoDate): Promise<number>;
  dutyLoadCounts(from: IsoDate, to: IsoDate, through: IsoDate): Promise<{ staffId: string; dutyId: string; count: number; done: number }[]>;
  slotsFrom(from: IsoDate, to: IsoDate | null, duty?: string): Promise<Record<IsoDate, DaySlots>>;
  /** The hard-rule check's counts (RotaPlanner.facts): the year's duties per person and weekday, and every duty per person and week. */
  priorDuties(yearStart: IsoDate, yearEnd: IsoDate, exceptDays: IsoDate[]): Promise<{ staff_id: string; dow: number; n: string }[]>;
  weekCounts(from: IsoDate, to: IsoDate, exceptDays: IsoDate[]): Promise<Record<string, Record<IsoDate, number>>>;
}
