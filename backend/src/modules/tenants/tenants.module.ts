import { Module } from '@nestjs/common';
import { OrganizationsRepository } from './organizations.repository';
import { PlanController } from './plan.controller';

/** Organisations: their one owner, their time zone and today, the public plan. */
@Module({ controllers: [PlanController], providers: [OrganizationsRepository], exports: [OrganizationsRepository] })
export class TenantsModule {}
