import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { dutyManagerIdOf } from '../duties/duty-manager-sql';
import type { DutyDays } from './duties-planner';
import type { DaySlots } from './engine/rota-engine';
import type { RotaSlotsSource } from './rota-slots-source';

/** A draft as its statements read it, with how many duties it holds. */
export interface DraftRow {
  id: string;
  name: string;
  start_date: IsoDate;
  end_date: IsoDate;
  duty_ids: string[] | null;
  created_by: string;
  created_at: Date | string;
  published_at: Date | string | null;
  discarded: boolean;
  duties: number;
}

/** One person in one slot of one duty on one day of a draft. */
export interface DraftSlotRow {
  dutyId: string;
  date: IsoDate;
  position: number;
  staffId: string;
}

const DRAFT_COLUMNS = `r.id, r.name, to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date,
  r.duty_ids, r.created_by, r.created_at, r.published_at, r.discarded,
  (select count(*)::int from draft_slots s where s.organization_id = r.organization_id and s.draft_id = r.id) as duties`;

/**
 * The slots of the rota with a draft in place on its period: the live slots outside it (or of
 * duties it doesn't plan), then the draft's. Its parameters: `overlayParams`.
 */
const OVERLAY = `(select staff_id, duty_id, date, position from rota_slots
     where organization_id = ? and not (date between ? and ? and duty_id = any(?::uuid[]))
   union all
   select staff_id, duty_id, date, position from draft_slots where organization_id = ? and draft_id = ?)`;

/**
 * The one owner of `rota_drafts` and `draft_slots` (docs/product.md#drafts): every statement that
 * reads or writes them is here. Every statement is on the current organisation (TenantContext).
 */
@Injectable()
export class DraftsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Stores a draft and its slots; returns its id. */
  async create(
    draft: { name: string; startDate: IsoDate; endDate: IsoDate; dutyIds: string[]; createdBy: string },
    slots: DraftSlotRow[],
  ): Promise<string> {
    const org = TenantContext.require();
    const [row] = await this.em.execute<{ id: string }[]>(
      `insert into rota_drafts (id, organization_id, name, start_date, end_date, duty_ids, created_by)
       values (gen_random_uuid(), ?, ?, ?, ?, ?::jsonb, ?) returning id`,
      [org, draft.name, draft.startDate, draft.endDate, JSON.stringify(draft.dutyIds), draft.createdBy],
    );
    if (slots.length) {
      await this.em.execute(
        `insert into draft_slots (id, organization_id, draft_id, duty_id, date, position, staff_id)
         select gen_random_uuid(), ?, ?, x.duty_id, x.date, x.position, x.staff_id
           from jsonb_to_recordset(?::jsonb) as x(duty_id uuid, date date, position int, staff_id uuid)`,
        [org, row!.id, JSON.stringify(slots.map((s) => ({ duty_id: s.dutyId, date: s.date, position: s.position, staff_id: s.staffId })))],
      );
    }
    return row!.id;
  }

  /** The open draft (neither published nor discarded) whose period overlaps `from`..`to`, if any. */
  async openOverlapping(from: IsoDate, to: IsoDate): Promise<{ id: string; name: string } | undefined> {
    const [row] = await this.em.execute<{ id: string; name: string }[]>(
      `select id, name from rota_drafts
        where organization_id = ? and published_at is null and not discarded and start_date <= ? and end_date >= ?
        order by start_date limit 1`,
      [TenantContext.require(), to, from],
    );
    return row;
  }

  /** Every draft, the latest first. */
  list(): Promise<DraftRow[]> {
    return this.em.execute<DraftRow[]>(`select ${DRAFT_COLUMNS} from rota_drafts r where r.organization_id = ? order by r.created_at desc, r.id`, [
      TenantContext.require(),
    ]);
  }

  /** One draft; with `lock`, locked until the transaction ends (publish and discard). Undefined for another organisation's. */
  async find(id: string, { lock = false } = {}): Promise<DraftRow | undefined> {
    const [row] = await this.em.execute<DraftRow[]>(
      `select ${DRAFT_COLUMNS} from rota_drafts r where r.organization_id = ? and r.id = ?${lock ? ' for update of r' : ''}`,
      [TenantContext.require(), id],
    );
    return row;
  }

  /** The draft's slots on `from`..`to`, per duty id then date. */
  async slotsOf(draftId: string, from: IsoDate, to: IsoDate): Promise<DutyDays> {
    const rows = await this.em.execute<DraftSlotRow[]>(
      `select duty_id as "dutyId", to_char(date, 'YYYY-MM-DD') as date, position, staff_id as "staffId" from draft_slots
        where organization_id = ? and draft_id = ? and date between ? and ? order by duty_id, date, position`,
      [TenantContext.require(), draftId, from, to],
    );
    const days: DutyDays = {};
    for (const row of rows) {
      const slots: DaySlots = ((days[row.dutyId] ??= {})[row.date] ??= []);
      while (slots.length < row.position) slots.push(null);
      slots[row.position - 1] = { staffId: row.staffId, override: false };
    }
    return days;
  }

  /** The draft's people on `from`..`to` with their names, by date, duty and slot (the all-duties grid's rows). */
  namedSlotsBetween(
    draftId: string,
    from: IsoDate,
    to: IsoDate,
  ): Promise<{ duty_id: string; date: IsoDate; position: number; staff_id: string; name: string }[]> {
    return this.em.execute(
      `select s.duty_id, to_char(s.date, 'YYYY-MM-DD') as date, s.position, s.staff_id, st.name
         from draft_slots s join staff st on st.id = s.staff_id and st.organization_id = s.organization_id
        where s.organization_id = ? and s.draft_id = ? and s.date between ? and ?
        order by s.date, s.duty_id, s.position`,
      [TenantContext.require(), draftId, from, to],
    );
  }

  /** How many duties of the draft each person holds. */
  async countsPerPerson(draftId: string): Promise<Map<string, number>> {
    const rows = await this.em.execute<{ staff_id: string; n: number }[]>(
      `select staff_id, count(*)::int as n from draft_slots where organization_id = ? and draft_id = ? group by staff_id`,
      [TenantContext.require(), draftId],
    );
    return new Map(rows.map((r) => [r.staff_id, r.n]));
  }

  /** Ends a draft: published now, or discarded. */
  async close(id: string, how: 'published' | 'discarded'): Promise<void> {
    await this.em.execute(
      `update rota_drafts set ${how === 'published' ? 'published_at = now()' : 'discarded = true'} where organization_id = ? and id = ?`,
      [TenantContext.require(), id],
    );
  }

  /**
   * The rota's slots as they would be with `draft` published (docs/product.md#drafts): what the
   * fairness view, the load view, the health check and the rota export read instead of the live rota. Each method
   * is RotaRepository's, one statement.
   */
  inPlace(draft: { id: string; startDate: IsoDate; endDate: IsoDate; dutyIds: string[] }): RotaSlotsSource {
    const org = TenantContext.require();
    const overlay = [org, draft.startDate, draft.endDate, `{${draft.dutyIds.join(',')}}`, org, draft.id];
    const dutyManager = dutyManagerIdOf('?');
    const em = this.em;
    return {
      async dutyCounts(from, to, today) {
        const rows = await em.execute<{ staff_id: string; done: string; planned: string }[]>(
          `select staff_id, count(*) filter (where date < ?) as done, count(*) filter (where date >= ?) as planned
             from ${OVERLAY} s where duty_id = ${dutyManager} and date between ? and ? group by staff_id`,
          [today, today, ...overlay, org, from, to],
        );
        return new Map(rows.map((r) => [r.staff_id, { done: Number(r.done), planned: Number(r.planned) }]));
      },
      async dutyCountBetween(from, to) {
        if (to < from) return 0;
        const [row] = await em.execute<{ n: string }[]>(
          `select count(*) as n from ${OVERLAY} s where duty_id = ${dutyManager} and date between ? and ?`,
          [...overlay, org, from, to],
        );
        return Number(row?.n ?? 0);
      },
      async dutyLoadCounts(from, to, through) {
        const rows = await em.execute<{ staff_id: string; duty_id: string; n: string; done: string }[]>(
          `select staff_id, duty_id, count(*) as n, count(*) filter (where date <= ?) as done
             from ${OVERLAY} s where date between ? and ? group by staff_id, duty_id`,
          [through, ...overlay, from, to],
        );
        return rows.map((r) => ({ staffId: r.staff_id, dutyId: r.duty_id, count: Number(r.n), done: Number(r.done) }));
      },
      async slotsFrom(from, to, duty) {
        const rows = await em.execute<{ date: string; position: number; staff_id: string }[]>(
          `select to_char(date, 'YYYY-MM-DD') as date, position, staff_id from ${OVERLAY} s
            where duty_id = coalesce(?::uuid, ${dutyManager}) and date >= ?${to ? ' and date <= ?' : ''} order by date, position`,
          [...overlay, duty ?? null, org, from, ...(to ? [to] : [])],
        );
        const days: Record<IsoDate, DaySlots> = {};
        for (const row of rows) {
          const slots = (days[row.date] ??= []);
          while (slots.length < row.position) slots.push(null);
          slots[row.position - 1] = { staffId: row.staff_id, override: false };
        }
        return days;
      },
      priorDuties(yearStart, yearEnd, exceptDays) {
        return em.execute<{ staff_id: string; dow: number; n: string }[]>(
          `select staff_id, extract(isodow from date)::int as dow, count(*) as n from ${OVERLAY} s
            where duty_id = ${dutyManager} and date between ? and ? and date <> all(?::date[])
            group by staff_id, dow`,
          [...overlay, org, yearStart, yearEnd, `{${exceptDays.join(',')}}`],
        );
      },
      async weekCounts(from, to, exceptDays) {
        const rows = await em.execute<{ staff_id: string; week: string; n: string }[]>(
          `select staff_id, to_char(date_trunc('week', date), 'YYYY-MM-DD') as week, count(*) as n from ${OVERLAY} s
            where date between ? and ? and date <> all(?::date[])
            group by staff_id, week`,
          [...overlay, from, to, `{${exceptDays.join(',')}}`],
        );
        const counts: Record<string, Record<IsoDate, number>> = {};
        for (const r of rows) (counts[r.staff_id] ??= {})[r.week] = Number(r.n);
        return counts;
      },
    };
  }
}
