import { isWeekday } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { isoWeekdayOf } from '../../common/clock/weekdays';
import type { DutyDto } from '../duties/dto/duty.dto';
import type { RotaGridDto } from './dto/rota-grid.dto';
import type { RotaSlotDto } from './dto/rota-slot.dto';
import { gridDutyOf } from './rota-grid.service';

/**
 * A draft's days in the all-duties grid's shape (RotaGridService.grid; docs/product.md#drafts):
 * every duty in the school's order on each weekday of `dates`, with the people it needs that
 * weekday and who the draft puts on it.
 */
export function draftGrid(
  duties: DutyDto[],
  dates: IsoDate[],
  rows: { duty_id: string; date: IsoDate; position: number; staff_id: string; name: string }[],
): RotaGridDto {
  const held = new Map<string, (RotaSlotDto['staff'] | undefined)[]>();
  for (const row of rows) {
    const key = `${row.date}|${row.duty_id}`;
    const slots = held.get(key) ?? held.set(key, []).get(key)!;
    slots[row.position - 1] = { id: row.staff_id, name: row.name };
  }
  return {
    duties: duties.map(gridDutyOf),
    days: dates.filter(isWeekday).map((date) => ({
      date,
      duties: duties.flatMap((duty) => {
        const needed = duty.paused ? 0 : (duty.weekdays.find((w) => w.weekday === isoWeekdayOf(date))?.people ?? 0);
        const filled = held.get(`${date}|${duty.id}`) ?? [];
        if (!needed && !filled.length) return [];
        return [
          {
            dutyId: duty.id,
            needed,
            slots: Array.from({ length: Math.max(needed, filled.length) }, (_, i) => ({ position: i + 1, staff: filled[i] ?? null })),
          },
        ];
      }),
    })),
  };
}
