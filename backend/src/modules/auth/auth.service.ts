import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { PasswordService } from '../../common/security/password.service';
import { createSecretToken, hashToken } from '../../common/security/secret-token';
import { TenantContext } from '../../tenancy/tenant-context';
import { OutboxService } from '../mail/outbox.service';
import { RecipientLimitService } from '../mail/recipient-limit.service';
import { OrganizationsRepository } from '../tenants/organizations.repository';
import type { Organization } from '../tenants/entities/organization.entity';
import { UnitOfWork } from '../../database/unit-of-work';
import { isReservedSubdomain } from '../tenants/reserved-subdomains';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { AccountsService, EMAIL_IN_USE } from './accounts.service';
import { organizationListEmail, passwordResetEmail, verificationEmail } from './auth-emails';
import type {
  AuthTokenDto,
  CurrentUserResponseDto,
  EmailChangeResultDto,
  MessageDto,
  RegisterResultDto,
  ResetPasswordResultDto,
  SignInResultDto,
} from './dto/auth-responses.dto';
import type { EmailRequestDto } from './dto/email-request.dto';
import type { FindOrganizationsDto } from './dto/find-organizations.dto';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import type { LoginTwoFactorDto } from './dto/two-factor.dto';
import { SessionHandoffService } from './session-handoff.service';
import { SessionsService } from './sessions.service';
import { TwoFactorService } from './two-factor.service';
import { PASSWORD_SIGN_IN_OFF, SignInPolicy } from './sign-in-policy';
import type { ResetPasswordDto } from './dto/reset-password.dto';
import type { PasswordLinkDto } from './dto/own-account.dto';
import type { User } from './entities/user.entity';
import { LinkTokensRepository } from './link-tokens.repository';
import { UsersRepository } from './users.repository';

const TRIAL_DAYS = 30;
const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 30 * 60 * 1000;

/**
 * Sign-in throttling counts failed attempts, per account and per client address. Each attempt is
 * counted before its password is checked and a success gives its attempt back, so in effect only
 * failures count: a whole school signs in from behind one address on a Monday morning.
 */
export const LOGIN_LIMITS = {
  account: { limit: 5, windowSeconds: 15 * 60 },
  address: { limit: 50, windowSeconds: 15 * 60 },
} as const;
/**
 * Sign-ups, counted per attempt before any hashing: per client address (a school signs up once;
 * a script hashing passwords on our CPU does not get far) and per email (a mailbox is not flooded
 * with verification emails).
 */
export const REGISTER_LIMITS = {
  address: { limit: 50, windowSeconds: 60 * 60 },
  email: { limit: 5, windowSeconds: 60 * 60 },
} as const;
/** Emails a client address may trigger (reset, verification) per window. */
export const EMAIL_REQUEST_LIMIT = { limit: 20, windowSeconds: 15 * 60 };

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const INVALID_HANDOFF_CODE = 'This sign-in link has expired or was already used. Please sign in again.';
export const INVALID_TWO_FACTOR_CHALLENGE = 'Your sign-in has expired. Please sign in again.';
export const INVALID_TWO_FACTOR_CODE = 'That code is not correct. Please try again.';
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists with that email, a password reset link has been sent.';
export const FIND_ORGANIZATIONS_MESSAGE =
  'If that email address has an account with any organisation, we have sent it a list of them with their sign-in links.';
export const RESEND_VERIFICATION_MESSAGE =
  'If that account still needs verifying, a new verification email has been sent.';
const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired. Please request a new one.';
const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please request a new one.';

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  private readonly pendingAfterAnswers = new Set<Promise<void>>();

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly linkTokens: LinkTokensRepository,
    private readonly passwords: PasswordService,
    private readonly rateLimits: RateLimitService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
    private readonly organizations: OrganizationsRepository,
    private readonly handoffs: SessionHandoffService,
    private readonly twoFactor: TwoFactorService,
    private readonly signInPolicy: SignInPolicy,
    private readonly hosts: OrganizationHosts,
    private readonly sessions: SessionsService,
    private readonly recipients: RecipientLimitService,
  ) {}

  /**
   * Creates the organisation and its first user, an admin, and sends the verification email.
   * The email can't collide: emails are unique per organisation and this one is new, so nothing
   * here says whether the address has an account elsewhere. Throttled per client address and per
   * email, and the cheap checks run before the password is hashed. With `handOff` (a sign-up on
   * the bare domain) the answer also carries the new organisation's address with a one-time
   * sign-in code, where the browser continues.
   */
  async register(dto: RegisterDto, clientAddress: string, { handOff = false } = {}): Promise<RegisterResultDto> {
    if (isReservedSubdomain(dto.organizationSubdomain)) {
      throw new BadRequestException(`The subdomain "${dto.organizationSubdomain}" is reserved. Please choose another.`);
    }
    await this.limitRegistrations(clientAddress, dto.email);
    if (await this.organizations.subdomainTaken(dto.organizationSubdomain)) {
      throw this.subdomainTaken(dto.organizationSubdomain);
    }
    const passwordHash = await this.passwords.hash(dto.password);
    const now = this.clock.now();
    let user: User;
    let handoffCode: string | undefined;
    try {
      user = await this.unitOfWork.transaction(async () => {
        const organization = this.organizations.create({
          name: dto.organizationName,
          subdomain: dto.organizationSubdomain,
          type: dto.organizationType ?? 'school',
          trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
        });
        // The sign-up works inside the organisation it has just made, as a request works in the signed-in user's.
        return TenantContext.run(organization.id, async () => {
          const admin = this.users.create({ organization, email: dto.email, name: dto.name, passwordHash, role: 'admin' });
          this.queueVerification(admin, organization);
          if (handOff) handoffCode = this.handoffs.issue(admin);
          return admin;
        });
      });
    } catch (err) {
      // Two sign-ups racing for the same subdomain: the database decides.
      if (err instanceof UniqueConstraintViolationException) throw this.subdomainTaken(dto.organizationSubdomain);
      throw err;
    }
    const token = await this.issueToken(user);
    if (!handoffCode) return { token };
    return { token, continueUrl: `${this.hosts.url(dto.organizationSubdomain)}/continue#code=${handoffCode}` };
  }

  /**
   * Follows a link of a pending email change (the new address's confirmation or the owner's
   * approval); once both are in, the new address is the sign-in email and every session ends.
   */
  async confirmEmailChange(token: string): Promise<EmailChangeResultDto> {
    return this.settleEmailChange(() => this.accounts.confirmEmailChange(token));
  }

  /** The signed-in owner approves a change of their sign-in email someone else asked for. */
  async approveEmailChange(auth: AuthUser): Promise<EmailChangeResultDto> {
    return this.settleEmailChange(() => this.accounts.approveOwnEmailChange(auth.id));
  }

  private async settleEmailChange(step: () => Promise<EmailChangeResultDto>): Promise<EmailChangeResultDto> {
    try {
      return await this.unitOfWork.transaction(step);
    } catch (err) {
      // Another account took the address between the check and the write: the database decides.
      if (err instanceof UniqueConstraintViolationException) throw new ConflictException(EMAIL_IN_USE);
      throw err;
    }
  }

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
   * The last step of every sign-in (password, handoff code, identity provider) once the person
   * is known and allowed in: records the sign-in and issues the session; or, when the account
   * has two-step verification on, asks for the second step instead (a challenge redeemed by
   * `loginTwoFactor`).
   */
  private async completeSignIn(user: User): Promise<SignInResultDto> {
    if (user.twoFactorEnabled) {
      const challenge = this.twoFactor.issueChallenge(user);
      await this.unitOfWork.flush();
      return { twoFactorRequired: true, challenge };
    }
    return this.startSession(user);
  }

  private async startSession(user: User): Promise<AuthTokenDto> {
    user.lastLogin = this.clock.now();
    await this.unitOfWork.flush();
    return { token: await this.issueToken(user) };
  }

  /**
   * The second step of a sign-in: a current code from the authenticator app (or a recovery
   * code) for the challenge the first step answered with. Wrong codes count against the account
   * (TwoFactorService's limits) and, like failed sign-ins, against the client address.
   */
  async loginTwoFactor(dto: LoginTwoFactorDto, clientAddress: string): Promise<AuthTokenDto> {
    const addressKey = `login:address:${clientAddress}`;
    await this.rateLimits.consume(addressKey, LOGIN_LIMITS.address, 'failed sign-in attempts from your network');
    const pending = await this.twoFactor.challengeUser(dto.challenge);
    const user = pending ? await this.users.findInAnyOrganization(pending.userId) : null;
    // A challenge issued before a deactivation or a password reset dies with the sessions of then.
    if (!user || !user.isActive || !user.organization.getEntity().isActive || !user.twoFactorEnabled || user.tokenVersion !== pending?.tokenVersion) {
      throw new BadRequestException({ message: INVALID_TWO_FACTOR_CHALLENGE, code: 'two_factor_challenge_invalid' });
    }
    const ok = await TenantContext.run(user.organization.id, () => this.twoFactor.checkCode(user.id, dto.code));
    if (!ok) throw new UnauthorizedException({ message: INVALID_TWO_FACTOR_CODE, code: 'two_factor_code_incorrect' });
    // Used once: of two right answers to one challenge (a code and a recovery code), one wins.
    if (!(await this.twoFactor.closeChallenge(dto.challenge))) {
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

  async currentUser(auth: AuthUser): Promise<CurrentUserResponseDto> {
    const user = await this.users.getWithOrganization(auth.id);
    const organization = user.organization.getEntity();
    return {
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        emailVerified: user.emailVerified,
        lastLogin: user.lastLogin?.toISOString(),
        twoFactorEnabled: user.twoFactorEnabled,
        twoFactorSetupRequired: Boolean(auth.twoFactorSetupRequired),
        hasPassword: Boolean(user.hasPassword),
        signInProviders: (await this.accounts.identitiesOf(user.id)).map((identity) => identity.provider),
        pendingEmailChange: await this.accounts.pendingEmailChange(user.id),
      },
      organization: {
        id: organization.id,
        name: organization.name,
        subdomain: organization.subdomain,
        type: organization.type,
        timezone: organization.timezone,
        region: organization.region,
        trialEndsAt: user.role === 'admin' ? organization.trialEndsAt.toISOString() : undefined,
      },
    };
  }

  async verifyEmail(token: string): Promise<MessageDto> {
    const now = this.clock.now();
    await this.unitOfWork.transaction(async () => {
      // The token is all we have: find it before its organisation is known.
      const found = await this.linkTokens.findVerification(hashToken(token));
      if (!found || found.expiresAt <= now) throw new BadRequestException(INVALID_VERIFICATION_LINK);
      const user = found.user.getEntity();
      user.emailVerified = true;
      // Single use: this and any older link of the user stop working.
      await this.linkTokens.deleteVerifications(user.id);
    });
    return { message: 'Your email address has been verified.' };
  }

  async resendVerification(dto: EmailRequestDto & { organizationSubdomain: string }, clientAddress: string): Promise<MessageDto> {
    await this.limitEmailRequests(clientAddress);
    this.afterAnswering('Verification resend', dto, async (user, organization) => {
      if (user.emailVerified || !user.isActive) return;
      if (!(await this.recipients.allow(user.email, 'verification'))) return;
      await this.linkTokens.deleteVerifications(user.id);
      this.queueVerification(user, organization);
    });
    return { message: RESEND_VERIFICATION_MESSAGE };
  }

  async forgotPassword(dto: EmailRequestDto & { organizationSubdomain: string }, clientAddress: string): Promise<MessageDto> {
    await this.limitEmailRequests(clientAddress);
    this.afterAnswering('Password reset request', dto, async (user, organization) => {
      if (!user.isActive) return;
      if (!(await this.recipients.allow(user.email, 'password reset'))) return;
      const { token, hash } = createSecretToken();
      this.linkTokens.addPasswordLink(user, hash, new Date(this.clock.now().getTime() + RESET_TTL_MS));
      this.outbox.enqueue(
        passwordResetEmail({
          to: user.email,
          name: user.name,
          organizationName: organization.name,
          link: `${this.hosts.url(organization.subdomain)}/reset-password?token=${token}`,
        }),
      );
    });
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  /**
   * What a set-password link is for, before the password is chosen: an invitation's page welcomes
   * the person to their organisation, a reset's is titled as one. Only the link's holder learns the
   * name and the organisation, which the email they followed already told them.
   */
  async describePasswordLink(token: string): Promise<PasswordLinkDto> {
    const found = await this.linkTokens.findPasswordLink(hashToken(token));
    if (!found || found.used || found.expiresAt <= this.clock.now()) throw new BadRequestException(INVALID_RESET_LINK);
    const user = found.user.getEntity();
    return { purpose: found.purpose, name: user.name, organizationName: user.organization.getEntity().name };
  }

  /**
   * Sets a new password from an emailed link. An invitation ends signed in (the invitee has just
   * proved the address and chosen the password; making them find the sign-in form and their
   * organisation's subdomain is where invitations got stuck). A reset of a forgotten password
   * does not sign in: the person signs in afresh, with the form filled in from the answer.
   */
  async resetPassword(dto: ResetPasswordDto): Promise<ResetPasswordResultDto> {
    const now = this.clock.now();
    const passwordHash = await this.passwords.hash(dto.newPassword);
    const { purpose, user, subdomain, signsIn } = await this.unitOfWork.transaction(async () => {
      const found = await this.linkTokens.lockPasswordLink(hashToken(dto.token));
      if (!found || found.used || found.expiresAt <= now) throw new BadRequestException(INVALID_RESET_LINK);
      const user = found.user.getEntity();
      user.passwordHash = passwordHash;
      // Ends every session issued before the reset.
      user.tokenVersion += 1;
      // Following the link proved the address is theirs.
      user.emailVerified = true;
      await this.linkTokens.usePasswordLinks(user.id);
      const signsIn = found.purpose === 'invite' && user.isActive && !user.twoFactorEnabled;
      if (signsIn) user.lastLogin = now;
      return { purpose: found.purpose, user, subdomain: user.organization.getEntity().subdomain, signsIn };
    });
    const filled = { email: user.email, organizationSubdomain: subdomain };
    // An account with two-step verification on signs in with its code, never from a link alone.
    if (signsIn) {
      return { message: 'Your password has been set. You are signed in.', token: await this.issueToken(user), ...filled };
    }
    return {
      message:
        purpose === 'invite'
          ? 'Your password has been set. Please sign in with your new password.'
          : 'Your password has been reset. Please sign in with your new password.',
      ...filled,
    };
  }

  /**
   * "Find your school": emails the address the list of organisations where it has an active
   * account, each with its sign-in link. The answer is the same, and as fast, whether there are
   * any: the list is made and sent after answering; with none, nothing is sent.
   */
  async findOrganizations(dto: FindOrganizationsDto, clientAddress: string): Promise<MessageDto> {
    await this.limitEmailRequests(clientAddress);
    this.later('Organisation list', () => this.sendOrganizationList(dto.email));
    return { message: FIND_ORGANIZATIONS_MESSAGE };
  }

  private async sendOrganizationList(email: string): Promise<void> {
    // Every organisation's accounts of this address: the one deliberate look across tenants, whose
    // answer goes only to the address itself.
    const users = await this.users.activeAccountsInAnyOrganization(email);
    if (!users.length) return;
    if (!(await this.recipients.allow(email, 'organisation list'))) return;
    const organizations = users
      .map((u) => u.organization.getEntity())
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))
      .map((o) => ({ name: o.name, subdomain: o.subdomain, signInUrl: `${this.hosts.url(o.subdomain)}/login` }));
    // A platform email: it belongs to no one organisation (queued outside any tenant context).
    await this.unitOfWork.transaction(async () => {
      this.outbox.enqueue(organizationListEmail({ to: email, organizations, ownAddresses: Boolean(this.hosts.baseDomain()) }));
    });
  }

  private async limitRegistrations(clientAddress: string, email: string): Promise<void> {
    await this.rateLimits.consume(`register:address:${clientAddress}`, REGISTER_LIMITS.address, 'sign-ups from your network');
    await this.rateLimits.consume(`register:email:${email}`, REGISTER_LIMITS.email, 'sign-ups with this email');
  }

  private async limitEmailRequests(clientAddress: string): Promise<void> {
    await this.rateLimits.consume(`email-request:address:${clientAddress}`, EMAIL_REQUEST_LIMIT, 'email requests from your network');
  }

  /**
   * Runs the account-dependent part of a neutral-answer flow (resend verification, forgot
   * password) after the answer has gone: the caller answers the same message at once, so neither
   * the response nor its timing tells whether the account exists or what state it is in.
   */
  private afterAnswering(
    what: string,
    dto: EmailRequestDto & { organizationSubdomain: string },
    fn: (user: User, organization: Organization) => Promise<void>,
  ): void {
    this.later(what, () => this.withAccount(dto, fn));
  }

  /** Runs `job` once the current answer has gone; a failure is logged, never thrown. */
  private later(what: string, job: () => Promise<void>): void {
    const done = new Promise<void>((resolve) => {
      setImmediate(() => {
        job()
          .catch((err: unknown) => this.logger.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`))
          .finally(resolve);
      });
    });
    this.pendingAfterAnswers.add(done);
    void done.then(() => this.pendingAfterAnswers.delete(done));
  }

  /**
   * Resolves when the work left after answering (the emails of forgot password, resend
   * verification, Find your school) has finished: for tests that compare the database before and
   * after a request, as OutboxWorker.finishSending() does for sending.
   */
  async settle(): Promise<void> {
    while (this.pendingAfterAnswers.size) await Promise.all([...this.pendingAfterAnswers]);
  }

  /** Runs `fn` in a transaction for the account named by email and subdomain, if it exists. */
  private async withAccount(
    dto: EmailRequestDto & { organizationSubdomain: string },
    fn: (user: User, organization: Organization) => Promise<void>,
  ): Promise<void> {
    const organization = await this.organizations.findActiveBySubdomain(dto.organizationSubdomain);
    if (!organization) return;
    await TenantContext.run(organization.id, () =>
      this.unitOfWork.transaction(async () => {
        const user = await this.users.findByEmail(dto.email);
        if (user) await fn(user, organization);
      }),
    );
  }

  private queueVerification(user: User, organization: Organization): void {
    const { token, hash } = createSecretToken();
    this.linkTokens.addVerification(user, hash, new Date(this.clock.now().getTime() + VERIFICATION_TTL_MS));
    this.outbox.enqueue(
      verificationEmail({
        to: user.email,
        name: user.name,
        organizationName: organization.name,
        link: `${this.hosts.url(organization.subdomain)}/verify-email?token=${token}`,
      }),
    );
  }

  private issueToken(user: User): Promise<string> {
    return this.sessions.open(user);
  }

  /** Signing out: the session ends on the server, so its token stops working wherever it was copied. */
  async signOut(auth: AuthUser): Promise<MessageDto> {
    if (auth.sessionId) await this.sessions.end(auth.id, auth.sessionId);
    return { message: 'You have been signed out.' };
  }

  private subdomainTaken(subdomain: string): ConflictException {
    return new ConflictException(`The subdomain "${subdomain}" is already taken. Please choose another.`);
  }
}
