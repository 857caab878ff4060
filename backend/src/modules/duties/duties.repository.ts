import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { preparedRead } from '../../database/prepared-read';
import { DUTY_LIST, type DutyListRow } from './duty-list';
import { DutyEligibilityEntry } from './entities/duty-eligibility-entry.entity';
import { DutyWeekday } from './entities/duty-weekday.entity';
import { Duty, type DutyEligibility } from './entities/duty.entity';
import type { MixMode } from '../settings/entities/system-settings.entity';

/** A duty with the weekdays it runs on and what it lists as allowed to take it. */
export interface DutyRecord {
  duty: Duty;
  /** Monday first; none for the Duty Manager duty (its need is the settings'). */
  weekdays: { weekday: number; people: number }[];
  groupIds: string[];
  staffIds: string[];
}

/** A duty as the rota planner needs it (DutiesService.planningDuties). */
export interface PlanningDuty {
  id: string;
  isDutyManager: boolean;
  name: string;
  place: string | null;
  /** `HH:mm`; both null for an all-day duty. */
  startTime: string | null;
  endTime: string | null;
  /** Its weight for fairness (1–600). */
  weight: number;
  /** Whether the teaching/non-teaching mix applies to its people (always for the Duty Manager duty). */
  pairsTeaching: boolean;
  /** People needed Monday … Friday (index 0 = Monday); 0: it doesn't run that weekday. The Duty Manager duty: the duty managers per day every day. */
  needs: [number, number, number, number, number];
  eligible: DutyEligibility;
  /** With `listed`: the people allowed (the listed groups' members and the listed people), by id, each once; empty otherwise. */
  allowedStaffIds: string[];
}

/** The school's daily rules and teaching mix, as the planner reads them with the duties. */
export interface PlanningRules {
  maxDutiesPerDay: number;
  allDayDutiesCount: boolean;
  mixMode: MixMode;
}

/** Every duty to plan, in the school's order, and the rules that go across them. */
export interface PlanningDuties {
  duties: PlanningDuty[];
  rules: PlanningRules;
}

interface PlanningRow {
  id: string;
  is_duty_manager: boolean;
  name: string;
  place: string | null;
  start_time: string | null;
  end_time: string | null;
  weight: number;
  pairs_teaching: boolean;
  needs: number[];
  eligible: DutyEligibility;
  allowed: string[];
  max_duties_per_day: number;
  all_day_duties_count: boolean;
  mix_mode: MixMode;
}

/**
 * Every duty not deleted or paused, in the school's order, with its need per weekday (the Duty
 * Manager duty's from the settings row), who it lists as allowed (the groups expanded to their
 * members) and the settings' daily rules and mix: one statement. The defaults while the
 * organisation has no settings row: 2 duty managers, 1 duty a day, all-day duties counted, `when_fair`.
 */
const PLANNING_DUTIES_SQL = `
  select d.id, coalesce(d.is_duty_manager, false) as is_duty_manager, d.name, d.place, d.start_time, d.end_time, d.weight, d.pairs_teaching, d.eligible,
         case when d.is_duty_manager then array_fill(coalesce(s.duty_managers_per_day, 2)::int, array[5])
              else array(select coalesce(w.people, 0)::int from generate_series(1, 5) g(weekday)
                           left join duty_weekdays w on w.duty_id = d.id and w.organization_id = d.organization_id and w.weekday = g.weekday
                          order by g.weekday) end as needs,
         case when d.eligible = 'listed'
              then array(select x.staff_id::text from (
                           select e.staff_id from duty_eligibility e
                            where e.duty_id = d.id and e.organization_id = d.organization_id and e.staff_id is not null
                           union
                           select m.staff_id from duty_eligibility e
                             join staff_group_members m on m.group_id = e.staff_group_id and m.organization_id = e.organization_id
                            where e.duty_id = d.id and e.organization_id = d.organization_id) x
                          order by 1)
              else '{}'::text[] end as allowed,
         coalesce(s.max_duties_per_day, 1) as max_duties_per_day, coalesce(s.all_day_duties_count, true) as all_day_duties_count,
         coalesce(s.mix_mode, 'when_fair') as mix_mode
    from duties d
    left join system_settings s on s.organization_id = d.organization_id
   where d.organization_id = ? and d.archived_at is null and not d.paused
   order by d.sort_order, d.created_at, d.id`;

/**
 * The one door to `duties`, `duty_weekdays` and `duty_eligibility` (docs/architecture.md, "One
 * door per module"). The tenant filter scopes the ORM calls to the current organisation. The Duty
 * Manager duty is inserted by the database when an organisation is created (the trigger
 * `organizations_duty_manager_duty`), so every organisation has it from its first statement on.
 */
@Injectable()
export class DutiesRepository {
  /** Each organisation's Duty Manager duty: given with the organisation, never replaced, renamed away or removed. */
  private readonly dutyManagers = new Map<string, string>();

  constructor(private readonly em: EntityManager) {}

  /** The id of the organisation's Duty Manager duty, read once per organisation and process (it never changes). */
  async dutyManagerId(): Promise<string> {
    const org = TenantContext.require();
    let id = this.dutyManagers.get(org);
    if (!id) {
      const [row] = await this.em.execute<{ id: string }[]>('select id from duties where organization_id = ? and is_duty_manager', [org]);
      id = row!.id;
      this.dutyManagers.set(org, id);
    }
    return id;
  }

  /** The organisation's duties not deleted, in the school's order, with their weekdays and lists. Three statements. */
  /** The names of the duties `ids`, deleted ones included, by id. */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const duties = await this.em.find(Duty, { id: { $in: ids } }, { fields: ['id', 'name'] });
    return new Map(duties.map((d) => [d.id, d.name]));
  }

  /** Every duty not deleted, in the school's order, with its weekdays and lists and the duty managers per day: one prepared statement (duty-list.ts). */
  listRows(): Promise<DutyListRow[]> {
    return preparedRead<DutyListRow>(this.em, DUTY_LIST, [TenantContext.require()]);
  }

  /** One duty not deleted with its weekdays and lists, or null (another organisation's is null too). */
  async find(id: string): Promise<DutyRecord | null> {
    const duty = await this.em.findOne(Duty, { id, archivedAt: null });
    return duty ? (await this.withDetails([duty]))[0]! : null;
  }

  /** One duty, deleted ones too, with its weekdays and lists, or null (another organisation's is null too). */
  async findWithDeleted(id: string): Promise<DutyRecord | null> {
    const duty = await this.em.findOne(Duty, { id });
    return duty ? (await this.withDetails([duty]))[0]! : null;
  }

  /** The duty, not deleted, locked until the transaction ends, or null. */
  lock(id: string): Promise<Duty | null> {
    return this.em.findOne(Duty, { id, archivedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Of these name keys, those a duty not deleted (other than `exceptId`) has. */
  async namesTaken(nameKeys: string[], exceptId?: string): Promise<Set<string>> {
    if (!nameKeys.length) return new Set();
    const found = await this.em.find(Duty, exceptId ? { nameKey: { $in: nameKeys }, id: { $ne: exceptId } } : { nameKey: { $in: nameKeys } }, {
      fields: ['nameKey'],
    });
    return new Set(found.map((duty) => duty.nameKey!));
  }

  /** The sort order after every duty's. */
  async nextSortOrder(): Promise<number> {
    const [row] = await this.em.execute<{ next: number }[]>(
      'select coalesce(max(sort_order) + 1, 0)::int as next from duties where organization_id = ?',
      [TenantContext.require()],
    );
    return row?.next ?? 0;
  }

  add(
    fields: Pick<
      Duty,
      'name' | 'nameKey' | 'place' | 'wetPlace' | 'description' | 'startTime' | 'endTime' | 'weight' | 'eligible' | 'pairsTeaching' | 'sortOrder'
    >,
  ): Duty {
    return this.em.create(Duty, fields);
  }

  /** Makes `weekdays` the duty's weekdays (the list replaces them). */
  async setWeekdays(duty: Duty, weekdays: { weekday: number; people: number }[]): Promise<void> {
    const current = await this.em.find(DutyWeekday, { duty });
    const wanted = new Map(weekdays.map((w) => [w.weekday, w.people]));
    for (const row of current) {
      const people = wanted.get(row.weekday);
      if (people === undefined) this.em.remove(row);
      else row.people = people;
      wanted.delete(row.weekday);
    }
    for (const [weekday, people] of wanted) this.em.create(DutyWeekday, { duty, weekday, people });
  }

  /** Makes these groups and people the duty's list (none: an empty list). */
  async setEligibility(duty: Duty, groupIds: string[], staffIds: string[]): Promise<void> {
    const current = await this.em.find(DutyEligibilityEntry, { duty });
    const groups = new Set(groupIds);
    const people = new Set(staffIds);
    for (const entry of current) {
      const group = entry.staffGroup?.id;
      const person = entry.staff?.id;
      if (group ? groups.delete(group) : person ? people.delete(person) : false) continue;
      this.em.remove(entry);
    }
    for (const staffGroup of groups) this.em.create(DutyEligibilityEntry, { duty, staffGroup });
    for (const staff of people) this.em.create(DutyEligibilityEntry, { duty, staff });
  }

  /** Gives the duties these sort orders (0, 1, … in the list's order). */
  async setOrder(ids: string[]): Promise<void> {
    const duties = await this.em.find(Duty, { id: { $in: ids }, archivedAt: null });
    const position = new Map(ids.map((id, i) => [id, i]));
    for (const duty of duties) duty.sortOrder = position.get(duty.id)!;
  }

  flush(): Promise<void> {
    return this.em.flush();
  }

  /** Every duty to plan, in the school's order, with the daily rules: one statement (PLANNING_DUTIES_SQL). */
  async planningDuties(): Promise<PlanningDuties> {
    const rows = await this.em.execute<PlanningRow[]>(PLANNING_DUTIES_SQL, [TenantContext.require()]);
    // The Duty Manager duty can't be paused or deleted: there is always a row.
    const first = rows[0]!;
    return {
      duties: rows.map((r) => ({
        id: r.id,
        isDutyManager: r.is_duty_manager,
        name: r.name,
        place: r.place,
        startTime: r.start_time,
        endTime: r.end_time,
        weight: r.weight,
        pairsTeaching: r.is_duty_manager || r.pairs_teaching,
        needs: r.needs.map(Number) as PlanningDuty['needs'],
        eligible: r.eligible,
        allowedStaffIds: r.allowed,
      })),
      rules: { maxDutiesPerDay: first.max_duties_per_day, allDayDutiesCount: first.all_day_duties_count, mixMode: first.mix_mode },
    };
  }

  private async withDetails(duties: Duty[]): Promise<DutyRecord[]> {
    if (!duties.length) return [];
    const ids = duties.map((d) => d.id);
    const weekdays = await this.em.find(DutyWeekday, { duty: { $in: ids } }, { orderBy: { weekday: 'asc' } });
    const entries = await this.em.find(DutyEligibilityEntry, { duty: { $in: ids } });
    const records = new Map<string, DutyRecord>(duties.map((duty) => [duty.id, { duty, weekdays: [], groupIds: [], staffIds: [] }]));
    for (const w of weekdays) records.get(w.duty.id)!.weekdays.push({ weekday: w.weekday, people: w.people });
    for (const e of entries) {
      const record = records.get(e.duty.id)!;
      if (e.staffGroup) record.groupIds.push(e.staffGroup.id);
      else if (e.staff) record.staffIds.push(e.staff.id);
    }
    for (const record of records.values()) {
      record.groupIds.sort();
      record.staffIds.sort();
    }
    return [...records.values()];
  }

  /** Erasure: replaces a person's names and addresses (`pattern`, whole words, any case) by their pseudonym in the duties' places and descriptions; how many rows changed. */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    return (
      await this.em.execute<{ id: string }[]>(
        `update duties set place = regexp_replace(place, ?, ?, 'gi'), wet_place = regexp_replace(wet_place, ?, ?, 'gi'), description = regexp_replace(description, ?, ?, 'gi') where organization_id = ? and (place ~* ? or wet_place ~* ? or description ~* ?) returning id`,
        [pattern, pseudonym, pattern, pseudonym, pattern, pseudonym, TenantContext.require(), pattern, pattern, pattern],
      )
    ).length;
  }
}
