import {
  ConflictException,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  UnprocessableEntityException,
} from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { JobContext } from '../../database/job-context';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import { TwoFactorService } from '../auth/two-factor.service';
import { OutboxService } from '../mail/outbox.service';
import { OrganizationClock } from '../tenants/organization-clock';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { OrganizationsService } from '../tenants/organizations.service';
import type { OrganizationDeletionDto } from './dto/organization-deletion.dto';
import { CONFIRM_NAME_MESSAGE, type RequestOrganizationDeletionDto } from './dto/request-organization-deletion.dto';
import type { RestoreOrganizationDto } from './dto/restore-organization.dto';
import { DELETION_GRACE_DAYS, deletionCancelledEmail, deletionRequestedEmail, organizationDeletedEmail } from './organization-deletion-emails';
import { deletionDay } from './organization-deletion-message';

const DAY_MS = 24 * 60 * 60 * 1000;
export const ALREADY_PENDING = 'Deletion of this organisation has already been asked for.';
export const NOTHING_PENDING = 'This organisation is not waiting to be deleted: there is nothing to restore.';

/**
 * Deleting an organisation (docs/security.md#deleting-an-organisation): an admin asks for it
 * (re-authenticated, typing its name), every admin is emailed, and for 30 days the organisation
 * is read-only (OrganizationDeletionRefusal) and can be restored. Then the purge deletes its
 * row, and with it, through the foreign keys, every row of it; the rate-limit counters that name
 * it or its accounts go too, and its admins get a last email that belongs to no organisation.
 * The purge runs daily and at start-up (catching up after downtime), on the app's clock, once per
 * organisation whatever the number of instances: an advisory lock and the row's lock.
 */
@Injectable()
export class OrganizationDeletionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrganizationDeletionService.name);
  private running?: Promise<number>;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly jobContext: JobContext,
    private readonly clock: Clock,
    private readonly organizations: OrganizationsService,
    private readonly organizationClock: OrganizationClock,
    private readonly hosts: OrganizationHosts,
    private readonly accounts: AccountsService,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** Whether the current organisation waits to be deleted, and when. */
  async status(): Promise<OrganizationDeletionDto> {
    const organization = await this.organizations.getCurrent();
    const dueAt = organization.deletionDueAt ?? null;
    return {
      pending: dueAt !== null,
      requestedAt: organization.deletionRequestedAt ?? null,
      dueAt,
      dueDate: dueAt ? deletionDay(dueAt, await this.organizationClock.zone()) : null,
    };
  }

  /** Records the request (due in 30 days), emails every admin and audits it. */
  async request(actor: AuthUser, dto: RequestOrganizationDeletionDto): Promise<OrganizationDeletionDto> {
    const current = await this.organizations.getCurrent();
    if (current.deletionDueAt) throw new ConflictException({ message: ALREADY_PENDING, code: 'deletion_already_pending' });
    if (dto.confirmName !== current.name) throw new UnprocessableEntityException({ message: CONFIRM_NAME_MESSAGE, code: 'confirm_name_mismatch' });
    await this.twoFactor.reauthenticate(actor, dto);
    await this.unitOfWork.transaction(async () => {
      const requestedAt = this.clock.now();
      const dueAt = new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * DAY_MS);
      const { name, pendingDueAt } = await this.organizations.requestDeletion({ requestedAt, dueAt, requestedBy: actor.id });
      if (pendingDueAt) throw new ConflictException({ message: ALREADY_PENDING, code: 'deletion_already_pending' });
      const dueDate = describeDate(deletionDay(dueAt, await this.organizationClock.zone()));
      this.audit.record(actor, {
        kind: 'settings',
        action: 'organization.deletion-requested',
        entityId: TenantContext.require(),
        summary: `Asked for ${name} to be deleted on ${dueDate}`,
        after: { deletionDueAt: dueAt.toISOString() },
      });
      const address = await this.hosts.currentUrl();
      for (const admin of await this.accounts.activeAdmins()) {
        this.outbox.enqueue(
          deletionRequestedEmail({ to: admin.email, name: admin.name, organizationName: name, requestedBy: actor.name, dueDate, address }),
        );
      }
      await this.unitOfWork.flush();
    });
    return this.status();
  }

  /** Clears a pending deletion during the grace period, emails every admin and audits it. */
  async restore(actor: AuthUser, dto: RestoreOrganizationDto): Promise<OrganizationDeletionDto> {
    await this.twoFactor.reauthenticate(actor, dto);
    await this.unitOfWork.transaction(async () => {
      const dueAt = await this.organizations.cancelDeletion();
      if (!dueAt) throw new ConflictException({ message: NOTHING_PENDING, code: 'no_deletion_pending' });
      const { name } = await this.organizations.getCurrent();
      this.audit.record(actor, {
        kind: 'settings',
        action: 'organization.deletion-cancelled',
        entityId: TenantContext.require(),
        summary: `Restored ${name}: it will not be deleted`,
        before: { deletionDueAt: dueAt.toISOString() },
      });
      for (const admin of await this.accounts.activeAdmins()) {
        this.outbox.enqueue(deletionCancelledEmail({ to: admin.email, name: admin.name, organizationName: name, restoredBy: actor.name }));
      }
      await this.unitOfWork.flush();
    });
    return this.status();
  }

  /** Start-up catch-up: an instance that was down when a deletion fell due deletes it now. */
  onApplicationBootstrap(): void {
    void this.purgeOnSchedule();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.running;
  }

  /** Daily; a run that finds the previous one still going waits for it instead. Returns how many the run deleted. */
  @Cron('17 3 * * *', { name: 'organization-deletion' })
  async purgeOnSchedule(): Promise<number> {
    if (!this.running) {
      this.running = this.purgeDue()
        .catch((err: unknown) => {
          this.logger.error(`Deleting organisations failed: ${err instanceof Error ? err.message : String(err)}`);
          return 0;
        })
        .finally(() => (this.running = undefined));
    }
    return this.running;
  }

  /** Deletes every organisation whose grace ended by the clock's now; returns how many this run deleted. */
  async purgeDue(): Promise<number> {
    const now = this.clock.now();
    const due = await this.jobContext.run(() => this.organizations.dueForDeletion(now));
    let deleted = 0;
    for (const id of due) {
      try {
        if (await this.purge(id, now)) deleted += 1;
      } catch (err) {
        // One organisation's failure (rolled back whole) must not keep the others.
        this.logger.error(`Deleting organisation ${id} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return deleted;
  }

  /** One organisation, in one transaction: claimed, its keys forgotten, deleted, its admins told. False when another instance has it. */
  private purge(id: string, now: Date): Promise<boolean> {
    return this.jobContext.run(() =>
      this.unitOfWork.transaction(async () => {
        const organization = await this.organizations.claimDueForDeletion(id, now);
        if (!organization) return false;
        // Captured before the delete: the admins' addresses for the last email.
        const { admins, accounts } = await TenantContext.run(id, async () => ({
          admins: await this.accounts.activeAdmins(),
          accounts: await this.accounts.everyAccount(),
        }));
        await this.rateLimits.forgetMentioning([id, `login:account:${organization.subdomain}:`, ...accounts.map((a) => a.id)]);
        await this.organizations.delete(id);
        // Outside the organisation's context: platform emails, tied to no organisation.
        for (const admin of admins) {
          this.outbox.enqueue(organizationDeletedEmail({ to: admin.email, name: admin.name, organizationName: organization.name }));
        }
        await this.unitOfWork.flush();
        this.logger.log(`Deleted an organisation whose grace period ended (${admins.length} admin(s) told)`);
        return true;
      }),
    );
  }
}
