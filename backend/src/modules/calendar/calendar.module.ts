import { Module } from '@nestjs/common';
import { HolidaysModule } from '../holidays/holidays.module';
import { RotaModule } from '../rota/rota.module';
import { TenantsModule } from '../tenants/tenants.module';
import { CalendarController } from './calendar.controller';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { CalendarService } from './calendar.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { CalendarFeedToken } from './entities/calendar-feed-token.entity';
import { CalendarFeedRevision } from './entities/calendar-feed-revision.entity';

/** Calendar subscription links and the iCalendar feeds they open (issue 8). */
@Module({
  imports: [MikroOrmModule.forFeature([CalendarFeedToken, CalendarFeedRevision]), HolidaysModule, RotaModule, TenantsModule],
  controllers: [CalendarController],
  providers: [CalendarService, CalendarFeedsRepository],
  exports: [CalendarService],
})
export class CalendarModule {}
