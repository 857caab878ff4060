import { DutiesModule } from '../duties/duties.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module';
import { HolidaysModule } from '../holidays/holidays.module';
import { SettingsModule } from '../settings/settings.module';
import { StaffModule } from '../staff/staff.module';
import { TenantsModule } from '../tenants/tenants.module';
import { DashboardController, StatisticsController } from './dashboard.controller';
import { DutyChangeNotices } from './duty-change-notices';
import { FairnessController } from './fairness.controller';
import { FairnessService } from './fairness.service';
import { DutiesFairnessService } from './duties-fairness.service';
import { RotaCalendarController } from './rota-calendar.controller';
import { RotaCalendarService } from './rota-calendar.service';
import { RotaHealthController } from './rota-health.controller';
import { RotaHealthService } from './rota-health.service';
import { RotaPlanner } from './rota-planner';
import { RotaStatsRepository } from './rota-stats.repository';
import { RotaStatsService } from './rota-stats.service';
import { RotaController } from './rota.controller';
import { RotaPinsController } from './rota-pins.controller';
import { RotaPinsService } from './rota-pins.service';
import { RotaRepository } from './rota.repository';
import { RotaService } from './rota.service';
import { RotaAssignmentsService } from './rota-assignments.service';
import { RotaBulkService } from './rota-bulk.service';
import { DutiesPlanner } from './duties-planner';
import { DutiesRepair } from './duties-repair';
import { RotaGridService } from './rota-grid.service';
import { MyDutiesService } from './my-duties.service';
import { TodayBoardController } from './today-board.controller';
import { TodayBoardService } from './today-board.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { RotaDay } from './entities/rota-day.entity';
import { RotaSlot } from './entities/rota-slot.entity';
import { RotaDraft } from './entities/rota-draft.entity';
import { DraftSlot } from './entities/draft-slot.entity';
import { WetDayNotice } from './entities/wet-day-notice.entity';
import { WetDay } from './entities/wet-day.entity';
import { WetDaysController } from './wet-days.controller';
import { WetDaysRepository } from './wet-days.repository';
import { WetDaysService } from './wet-days.service';
import { DraftsController } from './drafts.controller';
import { DraftsRepository } from './drafts.repository';
import { DraftsService } from './drafts.service';
import { RotaTablesRepository } from './rota-tables.repository';
import { RotaTablesService } from './rota-tables.service';

@Module({
  imports: [
    MikroOrmModule.forFeature([RotaDay, RotaSlot, WetDay, WetDayNotice, RotaDraft, DraftSlot]),
    NotificationsModule,
    SettingsModule,
    AvailabilityModule,
    DutiesModule,
    HolidaysModule,
    StaffModule,
    TenantsModule,
  ],
  controllers: [
    RotaController,
    RotaCalendarController,
    RotaHealthController,
    DashboardController,
    StatisticsController,
    FairnessController,
    TodayBoardController,
    WetDaysController,
    DraftsController,
    RotaPinsController,
  ],
  providers: [
    RotaTablesRepository,
    RotaTablesService,
    RotaService,
    RotaAssignmentsService,
    RotaBulkService,
    DutiesPlanner,
    DutiesRepair,
    RotaGridService,
    MyDutiesService,
    TodayBoardService,
    RotaRepository,
    RotaStatsRepository,
    RotaPlanner,
    RotaHealthService,
    RotaStatsService,
    FairnessService,
    DutiesFairnessService,
    RotaCalendarService,
    DutyChangeNotices,
    WetDaysService,
    WetDaysRepository,
    DraftsService,
    DraftsRepository,
    RotaPinsService,
  ],
  // The one door: other modules read and change the rota, and check a change against its rules,
  // through RotaService alone.
  exports: [RotaTablesService, RotaService],
})
export class RotaModule {}
