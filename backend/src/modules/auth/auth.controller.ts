import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { AllowedBeforeTwoFactorSetup, Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { AuthService } from './auth.service';
import { AuthTokenDto, CurrentUserResponseDto, MessageDto, ResetPasswordResultDto, SignInResultDto } from './dto/auth-responses.dto';
import { ConfirmEmailChangeDto } from './dto/confirm-email-change.dto';
import { EmailRequestDto } from './dto/email-request.dto';
import { LoginDto } from './dto/login.dto';
import { RedeemHandoffDto } from './dto/redeem-handoff.dto';
import { RegisterDto } from './dto/register.dto';
import { ResetPasswordDto } from './dto/reset-password.dto';
import { VerifyEmailDto } from './dto/verify-email.dto';

function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /**
   * Starts a free trial: creates the organisation and its first user (an admin), emails a
   * verification link and signs the new admin in.
   */
  @Post('register')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The subdomain is already taken.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many sign-ups; wait and try again.' })
  register(@Body() dto: RegisterDto, @Req() req: Request): Promise<AuthTokenDto> {
    return this.auth.register(dto, clientAddress(req));
  }

  /**
   * Signs in to one organisation. Repeated failures are throttled per account and per address.
   * An account with two-step verification on gets no `token` yet but `twoFactorRequired` and a
   * `challenge` for loginTwoFactor.
   */
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many attempts; wait and try again.' })
  login(@Body() dto: LoginDto, @Req() req: Request): Promise<SignInResultDto> {
    return this.auth.login(dto, clientAddress(req));
  }

  /**
   * Exchanges a one-time sign-in code for a session on this address: the last step of signing
   * up or in on another address (the bare domain, an identity provider's return address).
   * Like login, an account with two-step verification on is asked for its second step.
   */
  @Post('handoff')
  @HttpCode(HttpStatus.OK)
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The code is unknown, used or expired.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many attempts; wait and try again.' })
  redeemHandoff(@Body() dto: RedeemHandoffDto, @Req() req: Request): Promise<SignInResultDto> {
    return this.auth.redeemHandoff(dto.code, clientAddress(req));
  }

  /** The signed-in user and their organisation. */
  @Get('user')
  @Authenticated()
  @AllowedBeforeTwoFactorSetup()
  getCurrentUser(@CurrentUser() user: AuthUser): Promise<CurrentUserResponseDto> {
    return this.auth.currentUser(user);
  }

  /** Confirms an email address with the token from the verification link (single use, 24 hours). */
  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The link is invalid, used or expired.' })
  verifyEmail(@Body() dto: VerifyEmailDto): Promise<MessageDto> {
    return this.auth.verifyEmail(dto.token);
  }

  /**
   * Makes a new sign-in email take effect, with the token from the link sent to that address
   * (single use, 24 hours). Every session of the account ends; sign in with the new address.
   */
  @Post('confirm-email')
  @HttpCode(HttpStatus.OK)
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The link is invalid, used or expired.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The new address has meanwhile become another account’s.' })
  confirmEmailChange(@Body() dto: ConfirmEmailChangeDto): Promise<MessageDto> {
    return this.auth.confirmEmailChange(dto.token);
  }

  /** Sends a new verification link when the account exists and is not verified yet; the answer is the same either way. */
  @Post('resend-verification')
  @HttpCode(HttpStatus.OK)
  resendVerification(@Body() dto: EmailRequestDto, @Req() req: Request): Promise<MessageDto> {
    return this.auth.resendVerification(dto, clientAddress(req));
  }

  /** Emails a password reset link (single use, 30 minutes) when the account exists; the answer is the same either way. */
  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  forgotPassword(@Body() dto: EmailRequestDto, @Req() req: Request): Promise<MessageDto> {
    return this.auth.forgotPassword(dto, clientAddress(req));
  }

  /**
   * Sets a new password from an emailed link and ends every existing session. An invitation's
   * link signs the invitee in (`token`); a reset's does not. Either way the answer names the
   * account's email and organisation subdomain, to fill in the sign-in form.
   */
  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The link is invalid, used or expired.' })
  resetPassword(@Body() dto: ResetPasswordDto): Promise<ResetPasswordResultDto> {
    return this.auth.resetPassword(dto);
  }
}
