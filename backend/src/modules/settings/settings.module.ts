import { Module } from '@nestjs/common';
import { EmailSettingsController } from './email-settings.controller';
import { EmailSettingsService } from './email-settings.service';
import { ProcedureFileController } from './procedure-file.controller';
import { ProcedureFileService } from './procedure-file.service';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

@Module({
  controllers: [SettingsController, EmailSettingsController, ProcedureFileController],
  providers: [SettingsService, EmailSettingsService, ProcedureFileService],
  exports: [SettingsService],
})
export class SettingsModule {}
