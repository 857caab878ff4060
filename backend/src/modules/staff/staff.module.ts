import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TenantsModule } from '../tenants/tenants.module';
import { StaffController } from './staff.controller';
import { StaffDirectory } from './staff-directory.service';
import { StaffImportService } from './staff-import.service';
import { StaffInvitationsService } from './staff-invitations.service';
import { StaffUpdateService } from './staff-update.service';
import { StaffService } from './staff.service';
import { StaffRepository } from './staff.repository';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Staff } from './entities/staff.entity';
import { StaffGroupMember } from './entities/staff-group-member.entity';
import { StaffGroup } from './entities/staff-group.entity';
import { StaffGroupsController } from './staff-groups.controller';
import { StaffGroupsRepository } from './staff-groups.repository';
import { StaffGroupsService } from './staff-groups.service';
import { StaffTablesRepository } from './staff-tables.repository';
import { StaffTablesService } from './staff-tables.service';

@Module({
  imports: [MikroOrmModule.forFeature([Staff, StaffGroup, StaffGroupMember]), AuthModule, TenantsModule],
  controllers: [StaffController, StaffGroupsController],
  providers: [
    StaffTablesRepository,
    StaffTablesService,
    StaffDirectory,
    StaffService,
    StaffUpdateService,
    StaffImportService,
    StaffInvitationsService,
    StaffRepository,
    StaffGroupsRepository,
    StaffGroupsService,
  ],
  exports: [StaffTablesService, StaffService, StaffUpdateService, StaffDirectory, StaffGroupsService],
})
export class StaffModule {}
