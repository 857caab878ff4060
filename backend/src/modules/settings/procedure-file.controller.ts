import {
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Injectable,
  PayloadTooLargeException,
  Post,
  Query,
  Req,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
} from '@nestjs/common';
import { FileInterceptor, type UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { encodeExtended } from 'content-disposition';
import type { FastifyRequest as Request } from 'fastify';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiPayloadTooLargeResponse, ApiProduces, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { ProcedureFileLinkDto } from './dto/procedure-file-link.dto';
import { SystemSettingsDto } from './dto/system-settings.dto';
import { contentTypeOf, PROCEDURE_FILE_MAX_BYTES, PROCEDURE_FILE_TYPES } from './procedure-file';
import { ProcedureFileService, type StoredProcedureFile } from './procedure-file.service';
import { SettingsService } from './settings.service';

const TOO_LARGE = `The file is larger than 10 MB. Choose a smaller ${PROCEDURE_FILE_TYPES} file.`;
const NO_FILE = `Choose a ${PROCEDURE_FILE_TYPES} file to upload (form field "file").`;

/** In memory (@fastify/multipart), one file of at most 10 MB; the size error says so in words. */
@Injectable()
class ProcedureUpload extends FileInterceptor('file', { limits: { fileSize: PROCEDURE_FILE_MAX_BYTES, files: 1 } }) {
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

function download(file: StoredProcedureFile): StreamableFile {
  // PDFs open in the browser's viewer; Word files download.
  const disposition = file.kind === 'pdf' ? 'inline' : 'attachment';
  // RFC 6266: an ASCII `filename` for old clients, and the name itself in `filename*` (RFC 8187,
  // whose escaping content-disposition does: `'`, `(` and `)` too, which encodeURIComponent keeps).
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new StreamableFile(file.content, {
    type: contentTypeOf(file.kind),
    length: file.content.length,
    disposition: `${disposition}; filename="${ascii}"; filename*=${encodeExtended(file.fileName)}`,
  });
}

@ApiTags('settings')
@Controller('settings/procedure-file')
export class ProcedureFileController {
  constructor(
    private readonly files: ProcedureFileService,
    private readonly settings: SettingsService,
    private readonly hosts: OrganizationHosts,
  ) {}

  /**
   * Uploads the procedure document (multipart field `file`; .pdf, .doc or .docx, checked by
   * name and content; at most 10 MB). It replaces the previous one.
   */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage', 'edit instructions')
  @UseInterceptors(ProcedureUpload)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'Larger than 10 MB.' })
  uploadProcedureFile(@CurrentUser() user: AuthUser, @UploadedFile() file?: UploadedMultipartFile): Promise<SystemSettingsDto> {
    if (!file) throw new BadRequestException(NO_FILE);
    // The name as sent, already text: @fastify/busboy decodes a filename as UTF-8 (what browsers
    // send, RFC 7578) or by the charset of a `filename*` (RFC 5987), and Nest undoes browsers'
    // %0D, %0A and %22; cleanFileName makes it safe.
    return this.files.upload(user, file.originalname, file.buffer ?? Buffer.alloc(0));
  }

  /** The document, for any signed-in member of the organisation (REST clients). */
  @Get()
  @Authenticated('rota.view')
  @ApiProduces('application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The document.' })
  async getProcedureFile(): Promise<StreamableFile> {
    return download(await this.files.storedFile());
  }

  /** A link to the document that works for 15 minutes without a header, to open in a new tab. */
  @Get('link')
  @Authenticated('rota.view')
  getProcedureFileLink(@CurrentUser() user: AuthUser): Promise<ProcedureFileLinkDto> {
    return this.files.link(user);
  }

  /**
   * The document through a link from `link`. On an organisation's address (APP_BASE_DOMAIN) only
   * that organisation's links work, as sessions do; the bare domain and single hosts take any.
   */
  @Get('download')
  @ApiQuery({ name: 'ticket', type: String, required: true })
  @ApiProduces('application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The document.' })
  @ApiUnauthorizedResponse({
    type: ErrorResponseDto,
    description: "The link is not genuine, has expired, the document was replaced, or it is another organisation's link.",
  })
  async downloadProcedureFile(@Query('ticket') ticket: string, @Req() req: Request): Promise<StreamableFile> {
    // Unknown organisation addresses have had their 404 (HostGuard); this reuses its lookup.
    const host = await this.hosts.requireKnown(req);
    return download(await this.files.readWithTicket(ticket, host?.id));
  }

  /** Removes the document; the Instructions page then shows no download. */
  @Delete()
  @Authenticated('settings.manage', 'edit instructions')
  async deleteProcedureFile(@CurrentUser() user: AuthUser): Promise<SystemSettingsDto> {
    return this.settings.update(user, { procedureFileUrl: null, procedureFileName: null });
  }
}
