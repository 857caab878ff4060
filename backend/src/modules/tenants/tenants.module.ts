import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { HostGuard } from './host.guard';
import { OrganizationClock } from './organization-clock';
import { OrganizationHosts } from './organization-hosts.service';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';
import { PlanController } from './plan.controller';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Organization } from './entities/organization.entity';

/** Organisations: their one owner, their addresses, their time zone and today, the public plan. */
@Module({
  imports: [MikroOrmModule.forFeature([Organization])],
  controllers: [PlanController],
  providers: [
    OrganizationsRepository,
    OrganizationsService,
    OrganizationHosts,
    OrganizationClock,
    { provide: APP_GUARD, useClass: HostGuard },
  ],
  exports: [OrganizationsService, OrganizationHosts, OrganizationClock],
})
export class TenantsModule {}
