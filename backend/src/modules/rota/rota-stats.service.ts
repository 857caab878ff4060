import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/roles';
import { academicYearOf, addDays, mondayOf } from '../../common/clock/academic-year';
import { DEFAULT_DUTY_MANAGERS_PER_DAY } from '../settings/entities/system-settings.entity';
import { SystemSettingsService } from '../settings/system-settings.service';
import { ownRecordId, seesPersonalFields } from '../staff/personal-fields';
import type { CurrentWeekDto } from './dto/current-week.dto';
import type { DashboardStatsDto } from './dto/dashboard-stats.dto';
import type { DutyStatisticsDto } from './dto/duty-statistics.dto';
import type { StaffDutyStatisticsDto } from './dto/staff-duty-statistics.dto';
import { dashboardPeriod, toDashboardStats } from './dashboard-stats';
import { RotaStatsRepository } from './rota-stats.repository';
import { OrganizationClock } from '../tenants/organization-clock';
import { RotaRepository } from './rota.repository';

/** The figures of the dashboard (one SQL statement) and of the Statistics page. */
@Injectable()
export class RotaStatsService {
  constructor(
    private readonly stats: RotaStatsRepository,
    private readonly rota: RotaRepository,
    private readonly organizationClock: OrganizationClock,
    private readonly settings: SystemSettingsService,
  ) {}

  async currentWeek(): Promise<CurrentWeekDto> {
    const today = await this.organizationClock.today();
    const weekStart = mondayOf(today);
    const weekEnd = addDays(weekStart, 4);
    const [dutyManagersPerDay, days] = await Promise.all([
      this.settings.dutyManagersPerDay(),
      this.rota.daysBetween(weekStart, weekEnd),
    ]);
    return { today, weekStart, weekEnd, academicYear: academicYearOf(today), dutyManagersPerDay, days };
  }

  async dashboard(actor: AuthUser): Promise<DashboardStatsDto> {
    const period = dashboardPeriod(await this.organizationClock.today());
    // Staff count the requests they can see on the request pages: their own.
    const everyone = hasPermission(actor.role, 'requests.decide');
    const row = await this.stats.dashboardRow(period, everyone ? undefined : actor.id);
    return toDashboardStats(row, period, DEFAULT_DUTY_MANAGERS_PER_DAY);
  }

  async dutyStatistics(viewer: AuthUser): Promise<DutyStatisticsDto> {
    const year = academicYearOf(await this.organizationClock.today());
    const rows = await this.stats.staffDutyCounts(year.startDate, year.statisticsEndDate);
    // Staff see their own department only (docs/product.md#what-people-see-of-each-other).
    const everyone = seesPersonalFields(viewer);
    const own = everyone ? undefined : ownRecordId(rows.map((r) => ({ id: r.id, userId: r.user_id, email: r.email })), viewer);
    const staff: StaffDutyStatisticsDto[] = rows.map((r) => ({
      staffId: r.id,
      name: r.name,
      ...((everyone || r.id === own) && { department: r.department }),
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
