import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser, RequiresReauthentication } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { SaveTwoFactorRequirementDto } from './dto/save-two-factor-requirement.dto';
import { TwoFactorRequirementDto } from './dto/two-factor-requirement.dto';
import { TwoFactorRequirementService } from './two-factor-requirement.service';

@ApiTags('settings')
@Controller('settings/two-factor-requirement')
export class TwoFactorRequirementController {
  constructor(private readonly requirement: TwoFactorRequirementService) {}

  /** Whether admins must use two-step verification, and how many active admins haven't turned it on. */
  @Get()
  @Authenticated('settings.manage')
  getTwoFactorRequirement(): Promise<TwoFactorRequirementDto> {
    return this.requirement.get();
  }

  /**
   * Turns "require two-step verification for admins" on or off (audited). Needs the admin's
   * password and a current code; turning it on needs two-step verification on the admin's own
   * account first (`two_factor_not_enabled`), so it can't lock them out.
   */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The password or the code is missing.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The admin has not turned on two-step verification themselves.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords or codes; wait and try again.' })
  @RequiresReauthentication()
  saveTwoFactorRequirement(@CurrentUser() user: AuthUser, @Body() dto: SaveTwoFactorRequirementDto): Promise<TwoFactorRequirementDto> {
    return this.requirement.save(user, dto);
  }
}
