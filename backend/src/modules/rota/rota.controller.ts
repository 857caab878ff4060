import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { FairUse } from '../../common/rate-limit/fair-use';
import { runLongStatements } from '../../database/statement-timeouts';
import { BulkPreviewDto } from './dto/bulk-preview.dto';
import { BulkPreviewResultDto } from './dto/bulk-preview-result.dto';
import { BulkRotaDto } from './dto/bulk-rota.dto';
import { BulkRotaResultDto } from './dto/bulk-rota-result.dto';
import { FairnessHintDto } from './dto/fairness-hint.dto';
import { ClearRotaDto } from './dto/clear-rota.dto';
import { CreateRotaDayDto } from './dto/create-rota-day.dto';
import { CurrentWeekDto } from './dto/current-week.dto';
import { RotaDayDto } from './dto/rota-day.dto';
import { MyDutyDto } from './dto/my-duty.dto';
import { RotaGridDto } from './dto/rota-grid.dto';
import { RotaQueryDto } from './dto/rota-query.dto';
import { RotaRangeQueryDto } from './dto/rota-range-query.dto';
import { MyDutiesQueryDto } from './dto/my-duties-query.dto';
import { UpdateRotaDayDto } from './dto/update-rota-day.dto';
import { RotaStatsService } from './rota-stats.service';
import { RotaAssignmentsService } from './rota-assignments.service';
import { type BulkRun, RotaBulkService } from './rota-bulk.service';
import { RotaGridService } from './rota-grid.service';
import { MyDutiesService } from './my-duties.service';
import { seesPins } from './pins';

const NO_TERM_DATES = 'An academic year in the period has no term dates (`code: term_dates_missing`): set them, or send `allWeekdays: true`.';

const BAD_PERIOD = 'The end date is not after today or not in the named academic year, or that year is over.';

/** A bulk run's answer: what it changed, without the list of changes (the preview's). */
function resultOf({ changes: _changes, people: _people, largestGap, ...result }: BulkRun): BulkRotaResultDto {
  return largestGap ? { ...result, largestGap } : result;
}

const CONFLICTS =
  'Duplicate assignment (`code: duplicate_assignment`), Slots full (`code: slots_full`), a holiday, or an inactive staff member; ' +
  'with `dutyId`, also a duty that does not run that day (`code: duty_not_running`) and the rules across duties (`not_allowed`, `overlap`, `daily_max`, `unavailable`).';

@ApiTags('rota')
@Controller()
export class RotaController {
  constructor(
    private readonly assignments: RotaAssignmentsService,
    private readonly bulkTools: RotaBulkService,
    private readonly stats: RotaStatsService,
    private readonly grid: RotaGridService,
    private readonly myDuties: MyDutiesService,
  ) {}

  /**
   * The rota days from startDate to endDate (at most two years); days with nobody on duty are
   * absent. Of the Duty Manager duty, or of the duty `dutyId` names: each day then has as many
   * slots as that duty needs on its weekday. Admins and managers also see which slots are pinned.
   */
  @Get('rota')
  @Authenticated('rota.view')
  getRota(@CurrentUser() user: AuthUser, @Query() range: RotaQueryDto): Promise<RotaDayDto[]> {
    return this.assignments.list(range.startDate, range.endDate, range.dutyId, seesPins(user));
  }

  /**
   * Every duty of the school on every weekday from startDate to endDate (at most 93 days): the
   * people each needs that weekday and who is on it, in the school's order of duties. Admins and
   * managers also see which slots are pinned.
   */
  @Get('rota/grid')
  @Authenticated('rota.view')
  getRotaGrid(@CurrentUser() user: AuthUser, @Query() range: RotaRangeQueryDto): Promise<RotaGridDto> {
    return this.grid.grid(range.startDate, range.endDate, seesPins(user));
  }

  /**
   * The signed-in person's own duties of every kind from startDate to endDate (at most two years),
   * by date then start time (all-day first), each with its place, times and what the post
   * involves. Empty for someone without a staff record of their own. With `staffId`, an admin's
   * or manager's look at a colleague's duties (My Rota); staff may name only themselves.
   */
  @Get('rota/mine')
  @Authenticated('rota.view')
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'A bad date, the end before the start, more than two years, or a staffId that is no id.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Staff naming someone else in staffId.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'staffId is not a staff member of this organisation (admins and managers).' })
  getMyDuties(@CurrentUser() user: AuthUser, @Query() query: MyDutiesQueryDto): Promise<MyDutyDto[]> {
    return this.myDuties.mine(user, query.startDate, query.endDate, query.staffId);
  }

  /** Assigns the named people to a date: each to its slot when empty, else the first empty one. */
  @Post('rota')
  @Authenticated('rota.manage')
  @ApiConflictResponse({ type: ErrorResponseDto, description: CONFLICTS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'A named staff member, or the duty, is not in this organisation.' })
  createRota(@CurrentUser() user: AuthUser, @Body() dto: CreateRotaDayDto): Promise<RotaDayDto> {
    return this.assignments.create(user, dto);
  }

  /**
   * Adds the people named who are not on the day yet; the ones already there stay where they
   * are. Nobody is removed: taking someone off a duty is a cancellation.
   */
  @Put('rota/:id')
  @Authenticated('rota.manage')
  @ApiConflictResponse({ type: ErrorResponseDto, description: CONFLICTS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such rota day, staff member or duty in this organisation.' })
  updateRota(@CurrentUser() user: AuthUser, @Param('id', idParam('Rota day')) id: string, @Body() dto: UpdateRotaDayDto): Promise<RotaDayDto> {
    return this.assignments.update(user, id, dto);
  }

  /**
   * What a bulk tool would change, slot by slot, computed exactly as the tool computes it and on the
   * same facts; nothing is written, nobody is told and nothing is recorded.
   */
  @Post('rota/preview')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @FairUse('bulk')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: `An unknown tool, or: ${BAD_PERIOD}` })
  @ApiConflictResponse({ type: ErrorResponseDto, description: NO_TERM_DATES })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'A duty of dutyIds is not in this organisation.' })
  previewBulkTool(@CurrentUser() user: AuthUser, @Body() { tool, ...options }: BulkPreviewDto): Promise<BulkPreviewResultDto> {
    return runLongStatements(() =>
      this.bulkTools.bulk(user, tool, tool === 'clear' ? { academicYear: options.academicYear } : options, { dryRun: true }),
    );
  }

  /**
   * Keeps every assignment, fills the empty slots and moves the fewest assignments that bring
   * everyone within one duty of their fair share, from tomorrow (or the named academic year's start)
   * to endDate; never a pinned duty nor one on the school's frozen days.
   */
  @Post('rota/rebalance')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @FairUse('bulk')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: BAD_PERIOD })
  @ApiConflictResponse({ type: ErrorResponseDto, description: NO_TERM_DATES })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'A duty of dutyIds is not in this organisation.' })
  async rebalanceRota(@CurrentUser() user: AuthUser, @Body() dto: BulkRotaDto): Promise<BulkRotaResultDto> {
    return resultOf(await runLongStatements(() => this.bulkTools.bulk(user, 'rebalance', dto)));
  }

  /**
   * For the Dashboard: how many people are more than one duty from their fair share and how many
   * changes Rebalance would make in the planning year (nulls when there is nothing to suggest).
   */
  @Get('rota/fairness-hint')
  @Authenticated('rota.manage')
  getFairnessHint(@CurrentUser() user: AuthUser): Promise<FairnessHintDto> {
    return runLongStatements(() => this.bulkTools.fairnessHint(user));
  }

  /** Plans every slot from tomorrow (or the named academic year's start) to endDate afresh with the rota engine. */
  @Post('rota/reshuffle-future')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @FairUse('bulk')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: BAD_PERIOD })
  @ApiConflictResponse({ type: ErrorResponseDto, description: NO_TERM_DATES })
  async reshuffleFuture(@CurrentUser() user: AuthUser, @Body() dto: BulkRotaDto): Promise<BulkRotaResultDto> {
    return resultOf(await runLongStatements(() => this.bulkTools.bulk(user, 'reshuffle', dto)));
  }

  /** Fills the empty slots from tomorrow (or the named academic year's start) to endDate; existing assignments stay. */
  @Post('rota/fill-unassigned')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @FairUse('bulk')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: BAD_PERIOD })
  @ApiConflictResponse({ type: ErrorResponseDto, description: NO_TERM_DATES })
  async fillUnassigned(@CurrentUser() user: AuthUser, @Body() dto: BulkRotaDto): Promise<BulkRotaResultDto> {
    return resultOf(await runLongStatements(() => this.bulkTools.bulk(user, 'fill', dto)));
  }

  /** Removes every assignment from today on, or only those of the named academic year. */
  @Post('rota/clear-future')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @FairUse('bulk')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The academic year is over or not a year.' })
  async clearFuture(@CurrentUser() user: AuthUser, @Body() dto: ClearRotaDto): Promise<BulkRotaResultDto> {
    return resultOf(await runLongStatements(() => this.bulkTools.bulk(user, 'clear', dto)));
  }

  /** Today in the organisation's time zone, its Monday-to-Friday week with the rota, and the academic year. */
  @Get('current-week')
  @Authenticated('rota.view')
  getCurrentWeek(): Promise<CurrentWeekDto> {
    return this.stats.currentWeek();
  }
}
