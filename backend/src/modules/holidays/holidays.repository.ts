import { EntityManager, type RequiredEntityData } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { preparedRead, preparedStatement } from '../../database/prepared-read';
import { TenantContext } from '../../tenancy/tenant-context';
import { Holiday, type HolidayType } from './entities/holiday.entity';

const CLOSING_BETWEEN = preparedStatement(
  'holidays_closing_between',
  `select name, type::text as type, to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate"
     from holidays where organization_id = ? and end_date >= ? and start_date <= ?`,
);

/** What a holiday closes: its days and its label's parts (HolidaysRepository.closingBetween). */
export type ClosingHoliday = Pick<Holiday, 'name' | 'type' | 'startDate' | 'endDate'>;

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

/**
 * The one door to `holidays` (docs/architecture.md, "One door per module"). The tenant filter
 * scopes the ORM calls; the raw statements state the organisation (TenantContext.require(), which
 * throws outside any context). Inside a UnitOfWork transaction the injected manager is the
 * transaction's. Other modules ask SchoolCalendar, which answers from here.
 */
@Injectable()
export class HolidaysRepository {
  constructor(private readonly em: EntityManager) {}

  /** The holidays touching `from`..`to` (either end open), by start date, then name. */
  list(from?: IsoDate, to?: IsoDate): Promise<Holiday[]> {
    const where: Record<string, unknown> = {};
    if (from) where.endDate = { $gte: from };
    if (to) where.startDate = { $lte: to };
    return this.em.find(Holiday, where, { orderBy: { startDate: 'asc', name: 'asc' } });
  }

  /**
   * The holidays touching `from`..`to`, unordered, as plain rows of what they close: a prepared
   * read of the committed rows (prepared-read.ts), for reads that change nothing (the Today board).
   */
  closingBetween(from: IsoDate, to: IsoDate): Promise<ClosingHoliday[]> {
    return preparedRead<ClosingHoliday>(this.em, CLOSING_BETWEEN, [TenantContext.require(), from, to]);
  }

  /** The holidays touching `from`..`to`, unordered (what a range already covers). */
  touching(from: IsoDate, to: IsoDate): Promise<Holiday[]> {
    return this.em.find(Holiday, { endDate: { $gte: from }, startDate: { $lte: to } });
  }

  /** A holiday by id; another organisation's is simply not found. */
  findById(id: string): Promise<Holiday | null> {
    return this.em.findOne(Holiday, { id });
  }

  add(holiday: RequiredEntityData<Holiday>): Holiday {
    return this.em.create(Holiday, holiday);
  }

  /** Changes a loaded holiday (written at the next flush). */
  change(holiday: Holiday, fields: Pick<Holiday, 'name' | 'type' | 'startDate' | 'endDate' | 'description'>): void {
    this.em.assign(holiday, fields);
  }

  remove(holiday: Holiday): void {
    this.em.remove(holiday);
  }

  flush(): Promise<void> {
    return this.em.flush();
  }

  /** The current organisation's holidays that touch `from`..`to`, by start date, then name. One statement. */
  rowsBetween(from: IsoDate, to: IsoDate): Promise<HolidayRow[]> {
    return this.em.execute<HolidayRow[]>(
      `select id, name, type, start_date::text as start_date, end_date::text as end_date, description,
              revision::text as revision, updated_at
         from holidays
        where organization_id = ? and end_date >= ? and start_date <= ?
        order by start_date, name, id`,
      [TenantContext.require(), from, to],
    );
  }

  /** Whether the current organisation has a bank holiday in `from`..`to`. One statement. */
  async hasBankHolidayBetween(from: IsoDate, to: IsoDate): Promise<boolean> {
    const rows = await this.em.execute<{ one: number }[]>(
      `select 1 as one from holidays where organization_id = ? and type = 'bank_holiday' and start_date <= ? and end_date >= ? limit 1`,
      [TenantContext.require(), to, from],
    );
    return rows.length > 0;
  }

  /** Erasure: replaces a person's names and addresses (`pattern`, whole words, any case) by their pseudonym in holidays' names and descriptions and terms' names; how many rows changed. */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    return (
      (
        await this.em.execute<{ id: string }[]>(
          `update holidays set name = regexp_replace(name, ?, ?, 'gi'), description = regexp_replace(description, ?, ?, 'gi') where organization_id = ? and (name ~* ? or description ~* ?) returning id`,
          [pattern, pseudonym, pattern, pseudonym, TenantContext.require(), pattern, pattern],
        )
      ).length +
      (
        await this.em.execute<{ id: string }[]>(
          `update terms set name = regexp_replace(name, ?, ?, 'gi') where organization_id = ? and (name ~* ?) returning id`,
          [pattern, pseudonym, TenantContext.require(), pattern],
        )
      ).length
    );
  }
}
