import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { PasswordService } from '../../common/security/password.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { OrganizationsService } from '../tenants/organizations.service';
import { isReservedSubdomain } from '../tenants/reserved-subdomains';
import type { RegisterResultDto } from './dto/register-result.dto';
import type { RegisterDto } from './dto/register.dto';
import { EmailVerificationService } from './email-verification.service';
import type { User } from './entities/user.entity';
import { SessionHandoffService } from './session-handoff.service';
import { SessionsService } from './sessions.service';
import { UsersRepository } from './users.repository';

const TRIAL_DAYS = 30;

/**
 * Sign-ups, counted per attempt before any hashing: per client address (a school signs up once;
 * a script hashing passwords on our CPU does not get far) and per email (a mailbox is not flooded
 * with verification emails).
 */
export const REGISTER_LIMITS = {
  address: { limit: 50, windowSeconds: 60 * 60 },
  email: { limit: 5, windowSeconds: 60 * 60 },
} as const;

/** A new organisation signing up, with its first admin. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly organizations: OrganizationsService,
    private readonly passwords: PasswordService,
    private readonly rateLimits: RateLimitService,
    private readonly clock: Clock,
    private readonly verification: EmailVerificationService,
    private readonly handoffs: SessionHandoffService,
    private readonly sessions: SessionsService,
    private readonly hosts: OrganizationHosts,
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
          this.verification.sendVerification(admin, organization);
          if (handOff) handoffCode = this.handoffs.issue(admin);
          return admin;
        });
      });
    } catch (err) {
      // Two sign-ups racing for the same subdomain: the database decides.
      if (err instanceof UniqueConstraintViolationException) throw this.subdomainTaken(dto.organizationSubdomain);
      throw err;
    }
    const token = await this.sessions.open(user);
    if (!handoffCode) return { token };
    return { token, continueUrl: `${this.hosts.url(dto.organizationSubdomain)}/continue#code=${handoffCode}` };
  }

  private async limitRegistrations(clientAddress: string, email: string): Promise<void> {
    await this.rateLimits.consume(`register:address:${clientAddress}`, REGISTER_LIMITS.address, 'sign-ups from your network');
    await this.rateLimits.consume(`register:email:${email}`, REGISTER_LIMITS.email, 'sign-ups with this email');
  }

  private subdomainTaken(subdomain: string): ConflictException {
    return new ConflictException(`The subdomain "${subdomain}" is already taken. Please choose another.`);
  }
}
