import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { DutiesController } from './duties.controller';
import { DutiesRepository } from './duties.repository';
import { DutiesService } from './duties.service';
import { DutyEligibilityEntry } from './entities/duty-eligibility-entry.entity';
import { DutyWeekday } from './entities/duty-weekday.entity';
import { Duty } from './entities/duty.entity';

/** The duties a school runs (docs/product.md#duties): the Duty Manager duty and the school's own. */
@Module({
  imports: [MikroOrmModule.forFeature([Duty, DutyWeekday, DutyEligibilityEntry]), SettingsModule],
  controllers: [DutiesController],
  providers: [DutiesRepository, DutiesService],
  exports: [DutiesService],
})
export class DutiesModule {}
