import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AllowedBeforeTwoFactorSetup, Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { AnyHost, OrganizationHosts } from '../tenants/organization-hosts.service';
import { CurrentUserService } from './current-user.service';
import { EmailChangeService } from './email-change.service';
import { EmailVerificationService } from './email-verification.service';
import { FindOrganizationsService } from './find-organizations.service';
import { PasswordResetService } from './password-reset.service';
import { RegistrationService } from './registration.service';
import { SignInService } from './sign-in.service';
import { CurrentUserResponseDto } from './dto/current-user-response.dto';
import { HostDto } from './dto/host.dto';
import { EmailChangeResultDto } from './dto/email-change-result.dto';
import { MessageDto } from './dto/message.dto';
import { RegisterResultDto } from './dto/register-result.dto';
import { ResetPasswordResultDto } from './dto/reset-password-result.dto';
import { SignInResultDto } from './dto/sign-in-result.dto';
import { ConfirmEmailChangeDto } from './dto/confirm-email-change.dto';
import { EmailRequestDto } from './dto/email-request.dto';
import { FindOrganizationsDto } from './dto/find-organizations.dto';
import { LoginDto } from './dto/login.dto';
import { RedeemHandoffDto } from './dto/redeem-handoff.dto';
import { RegisterDto } from './dto/register.dto';
import { ResetPasswordDto } from './dto/reset-password.dto';
import { VerifyEmailDto } from './dto/verify-email.dto';
import { clientAddress } from '../../common/http/client-address';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly signIn: SignInService,
    private readonly currentUsers: CurrentUserService,
    private readonly emailVerification: EmailVerificationService,
    private readonly emailChanges: EmailChangeService,
    private readonly passwordReset: PasswordResetService,
    private readonly organizationFinder: FindOrganizationsService,
    private readonly hosts: OrganizationHosts,
  ) {}

  /**
   * What this address says about its organisation, for the sign-in screens: on an organisation's
   * own address (APP_BASE_DOMAIN) its name; on the bare domain only the base domain; whether the
   * address names an organisation that does not exist. Answers on every address.
   */
  @Get('host')
  @AnyHost()
  async getHost(@Req() req: Request): Promise<HostDto> {
    const host = this.hosts.of(req);
    if (host.kind === 'single') return { baseDomain: null, organization: null, unknownOrganization: false };
    const organization = await this.hosts.organization(req);
    return {
      baseDomain: this.hosts.baseDomain() ?? null,
      organization: organization ? { name: organization.name, subdomain: organization.subdomain } : null,
      unknownOrganization: organization === null,
    };
  }

  /**
   * Starts a free trial: creates the organisation and its first user (an admin), emails a
   * verification link and signs the new admin in. On the bare domain or another organisation's
   * address (APP_BASE_DOMAIN set), `continueUrl` is where the browser goes next: the new
   * organisation's own address, with a one-time sign-in code.
   */
  @Post('register')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The subdomain is already taken.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many sign-ups; wait and try again.' })
  register(@Body() dto: RegisterDto, @Req() req: Request): Promise<RegisterResultDto> {
    return this.registration.register(dto, clientAddress(req), { handOff: this.hosts.underBaseDomain(req) });
  }

  /**
   * Signs in to one organisation: the one whose address this is (APP_BASE_DOMAIN), or the one
   * named. Repeated failures are throttled per account and per address. An account with
   * two-step verification on gets no `token` yet but `twoFactorRequired` and a `challenge` for
   * loginTwoFactor.
   */
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many attempts; wait and try again.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'This address names no organisation.' })
  async login(@Body() dto: LoginDto, @Req() req: Request): Promise<SignInResultDto> {
    const organizationSubdomain = await this.hosts.signInSubdomain(req, dto.organizationSubdomain);
    return this.signIn.login({ ...dto, organizationSubdomain }, clientAddress(req));
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
  async redeemHandoff(@Body() dto: RedeemHandoffDto, @Req() req: Request): Promise<SignInResultDto> {
    // On an organisation's own address only a code for its own member is good.
    const organization = await this.hosts.requireKnown(req);
    return this.signIn.redeemHandoff(dto.code, clientAddress(req), organization?.subdomain);
  }

  /** The signed-in user and their organisation. */
  @Get('user')
  @Authenticated()
  @AllowedBeforeTwoFactorSetup()
  getCurrentUser(@CurrentUser() user: AuthUser): Promise<CurrentUserResponseDto> {
    return this.currentUsers.currentUser(user);
  }

  /**
   * Signs out: this session ends on the server, so its token stops working wherever a copy of it
   * is (other sessions of the account stay signed in).
   */
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @AllowedBeforeTwoFactorSetup()
  signOut(@CurrentUser() user: AuthUser): Promise<MessageDto> {
    return this.signIn.signOut(user);
  }

  /** Confirms an email address with the token from the verification link (single use, 24 hours). */
  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The link is invalid, used or expired.' })
  verifyEmail(@Body() dto: VerifyEmailDto): Promise<MessageDto> {
    return this.emailVerification.verifyEmail(dto.token);
  }

  /**
   * Makes a new sign-in email take effect, with the token from the link sent to that address
   * (single use, 24 hours). Every session of the account ends; sign in with the new address.
   */
  @Post('confirm-email')
  @HttpCode(HttpStatus.OK)
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The link is invalid, used or expired.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The new address has meanwhile become another account’s.' })
  confirmEmailChange(@Body() dto: ConfirmEmailChangeDto): Promise<EmailChangeResultDto> {
    return this.emailChanges.confirmEmailChange(dto.token);
  }

  /**
   * Approves, signed in, a change of one's own sign-in email that someone else asked for (as the
   * link sent to the current address does). It takes effect once the new address has confirmed it.
   */
  @Post('email-change/approve')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No change is waiting for your approval.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The new address has meanwhile become another account’s.' })
  approveEmailChange(@CurrentUser() user: AuthUser): Promise<EmailChangeResultDto> {
    return this.emailChanges.approveEmailChange(user);
  }

  /** Sends a new verification link when the account exists and is not verified yet; the answer is the same either way. */
  @Post('resend-verification')
  @HttpCode(HttpStatus.OK)
  async resendVerification(@Body() dto: EmailRequestDto, @Req() req: Request): Promise<MessageDto> {
    const organizationSubdomain = await this.hosts.signInSubdomain(req, dto.organizationSubdomain);
    return this.emailVerification.resendVerification({ ...dto, organizationSubdomain }, clientAddress(req));
  }

  /** Emails a password reset link (single use, 30 minutes) when the account exists; the answer is the same either way. */
  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  async forgotPassword(@Body() dto: EmailRequestDto, @Req() req: Request): Promise<MessageDto> {
    const organizationSubdomain = await this.hosts.signInSubdomain(req, dto.organizationSubdomain);
    return this.passwordReset.forgotPassword({ ...dto, organizationSubdomain }, clientAddress(req));
  }

  /**
   * "Find your school": emails the address a list of the organisations where it has an account,
   * each with its sign-in link. The answer is the same either way, and nothing is sent when there
   * are none.
   */
  @Post('find-organizations')
  @HttpCode(HttpStatus.OK)
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many email requests; wait and try again.' })
  findOrganizations(@Body() dto: FindOrganizationsDto, @Req() req: Request): Promise<MessageDto> {
    return this.organizationFinder.findOrganizations(dto, clientAddress(req));
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
    return this.passwordReset.resetPassword(dto);
  }
}
