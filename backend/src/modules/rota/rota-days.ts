import { preparedStatement } from '../../database/prepared-read';
import type { RotaDayDto } from './dto/rota-day.dto';
import type { RotaPersonDto } from './dto/rota-person.dto';
import type { PinReason } from './entities/rota-slot.entity';
import type { IsoDate } from '../../common/clock/clock';
import type { Slot } from './engine/rota-engine';
import { pinFields, type SlotPin } from './pins';

/** Longest range one rota read or bulk run may cover: two years and a bit. */
export const MAX_RANGE_DAYS = 800;

/** A row of the rota query: one person in one slot of one day. */
export interface RotaSlotRow {
  day_id: string;
  date: string;
  position: number;
  staff_id: string;
  override: boolean;
  pinned: boolean;
  pinned_reason: PinReason | null;
  slot_id: string;
  name: string;
  /** The organisation's duty managers per day (null without a settings row), the same on every row. */
  slots_per_day: number | null;
}

/**
 * The Duty Manager duty's rota days of `startDate`..`endDate` (days with nobody on it do not
 * exist), one query, with the organisation's duty managers per day on each row: how many slots a
 * day shows, read in the same round trip (without rows there is no day to shape).
 */
export const ROTA_DAYS_SQL = `
  select d.id as day_id, to_char(d.date, 'YYYY-MM-DD') as date, s.position, s.staff_id, s.override, s.pinned, s.pinned_reason, s.id as slot_id, st.name,
         ss.duty_managers_per_day as slots_per_day
    from rota_days d
    join rota_slots s on s.rota_day_id = d.id and s.organization_id = d.organization_id
    join duties dm on dm.id = s.duty_id and dm.organization_id = d.organization_id and dm.is_duty_manager
    join staff st on st.id = s.staff_id and st.organization_id = d.organization_id
    left join system_settings ss on ss.organization_id = d.organization_id
   where d.organization_id = ? and d.date between ? and ?
   order by d.date, s.position`;

/** ROTA_DAYS_SQL as the prepared statement the month view runs (prepared-read.ts). */
export const ROTA_DAYS = preparedStatement('rota_days', ROTA_DAYS_SQL);

/**
 * One duty's rota days of `startDate`..`endDate` (days with nobody on it do not exist), as
 * ROTA_DAYS_SQL; its parameters: organisation, duty id, start date, end date. How many slots a
 * day shows is that duty's need on its weekday, which the caller knows.
 */
export const ROTA_DUTY_DAYS_SQL = `
  select d.id as day_id, to_char(d.date, 'YYYY-MM-DD') as date, s.position, s.staff_id, s.override, s.pinned, s.pinned_reason, s.id as slot_id, st.name,
         null::int as slots_per_day
    from rota_days d
    join rota_slots s on s.rota_day_id = d.id and s.organization_id = d.organization_id and s.duty_id = ?
    join staff st on st.id = s.staff_id and st.organization_id = d.organization_id
   where d.organization_id = ? and d.date between ? and ?
   order by d.date, s.position`;

/** A slot as the rota's pages read it: the slot record with the person's name. */
export interface NamedSlot extends Slot {
  name: string;
  /** Why it is pinned and the slot's id, on a pinned slot only (docs/product.md#pinned-duties). */
  pin?: SlotPin;
}

/** A rota day as read: its slots as records in order (slot number = index + 1), null where empty. */
export interface RotaDayRecord {
  id: string;
  date: IsoDate;
  slots: (NamedSlot | null)[];
}

/** Groups slot rows (ordered by date and position) into rota days of slot records. */
export function toDayRecords(rows: RotaSlotRow[]): RotaDayRecord[] {
  const days: RotaDayRecord[] = [];
  let current: RotaDayRecord | undefined;
  for (const row of rows) {
    if (!current || current.id !== row.day_id) {
      current = { id: row.day_id, date: row.date, slots: [] };
      days.push(current);
    }
    while (current.slots.length < row.position - 1) current.slots.push(null);
    current.slots[row.position - 1] = row.pinned
      ? { staffId: row.staff_id, override: row.override, pinned: true, name: row.name, pin: { slotId: row.slot_id, reason: row.pinned_reason } }
      : { staffId: row.staff_id, override: row.override, name: row.name };
  }
  return days;
}

/**
 * A rota day in the API's shape, showing `slotsPerDay` slots (more when more are filled); with
 * `withPins` (admins and managers), a pinned slot says so (docs/product.md#pinned-duties).
 */
export function toRotaDayDto(day: RotaDayRecord, slotsPerDay: number, withPins = false): RotaDayDto {
  const slots = Array.from({ length: Math.max(slotsPerDay, day.slots.length) }, (_, i) => {
    const slot = day.slots[i];
    const staff: RotaPersonDto | null = slot ? { id: slot.staffId, name: slot.name } : null;
    return { position: i + 1, staff, ...(withPins ? pinFields(slot?.pin) : {}) };
  });
  const first = slots[0]?.staff ?? null;
  const second = slots[1]?.staff ?? null;
  return {
    id: day.id,
    date: day.date,
    dutyManager1Id: first?.id ?? null,
    dutyManager2Id: second?.id ?? null,
    dutyManager1: first,
    dutyManager2: second,
    slots,
  };
}

/** Groups slot rows (ordered by date and position) into the API's rota days (`withPins`: as toRotaDayDto). */
export function toRotaDays(rows: RotaSlotRow[], slotsPerDay: number, withPins = false): RotaDayDto[] {
  return toDayRecords(rows).map((day) => toRotaDayDto(day, slotsPerDay, withPins));
}
