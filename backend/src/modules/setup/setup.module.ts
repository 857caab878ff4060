import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar/calendar.module';
import { HolidaysModule } from '../holidays/holidays.module';
import { RotaModule } from '../rota/rota.module';
import { SetupController } from './setup.controller';
import { SetupService } from './setup.service';
import { StaffModule } from '../staff/staff.module';
import { TenantsModule } from '../tenants/tenants.module';

/** A new organisation's first-run checklist: reads only, through each step's owner. */
@Module({
  imports: [HolidaysModule, RotaModule, CalendarModule, StaffModule, TenantsModule],
  controllers: [SetupController],
  providers: [SetupService],
})
export class SetupModule {}
