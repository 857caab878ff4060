import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Param,
  ParseFilePipeBuilder,
  Post,
  Put,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor, type UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { ApiBody, ApiConflictResponse, ApiConsumes, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { FairUse } from '../../common/rate-limit/fair-use';
import { runLongStatements } from '../../database/statement-timeouts';
import { ChangeRoleDto } from './dto/change-role.dto';
import { CreateStaffDto } from './dto/create-staff.dto';
import { ImportPreviewDto } from './dto/import-preview.dto';
import { ImportResultDto } from './dto/import-result.dto';
import { StaffCsvUploadDto } from './dto/staff-csv-upload.dto';
import { StaffDto } from './dto/staff.dto';
import { StaffUpdateResultDto } from './dto/staff-update-result.dto';
import { UpdateStaffDto } from './dto/update-staff.dto';
import { StaffImportService } from './staff-import.service';
import { StaffUpdateService } from './staff-update.service';
import { StaffService } from './staff.service';

const MAX_CSV_BYTES = 1024 * 1024;

/** The uploaded CSV: present and at most 1 MB. */
const csvFile = new ParseFilePipeBuilder()
  .addMaxSizeValidator({ maxSize: MAX_CSV_BYTES, message: 'The CSV file must be at most 1 MB' })
  .build({
    fileIsRequired: true,
    exceptionFactory: (message) => new BadRequestException(message === 'File is required' ? 'Choose a CSV file to upload' : message),
  });

/**
 * Checked by name and by content: browsers label CSV files with many MIME types (Excel's
 * among them), so the type says little; a binary file has NUL bytes.
 */
function assertCsv(file: UploadedMultipartFile): Buffer {
  if (!/\.csv$/i.test(file.originalname)) throw new BadRequestException('The file must be a .csv file');
  const content = file.buffer ?? Buffer.alloc(0);
  if (content.includes(0)) throw new BadRequestException('The file is not a text CSV file');
  return content;
}

const upload = () =>
  UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_CSV_BYTES + 1, files: 1 } }));

@ApiTags('staff')
@Controller('staff')
export class StaffController {
  constructor(
    private readonly staff: StaffService,
    private readonly staffUpdate: StaffUpdateService,
    private readonly staffImport: StaffImportService,
  ) {}

  /**
   * Every staff member of the organisation, sorted by name. Staff get their own record whole and,
   * of colleagues, the id, name, whether active and Teaching or Non-Teaching only.
   */
  @Get()
  @Authenticated('rota.view')
  @FairUse('staffList')
  getStaff(@CurrentUser() user: AuthUser): Promise<StaffDto[]> {
    return this.staff.list(user);
  }

  /** Adds a staff member; with `invite` they also get an email to choose a password and sign in. */
  @Post()
  @Authenticated('staff.manage', 'add staff members')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'A staff member with this email already exists.' })
  createStaff(@CurrentUser() user: AuthUser, @Body() dto: CreateStaffDto): Promise<StaffDto> {
    return this.staff.create(user, dto);
  }

  /** Edits a staff member, or deactivates/reactivates them with `{isActive}`. */
  @Put(':id')
  @Authenticated('staff.manage', 'edit staff members')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in this organisation.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Email taken, or the last active admin.' })
  updateStaff(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Staff member')) id: string,
    @Body() dto: UpdateStaffDto,
  ): Promise<StaffUpdateResultDto> {
    return this.staffUpdate.update(user, id, dto);
  }

  /** Emails a new link to choose a password; the previous link stops working. */
  @Post(':id/invite')
  @Authenticated('staff.manage', 'invite staff members')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in this organisation.' })
  inviteStaff(@CurrentUser() user: AuthUser, @Param('id', idParam('Staff member')) id: string): Promise<StaffDto> {
    return this.staff.inviteAgain(user, id);
  }

  /** Makes a staff member who can sign in an admin, manager or staff user. */
  @Put(':id/role')
  @Authenticated('staff.roles')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in this organisation.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not invited yet, or the last active admin.' })
  changeStaffRole(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Staff member')) id: string,
    @Body() dto: ChangeRoleDto,
  ): Promise<StaffDto> {
    return this.staff.changeRole(user, id, dto.role);
  }

  /** Checks a CSV (name, email, department, teaching) and shows what importing it would do. */
  @Post('import/preview')
  @Authenticated('staff.manage', 'add staff members')
  @upload()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: StaffCsvUploadDto })
  // Last, so it runs before the upload is read: a refused request costs no parsing.
  @FairUse('imports')
  previewStaffImport(@UploadedFile(csvFile) file: UploadedMultipartFile): Promise<ImportPreviewDto> {
    return this.staffImport.previewImport(assertCsv(file));
  }

  /** Imports the valid rows of a CSV in one transaction; rows with errors are left out. */
  @Post('import')
  @Authenticated('staff.manage', 'add staff members')
  @upload()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: StaffCsvUploadDto })
  @FairUse('imports')
  importStaff(@CurrentUser() user: AuthUser, @UploadedFile(csvFile) file: UploadedMultipartFile): Promise<ImportResultDto> {
    return runLongStatements(() => this.staffImport.import(user, assertCsv(file)));
  }
}
