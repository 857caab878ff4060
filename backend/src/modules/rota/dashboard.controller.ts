import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { DashboardStatsDto } from './dto/dashboard-stats.dto';
import { DutyStatisticsDto } from './dto/duty-statistics.dto';
import { RotaStatsService } from './rota-stats.service';

/** The dashboard's figures (docs/product.md#statistics-and-the-dashboard). Tagged for the frontend feature that shows them. */
@ApiTags('dashboard')
@Controller('dashboard-stats')
export class DashboardController {
  constructor(private readonly stats: RotaStatsService) {}

  @Get()
  @Authenticated('rota.view')
  getDashboardStats(@CurrentUser() user: AuthUser): Promise<DashboardStatsDto> {
    return this.stats.dashboard(user);
  }
}

/**
 * Per-person duty counts for the statistics period (1 September – 31 July of this academic year);
 * staff get colleagues' lines without their department (docs/product.md#what-people-see-of-each-other).
 */
@ApiTags('statistics')
@Controller('duty-statistics')
export class StatisticsController {
  constructor(private readonly stats: RotaStatsService) {}

  @Get()
  @Authenticated('rota.view')
  getDutyStatistics(@CurrentUser() user: AuthUser): Promise<DutyStatisticsDto> {
    return this.stats.dutyStatistics(user);
  }
}
