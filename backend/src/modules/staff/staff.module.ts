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

@Module({
  imports: [MikroOrmModule.forFeature([Staff]), AuthModule, TenantsModule],
  controllers: [StaffController],
  providers: [StaffDirectory, StaffService, StaffUpdateService, StaffImportService, StaffInvitationsService, StaffRepository],
  exports: [StaffService, StaffDirectory],
})
export class StaffModule {}
