import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { SavedTermDatesDto } from './dto/saved-term-dates.dto';
import { SaveTermDatesDto } from './dto/save-term-dates.dto';
import { TermDatesDto } from './dto/term-dates.dto';
import { TermDatesQueryDto } from './dto/term-dates-query.dto';
import { TermDatesYearParamDto } from './dto/term-dates-year-param.dto';
import { TermDatesService } from './term-dates.service';

@ApiTags('holidays')
@Controller('term-dates')
export class TermDatesController {
  constructor(private readonly termDates: TermDatesService) {}

  /**
   * An academic year's term dates (by default the year containing the organisation's today), with
   * a proposal to start from: the previous year's terms 52 weeks on, or the typical pattern.
   */
  @Get()
  @Authenticated('rota.view')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'academicYear is not a year from 2000 to 2100.' })
  getTermDates(@Query() query: TermDatesQueryDto): Promise<TermDatesDto> {
    return this.termDates.get(query.academicYear);
  }

  /**
   * Replaces an academic year's term dates with the three terms given, and records it in the
   * activity log. The answer is the year as GET shows it, with what saving changed on the rota.
   */
  @Put(':academicYear')
  @Authenticated('holidays.manage')
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'Not the three terms once each, a date that is not yyyy-MM-dd, a term outside 1 September – 31 August of the year, ' +
      'ending before it starts or overlapping another, or a half term without both dates or outside its term.',
  })
  saveTermDates(
    @CurrentUser() user: AuthUser,
    @Param() params: TermDatesYearParamDto,
    @Body() dto: SaveTermDatesDto,
  ): Promise<SavedTermDatesDto> {
    return this.termDates.save(user, params.academicYear, dto);
  }
}
