import { preparedStatement } from '../../database/prepared-read';
import type { Duty } from './entities/duty.entity';

/**
 * Every duty of one organisation (the only parameter) not deleted, in the school's order, with its
 * weekdays, its listed groups and people and the settings' duty managers per day: one statement
 * where the ORM took four (the duties, their weekdays, their lists, the setting) and made an entity
 * of every row. The duties are read by the duty list, the all-duties grid, the Today board and My
 * Rota on every request (docs/performance.md#api-at-scale). Ids in the lists are sorted as
 * JavaScript sorts them (byte order: `collate "C"`); weekdays Monday first.
 */
export const DUTY_LIST_SQL = `
  select d.id, d.is_duty_manager, d.name, d.place, d.wet_place, d.description, d.start_time, d.end_time,
         d.weight, d.eligible, d.pairs_teaching, d.paused, d.sort_order,
         coalesce((select json_agg(json_build_object('weekday', w.weekday, 'people', w.people) order by w.weekday)
                     from duty_weekdays w where w.duty_id = d.id and w.organization_id = d.organization_id), '[]'::json) as weekdays,
         coalesce((select json_agg(e.staff_group_id order by e.staff_group_id::text collate "C")
                     from duty_eligibility e where e.duty_id = d.id and e.organization_id = d.organization_id and e.staff_group_id is not null), '[]'::json) as group_ids,
         coalesce((select json_agg(e.staff_id order by e.staff_id::text collate "C")
                     from duty_eligibility e where e.duty_id = d.id and e.organization_id = d.organization_id and e.staff_id is not null), '[]'::json) as staff_ids,
         (select s.duty_managers_per_day from system_settings s where s.organization_id = d.organization_id) as duty_managers_per_day
    from duties d
   where d.organization_id = ? and d.archived_at is null
   order by d.sort_order, d.created_at, d.id`;

/** DUTY_LIST_SQL as the prepared statement the duty list runs (prepared-read.ts). */
export const DUTY_LIST = preparedStatement('duty_list', DUTY_LIST_SQL);

/** A row of DUTY_LIST_SQL. */
export interface DutyListRow {
  id: string;
  is_duty_manager: true | null;
  name: string;
  place: string | null;
  wet_place: string | null;
  description: string;
  start_time: string | null;
  end_time: string | null;
  weight: number;
  eligible: Duty['eligible'];
  pairs_teaching: boolean;
  paused: boolean;
  sort_order: number;
  weekdays: { weekday: number; people: number }[];
  group_ids: string[];
  staff_ids: string[];
  /** Null when the organisation has no settings row yet. */
  duty_managers_per_day: number | null;
}

/** The row's duty as the fields the duty's DTO reads (toDutyDto). */
export function dutyFieldsOf(row: DutyListRow): DutyFields {
  return {
    id: row.id,
    isDutyManager: row.is_duty_manager,
    name: row.name,
    place: row.place,
    wetPlace: row.wet_place,
    description: row.description,
    startTime: row.start_time,
    endTime: row.end_time,
    weight: row.weight,
    eligible: row.eligible,
    pairsTeaching: row.pairs_teaching,
    paused: row.paused,
    sortOrder: row.sort_order,
  };
}

/** What a duty's DTO is made of. */
export type DutyFields = Pick<
  Duty,
  'id' | 'isDutyManager' | 'name' | 'place' | 'wetPlace' | 'description' | 'startTime' | 'endTime' | 'weight' | 'eligible' | 'pairsTeaching' | 'paused' | 'sortOrder'
>;
