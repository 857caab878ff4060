import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Injectable,
  PayloadTooLargeException,
  Post,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
} from '@nestjs/common';
import { FileInterceptor, type UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { ApiBody, ApiConflictResponse, ApiConsumes, ApiPayloadTooLargeResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { ReauthenticationDto } from '../auth/dto/reauthentication.dto';
import { OrganizationImportResultDto } from './dto/organization-import-result.dto';
import { OrganizationImportStatusDto } from './dto/organization-import-status.dto';
import { IMPORT_MAX_BYTES } from './organization-import-archive';
import { OrganizationImportService } from './organization-import.service';

const TOO_LARGE = `The archive is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
const NO_FILE = 'Choose the .zip file that "Export all data" downloaded (form field "file").';

/** In memory (@fastify/multipart), one archive of at most IMPORT_MAX_BYTES; the size error says so in words. */
@Injectable()
class ArchiveUpload extends FileInterceptor('file', { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } }) {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (err) {
      if (err instanceof PayloadTooLargeException) throw new PayloadTooLargeException(TOO_LARGE);
      if (err instanceof BadRequestException && /Unexpected field|Too many files/i.test(err.message)) throw new BadRequestException(NO_FILE);
      throw err;
    }
  }
}

@ApiTags('data-rights')
@Controller('organization-import')
export class OrganizationImportController {
  constructor(private readonly imports: OrganizationImportService) {}

  /** Whether this organisation can import an export: only while it is new. */
  @Get()
  @Authenticated('settings.manage', "import an organisation's data")
  async getOrganizationImportStatus(): Promise<OrganizationImportStatusDto> {
    return { canImport: await this.imports.canImport() };
  }

  /**
   * Imports an organisation export (the ZIP of "Export all data", multipart field `file`, at most
   * 100 MB) into this organisation, which must be new. Admins only, re-authenticated with the
   * fields `password` / `providerProof` / `code`, sent before the file. The archive is checked
   * whole and written in one transaction: a bad archive is refused (422, naming the file, table
   * and row) and nothing is written.
   */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage', "import an organisation's data")
  @UseInterceptors(ArchiveUpload)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        password: { type: 'string', maxLength: 128 },
        providerProof: { type: 'string', maxLength: 2000 },
        code: { type: 'string', maxLength: 64 },
        file: { type: 'string', format: 'binary' },
      },
    },
  })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'Larger than 100 MB.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The organisation is not new.' })
  @ApiUnprocessableEntityResponse({ type: ErrorResponseDto, description: 'The archive is not a valid organisation export; nothing was written.' })
  importOrganization(
    @CurrentUser() user: AuthUser,
    @Body() dto: ReauthenticationDto,
    @UploadedFile() file?: UploadedMultipartFile,
  ): Promise<OrganizationImportResultDto> {
    if (!file) throw new BadRequestException(NO_FILE);
    return this.imports.import(user, dto, file.buffer ?? Buffer.alloc(0));
  }
}
