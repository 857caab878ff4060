import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/authenticated.decorator';
import { AcademicYearsDto } from './dto/academic-years.dto';
import { TermDatesService } from './term-dates.service';

@ApiTags('holidays')
@Controller('academic-years')
export class AcademicYearsController {
  constructor(private readonly termDates: TermDatesService) {}

  /**
   * This academic year and the next, for the year choice of the term-date, rota-management and
   * fairness screens: each year's dates, whether it has term dates, what Fill and Reshuffle plan in
   * it, and which year the screens start on (this one until its summer term has ended, then the next).
   */
  @Get()
  @Authenticated('rota.view')
  getAcademicYears(): Promise<AcademicYearsDto> {
    return this.termDates.years();
  }
}
