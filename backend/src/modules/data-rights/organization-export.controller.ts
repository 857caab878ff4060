import { Body, Controller, HttpCode, HttpStatus, Post, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { AllowedWhileDeletionPending, Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { Clock } from '../../common/clock/clock';
import { ReauthenticationDto } from '../auth/dto/reauthentication.dto';
import { OrganizationExportService } from './organization-export.service';

@ApiTags('data-rights')
@Controller('organization-export')
export class OrganizationExportController {
  constructor(
    private readonly exports: OrganizationExportService,
    private readonly clock: Clock,
  ) {}

  /**
   * Downloads everything of the organisation as one ZIP (docs/export-format.md): organization.json,
   * a CSV per table and the procedure document. Admins only, re-authenticated (a POST, so the
   * password or code travels in the body, not in a URL). The archive streams as it is read. It
   * still works while the organisation waits to be deleted: the school's last chance to take its data.
   */
  @Post()
  @AllowedWhileDeletionPending()
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage', "export the organisation's data")
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The ZIP archive.' })
  async exportOrganization(@CurrentUser() user: AuthUser, @Body() dto: ReauthenticationDto): Promise<StreamableFile> {
    const archive = await this.exports.start(user, dto, this.clock.now());
    return new StreamableFile(archive.stream, { type: 'application/zip', disposition: `attachment; filename="${archive.fileName}"` });
  }
}
