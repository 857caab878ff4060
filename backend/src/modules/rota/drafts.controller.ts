import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { FairUse } from '../../common/rate-limit/fair-use';
import { runLongStatements } from '../../database/statement-timeouts';
import { CreateDraftDto } from './dto/create-draft.dto';
import { DraftDaysQueryDto } from './dto/draft-days-query.dto';
import { DraftDetailDto } from './dto/draft-detail.dto';
import { DraftDto } from './dto/draft.dto';
import { PublishedDraftDto } from './dto/published-draft.dto';
import { RotaGridDto } from './dto/rota-grid.dto';
import { DraftsService } from './drafts.service';

/** Drafts (docs/product.md#drafts): admins and managers only. */
@ApiTags('rota')
@Controller('rota/drafts')
export class DraftsController {
  constructor(private readonly drafts: DraftsService) {}

  /** Every draft, the latest first, open, published or discarded. */
  @Get()
  @Authenticated('rota.manage')
  listDrafts(): Promise<DraftDto[]> {
    return this.drafts.list();
  }

  /**
   * Plans a period as a draft, as reshuffle would plan it (the same period choice, or from
   * `startDate`), without touching the rota: nobody is told and no rota read, feed or reminder sees
   * it. Every duty the school runs when `dutyIds` is omitted.
   */
  @Post()
  @Authenticated('rota.manage')
  @FairUse('bulk')
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'A bad period (not after today, longer than two years, outside the named academic year), or a paused duty.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'A duty that is not in this organisation.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'An open draft overlaps the period, or a year of it has no term dates (`code: term_dates_missing`: set them, or send `allWeekdays: true`).',
  })
  createDraft(@CurrentUser() user: AuthUser, @Body() body: CreateDraftDto): Promise<DraftDetailDto> {
    return runLongStatements(() => this.drafts.create(user, body));
  }

  /** The draft, each active person's duties in it, and the year's fairness with it in place (in duties). */
  @Get(':id')
  @Authenticated('rota.manage')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such draft in this organisation.' })
  getDraft(@CurrentUser() user: AuthUser, @Param('id', idParam('Draft')) id: string): Promise<DraftDetailDto> {
    return this.drafts.detail(user, id);
  }

  /** The draft's days (at most 93, its first 93 by default) in the all-duties grid's shape. */
  @Get(':id/days')
  @Authenticated('rota.manage')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such draft in this organisation.' })
  getDraftDays(@Param('id', idParam('Draft')) id: string, @Query() query: DraftDaysQueryDto): Promise<RotaGridDto> {
    return this.drafts.days(id, query);
  }

  /**
   * Makes the draft the rota on its period from tomorrow on, in one transaction: what now breaks a
   * hard rule is left out, and each person whose duties changed gets one email and one notification.
   */
  @Post(':id/publish')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @FairUse('bulk')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such draft in this organisation.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The draft was already published or discarded, or its days are over.' })
  publishDraft(@CurrentUser() user: AuthUser, @Param('id', idParam('Draft')) id: string): Promise<PublishedDraftDto> {
    return runLongStatements(() => this.drafts.publish(user, id));
  }

  /** Discards an open draft. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated('rota.manage')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such draft in this organisation.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The draft was already published or discarded.' })
  discardDraft(@CurrentUser() user: AuthUser, @Param('id', idParam('Draft')) id: string): Promise<void> {
    return this.drafts.discard(user, id);
  }
}
