import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { AvailabilityModule } from '../availability/availability.module';
import { DutiesModule } from '../duties/duties.module';
import { HolidaysModule } from '../holidays/holidays.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RequestsModule } from '../requests/requests.module';
import { RotaModule } from '../rota/rota.module';
import { SettingsModule } from '../settings/settings.module';
import { SsoModule } from '../sso/sso.module';
import { StaffModule } from '../staff/staff.module';
import { TenantsModule } from '../tenants/tenants.module';
import { OrganizationExportController } from './organization-export.controller';
import { OrganizationExportService } from './organization-export.service';
import { OrganizationTablesRegistry } from './organization-export-tables';
import { OrganizationImportController } from './organization-import.controller';
import { OrganizationImportService } from './organization-import.service';

/**
 * The school's data rights (docs/security.md, "Data rights"): the organisation's export and its
 * import into a new organisation, each person's own data, erasure and the leavers' retention
 * period, and deleting an organisation. Last in the module order: it reads and changes every
 * module's data through that module's own services.
 */
@Module({
  imports: [
    TenantsModule,
    AuthModule,
    AuditModule,
    NotificationsModule,
    StaffModule,
    SsoModule,
    HolidaysModule,
    SettingsModule,
    AvailabilityModule,
    DutiesModule,
    RotaModule,
    RequestsModule,
  ],
  controllers: [OrganizationExportController, OrganizationImportController],
  providers: [OrganizationTablesRegistry, OrganizationExportService, OrganizationImportService],
})
export class DataRightsModule {}
