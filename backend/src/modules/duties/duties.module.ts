import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { StaffModule } from '../staff/staff.module';
import { DutiesController } from './duties.controller';
import { DutiesRepository } from './duties.repository';
import { DutiesService } from './duties.service';
import { DutyRulesController } from './duty-rules.controller';
import { DutyRulesService } from './duty-rules.service';
import { DutyTemplatesController } from './duty-templates.controller';
import { DutyEligibilityEntry } from './entities/duty-eligibility-entry.entity';
import { DutyWeekday } from './entities/duty-weekday.entity';
import { Duty } from './entities/duty.entity';
import { DutiesTablesRepository } from './duties-tables.repository';
import { DutiesTablesService } from './duties-tables.service';

export type { PlanningDuties, PlanningDuty, PlanningRules } from './duties.repository';

/** The duties a school runs (docs/product.md#duties): the Duty Manager duty and the school's own. */
@Module({
  imports: [MikroOrmModule.forFeature([Duty, DutyWeekday, DutyEligibilityEntry]), SettingsModule, StaffModule],
  controllers: [DutiesController, DutyTemplatesController, DutyRulesController],
  providers: [DutiesTablesRepository, DutiesTablesService, DutiesRepository, DutiesService, DutyRulesService],
  exports: [DutiesTablesService, DutiesService],
})
export class DutiesModule {}
