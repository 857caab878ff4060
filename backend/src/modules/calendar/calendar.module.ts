import { Module } from '@nestjs/common';
import { RotaModule } from '../rota/rota.module';
import { TenantsModule } from '../tenants/tenants.module';
import { CalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { CalendarFeedToken } from './entities/calendar-feed-token.entity';
import { CalendarFeedRevision } from './entities/calendar-feed-revision.entity';

/** Calendar subscription links and the iCalendar feeds they open (issue 8). */
@Module({
  imports: [MikroOrmModule.forFeature([CalendarFeedToken, CalendarFeedRevision]), RotaModule, TenantsModule],
  controllers: [CalendarController],
  providers: [CalendarService],
  exports: [CalendarService],
})
export class CalendarModule {}
