import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { AddBankHolidaysDto } from './dto/add-bank-holidays.dto';
import { AddBankHolidaysResultDto } from './dto/add-bank-holidays-result.dto';
import { BankHolidaysPreviewDto } from './dto/bank-holidays-preview.dto';
import { BankHolidaysQueryDto } from './dto/bank-holidays-query.dto';
import { HolidayDto } from './dto/holiday.dto';
import { HolidayRangeQueryDto } from './dto/holiday-range-query.dto';
import { SaveHolidayDto } from './dto/save-holiday.dto';
import { SavedHolidayDto } from './dto/saved-holiday.dto';
import { HolidaysService } from './holidays.service';
import { RotaChangeDto } from '../fact-changes/dto/rota-change.dto';


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
  createHoliday(@CurrentUser() user: AuthUser, @Body() dto: SaveHolidayDto): Promise<SavedHolidayDto> {
    return this.holidays.create(user, dto);
  }

  /**
   * What adding the holiday would do to the planned rota (docs/product.md#the-rota-stays-true): the
   * duties it would take off and move, computed exactly as saving would, with nothing saved.
   */
  @Post('preview')
  @HttpCode(HttpStatus.OK)
  @Authenticated('holidays.manage')
  previewHoliday(@CurrentUser() user: AuthUser, @Body() dto: SaveHolidayDto): Promise<RotaChangeDto> {
    return this.holidays.preview(user, dto);
  }

  /** What changing the holiday to these dates would do to the planned rota, with nothing saved. */
  @Post(':id/preview')
  @HttpCode(HttpStatus.OK)
  @Authenticated('holidays.manage')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such holiday in this organisation.' })
  previewHolidayChange(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Holiday')) id: string,
    @Body() dto: SaveHolidayDto,
  ): Promise<RotaChangeDto> {
    return this.holidays.preview(user, dto, id);
  }

  /**
   * Lists a region's bank holidays of an academic year (default: the organisation's region and
   * the current year), each saying whether a holiday already covers it: what adding them would do.
   */
  @Get('bank-holidays')
  @Authenticated('rota.view')
  previewBankHolidays(@Query() query: BankHolidaysQueryDto): Promise<BankHolidaysPreviewDto> {
    return this.holidays.previewBankHolidays(query.academicYearStart, query.region);
  }

  /**
   * Adds a region's bank holidays of an academic year, skipping dates already covered. A region
   * given becomes the organisation's; without one, the organisation's region is used.
   */
  @Post('bank-holidays')
  @Authenticated('holidays.manage')
  addBankHolidays(@CurrentUser() user: AuthUser, @Body() dto: AddBankHolidaysDto): Promise<AddBankHolidaysResultDto> {
    return this.holidays.addBankHolidays(user, dto.academicYearStart, dto.region);
  }

  @Put(':id')
  @Authenticated('holidays.manage')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such holiday in this organisation.' })
  updateHoliday(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Holiday')) id: string,
    @Body() dto: SaveHolidayDto,
  ): Promise<SavedHolidayDto> {
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
