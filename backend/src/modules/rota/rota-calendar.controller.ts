import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { PlannedDutiesDto } from './dto/planned-duties.dto';
import { RotaClosureDto } from './dto/rota-closure.dto';
import { RotaRangeQueryDto } from './dto/rota-range-query.dto';
import { RotaCalendarService } from './rota-calendar.service';

const RANGE = 'A date that is not yyyy-MM-dd, endDate before startDate, or more than two years.';

@ApiTags('rota')
@Controller('rota')
export class RotaCalendarController {
  constructor(private readonly calendar: RotaCalendarService) {}

  /**
   * The days from startDate to endDate on which nobody is on duty, as spans with why: holidays,
   * and the days outside term time of academic years that have term dates (the rota's read lists
   * only days with people on them, so this tells a closed day from an unfilled one).
   */
  @Get('closures')
  @Authenticated('rota.view')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: RANGE })
  getRotaClosures(@Query() range: RotaRangeQueryDto): Promise<RotaClosureDto[]> {
    return this.calendar.closures(range.startDate, range.endDate);
  }

  /** How many duties are planned from today on between startDate and endDate, and on how many days. */
  @Get('planned')
  @Authenticated('rota.view')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: RANGE })
  countPlannedDuties(@Query() range: RotaRangeQueryDto): Promise<PlannedDutiesDto> {
    return this.calendar.planned(range.startDate, range.endDate);
  }
}
