import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { dutyManagerIdOf } from '../duties/duty-manager-sql';
import { preparedRead } from '../../database/prepared-read';
import { DASHBOARD_STATS, DASHBOARD_STATS_OWN, type DashboardPeriod, dashboardStatsParams, type DashboardStatsRow } from './dashboard-stats';

/** One person's duties in a period, in all and per weekday (counts come as strings: bigint). */
export interface StaffDutyCountsRow {
  id: string;
  name: string;
  email: string;
  user_id: string | null;
  department: string | null;
  is_teaching: boolean;
  is_active: boolean;
  total: string;
  mon: string;
  tue: string;
  wed: string;
  thu: string;
  fri: string;
}

/** The statements behind the dashboard's and the Statistics page's figures, on the current organisation. */
@Injectable()
export class RotaStatsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every dashboard figure in one statement (dashboard-stats.ts); with `ownUserId`, the pending requests are that user's own. */
  async dashboardRow(period: DashboardPeriod, ownUserId?: string): Promise<DashboardStatsRow> {
    const [row] = await preparedRead<DashboardStatsRow>(this.em, ownUserId === undefined ? DASHBOARD_STATS : DASHBOARD_STATS_OWN, dashboardStatsParams(period, ownUserId));
    return row!;
  }

  /** Each person's duties in `from`..`to`: the active, and anyone else with duties then; most duties first. */
  staffDutyCounts(from: IsoDate, to: IsoDate): Promise<StaffDutyCountsRow[]> {
    return this.em.execute<StaffDutyCountsRow[]>(
      `select st.id, st.name, st.email, st.user_id, st.department, st.is_teaching, st.is_active,
              count(s.id) as total,
              count(s.id) filter (where extract(isodow from s.date) = 1) as mon,
              count(s.id) filter (where extract(isodow from s.date) = 2) as tue,
              count(s.id) filter (where extract(isodow from s.date) = 3) as wed,
              count(s.id) filter (where extract(isodow from s.date) = 4) as thu,
              count(s.id) filter (where extract(isodow from s.date) = 5) as fri
         from staff st
         left join rota_slots s on s.staff_id = st.id and s.organization_id = st.organization_id and s.date between ? and ?
               and s.duty_id = ${dutyManagerIdOf('?')}
        where st.organization_id = ?
        group by st.id
       having st.is_active or count(s.id) > 0
        order by total desc, st.name`,
      [from, to, TenantContext.require(), TenantContext.require()],
    );
  }
}
