import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { StaffUnavailability, UNAVAILABILITY_LABELS, type UnavailabilityType } from './entities/staff-unavailability.entity';

/** One person away from `start` to `end`, inclusive, and why ("Sick Leave: Surgery"). */
export interface AwayPeriod {
  staffId: string;
  start: IsoDate;
  end: IsoDate;
  label: string;
  periodId: string;
}

/**
 * Who is away when: the one owner of `staff_unavailability`. The rota asks it before putting
 * anyone on a day; the requests module records and removes periods through it. Raw statements
 * read the current organisation from TenantContext; ORM queries get it from the tenant filter.
 */
@Injectable()
export class AvailabilityRepository {
  /**
   * The first of `checks` whose person has a period covering the date, with the period's type;
   * undefined when everyone is available.
   */
  async firstAway(
    em: EntityManager,
    checks: { staffId: string; date: IsoDate }[],
  ): Promise<{ staffId: string; date: IsoDate; type: UnavailabilityType } | undefined> {
    if (!checks.length) return undefined;
    const [row] = await em.execute<{ staffId: string; date: IsoDate; type: UnavailabilityType }[]>(
      `select u.staff_id as "staffId", x.date, u.type
         from jsonb_to_recordset(?::jsonb) as x(staff_id uuid, date text)
         join staff_unavailability u on u.organization_id = ? and u.staff_id = x.staff_id and x.date::date between u.start_date and u.end_date
        limit 1`,
      [JSON.stringify(checks.map((c) => ({ staff_id: c.staffId, date: c.date }))), TenantContext.require()],
    );
    return row;
  }

  /** Everyone's periods that touch `from`..`to`. */
  async awayBetween(em: EntityManager, from: IsoDate, to: IsoDate): Promise<AwayPeriod[]> {
    const rows = await em.execute<{ staffId: string; start: IsoDate; end: IsoDate; id: string; type: UnavailabilityType; reason: string }[]>(
      `select staff_id as "staffId", to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as end, id, type, reason
         from staff_unavailability where organization_id = ? and end_date >= ? and start_date <= ?`,
      [TenantContext.require(), from, to],
    );
    return rows.map((r) => ({ staffId: r.staffId, start: r.start, end: r.end, label: `${UNAVAILABILITY_LABELS[r.type]}: ${r.reason}`, periodId: r.id }));
  }

  /** One person's periods, earliest first. */
  periodsOf(em: EntityManager, staffId: string): Promise<StaffUnavailability[]> {
    return em.find(StaffUnavailability, { staff: staffId }, { orderBy: { startDate: 'asc', endDate: 'asc' } });
  }

  /** One period by id (within the organisation in context), or null. */
  period(em: EntityManager, id: string): Promise<StaffUnavailability | null> {
    return em.findOne(StaffUnavailability, { id });
  }

  /**
   * The person's first period overlapping `start`..`end`, locked until the transaction ends so
   * two overlapping periods can't be added side by side; undefined when there is none.
   */
  async lockOverlapping(
    em: EntityManager,
    staffId: string,
    start: IsoDate,
    end: IsoDate,
  ): Promise<{ start: IsoDate; end: IsoDate; type: UnavailabilityType } | undefined> {
    const [overlap] = await em.execute<{ start: IsoDate; end: IsoDate; type: UnavailabilityType }[]>(
      `select to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as end, type
         from staff_unavailability where organization_id = ? and staff_id = ? and start_date <= ? and end_date >= ?
        order by start_date limit 1 for update`,
      [TenantContext.require(), staffId, end, start],
    );
    return overlap;
  }

  /** Adds a period; written when `em`'s unit of work is flushed. */
  add(
    em: EntityManager,
    period: { staffId: string; startDate: IsoDate; endDate: IsoDate; reason: string; type: UnavailabilityType; createdBy: string },
  ): StaffUnavailability {
    return em.create(StaffUnavailability, {
      staff: period.staffId,
      startDate: period.startDate,
      endDate: period.endDate,
      reason: period.reason,
      type: period.type,
      createdBy: period.createdBy,
    });
  }

  /** Removes a period; written when `em`'s unit of work is flushed. */
  remove(em: EntityManager, period: StaffUnavailability): void {
    em.remove(period);
  }
}
