import { Module } from '@nestjs/common';
import { ProcedureFileController } from './procedure-file.controller';
import { ProcedureFileService } from './procedure-file.service';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { SystemSettingsRepository } from './system-settings.repository';

@Module({
  controllers: [SettingsController, ProcedureFileController],
  providers: [SettingsService, SystemSettingsRepository, ProcedureFileService],
  exports: [SettingsService, SystemSettingsRepository],
})
export class SettingsModule {}
