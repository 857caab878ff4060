import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { JobContext } from '../../database/job-context';
import { AuthModule } from '../auth/auth.module';
import { TenantsModule } from '../tenants/tenants.module';
import { OrganizationDeletionController } from './organization-deletion.controller';
import { OrganizationDeletionInterceptor } from './organization-deletion.interceptor';
import { OrganizationDeletionService } from './organization-deletion.service';

/**
 * The school's data rights (docs/security.md, "Data rights"): the organisation's export and its
 * import into a new organisation, each person's own data, erasure and the leavers' retention
 * period, and deleting an organisation. Last in the module order: it reads and changes every
 * module's data through that module's own services.
 */
@Module({
  imports: [AuthModule, TenantsModule],
  controllers: [OrganizationDeletionController],
  providers: [OrganizationDeletionService, JobContext, { provide: APP_INTERCEPTOR, useClass: OrganizationDeletionInterceptor }],
})
export class DataRightsModule {}
