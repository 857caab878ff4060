import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { FairUse } from '../../common/rate-limit/fair-use';
import { SubjectAccessDto } from './dto/subject-access.dto';
import { SUMMARY_HTTP_CSP, subjectAccessSummary } from './subject-access-summary';
import { type SubjectAccessFile, SubjectAccessService } from './subject-access.service';

/** Refused to staff and managers (403): only an admin downloads another person's data. */
const OTHERS_DATA = 'download the data held about another person';

function json(file: SubjectAccessFile): StreamableFile {
  const body = Buffer.from(`${JSON.stringify(file.document, null, 2)}\n`, 'utf8');
  return new StreamableFile(body, {
    type: 'application/json; charset=utf-8',
    length: body.length,
    disposition: `attachment; filename="my-data-${file.today}.json"`,
  });
}

/** The readable page, under its own strict policy: no script, nothing loaded, only its stylesheet. */
function summary(file: SubjectAccessFile, reply: FastifyReply): StreamableFile {
  const body = Buffer.from(subjectAccessSummary(file.document, file.timeZone), 'utf8');
  // Replaces the app's policy (helmet's, on the raw response): the page needs even less.
  reply.header('Content-Security-Policy', SUMMARY_HTTP_CSP);
  return new StreamableFile(body, {
    type: 'text/html; charset=utf-8',
    length: body.length,
    disposition: `attachment; filename="my-data-${file.today}.html"`,
  });
}

const JSON_FILE = { type: SubjectAccessDto, description: 'A JSON file (`my-data-<date>.json`, an attachment).' };
const HTML_FILE = { schema: { type: 'string' }, description: 'A self-contained HTML page (`my-data-<date>.html`, an attachment).' };

/**
 * Subject access (docs/security.md, "Subject access"): everything held about a person, as a JSON
 * document and as a readable page. Anyone signed in gets their own; an admin gets anyone's of
 * the organisation, a leaver's too.
 */
@ApiTags('data-rights')
@Controller()
export class SubjectAccessController {
  constructor(private readonly subjectAccess: SubjectAccessService) {}

  /** Everything held about the signed-in person, as a JSON file. Secrets (password, two-step secret, tokens) are never in it. */
  @Get('me/data')
  @Authenticated()
  @FairUse('personalData')
  @ApiProduces('application/json')
  @ApiOkResponse(JSON_FILE)
  async getMyData(@CurrentUser() user: AuthUser): Promise<StreamableFile> {
    return json(await this.subjectAccess.own(user));
  }

  /** The same as a readable HTML page, to read or print. */
  @Get('me/data/summary')
  @Authenticated()
  @FairUse('personalData')
  @ApiProduces('text/html')
  @ApiOkResponse(HTML_FILE)
  async getMyDataSummary(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return summary(await this.subjectAccess.own(user), reply);
  }

  /** Everything held about a staff member of the organisation (active or not, with an account or not), as a JSON file. Audited. */
  @Get('staff/:id/data')
  @Authenticated('settings.manage', OTHERS_DATA)
  @FairUse('personalData')
  @ApiProduces('application/json')
  @ApiOkResponse(JSON_FILE)
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in the organisation.' })
  async getStaffData(@CurrentUser() user: AuthUser, @Param('id', idParam('Staff member')) id: string): Promise<StreamableFile> {
    return json(await this.subjectAccess.ofStaff(user, id));
  }

  /** The same as a readable HTML page. Audited. */
  @Get('staff/:id/data/summary')
  @Authenticated('settings.manage', OTHERS_DATA)
  @FairUse('personalData')
  @ApiProduces('text/html')
  @ApiOkResponse(HTML_FILE)
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in the organisation.' })
  async getStaffDataSummary(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Staff member')) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return summary(await this.subjectAccess.ofStaff(user, id), reply);
  }
}
