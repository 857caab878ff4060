import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import dayjs from 'dayjs';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import type { Env } from '../../config/env';
import { JobContext } from '../../database/job-context';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { SignInSettingsService } from '../sso/sign-in-settings.service';
import { StaffService } from '../staff/staff.service';
import type { LeaverRetentionDto } from './dto/leaver-retention.dto';
import { ErasureService } from './erasure.service';

export const RETENTION_JOB = 'leaver-retention';
/** Every day at 02:15 (server time): a quiet hour for schools. */
const RETENTION_CRON = '0 15 2 * * *';
/** Leavers anonymised per statement round; a backlog is worked through in batches of this size. */
const BATCH = 50;
/** How many of the next leavers due the Admin Panel lists. */
const NEXT_DUE_SHOWN = 10;

/** What one run of the retention job did. */
export interface RetentionRun {
  /** Leavers this run anonymised (another instance's are not counted). */
  anonymised: number;
  /** Expired sessions, handoffs, challenges, links and sign-in attempts deleted. */
  expiredRowsDeleted: number;
}

/**
 * The daily retention job (docs/security.md#retention-and-erasure): every organisation's leavers
 * whose retention period (months after they were deactivated, by the app's clock) has passed are
 * anonymised by ErasureService, each in its own transaction; and what expires (sessions, session
 * handoffs, two-step challenges, links, sign-in attempts) is deleted. Once whatever the number of
 * instances: each erasure locks the staff row and skips a person already marked anonymised, so a
 * second instance running at the same moment waits and finds nothing left to do. Off in tests,
 * which call `run` with a pinned clock.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionService.name);
  private running?: Promise<unknown>;

  constructor(
    private readonly clock: Clock,
    private readonly jobContext: JobContext,
    private readonly erasure: ErasureService,
    private readonly staff: StaffService,
    private readonly settings: SystemSettingsService,
    private readonly accounts: AccountsService,
    private readonly signIn: SignInSettingsService,
    private readonly config: ConfigService<Env, true>,
    private readonly scheduler: SchedulerRegistry,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.get('NODE_ENV', { infer: true }) === 'test') return;
    const job = CronJob.from({ cronTime: RETENTION_CRON, onTick: () => void this.tick(), start: true });
    this.scheduler.addCronJob(RETENTION_JOB, job);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('cron', RETENTION_JOB)) await this.scheduler.getCronJob(RETENTION_JOB).stop();
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.run()
      .then((r) => this.logger.log(`Retention: anonymised ${r.anonymised} leaver(s), deleted ${r.expiredRowsDeleted} expired row(s)`))
      .catch((err: unknown) => this.logger.error(`Retention job failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (this.running = undefined));
    await this.running;
  }

  /** One run over every organisation: ages out what expired, then anonymises the leavers due. */
  async run(): Promise<RetentionRun> {
    const now = this.clock.now();
    const expiredRowsDeleted = await this.jobContext.run(
      async () => (await this.accounts.deleteExpired()) + (await this.signIn.deleteExpiredAttempts(now)),
    );
    let anonymised = 0;
    const organizations = await this.jobContext.run(() => this.settings.leaverRetentionOfEveryOrganization());
    for (const { organizationId, months } of organizations) {
      try {
        anonymised += await TenantContext.run(organizationId, () => this.anonymiseDue(dayjs(now).subtract(months, 'month').toDate()));
      } catch (err) {
        // One organisation's failure (that person's transaction rolled back) must not stop the others'.
        this.logger.error(`Retention for organisation ${organizationId} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return { anonymised, expiredRowsDeleted };
  }

  /** Anonymises the current organisation's leavers who left at or before `cutoff`; how many this call did. */
  private async anonymiseDue(cutoff: Date): Promise<number> {
    let done = 0;
    const seen = new Set<string>();
    for (;;) {
      const due = (await this.jobContext.run(() => this.staff.leaversToAnonymise(cutoff, BATCH))).filter((l) => !seen.has(l.id));
      if (!due.length) return done;
      for (const leaver of due) {
        seen.add(leaver.id);
        if (await this.jobContext.run(() => this.erasure.anonymise(leaver.id))) done += 1;
      }
    }
  }

  /** The current organisation's retention period and the next leavers due (Admin Panel, "Leavers' data"). */
  async overview(): Promise<LeaverRetentionDto> {
    const months = await this.settings.leaverRetentionMonths();
    const next = await this.staff.leaversToAnonymise(null, NEXT_DUE_SHOWN);
    return {
      leaverRetentionMonths: months,
      nextDue: next.map((l) => ({
        staffId: l.id,
        name: l.name,
        leftAt: l.deactivatedAt.toISOString(),
        dueAt: dayjs(l.deactivatedAt).add(months, 'month').toISOString(),
      })),
    };
  }

  /** Changes the retention period (in the activity log); the next run applies it. */
  async setMonths(actor: AuthUser, months: number): Promise<LeaverRetentionDto> {
    await this.unitOfWork.transaction(async () => {
      const before = await this.settings.leaverRetentionMonths();
      if (before === months) return;
      await this.settings.saveLeaverRetentionMonths(months);
      this.audit.record(actor, {
        kind: 'settings',
        action: 'settings.updated',
        entityId: TenantContext.require(),
        summary: `Changed the leavers' retention period from ${before} to ${months} months`,
        before: { leaverRetentionMonths: before },
        after: { leaverRetentionMonths: months },
      });
    });
    return this.overview();
  }
}
