import { Module, type OnModuleInit } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module';
import { SettingsModule } from '../settings/settings.module';
import { SlotsPerDayReduced } from '../settings/slots-per-day-reduced';
import { DashboardController, StatisticsController } from './dashboard.controller';
import { RotaStatsService } from './rota-stats.service';
import { RotaController } from './rota.controller';
import { RotaRepository } from './rota.repository';
import { RotaService } from './rota.service';

@Module({
  imports: [SettingsModule, AvailabilityModule],
  controllers: [RotaController, DashboardController, StatisticsController],
  providers: [RotaService, RotaRepository, RotaStatsService],
  exports: [RotaService, RotaRepository],
})
export class RotaModule implements OnModuleInit {
  constructor(
    private readonly slotsPerDayReduced: SlotsPerDayReduced,
    private readonly rota: RotaRepository,
  ) {}

  /** Fewer duty managers per day (a settings change) removes the extra slots through the rota's owner. */
  onModuleInit(): void {
    this.slotsPerDayReduced.register((em, from, slotsPerDay) => this.rota.removeSlotsAbove(em, from, slotsPerDay));
  }
}
