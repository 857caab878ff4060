import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { FairUse } from '../../common/rate-limit/fair-use';
import { DutyLoadDto } from './dto/duty-load.dto';
import { FairnessDto } from './dto/fairness.dto';
import { FairnessExportQueryDto } from './dto/fairness-export-query.dto';
import { FairnessQueryDto } from './dto/fairness-query.dto';
import { DutiesFairnessService } from './duties-fairness.service';
import { type ExportFile, FairnessService } from './fairness.service';
import { DraftsService } from './drafts.service';
import type { RotaSlotsSource } from './rota-slots-source';

export const SPREADSHEETS = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

export function download(file: ExportFile): StreamableFile {
  return new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.body.length });
}

@ApiTags('statistics')
@Controller()
export class FairnessController {
  constructor(
    private readonly fairness: FairnessService,
    private readonly dutiesFairness: DutiesFairnessService,
    private readonly drafts: DraftsService,
  ) {}

  /** With `draftId`, the draft in place of the live rota, and its academic year by default (docs/product.md#drafts). */
  private async withDraft<Q extends FairnessQueryDto>(user: AuthUser, query: Q): Promise<[Q, RotaSlotsSource | undefined]> {
    if (!query.draftId) return [query, undefined];
    const { source, academicYear } = await this.drafts.sourceFor(user, query.draftId);
    return [{ ...query, academicYear: query.academicYear ?? academicYear }, source];
  }

  /**
   * Each person's duties done and planned over the year or a term against their fair share, and
   * the team's largest difference, spread and √Σd². Staff see their own line and the team's figures.
   */
  @Get('fairness')
  @Authenticated('rota.view')
  @FairUse('fairness')
  async getFairness(@CurrentUser() user: AuthUser, @Query() query: FairnessQueryDto): Promise<FairnessDto> {
    return this.fairness.fairness(user, ...(await this.withDraft(user, query)));
  }

  /** The fairness table as a CSV or XLSX file. */
  @Get('fairness/export')
  @Authenticated('rota.view')
  @FairUse('exports')
  @ApiProduces(...SPREADSHEETS)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The table as a file.' })
  async exportFairness(@CurrentUser() user: AuthUser, @Query() query: FairnessExportQueryDto): Promise<StreamableFile> {
    return download(await this.fairness.exportFairness(user, ...(await this.withDraft(user, query))));
  }

  /**
   * Each active person's weighted load over every duty the school runs (Σ weight of their duties
   * done and planned) against their fair share of it, with their count and load per duty, the
   * largest gap and each duty's spread. Staff see their own row and the team's figures.
   */
  @Get('fairness/duties')
  @Authenticated('rota.view')
  @FairUse('fairness')
  async getDutyLoad(@CurrentUser() user: AuthUser, @Query() query: FairnessQueryDto): Promise<DutyLoadDto> {
    return this.dutiesFairness.load(user, ...(await this.withDraft(user, query)));
  }

  /** The load over every duty as a CSV or XLSX file: a column per duty (counts), then load, fair share and difference. */
  @Get('fairness/duties/export')
  @Authenticated('rota.view')
  @FairUse('exports')
  @ApiProduces(...SPREADSHEETS)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The table as a file.' })
  async exportDutyLoad(@CurrentUser() user: AuthUser, @Query() query: FairnessExportQueryDto): Promise<StreamableFile> {
    return download(await this.dutiesFairness.exportLoad(user, ...(await this.withDraft(user, query))));
  }
}
