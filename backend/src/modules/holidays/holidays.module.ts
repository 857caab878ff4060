import { Module } from '@nestjs/common';
import { TenantsModule } from '../tenants/tenants.module';
import { AcademicYearsController } from './academic-years.controller';
import { HolidaysController } from './holidays.controller';
import { HolidaysRepository } from './holidays.repository';
import { HolidaysService } from './holidays.service';
import { SchoolCalendar } from './school-calendar';
import { TermDatesController } from './term-dates.controller';
import { TermDatesService } from './term-dates.service';
import { TermsRepository } from './terms.repository';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Holiday } from './entities/holiday.entity';
import { Term } from './entities/term.entity';
import { HolidaysTablesRepository } from './holidays-tables.repository';
import { HolidaysTablesService } from './holidays-tables.service';

/**
 * Holidays and term dates: the days the school is closed, and why. Other modules ask
 * SchoolCalendar (closures, years without terms, the end of the summer term, the holidays of a
 * calendar feed); the tables are reached only through HolidaysRepository and TermsRepository.
 */
@Module({
  imports: [MikroOrmModule.forFeature([Holiday, Term]), TenantsModule],
  controllers: [HolidaysController, TermDatesController, AcademicYearsController],
  providers: [
    HolidaysTablesRepository,
    HolidaysTablesService,
    HolidaysService,
    SchoolCalendar,
    TermDatesService,
    HolidaysRepository,
    TermsRepository,
  ],
  exports: [HolidaysTablesService, HolidaysService, SchoolCalendar],
})
export class HolidaysModule {}
