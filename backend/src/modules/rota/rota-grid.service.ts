import { BadRequestException, Injectable } from '@nestjs/common';
import { daysInSpan } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { DutiesService } from '../duties/duties.service';
import type { DutyDto } from '../duties/dto/duty.dto';
import { SchoolCalendar } from '../holidays/school-calendar';
import type { Closure } from '../holidays/term-dates';
import { closedBecause } from './engine/rota-rules';
import type { RotaGridDto } from './dto/rota-grid.dto';
import type { RotaSlotDto } from './dto/rota-slot.dto';
import { RotaRepository } from './rota.repository';
import { pinFields } from './pins';

/** Longest range the all-duties grid covers: about three months. */
export const MAX_GRID_DAYS = 93;

/** The weekdays of `start`..`end` with their ISO weekday (1 = Monday), stepping one UTC day at a time. */
function weekdaysBetween(start: IsoDate, end: IsoDate): { date: IsoDate; weekday: number }[] {
  const found: { date: IsoDate; weekday: number }[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let time = Date.parse(`${start}T00:00:00Z`); time <= last; time += 86_400_000) {
    const day = new Date(time);
    const weekday = ((day.getUTCDay() + 6) % 7) + 1;
    if (weekday <= 5) found.push({ date: day.toISOString().slice(0, 10), weekday });
  }
  return found;
}

/** A duty as the grid names it: a column's heading. */
export function gridDutyOf(
  d: Pick<DutyDto, 'id' | 'name' | 'place' | 'startTime' | 'endTime' | 'isDutyManager' | 'paused'>,
): RotaGridDto['duties'][number] {
  return { id: d.id, name: d.name, place: d.place, startTime: d.startTime, endTime: d.endTime, isDutyManager: d.isDutyManager, paused: d.paused };
}

/**
 * The all-duties grid (docs/product.md#duties): every duty of the school, in its order, on every
 * weekday of a range, with the people it needs that weekday and who is on it; on a day the school
 * is closed (a holiday, outside term) it needs nobody. Five statements whatever the range: the
 * duties, their people per day (the settings' duty managers per day for the Duty Manager duty),
 * every slot of the range with its person's name, and the terms and holidays of the range.
 */
@Injectable()
export class RotaGridService {
  constructor(
    private readonly duties: DutiesService,
    private readonly rota: RotaRepository,
    private readonly calendar: SchoolCalendar,
  ) {}

  /**
   * With `withPins` (admins and managers), a pinned slot says so (docs/product.md#pinned-duties).
   * `known`: what the caller has read already (the Today board: the school's duties and the day's
   * closures).
   */
  async grid(
    startDate: IsoDate,
    endDate: IsoDate,
    withPins = false,
    known: { listed?: DutyDto[]; closures?: Closure[] } = {},
  ): Promise<RotaGridDto> {
    if (daysInSpan(startDate, endDate) > MAX_GRID_DAYS) {
      throw new BadRequestException(`The all-duties grid covers at most ${MAX_GRID_DAYS} days: ask for a shorter period`);
    }
    const duties = known.listed ?? (await this.duties.list());
    const [rows, closures] = await Promise.all([
      this.rota.namedDutySlotsBetween(startDate, endDate),
      known.closures ?? this.calendar.committedClosuresBetween(startDate, endDate),
    ]);
    // Each day's slots by duty, at their positions (the rows come by date, duty and position).
    const held = new Map<IsoDate, Map<string, RotaSlotDto[]>>();
    for (const row of rows) {
      let ofDay = held.get(row.date);
      if (!ofDay) held.set(row.date, (ofDay = new Map()));
      let slots = ofDay.get(row.duty_id);
      if (!slots) ofDay.set(row.duty_id, (slots = []));
      const staff = { id: row.staff_id, name: row.name };
      slots[row.position - 1] =
        withPins && row.pinned
          ? { position: row.position, staff, ...pinFields({ slotId: row.slot_id, reason: row.pinned_reason }) }
          : { position: row.position, staff };
    }
    // The people each duty needs by ISO weekday (1 = Monday); a paused duty needs nobody: its slots
    // show who was on it, never a gap.
    const needs = duties.map((duty) => {
      const byWeekday = [0, 0, 0, 0, 0, 0, 0, 0];
      if (!duty.paused) for (const w of duty.weekdays) byWeekday[w.weekday] = w.people;
      return byWeekday;
    });
    const none: RotaSlotDto[] = [];
    const days: RotaGridDto['days'] = [];
    for (const { date, weekday } of weekdaysBetween(startDate, endDate)) {
      const ofDay = held.get(date);
      const open = !closedBecause(date, closures);
      const cells: RotaGridDto['days'][number]['duties'] = [];
      for (let d = 0; d < duties.length; d++) {
        const dutyId = duties[d]!.id;
        const needed = open ? needs[d]![weekday]! : 0;
        const filled = ofDay?.get(dutyId) ?? none;
        if (!needed && !filled.length) continue;
        const slots: RotaSlotDto[] = [];
        for (let i = 0; i < Math.max(needed, filled.length); i++) slots.push(filled[i] ?? { position: i + 1, staff: null });
        cells.push({ dutyId, needed, slots });
      }
      days.push({ date, duties: cells });
    }
    return {
      duties: duties.map(gridDutyOf),
      days,
    };
  }
}
