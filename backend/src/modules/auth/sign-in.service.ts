import { BadRequestException, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { PasswordService } from '../../common/security/password.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { OrganizationsService } from '../tenants/organizations.service';
import type { AuthTokenDto } from './dto/auth-token.dto';
import type { MessageDto } from './dto/message.dto';
import type { SignInResultDto } from './dto/sign-in-result.dto';
import type { LoginDto } from './dto/login.dto';
import type { LoginTwoFactorDto } from './dto/login-two-factor.dto';
import type { User } from './entities/user.entity';
import { SessionHandoffService } from './session-handoff.service';
import { SessionsService } from './sessions.service';
import { PASSWORD_SIGN_IN_OFF, SignInPolicy } from './sign-in-policy';
import { TwoFactorService } from './two-factor.service';
import { TwoFactorChallengesService } from './two-factor-challenges.service';
import { UsersRepository } from './users.repository';

/**
 * Sign-in throttling counts failed attempts, per account and per client address. Each attempt is
 * counted before its password is checked and a success gives its attempt back, so in effect only
 * failures count: a whole school signs in from behind one address on a Monday morning.
 */
export const LOGIN_LIMITS = {
  account: { limit: 5, windowSeconds: 15 * 60 },
  address: { limit: 50, windowSeconds: 15 * 60 },
} as const;

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const INVALID_HANDOFF_CODE = 'This sign-in link has expired or was already used. Please sign in again.';
export const INVALID_TWO_FACTOR_CHALLENGE = 'Your sign-in has expired. Please sign in again.';
export const INVALID_TWO_FACTOR_CODE = 'That code is not correct. Please try again.';

/**
 * Signing in and out: with a password, with a one-time handoff code (after a sign-up on the bare
 * domain or a provider's sign-in), the second step when two-step verification is on, and signing out.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly organizations: OrganizationsService,
    private readonly passwords: PasswordService,
    private readonly rateLimits: RateLimitService,
    private readonly clock: Clock,
    private readonly handoffs: SessionHandoffService,
    private readonly twoFactor: TwoFactorService,
    private readonly challenges: TwoFactorChallengesService,
    private readonly signInPolicy: SignInPolicy,
    private readonly sessions: SessionsService,
  ) {}

  async login(dto: LoginDto & { organizationSubdomain: string }, clientAddress: string): Promise<SignInResultDto> {
    const accountKey = `login:account:${dto.organizationSubdomain}:${dto.email}`;
    const addressKey = `login:address:${clientAddress}`;
    // Every attempt is counted before the password is checked (one atomic statement each), so
    // parallel guesses get no more checks than the limit; a success gives its attempts back.
    await this.rateLimits.consume(addressKey, LOGIN_LIMITS.address, 'failed sign-in attempts from your network');
    await this.rateLimits.consume(accountKey, LOGIN_LIMITS.account, 'failed sign-in attempts for this account');

    const organization = await this.organizations.findActiveBySubdomain(dto.organizationSubdomain);
    const user = organization ? await TenantContext.run(organization.id, () => this.users.findByEmailWithPassword(dto.email)) : null;
    // Always verify a hash, so an unknown account costs the same time as a wrong password.
    const valid = await this.passwords.verify(user?.passwordHash, dto.password);
    if (!user || !valid) throw new UnauthorizedException(INVALID_CREDENTIALS);
    await this.rateLimits.refund(addressKey);
    if (!user.isActive) {
      throw new ForbiddenException('Your account has been deactivated. Please contact your administrator.');
    }
    if (!(await TenantContext.run(organization!.id, () => this.signInPolicy.allowsPassword(user)))) {
      throw new ForbiddenException(PASSWORD_SIGN_IN_OFF);
    }
    await this.rateLimits.reset(accountKey);
    return this.completeSignIn(user);
  }

  /**
   * The second step of a sign-in: a current code from the authenticator app (or a recovery
   * code) for the challenge the first step answered with. Wrong codes count against the account
   * (TwoFactorService's limits) and, like failed sign-ins, against the client address.
   */
  async loginTwoFactor(dto: LoginTwoFactorDto, clientAddress: string): Promise<AuthTokenDto> {
    const addressKey = `login:address:${clientAddress}`;
    await this.rateLimits.consume(addressKey, LOGIN_LIMITS.address, 'failed sign-in attempts from your network');
    const pending = await this.challenges.challengeUser(dto.challenge);
    const user = pending ? await this.users.findInAnyOrganization(pending.userId) : null;
    // A challenge issued before a deactivation or a password reset dies with the sessions of then.
    if (!user || !user.isActive || !user.organization.getEntity().isActive || !user.twoFactorEnabled || user.tokenVersion !== pending?.tokenVersion) {
      throw new BadRequestException({ message: INVALID_TWO_FACTOR_CHALLENGE, code: 'two_factor_challenge_invalid' });
    }
    const ok = await TenantContext.run(user.organization.id, () => this.twoFactor.checkCode(user.id, dto.code));
    if (!ok) throw new UnauthorizedException({ message: INVALID_TWO_FACTOR_CODE, code: 'two_factor_code_incorrect' });
    // Used once: of two right answers to one challenge (a code and a recovery code), one wins.
    if (!(await this.challenges.closeChallenge(dto.challenge))) {
      throw new BadRequestException({ message: INVALID_TWO_FACTOR_CHALLENGE, code: 'two_factor_challenge_invalid' });
    }
    await this.rateLimits.refund(addressKey);
    return this.startSession(user);
  }

  /**
   * A session for the user a one-time handoff code was issued to. Unknown, used and expired codes
   * get one answer; attempts count against the client address like failed sign-ins. On an
   * organisation's own address (`hostSubdomain`), only a code for that organisation's member works.
   */
  async redeemHandoff(code: string, clientAddress: string, hostSubdomain?: string): Promise<SignInResultDto> {
    const addressKey = `login:address:${clientAddress}`;
    await this.rateLimits.consume(addressKey, LOGIN_LIMITS.address, 'failed sign-in attempts from your network');
    const handoff = await this.handoffs.redeem(code);
    const user = handoff ? await this.users.findInAnyOrganization(handoff.userId) : null;
    const organization = user?.organization.getEntity();
    if (
      !user ||
      !user.isActive ||
      !organization?.isActive ||
      user.tokenVersion !== handoff?.tokenVersion ||
      (hostSubdomain && organization.subdomain !== hostSubdomain)
    ) {
      throw new BadRequestException(INVALID_HANDOFF_CODE);
    }
    await this.rateLimits.refund(addressKey);
    return this.completeSignIn(user);
  }

  /** Signing out: the session ends on the server, so its token stops working wherever it was copied. */
  async signOut(auth: AuthUser): Promise<MessageDto> {
    if (auth.sessionId) await this.sessions.end(auth.id, auth.sessionId);
    return { message: 'You have been signed out.' };
  }

  /**
   * The last step of every sign-in (password, handoff code, identity provider) once the person
   * is known and allowed in: records the sign-in and issues the session; or, when the account
   * has two-step verification on, asks for the second step instead (a challenge redeemed by
   * `loginTwoFactor`).
   */
  private async completeSignIn(user: User): Promise<SignInResultDto> {
    if (user.twoFactorEnabled) {
      const challenge = this.challenges.issueChallenge(user);
      await this.unitOfWork.flush();
      return { twoFactorRequired: true, challenge };
    }
    return this.startSession(user);
  }

  private async startSession(user: User): Promise<AuthTokenDto> {
    user.lastLogin = this.clock.now();
    await this.unitOfWork.flush();
    return { token: await this.sessions.open(user) };
  }
}
