import { Module } from '@nestjs/common';
import { RotaModule } from '../rota/rota.module';
import { TenantsModule } from '../tenants/tenants.module';
import { CalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';

/** Calendar subscription links and the iCalendar feeds they open (issue 8). */
@Module({
  imports: [RotaModule, TenantsModule],
  controllers: [CalendarController],
  providers: [CalendarService],
  exports: [CalendarService],
})
export class CalendarModule {}
