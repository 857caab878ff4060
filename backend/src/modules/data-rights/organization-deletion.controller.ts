import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { AllowedWhileDeletionPending, Authenticated, CurrentUser, RequiresReauthentication } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { OrganizationDeletionDto } from './dto/organization-deletion.dto';
import { RequestOrganizationDeletionDto } from './dto/request-organization-deletion.dto';
import { RestoreOrganizationDto } from './dto/restore-organization.dto';
import { OrganizationDeletionService } from './organization-deletion.service';

@ApiTags('data-rights')
@Controller('organization/deletion')
export class OrganizationDeletionController {
  constructor(private readonly deletion: OrganizationDeletionService) {}

  /** Whether the organisation is waiting to be deleted, and when; every signed-in member sees it (the banner). */
  @Get()
  @Authenticated()
  getOrganizationDeletion(): Promise<OrganizationDeletionDto> {
    return this.deletion.status();
  }

  /**
   * Asks for the organisation to be deleted in 30 days: every admin is emailed, and until then it
   * is read-only and can be restored. Needs re-authentication and the organisation's name typed
   * exactly (`confirm_name_mismatch`, 422).
   */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage', 'delete the organisation')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The password, the code or the name is missing.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Deletion has already been asked for (the organisation is read-only).' })
  @ApiUnprocessableEntityResponse({ type: ErrorResponseDto, description: "The name typed is not the organisation's name." })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords or codes; wait and try again.' })
  @RequiresReauthentication()
  requestOrganizationDeletion(@CurrentUser() user: AuthUser, @Body() dto: RequestOrganizationDeletionDto): Promise<OrganizationDeletionDto> {
    return this.deletion.request(user, dto);
  }

  /** Restores the organisation during its grace period: it will not be deleted, and can be changed again. Every admin is emailed. */
  @Delete()
  @Authenticated('settings.manage', 'restore the organisation')
  @AllowedWhileDeletionPending()
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The password or the code is missing.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The organisation is not waiting to be deleted.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords or codes; wait and try again.' })
  @RequiresReauthentication()
  restoreOrganization(@CurrentUser() user: AuthUser, @Body() dto: RestoreOrganizationDto): Promise<OrganizationDeletionDto> {
    return this.deletion.restore(user, dto);
  }
}
