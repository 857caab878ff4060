import type { EntityManager } from '@mikro-orm/postgresql';
import type { IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import type { HolidayType } from './entities/holiday.entity';

/**
 * Reads of `holidays` that other modules answer from: the holidays module owns the table, so
 * the statements are here (docs/architecture.md, "The dependency rule"). Plain functions on the
 * caller's EntityManager, like the tenants' organizationToday; the organisation is the current
 * one (TenantContext.require(), which throws outside any context).
 */

/** One holiday with its revision and last change, dates as `yyyy-MM-dd` (a calendar feed's row). */
export interface HolidayRow {
  id: string;
  name: string;
  type: HolidayType;
  start_date: IsoDate;
  end_date: IsoDate;
  description: string | null;
  /** `holidays.revision`, a bigint: as text. */
  revision: string;
  updated_at: Date | string;
}

/** The current organisation's holidays that touch `from`..`to`, by start date, then name. One statement. */
export function holidaysBetween(em: EntityManager, from: IsoDate, to: IsoDate): Promise<HolidayRow[]> {
  return em.execute<HolidayRow[]>(
    `select id, name, type, start_date::text as start_date, end_date::text as end_date, description,
            revision::text as revision, updated_at
       from holidays
      where organization_id = ? and end_date >= ? and start_date <= ?
      order by start_date, name, id`,
    [TenantContext.require(), from, to],
  );
}

/** Whether the current organisation has a bank holiday in `from`..`to`. One statement. */
export async function hasBankHolidayBetween(em: EntityManager, from: IsoDate, to: IsoDate): Promise<boolean> {
  const rows = await em.execute<{ one: number }[]>(
    `select 1 as one from holidays where organization_id = ? and type = 'bank_holiday' and start_date <= ? and end_date >= ? limit 1`,
    [TenantContext.require(), to, from],
  );
  return rows.length > 0;
}
