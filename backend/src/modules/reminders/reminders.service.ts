import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { addDays } from '../../common/clock/academic-year';
import { Clock, type IsoDate } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import type { Env } from '../../config/env';
import { JobContext } from '../../database/job-context';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { SystemSettingsService } from '../settings/system-settings.service';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import type { OutboxEmail } from '../mail/entities/outbox-email.entity';
import { OutboxService } from '../mail/outbox.service';
import { dutyCalendarAttachment, dutyCalendarCancellation } from './duty-calendar';
import { DutyRemindersRepository, type ReminderCandidate } from './duty-reminders.repository';
import { reminderCancellationEmail, senderOf } from './reminder-cancellation';
import { dueDutyDates, type ReminderRule } from './reminder-schedule';
import { DEFAULT_EMAIL_TEMPLATE, renderReminder, withDefaults } from './reminder-template';
import { OrganizationClock } from '../tenants/organization-clock';

export const REMINDER_JOB = 'duty-reminders';

export interface ReminderRun {
  /** Duty dates the run covered. */
  dates: IsoDate[];
  /** People on duty on those dates (active staff). */
  onDuty: number;
  /** Reminders queued by this run. */
  queued: number;
  /** People skipped because they had been reminded already. */
  alreadyReminded: number;
  /** Reminders cancelled by this run: their duty is gone, so the event was cancelled. */
  cancelled: number;
  /** False when another instance was running this organisation's pass (scheduled runs only). */
  ran: boolean;
}

/**
 * The scheduled reminder service (docs/product.md#reminders). Every minute it works out, per
 * organisation and in its zone, which duty dates are due and queues one email per person per
 * duty through the outbox. Exactly once, whatever the number of instances and restarts: the
 * claim row (unique per organisation, person and date) is written in the same transaction as
 * the email, and instances take a per-organisation advisory lock so they don't even race.
 * The same pass keeps the calendars it sent true: a reminded duty the person no longer has
 * (whatever took it away: a bulk tool, an edit, a swap, a cancellation, a change of facts) gets
 * its event's cancellation, once, and a duty that comes back is reminded again as a later version.
 */
@Injectable()
export class RemindersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RemindersService.name);
  private running?: Promise<unknown>;

  constructor(
    private readonly reminders: DutyRemindersRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly jobContext: JobContext,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly settings: SystemSettingsService,
    private readonly config: ConfigService<Env, true>,
    private readonly scheduler: SchedulerRegistry,
    private readonly hosts: OrganizationHosts,
    private readonly organizationClock: OrganizationClock,
  ) {}

  onApplicationBootstrap(): void {
    const expression = this.config.get('REMINDER_CRON', { infer: true });
    if (expression === 'off') return;
    const job = CronJob.from({ cronTime: expression, onTick: () => void this.tick(), start: true });
    this.scheduler.addCronJob(REMINDER_JOB, job);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('cron', REMINDER_JOB)) await this.scheduler.getCronJob(REMINDER_JOB).stop();
    await this.running;
  }

  /** One cron tick; a tick that finds the previous one still running waits for it instead. */
  async tick(): Promise<void> {
    if (this.running) {
      await this.running;
      return;
    }
    this.running = this.runScheduledPass()
      .catch((err: unknown) => this.logger.error(`Reminder pass failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (this.running = undefined));
    await this.running;
  }

  /**
   * Every organisation with reminders on: queue the reminders due now; and every organisation
   * holding reminders of duties still to come (reminders on or not): cancel those whose duty is
   * gone. Returns how many reminders were queued.
   */
  async runScheduledPass(): Promise<number> {
    const now = this.clock.now();
    const organizations = await this.jobContext.run(() => this.settings.remindersOfEveryOrganization());
    // By the clock's UTC date, whatever each organisation's zone: yesterday on.
    const holding = new Set(await this.jobContext.run(() => this.reminders.organizationsHoldingReminders(addDays(now.toISOString().slice(0, 10), -1))));
    const passes = organizations.map((organization) => {
      const rule: ReminderRule = { time: organization.time, hoursAdvance: organization.hoursAdvance, timeZone: organization.timeZone };
      return { organizationId: organization.organizationId, dates: dueDutyDates(now, rule) };
    });
    const remindersOn = new Set(passes.map((p) => p.organizationId));
    // Reminders off: nothing new goes out, but a calendar we sent to still learns a duty is gone.
    for (const organizationId of holding) if (!remindersOn.has(organizationId)) passes.push({ organizationId, dates: [] });
    let queued = 0;
    for (const { organizationId, dates } of passes) {
      if (!dates.length && !holding.has(organizationId)) continue;
      try {
        // The cron serves every organisation: each one's pass runs in its own tenant context.
        queued += (await TenantContext.run(organizationId, () => this.remind(dates, 'schedule'))).queued;
      } catch (err) {
        // One organisation's failure (rolled back whole) must not stop the others' reminders.
        this.logger.error(`Reminders for organisation ${organizationId} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return queued;
  }

  /** The dates whose reminders are due now for the current organisation (its settings, its zone). */
  async dueDates(): Promise<IsoDate[]> {
    return this.jobContext.run(async () => {
      const settings = await this.settings.reminders();
      const zone = await this.organizationClock.zone();
      return dueDutyDates(this.clock.now(), { time: settings.time, hoursAdvance: settings.hoursAdvance, timeZone: zone });
    });
  }

  /**
   * Cancels the current organisation's standing reminders whose duty is gone, then queues the
   * reminders for its people on duty on `dates` who have not had theirs (or whose reminder was
   * cancelled and whose duty is back). Scheduled runs skip an organisation another instance
   * holds; test runs wait for it, then see its claims.
   */
  async remind(dates: IsoDate[], trigger: 'schedule' | 'test'): Promise<ReminderRun> {
    return this.jobContext.run(() =>
      this.unitOfWork.transaction(async () => {
        const run: ReminderRun = { dates, onDuty: 0, queued: 0, alreadyReminded: 0, cancelled: 0, ran: true };
        if (trigger === 'schedule') {
          if (!(await this.reminders.tryLockPass())) return { ...run, ran: false };
        } else {
          await this.reminders.lockPass();
        }
        run.cancelled = await this.cancelGone();
        if (!dates.length) return run;

        const candidates = await this.reminders.findCandidates(dates);
        run.onDuty = candidates.length;
        const fresh = candidates.filter((c) => !c.reminded);
        run.alreadyReminded = candidates.length - fresh.length;
        if (!fresh.length) return run;

        const queued = await this.queueReminders(trigger, fresh);
        run.alreadyReminded += fresh.length - queued;
        run.queued = queued;
        return run;
      }),
    );
  }

  /**
   * Claims the reminders of `people` and queues an email for each claim this pass won, linking the
   * claim to its email; returns how many it queued (a claim someone else holds is not queued).
   */
  private async queueReminders(trigger: 'schedule' | 'test', people: ReminderCandidate[]): Promise<number> {
    const organizationId = TenantContext.require();
    const template = withDefaults(await this.settings.savedEmailTemplate()) ?? { ...DEFAULT_EMAIL_TEMPLATE };
    const rotaUrl = await this.rotaUrl();
    const stamp = this.clock.now();
    const claims = await this.reminders.claim(
      trigger,
      people.map((p) => ({ staff_id: p.staff_id, date: p.date })),
    );
    const claimed = new Map(claims.map((c) => [`${c.staff_id}:${c.date}`, c]));
    const links: { claim: string; email: OutboxEmail }[] = [];
    for (const person of people) {
      const claim = claimed.get(`${person.staff_id}:${person.date}`);
      if (!claim) continue;
      const date = describeDate(person.date);
      const email = renderReminder(template, { staffName: person.name, date, colleagues: person.colleagues ?? [], rotaUrl });
      const key = `duty-reminder:${organizationId}:${person.staff_id}:${person.date}`;
      const row = this.outbox.enqueue({
        kind: 'duty-reminder',
        containsAccessLink: false,
        to: person.email,
        dedupeKey: claim.sequence ? `${key}:${claim.sequence}` : key,
        ...email,
        attachments: [
          dutyCalendarAttachment({
            organizationId,
            staffId: person.staff_id,
            staffName: person.name,
            date: person.date,
            description: person.colleagues?.length ? `On duty with ${person.colleagues.join(', ')}` : 'Duty Manager',
            stamp,
            sequence: claim.sequence,
          }),
        ],
      });
      links.push({ claim: claim.id, email: row });
    }
    // The emails' ids, for the claims to point at.
    await this.unitOfWork.flush();
    if (links.length) await this.reminders.linkEmails(links.map((l) => ({ id: l.claim, email_id: l.email.id })));
    return links.length;
  }

  /**
   * Cancels, in one statement, every standing reminder of a duty from today on that its person no
   * longer has (docs/product.md#reminders), and queues each cancellation: an email with the
   * event's next version, METHOD:CANCEL. Exactly once: the statement marks the row cancelled in the
   * transaction that queues its email, under the organisation's reminder lock.
   */
  private async cancelGone(): Promise<number> {
    const organizationId = TenantContext.require();
    const gone = await this.reminders.cancelGone(await this.organizationClock.today());
    if (!gone.length) return 0;
    const rotaUrl = await this.rotaUrl();
    const stamp = this.clock.now();
    const organizer = senderOf(this.config.get('MAIL_FROM', { infer: true }));
    for (const duty of gone) {
      const { name, email } = duty;
      if (name === null || email === null) continue;
      this.outbox.enqueue({
        kind: 'duty-reminder-cancelled',
        containsAccessLink: false,
        to: email,
        dedupeKey: `duty-reminder-cancelled:${organizationId}:${duty.staff_id}:${duty.date}:${duty.sequence}`,
        ...reminderCancellationEmail({ staffName: name, date: describeDate(duty.date), rotaUrl }),
        attachments: [
          dutyCalendarCancellation({
            organizationId,
            staffId: duty.staff_id,
            staffName: name,
            staffEmail: email,
            date: duty.date,
            description: 'Duty Manager',
            stamp,
            sequence: duty.sequence,
            organizer,
          }),
        ],
      });
    }
    await this.unitOfWork.flush();
    return gone.length;
  }

  private async rotaUrl(): Promise<string> {
    return `${await this.hosts.currentUrl()}/my-rota`;
  }
}
