import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AllowedBeforeTwoFactorSetup, Authenticated, CurrentUser, RequiresReauthentication } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { SignInService } from './sign-in.service';
import { AuthTokenDto } from './dto/auth-token.dto';
import { EnableTwoFactorDto } from './dto/enable-two-factor.dto';
import { LoginTwoFactorDto } from './dto/login-two-factor.dto';
import { ReauthenticationDto } from './dto/reauthentication.dto';
import { RecoveryCodesDto } from './dto/recovery-codes.dto';
import { StartTwoFactorSetupDto } from './dto/start-two-factor-setup.dto';
import { TwoFactorSetupDto } from './dto/two-factor-setup.dto';
import { TwoFactorStatusDto } from './dto/two-factor-status.dto';
import { RecoveryCodesService } from './recovery-codes.service';
import { TwoFactorSetupService } from './two-factor-setup.service';
import { clientAddress } from '../../common/http/client-address';

/**
 * Two-step verification of the signed-in person's own account (docs/product.md#two-step-verification)
 * and the second step of signing in. Nobody changes another person's two-step verification here:
 * every route acts on the caller's own account.
 */
@ApiTags('auth')
@Controller('auth')
export class TwoFactorController {
  constructor(
    private readonly twoFactorSetup: TwoFactorSetupService,
    private readonly recoveryCodes: RecoveryCodesService,
    private readonly signIn: SignInService,
  ) {}

  /** Whether two-step verification is on for the signed-in person, and how many recovery codes are left. */
  @Get('two-factor')
  @Authenticated()
  @AllowedBeforeTwoFactorSetup()
  getTwoFactorStatus(@CurrentUser() user: AuthUser): Promise<TwoFactorStatusDto> {
    return this.twoFactorSetup.status(user.id);
  }

  /**
   * Starts setting up an authenticator app (needs the password): a new secret as text and as an
   * `otpauth://` URI for a QR code. Nothing changes at sign-in until a code confirms it
   * (enableTwoFactor, within 15 minutes).
   */
  @Post('two-factor/setup')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @AllowedBeforeTwoFactorSetup()
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'The password is not correct (`password_incorrect`).' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Two-step verification is already on.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords; wait and try again.' })
  @RequiresReauthentication()
  startTwoFactorSetup(@CurrentUser() user: AuthUser, @Body() dto: StartTwoFactorSetupDto): Promise<TwoFactorSetupDto> {
    return this.twoFactorSetup.setup(user, dto);
  }

  /**
   * Turns two-step verification on with a first code from the app just set up, and answers the
   * ten recovery codes: shown this once, each usable once instead of a code.
   */
  @Post('two-factor/enable')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @AllowedBeforeTwoFactorSetup()
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The code is not correct, or the setup has expired.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Two-step verification is already on.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong codes; wait and try again.' })
  async enableTwoFactor(@CurrentUser() user: AuthUser, @Body() dto: EnableTwoFactorDto): Promise<RecoveryCodesDto> {
    return { recoveryCodes: await this.twoFactorSetup.enable(user.id, dto.code) };
  }

  /** Turns two-step verification off; needs the password and a code (or a recovery code). */
  @Post('two-factor/disable')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'The password or the code is not correct.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Two-step verification is already off.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords or codes; wait and try again.' })
  @RequiresReauthentication()
  async disableTwoFactor(@CurrentUser() user: AuthUser, @Body() dto: ReauthenticationDto): Promise<TwoFactorStatusDto> {
    await this.twoFactorSetup.disable(user, dto);
    return this.twoFactorSetup.status(user.id);
  }

  /** Ten new recovery codes in place of the old ones; needs the password and a code. */
  @Post('two-factor/recovery-codes')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'The password or the code is not correct.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Two-step verification is off.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords or codes; wait and try again.' })
  @RequiresReauthentication()
  async regenerateRecoveryCodes(@CurrentUser() user: AuthUser, @Body() dto: ReauthenticationDto): Promise<RecoveryCodesDto> {
    return { recoveryCodes: await this.recoveryCodes.regenerateRecoveryCodes(user, dto) };
  }

  /**
   * The second step of signing in: the challenge from the first step (login or redeemHandoff)
   * with a current code from the authenticator app or a recovery code. Wrong codes are throttled
   * per account and per address.
   */
  @Post('login/two-factor')
  @HttpCode(HttpStatus.OK)
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The challenge is unknown, used or expired: sign in again.' })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'The code is not correct.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many attempts; wait and try again.' })
  loginTwoFactor(@Body() dto: LoginTwoFactorDto, @Req() req: Request): Promise<AuthTokenDto> {
    return this.signIn.loginTwoFactor(dto, clientAddress(req));
  }
}
