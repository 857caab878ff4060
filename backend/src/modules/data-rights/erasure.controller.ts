import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser, RequiresReauthentication } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { EraseStaffDto } from './dto/erase-staff.dto';
import { ErasureConsequencesDto } from './dto/erasure-consequences.dto';
import { ErasureResultDto } from './dto/erasure-result.dto';
import { LeaverRetentionDto } from './dto/leaver-retention.dto';
import { UpdateLeaverRetentionDto } from './dto/update-leaver-retention.dto';
import { ErasureService } from './erasure.service';
import { RetentionService } from './retention.service';

/** Erasing a person's personal data now, and the leavers' retention period (docs/security.md#retention-and-erasure). Admins only. */
@ApiTags('data-rights')
@Controller()
export class ErasureController {
  constructor(
    private readonly erasure: ErasureService,
    private readonly retention: RetentionService,
  ) {}

  /** What erasing this person's personal data would delete, keep under their pseudonym and scrub. */
  @Get('staff/:id/erasure')
  @Authenticated('settings.manage', "erase people's personal data")
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in this organisation.' })
  getErasure(@Param('id', idParam('Staff member')) id: string): Promise<ErasureConsequencesDto> {
    return this.erasure.consequences(id);
  }

  /**
   * Erases this person's personal data now, after the admin's re-authentication: an active
   * person is deactivated first (their duties from today on are given up and refilled); their
   * name and email become a pseudonym everywhere, their account is closed for good, and their
   * duties and requests stay under the pseudonym. Not yourself.
   */
  @Post('staff/:id/erasure')
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage', "erase people's personal data")
  @RequiresReauthentication()
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Your own record: ask another admin.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in this organisation.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Already erased, or the last active admin.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords or codes; wait and try again.' })
  eraseStaff(@CurrentUser() user: AuthUser, @Param('id', idParam('Staff member')) id: string, @Body() dto: EraseStaffDto): Promise<ErasureResultDto> {
    return this.erasure.eraseNow(user, id, dto);
  }

  /** The leavers' retention period and the next people the daily job will anonymise. */
  @Get('data-rights/leaver-retention')
  @Authenticated('settings.manage', "see the leavers' retention period")
  getLeaverRetention(): Promise<LeaverRetentionDto> {
    return this.retention.overview();
  }

  /** Changes how many months after leaving a person's personal data is anonymised (1–120). */
  @Put('data-rights/leaver-retention')
  @Authenticated('settings.manage', "change the leavers' retention period")
  updateLeaverRetention(@CurrentUser() user: AuthUser, @Body() dto: UpdateLeaverRetentionDto): Promise<LeaverRetentionDto> {
    return this.retention.setMonths(user, dto.leaverRetentionMonths);
  }
}
