import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import {
  AddBankHolidaysDto,
  AddBankHolidaysResultDto,
  HolidayDto,
  HolidayRangeQueryDto,
  SaveHolidayDto,
} from './dto/holiday.dto';
import { HolidaysService } from './holidays.service';


@ApiTags('holidays')
@Controller('holidays')
export class HolidaysController {
  constructor(private readonly holidays: HolidaysService) {}

  /** Holidays overlapping the range (all of them without one), by start date. */
  @Get()
  @Authenticated('rota.view')
  getHolidays(@Query() range: HolidayRangeQueryDto): Promise<HolidayDto[]> {
    return this.holidays.list(range);
  }

  @Post()
  @Authenticated('holidays.manage')
  createHoliday(@CurrentUser() user: AuthUser, @Body() dto: SaveHolidayDto): Promise<HolidayDto> {
    return this.holidays.create(user, dto);
  }

  /** Adds the England & Wales bank holidays of an academic year, skipping dates already covered. */
  @Post('bank-holidays')
  @Authenticated('holidays.manage')
  addBankHolidays(@CurrentUser() user: AuthUser, @Body() dto: AddBankHolidaysDto): Promise<AddBankHolidaysResultDto> {
    return this.holidays.addBankHolidays(user, dto.academicYearStart);
  }

  @Put(':id')
  @Authenticated('holidays.manage')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such holiday in this organisation.' })
  updateHoliday(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Holiday')) id: string,
    @Body() dto: SaveHolidayDto,
  ): Promise<HolidayDto> {
    return this.holidays.update(user, id, dto);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated('holidays.manage')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such holiday in this organisation.' })
  deleteHoliday(@CurrentUser() user: AuthUser, @Param('id', idParam('Holiday')) id: string): Promise<void> {
    return this.holidays.remove(user, id);
  }
}
