import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { RotaDayDto } from './dto/rota-day.dto';
import { TodayBoardDto } from './dto/today-board.dto';
import { TodayBoardQueryDto } from './dto/today-board-query.dto';
import { TodayCandidatesDto } from './dto/today-candidates.dto';
import { TodayCandidatesQueryDto } from './dto/today-candidates-query.dto';
import { TodayCoverDto } from './dto/today-cover.dto';
import { TodayBoardService } from './today-board.service';

const NOT_ON_THE_DAY = "A staff member who is not on the day's Duty Manager duty.";

/** The Today board (docs/product.md#duties): admins, managers and the day's duty managers. */
@ApiTags('rota')
@Controller('rota/today')
export class TodayBoardController {
  constructor(private readonly today: TodayBoardService) {}

  /**
   * Every duty running on `date` (today in the school's time zone when left out) in time order,
   * all-day duties first: its place, times, what it involves, its people, the people it needs and
   * how many are missing; and who is away that day. A closed day has no duties and says why.
   */
  @Get()
  @Authenticated('rota.view')
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NOT_ON_THE_DAY })
  getTodayBoard(@CurrentUser() user: AuthUser, @Query() query: TodayBoardQueryDto): Promise<TodayBoardDto> {
    return this.today.board(user, query.date);
  }

  /** Who may cover a gap of `dutyId` on `date`, the lightest weighted load of every duty this academic year first. */
  @Get('candidates')
  @Authenticated('rota.view')
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NOT_ON_THE_DAY })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The duty is not in this organisation.' })
  getTodayCandidates(@CurrentUser() user: AuthUser, @Query() query: TodayCandidatesQueryDto): Promise<TodayCandidatesDto> {
    return this.today.candidates(user, query.date, query.dutyId);
  }

  /** Find cover: puts the person on the duty's first open place that day, with the rules of an assignment by hand. */
  @Post('cover')
  @Authenticated('rota.view')
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NOT_ON_THE_DAY })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A day before today.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'Every place is filled (`slots_full`), or the rules of an assignment by hand refuse the person.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The duty or the staff member is not in this organisation.' })
  coverOnToday(@CurrentUser() user: AuthUser, @Body() dto: TodayCoverDto): Promise<RotaDayDto> {
    return this.today.cover(user, dto);
  }
}
