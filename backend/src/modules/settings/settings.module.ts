import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TenantsModule } from '../tenants/tenants.module';
import { ProcedureFileController } from './procedure-file.controller';
import { ProcedureFileService } from './procedure-file.service';
import { ProcedureFilesRepository } from './procedure-files.repository';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { SystemSettingsRepository } from './system-settings.repository';
import { SystemSettingsService } from './system-settings.service';
import { TwoFactorRequirementController } from './two-factor-requirement.controller';
import { TwoFactorRequirementService } from './two-factor-requirement.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { SystemSettings } from './entities/system-settings.entity';
import { ProcedureFile } from './entities/procedure-file.entity';
import { SettingsTablesRepository } from './settings-tables.repository';
import { SettingsTablesService } from './settings-tables.service';

@Module({
  imports: [MikroOrmModule.forFeature([SystemSettings, ProcedureFile]), AuthModule, TenantsModule],
  controllers: [SettingsController, ProcedureFileController, TwoFactorRequirementController],
  providers: [
    SettingsTablesRepository,
    SettingsTablesService,
    SettingsService,
    SystemSettingsRepository,
    ProcedureFilesRepository,
    ProcedureFileService,
    TwoFactorRequirementService,
    SystemSettingsService,
  ],
  exports: [SettingsTablesService, SettingsService, SystemSettingsService],
})
export class SettingsModule {}
