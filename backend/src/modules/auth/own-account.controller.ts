import { Body, Controller, HttpCode, HttpStatus, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser, RequiresReauthentication } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { PasswordResetService } from './password-reset.service';
import { MessageDto } from './dto/message.dto';
import { ChangeOwnEmailDto } from './dto/change-own-email.dto';
import { ChangeOwnNameDto } from './dto/change-own-name.dto';
import { ChangeOwnPasswordDto } from './dto/change-own-password.dto';
import { DescribePasswordLinkDto } from './dto/describe-password-link.dto';
import { EmailChangeStartedDto } from './dto/email-change-started.dto';
import { PasswordChangedDto } from './dto/password-changed.dto';
import { PasswordLinkDto } from './dto/password-link.dto';
import { OwnAccountService } from './own-account.service';

/**
 * The signed-in person's own account (docs/product.md#your-own-account): name, password and
 * sign-in email. Every route acts on the caller's own account; nobody changes someone else's here.
 */
@ApiTags('auth')
@Controller('auth')
export class OwnAccountController {
  constructor(
    private readonly own: OwnAccountService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  /** Renames the signed-in person; their staff record takes the same name. */
  @Put('account/name')
  @Authenticated()
  changeOwnName(@CurrentUser() user: AuthUser, @Body() dto: ChangeOwnNameDto): Promise<MessageDto> {
    return this.own.rename(user, dto.name);
  }

  /**
   * Changes the signed-in person's password: the current one (and a code when two-step
   * verification is on) and the new one. Every session of the account ends, this one included;
   * the answer carries a new session for this browser. The account's address is told.
   */
  @Post('account/password')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @RequiresReauthentication()
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords or codes; wait and try again.' })
  changeOwnPassword(@CurrentUser() user: AuthUser, @Body() dto: ChangeOwnPasswordDto): Promise<PasswordChangedDto> {
    return this.own.changePassword(user, dto);
  }

  /**
   * Starts a change of the signed-in person's sign-in email, after re-authentication: the new
   * address gets a link to confirm it (24 hours, once), the current one is told. Nothing changes
   * until the new address confirms; then every session ends.
   */
  @Post('account/email')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @RequiresReauthentication()
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The address is not valid, or already the sign-in email.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The address belongs to another account of the organisation.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords or codes; wait and try again.' })
  changeOwnEmail(@CurrentUser() user: AuthUser, @Body() dto: ChangeOwnEmailDto): Promise<EmailChangeStartedDto> {
    return this.own.startEmailChange(user, dto);
  }

  /**
   * What a set-password link is for (an invitation or a reset), with the account's name and
   * organisation, so its page can greet an invitee before they choose a password.
   */
  @Post('password-link')
  @HttpCode(HttpStatus.OK)
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The link is invalid, used or expired.' })
  describePasswordLink(@Body() dto: DescribePasswordLinkDto): Promise<PasswordLinkDto> {
    return this.passwordReset.describePasswordLink(dto.token);
  }
}
