import { AllDutiesHealthDto } from './dto/all-duties-health.dto';
import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../common/http/error-body';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { FairUse } from '../../common/rate-limit/fair-use';
import { RotaCandidatesDto } from './dto/rota-candidates.dto';
import { RotaCandidatesQueryDto } from './dto/rota-candidates-query.dto';
import { RotaHealthDto } from './dto/rota-health.dto';
import { RotaHealthQueryDto } from './dto/rota-health-query.dto';
import { RotaHealthService } from './rota-health.service';
import { RotaExportQueryDto } from './dto/rota-export-query.dto';
import { download, SPREADSHEETS } from './fairness.controller';
import { FairnessService } from './fairness.service';
import { RotaAssignmentsService } from './rota-assignments.service';
import { DraftsService } from './drafts.service';

@ApiTags('rota')
@Controller('rota')
export class RotaHealthController {
  constructor(
    private readonly health: RotaHealthService,
    private readonly fairness: FairnessService,
    private readonly assignments: RotaAssignmentsService,
    private readonly drafts: DraftsService,
  ) {}

  /**
   * The rota from today on: assignments that break a hard rule (always none unless something is
   * wrong), the school days of one academic year (by default the planning year) to the end of its
   * summer term with an empty slot, and the academic years without term dates. With `draftId`, the
   * draft in place of the live rota on its period: its assignments that break a hard rule (a
   * holiday added since it was made…) and its empty days; admins and managers only.
   */
  @Get('health')
  @Authenticated('rota.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'academicYear is not a year from 2000 to 2100, or that year is over.' })
  async getRotaHealth(@CurrentUser() user: AuthUser, @Query() query: RotaHealthQueryDto): Promise<RotaHealthDto> {
    if (!query.draftId) return this.health.health(query.academicYear);
    // With a draft: its slots in place of the live rota's on its period (docs/product.md#drafts).
    const { source, academicYear } = await this.drafts.sourceFor(user, query.draftId);
    return this.health.health(query.academicYear ?? academicYear, source);
  }

  /**
   * Every duty's assignments from today on that break a hard rule, duty by duty in the school's
   * order: the Duty Manager duty's own, and those across duties (not allowed, overlap, daily
   * maximum, a paused or deleted duty's people). None unless something is wrong. And, for every
   * running duty other than the Duty Manager duty, the school days of one academic year (by default
   * the planning year) from tomorrow to the end of its summer term that still need someone on it.
   */
  @Get('health/all')
  @Authenticated('rota.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'academicYear is not a year from 2000 to 2100, or that year is over.' })
  getAllDutiesHealth(@Query() query: RotaHealthQueryDto): Promise<AllDutiesHealthDto> {
    return this.health.allDuties(query.academicYear);
  }

  /**
   * The rota of a period (a month, a term, a year) as a CSV or XLSX file: one row per day, one column per slot.
   * With `draftId`, the draft's slots in place of the live rota's on its period: admins and managers only.
   */
  @Get('export')
  @Authenticated('rota.view')
  @FairUse('exports')
  @ApiProduces(...SPREADSHEETS)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The rota as a file.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'A draft asked for by staff: only admins and managers can see drafts.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The draft is not in this organisation.' })
  async exportRota(@CurrentUser() user: AuthUser, @Query() query: RotaExportQueryDto): Promise<StreamableFile> {
    // With a draft: its slots in place of the live rota's on its period (docs/product.md#drafts).
    const source = query.draftId ? (await this.drafts.sourceFor(user, query.draftId)).source : undefined;
    return download(await this.fairness.exportRota(query.startDate, query.endDate, query.format, source));
  }

  /**
   * Who may be put on a day (active, not away, not on it yet), fewest duties this academic year
   * first. With `dutyId`, on that duty: also allowed on it, free at its time and under the daily
   * maximum, the lightest weighted load of every duty first.
   */
  @Get('candidates')
  @Authenticated('rota.manage')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The duty is not in this organisation.' })
  getRotaCandidates(@Query() query: RotaCandidatesQueryDto): Promise<RotaCandidatesDto> {
    return query.dutyId ? this.assignments.candidates(query.date, query.dutyId) : this.health.candidates(query.date);
  }
}
