import { Module } from '@nestjs/common';
import { ProcedureFileController } from './procedure-file.controller';
import { ProcedureFileService } from './procedure-file.service';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { SlotsPerDayReduced } from './slots-per-day-reduced';
import { SystemSettingsRepository } from './system-settings.repository';

@Module({
  controllers: [SettingsController, ProcedureFileController],
  providers: [SettingsService, SystemSettingsRepository, SlotsPerDayReduced, ProcedureFileService],
  exports: [SettingsService, SystemSettingsRepository, SlotsPerDayReduced],
})
export class SettingsModule {}
