import { Injectable, Logger } from '@nestjs/common';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import type { Organization } from '../tenants/entities/organization.entity';
import { OrganizationsService } from '../tenants/organizations.service';
import type { EmailRequestDto } from './dto/email-request.dto';
import type { User } from './entities/user.entity';
import { UsersRepository } from './users.repository';

/** Emails a client address may trigger (reset, verification) per window. */
export const EMAIL_REQUEST_LIMIT = { limit: 20, windowSeconds: 15 * 60 };

/** An email request names its account by address and organisation. */
export type AccountEmailRequest = EmailRequestDto & { organizationSubdomain: string };

/**
 * What the "we have sent an email if…" requests share (resend verification, forgot password, Find
 * your school): their limit per client address, and the work done after answering, so that neither
 * the answer nor its timing tells whether the account exists or what state it is in.
 */
@Injectable()
export class EmailRequestsService {
  private readonly logger = new Logger(EmailRequestsService.name);
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly rateLimits: RateLimitService,
    private readonly unitOfWork: UnitOfWork,
    private readonly organizations: OrganizationsService,
    private readonly users: UsersRepository,
  ) {}

  async limit(clientAddress: string): Promise<void> {
    await this.rateLimits.consume(`email-request:address:${clientAddress}`, EMAIL_REQUEST_LIMIT, 'email requests from your network');
  }

  /**
   * Runs `work` after the answer has gone, in a transaction for the account named by email and
   * subdomain, if it exists.
   */
  forAccountAfterAnswering(what: string, request: AccountEmailRequest, work: (user: User, organization: Organization) => Promise<void>): void {
    this.afterAnswering(what, () => this.withAccount(request, work));
  }

  /** Runs `job` once the current answer has gone; a failure is logged, never thrown. */
  afterAnswering(what: string, job: () => Promise<void>): void {
    const done = new Promise<void>((resolve) => {
      setImmediate(() => {
        job()
          .catch((err: unknown) => this.logger.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`))
          .finally(resolve);
      });
    });
    this.pending.add(done);
    void done.then(() => this.pending.delete(done));
  }

  /**
   * Resolves when the work left after answering (the emails of forgot password, resend
   * verification, Find your school) has finished: for tests that compare the database before and
   * after a request, as OutboxWorker.finishSending() does for sending.
   */
  async whenFinished(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async withAccount(request: AccountEmailRequest, work: (user: User, organization: Organization) => Promise<void>): Promise<void> {
    const organization = await this.organizations.findActiveBySubdomain(request.organizationSubdomain);
    if (!organization) return;
    await TenantContext.run(organization.id, () =>
      this.unitOfWork.transaction(async () => {
        const user = await this.users.findByEmail(request.email);
        if (user) await work(user, organization);
      }),
    );
  }
}
