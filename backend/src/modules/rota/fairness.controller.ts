import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { FairUse } from '../../common/rate-limit/fair-use';
import { FairnessDto } from './dto/fairness.dto';
import { FairnessExportQueryDto } from './dto/fairness-export-query.dto';
import { FairnessQueryDto } from './dto/fairness-query.dto';
import { type ExportFile, FairnessService } from './fairness.service';

export const SPREADSHEETS = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

export function download(file: ExportFile): StreamableFile {
  return new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.body.length });
}

@ApiTags('statistics')
@Controller()
export class FairnessController {
  constructor(private readonly fairness: FairnessService) {}

  /**
   * Each person's duties done and planned over the year or a term against their fair share, and
   * the team's largest difference, spread and √Σd². Staff see their own line and the team's figures.
   */
  @Get('fairness')
  @Authenticated('rota.view')
  @FairUse('fairness')
  getFairness(@CurrentUser() user: AuthUser, @Query() query: FairnessQueryDto): Promise<FairnessDto> {
    return this.fairness.fairness(user, query);
  }

  /** The fairness table as a CSV or XLSX file. */
  @Get('fairness/export')
  @Authenticated('rota.view')
  @FairUse('exports')
  @ApiProduces(...SPREADSHEETS)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The table as a file.' })
  async exportFairness(@CurrentUser() user: AuthUser, @Query() query: FairnessExportQueryDto): Promise<StreamableFile> {
    return download(await this.fairness.exportFairness(user, query));
  }
}
