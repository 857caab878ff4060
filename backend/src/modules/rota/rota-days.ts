import type { RotaDayDto } from './dto/rota-day.dto';
import type { RotaPersonDto } from './dto/rota-person.dto';

/** Longest range one rota read or bulk run may cover: two years and a bit. */
export const MAX_RANGE_DAYS = 800;

/** A row of the rota query: one person in one slot of one day. */
export interface RotaSlotRow {
  day_id: string;
  date: string;
  position: number;
  staff_id: string;
  name: string;
  /** The organisation's duty managers per day (null without a settings row), the same on every row. */
  slots_per_day: number | null;
}

/**
 * The rota days of `startDate`..`endDate` (days with nobody on them do not exist), one query, with
 * the organisation's duty managers per day on each row: how many slots a day shows, read in the same
 * round trip (without rows there is no day to shape).
 */
export const ROTA_DAYS_SQL = `
  select d.id as day_id, to_char(d.date, 'YYYY-MM-DD') as date, s.position, s.staff_id, st.name,
         ss.duty_managers_per_day as slots_per_day
    from rota_days d
    join rota_slots s on s.rota_day_id = d.id and s.organization_id = d.organization_id
    join staff st on st.id = s.staff_id and st.organization_id = d.organization_id
    left join system_settings ss on ss.organization_id = d.organization_id
   where d.organization_id = ? and d.date between ? and ?
   order by d.date, s.position`;

/** Groups slot rows (ordered by date and position) into the API's rota days. */
export function toRotaDays(rows: RotaSlotRow[], slotsPerDay: number): RotaDayDto[] {
  const days: RotaDayDto[] = [];
  let current: RotaDayDto | undefined;
  for (const row of rows) {
    if (!current || current.id !== row.day_id) {
      current = {
        id: row.day_id,
        date: row.date,
        dutyManager1Id: null,
        dutyManager2Id: null,
        dutyManager1: null,
        dutyManager2: null,
        slots: Array.from({ length: slotsPerDay }, (_, i) => ({ position: i + 1, staff: null })),
      };
      days.push(current);
    }
    const person: RotaPersonDto = { id: row.staff_id, name: row.name };
    while (current.slots.length < row.position) current.slots.push({ position: current.slots.length + 1, staff: null });
    current.slots[row.position - 1]!.staff = person;
    if (row.position === 1) {
      current.dutyManager1Id = person.id;
      current.dutyManager1 = person;
    } else if (row.position === 2) {
      current.dutyManager2Id = person.id;
      current.dutyManager2 = person;
    }
  }
  return days;
}
