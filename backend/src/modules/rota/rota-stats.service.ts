import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/roles';
import { academicYearOf, addDays, mondayOf } from '../../common/clock/academic-year';
import { SettingsService } from '../settings/settings.service';
import type { CurrentWeekDto } from './dto/rota.dto';
import type { DashboardStatsDto, DutyStatisticsDto, StaffDutyStatisticsDto } from './dto/stats.dto';
import { RotaService } from './rota.service';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The figures of the dashboard and the Statistics page, each from one or two SQL aggregates. */
@Injectable()
export class RotaStatsService {
  constructor(
    private readonly em: EntityManager,
    private readonly rota: RotaService,
    private readonly settings: SettingsService,
  ) {}

  async currentWeek(actor: AuthUser): Promise<CurrentWeekDto> {
    const org = actor.organizationId;
    const today = await this.rota.today(org);
    const weekStart = mondayOf(today);
    const weekEnd = addDays(weekStart, 4);
    const [dutyManagersPerDay, days] = await Promise.all([
      this.settings.dutyManagersPerDay(this.em, org),
      this.rota.daysBetween(this.em, org, weekStart, weekEnd),
    ]);
    return { today, weekStart, weekEnd, academicYear: academicYearOf(today), dutyManagersPerDay, days };
  }

  async dashboard(actor: AuthUser): Promise<DashboardStatsDto> {
    const org = actor.organizationId;
    const today = await this.rota.today(org);
    const weekStart = mondayOf(today);
    const weekEnd = addDays(weekStart, 4);
    const month = today.slice(0, 7);
    const monthStart = `${month}-01`;
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const nextMonthStart = monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
    const monthEnd = addDays(nextMonthStart, -1);

    // Staff count the requests they can see on the request pages: their own.
    const everyone = hasPermission(actor.role, 'requests.decide');
    const [slotsPerDay, [week], perStaff, [pending]] = await Promise.all([
      this.settings.dutyManagersPerDay(this.em, org),
      // This week: people on duty, and the weekdays that are not holidays.
      this.em.execute<{ filled: string; school_days: string }[]>(
        `select (select count(*) from rota_slots where organization_id = ? and date between ? and ?) as filled,
                (select count(*) from generate_series(?::date, ?::date, interval '1 day') as g(day)
                  where not exists (select 1 from holidays h where h.organization_id = ? and g.day between h.start_date and h.end_date)
                ) as school_days`,
        [org, weekStart, weekEnd, weekStart, weekEnd, org],
      ),
      // This month, per active member (0 included).
      this.em.execute<{ name: string; n: string }[]>(
        `select st.name, count(s.id) as n
           from staff st
           left join rota_slots s on s.staff_id = st.id and s.organization_id = st.organization_id and s.date between ? and ?
          where st.organization_id = ? and st.is_active
          group by st.id, st.name
          order by n desc, st.name`,
        [monthStart, monthEnd, org],
      ),
      this.em.execute<{ swaps: string; cancellations: string }[]>(
        `select (select count(*) from swap_requests r
                  where r.organization_id = ? and r.status = 'pending'
                    ${everyone ? '' : 'and exists (select 1 from staff st where st.id in (r.requester_id, r.target_id) and st.user_id = ?)'}) as swaps,
                (select count(*) from cancel_requests r
                  where r.organization_id = ? and r.status = 'pending'
                    ${everyone ? '' : 'and exists (select 1 from staff st where st.id = r.staff_id and st.user_id = ?)'}) as cancellations`,
        everyone ? [org, org] : [org, actor.id, org, actor.id],
      ),
    ]);
    const filled = Number(week!.filled);
    const unfilled = filled === 0 ? undefined : Math.max(0, Number(week!.school_days) * slotsPerDay - filled);
    const counts = perStaff.map((r) => ({ name: r.name, count: Number(r.n) }));
    const totalDuties = counts.reduce((sum, c) => sum + c.count, 0);
    // Least active: the smallest count; among equals, the first by name.
    const least = counts.length
      ? counts.reduce((min, c) => (c.count < min.count || (c.count === min.count && c.name < min.name) ? c : min))
      : undefined;
    return {
      unfilled,
      activeStaffCount: counts.length,
      pendingSwaps: Number(pending!.swaps),
      pendingCancellations: Number(pending!.cancellations),
      // Nobody is "most active" in a month without duties.
      mostActive: totalDuties > 0 ? counts[0] : undefined,
      leastActive: least,
      averageDuties: counts.length ? round1(totalDuties / counts.length) : 0,
      totalDuties,
      month,
    };
  }

  async dutyStatistics(actor: AuthUser): Promise<DutyStatisticsDto> {
    const org = actor.organizationId;
    const year = academicYearOf(await this.rota.today(org));
    const rows = await this.em.execute<
      {
        id: string;
        name: string;
        department: string | null;
        is_teaching: boolean;
        is_active: boolean;
        total: string;
        mon: string;
        tue: string;
        wed: string;
        thu: string;
        fri: string;
      }[]
    >(
      `select st.id, st.name, st.department, st.is_teaching, st.is_active,
              count(s.id) as total,
              count(s.id) filter (where extract(isodow from s.date) = 1) as mon,
              count(s.id) filter (where extract(isodow from s.date) = 2) as tue,
              count(s.id) filter (where extract(isodow from s.date) = 3) as wed,
              count(s.id) filter (where extract(isodow from s.date) = 4) as thu,
              count(s.id) filter (where extract(isodow from s.date) = 5) as fri
         from staff st
         left join rota_slots s on s.staff_id = st.id and s.organization_id = st.organization_id and s.date between ? and ?
        where st.organization_id = ?
        group by st.id
       having st.is_active or count(s.id) > 0
        order by total desc, st.name`,
      [year.startDate, year.statisticsEndDate, org],
    );
    const staff: StaffDutyStatisticsDto[] = rows.map((r) => ({
      staffId: r.id,
      name: r.name,
      department: r.department,
      isTeaching: r.is_teaching,
      isActive: r.is_active,
      total: Number(r.total),
      monday: Number(r.mon),
      tuesday: Number(r.tue),
      wednesday: Number(r.wed),
      thursday: Number(r.thu),
      friday: Number(r.fri),
    }));
    const totals = staff.map((s) => s.total);
    const totalDuties = totals.reduce((a, b) => a + b, 0);
    return {
      academicYear: year.label,
      startDate: year.startDate,
      endDate: year.statisticsEndDate,
      totalDuties,
      averagePerStaff: staff.length ? totalDuties / staff.length : 0,
      highest: totals.length ? Math.max(...totals) : 0,
      lowest: totals.length ? Math.min(...totals) : 0,
      staff,
    };
  }
}
