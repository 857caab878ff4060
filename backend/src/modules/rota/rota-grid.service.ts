import { BadRequestException, Injectable } from '@nestjs/common';
import { datesBetween, daysInSpan, isWeekday } from '../../common/clock/academic-year';
import { isoWeekdayOf } from '../../common/clock/weekdays';
import type { IsoDate } from '../../common/clock/clock';
import { DutiesService } from '../duties/duties.service';
import type { DutyDto } from '../duties/dto/duty.dto';
import type { RotaGridDto } from './dto/rota-grid.dto';
import type { RotaSlotDto } from './dto/rota-slot.dto';
import { RotaRepository } from './rota.repository';
import { pinFields } from './pins';

/** Longest range the all-duties grid covers: about three months. */
export const MAX_GRID_DAYS = 93;

/** A duty as the grid names it: a column's heading. */
export function gridDutyOf(d: Pick<DutyDto, 'id' | 'name' | 'place' | 'startTime' | 'endTime' | 'isDutyManager' | 'paused'>): RotaGridDto['duties'][number] {
  return { id: d.id, name: d.name, place: d.place, startTime: d.startTime, endTime: d.endTime, isDutyManager: d.isDutyManager, paused: d.paused };
}

/**
 * The all-duties grid (docs/product.md#duties): every duty of the school, in its order, on every
 * weekday of a range, with the people it needs that weekday and who is on it. Three statements
 * whatever the range: the duties, their people per day (the settings' duty managers per day for
 * the Duty Manager duty), and every slot of the range with its person's name.
 */
@Injectable()
export class RotaGridService {
  constructor(
    private readonly duties: DutiesService,
    private readonly rota: RotaRepository,
  ) {}

  /**
   * With `withPins` (admins and managers), a pinned slot says so (docs/product.md#pinned-duties).
   * `listed`: the school's duties when the caller has read them already (the Today board).
   */
  async grid(startDate: IsoDate, endDate: IsoDate, withPins = false, listed?: DutyDto[]): Promise<RotaGridDto> {
    if (daysInSpan(startDate, endDate) > MAX_GRID_DAYS) {
      throw new BadRequestException(`The all-duties grid covers at most ${MAX_GRID_DAYS} days: ask for a shorter period`);
    }
    const duties = listed ?? (await this.duties.list());
    const rows = await this.rota.namedDutySlotsBetween(startDate, endDate);
    const held = new Map<string, (RotaSlotDto | undefined)[]>();
    for (const row of rows) {
      const slots = held.get(`${row.date}|${row.duty_id}`) ?? held.set(`${row.date}|${row.duty_id}`, []).get(`${row.date}|${row.duty_id}`)!;
      const pin = withPins && row.pinned ? pinFields({ slotId: row.slot_id, reason: row.pinned_reason }) : {};
      slots[row.position - 1] = { position: row.position, staff: { id: row.staff_id, name: row.name }, ...pin };
    }
    const days = datesBetween(startDate, endDate)
      .filter(isWeekday)
      .map((date) => ({
        date,
        duties: duties.flatMap((duty) => {
          // A paused duty needs nobody: its slots show who was on it, never a gap.
          const needed = duty.paused ? 0 : (duty.weekdays.find((w) => w.weekday === isoWeekdayOf(date))?.people ?? 0);
          const filled = held.get(`${date}|${duty.id}`) ?? [];
          if (!needed && !filled.length) return [];
          const slots = Array.from({ length: Math.max(needed, filled.length) }, (_, i) => filled[i] ?? { position: i + 1, staff: null });
          return [{ dutyId: duty.id, needed, slots }];
        }),
      }));
    return {
      duties: duties.map(gridDutyOf),
      days,
    };
  }
}
