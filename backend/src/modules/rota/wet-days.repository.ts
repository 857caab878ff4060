import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { preparedRead, preparedStatement } from '../../database/prepared-read';
import { TenantContext } from '../../tenancy/tenant-context';

const WET_BETWEEN = preparedStatement(
  'wet_days_between',
  `select to_char(date, 'YYYY-MM-DD') as date from wet_days where organization_id = ? and date between ? and ?`,
);

/** The rota day of the wet day just marked or unmarked (`marked`), touched: what its feeds' events say changed. */
const TOUCH_DAY_SQL = `update rota_days d set updated_at = now() from marked m where d.organization_id = m.organization_id and d.date = m.date`;

/** One person on one duty with a wet-weather post on a day (WetDaysRepository.onWetPostsOn). */
export interface WetPostRow {
  staff_id: string;
  duty_id: string;
  name: string;
  place: string | null;
  wet_place: string;
  start_time: string | null;
  end_time: string | null;
}

/**
 * The one door to `wet_days` and `wet_day_notices` (docs/product.md#duties): the days marked wet
 * and who has been told of each. Every statement is on the current organisation.
 */
@Injectable()
export class WetDaysRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Marks `date` wet; true when it was not yet. A change touches the day's rota row, so calendar
   * feeds write its posts again (its revision and the feeds' counter move by the row's triggers).
   */
  async mark(date: IsoDate, markedBy: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `with marked as (
         insert into wet_days (id, organization_id, date, marked_by) values (gen_random_uuid(), ?, ?, ?)
         on conflict (organization_id, date) do nothing returning id, organization_id, date
       ), touched as (${TOUCH_DAY_SQL})
       select id from marked`,
      [TenantContext.require(), date, markedBy],
    );
    return rows.length > 0;
  }

  /** Unmarks `date`; true when it was marked. A change touches the day's rota row, as `mark` does. */
  async unmark(date: IsoDate): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `with marked as (
         delete from wet_days where organization_id = ? and date = ? returning id, organization_id, date
       ), touched as (${TOUCH_DAY_SQL})
       select id from marked`,
      [TenantContext.require(), date],
    );
    return rows.length > 0;
  }

  /**
   * The days of `from`..`to` marked wet: a prepared read (prepared-read.ts), read by the Today board
   * and the grid (My Rota, feeds and reminders join the mark in their own statement: wet-post.ts);
   * through `em.execute` it forked the request's EntityManager for this one statement.
   */
  async wetBetween(from: IsoDate, to: IsoDate): Promise<Set<IsoDate>> {
    const rows = await preparedRead<{ date: IsoDate }>(this.em, WET_BETWEEN, [TenantContext.require(), from, to]);
    return new Set(rows.map((r) => r.date));
  }

  /** Everyone on a duty with a wet-weather post on `date`, by person then the duty's start. */
  onWetPostsOn(date: IsoDate): Promise<WetPostRow[]> {
    return this.em.execute<WetPostRow[]>(
      `select s.staff_id, d.id as duty_id, d.name, d.place, d.wet_place, d.start_time, d.end_time
         from rota_slots s
         join duties d on d.id = s.duty_id and d.organization_id = s.organization_id
        where s.organization_id = ? and s.date = ? and s.staff_id is not null and d.wet_place is not null and d.archived_at is null
        order by s.staff_id, d.start_time nulls first, d.sort_order, d.id`,
      [TenantContext.require(), date],
    );
  }

  /** Records that `staffIds` were told of wet `date`; returns those not told before. */
  async firstTold(date: IsoDate, staffIds: string[]): Promise<Set<string>> {
    if (!staffIds.length) return new Set();
    const rows = await this.em.execute<{ staff_id: string }[]>(
      `insert into wet_day_notices (id, organization_id, date, staff_id)
       select gen_random_uuid(), ?, ?, x from unnest(?::uuid[]) x
       on conflict (organization_id, date, staff_id) do nothing returning staff_id`,
      [TenantContext.require(), date, `{${staffIds.join(',')}}`],
    );
    return new Set(rows.map((r) => r.staff_id));
  }
}
