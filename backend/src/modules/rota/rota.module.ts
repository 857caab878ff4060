import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module';
import { SettingsModule } from '../settings/settings.module';
import { DashboardController, StatisticsController } from './dashboard.controller';
import { RotaStatsService } from './rota-stats.service';
import { RotaController } from './rota.controller';
import { RotaService } from './rota.service';

@Module({
  imports: [SettingsModule, AvailabilityModule],
  controllers: [RotaController, DashboardController, StatisticsController],
  providers: [RotaService, RotaStatsService],
  exports: [RotaService],
})
export class RotaModule {}
