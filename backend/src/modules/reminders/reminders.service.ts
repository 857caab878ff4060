import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
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
import { DutyRemindersRepository, type DutyOccurrence, type ReminderCandidate } from './duty-reminders.repository';
import { dutiesReminderEmail, dutyLine, startReminderEmail, type NamedDuty } from './duty-reminder-emails';
import { reminderCancellationEmail, senderOf } from './reminder-cancellation';
import { dueDutyDates, startReminderDates, startReminderDue, type ReminderRule } from './reminder-schedule';
import { DEFAULT_EMAIL_TEMPLATE, renderReminder, withDefaults } from './reminder-template';
import { OrganizationClock } from '../tenants/organization-clock';

export const REMINDER_JOB = 'duty-reminders';
const DUTY_MANAGER = 'Duty Manager';

dayjs.extend(utc);
dayjs.extend(timezone);

const toNamed = (o: DutyOccurrence): NamedDuty => ({ name: o.duty_name, place: o.place, startTime: o.start_time, endTime: o.end_time });

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
    const holding = new Set(
      await this.jobContext.run(() => this.reminders.organizationsHoldingReminders(addDays(now.toISOString().slice(0, 10), -1))),
    );
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
    for (const organization of organizations) {
      if (organization.minutesBefore === null) continue;
      const { organizationId, minutesBefore, timeZone } = organization;
      try {
        queued += await TenantContext.run(organizationId, () => this.remindBeforeStart(minutesBefore, timeZone));
      } catch (err) {
        this.logger.error(`Reminders before duties of organisation ${organizationId} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return queued;
  }

  /**
   * Queues, for the current organisation, the reminders `minutesBefore` each timed duty starts that
   * are due now (docs/product.md#reminders): from that instant until the duty starts, never for an
   * all-day duty. Exactly once per person, duty and date whatever the number of instances: the
   * claim (unique in sent_duty_reminders) is written in the transaction that queues the email,
   * and an instance finding another running the organisation's pass leaves it to that one.
   * Returns how many it queued.
   */
  async remindBeforeStart(minutesBefore: number, timeZone: string): Promise<number> {
    return this.jobContext.run(() =>
      this.unitOfWork.transaction(async () => {
        if (!(await this.reminders.tryLockStartPass())) return 0;
        const now = this.clock.now();
        const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
        const due = (await this.reminders.dutiesOn(startReminderDates(now, timeZone), 'before-start', true)).filter(
          (d) => !d.reminded && d.start_time !== null && startReminderDue(now, { date: d.date, startTime: d.start_time }, minutesBefore, timeZone),
        );
        if (!due.length) return 0;
        const claims = await this.reminders.claimSent('before-start', due);
        const claimed = new Map(claims.map((c) => [`${c.staff_id}:${c.duty_id}:${c.date}`, c.id]));
        const organizationId = TenantContext.require();
        const rotaUrl = await this.rotaUrl();
        const links: { id: string; email: OutboxEmail }[] = [];
        for (const duty of due) {
          const key = `${duty.staff_id}:${duty.duty_id}:${duty.date}`;
          const claim = claimed.get(key);
          if (!claim) continue;
          const email = startReminderEmail({
            staffName: duty.name,
            duty: { name: duty.duty_name, place: duty.place, startTime: duty.start_time, endTime: duty.end_time, description: duty.description },
            day: duty.date === today ? 'today' : describeDate(duty.date),
            minutesBefore,
            rotaUrl,
          });
          const row = this.outbox.enqueue({
            kind: 'duty-reminder',
            containsAccessLink: false,
            to: duty.email,
            dedupeKey: `duty-start-reminder:${organizationId}:${key}`,
            ...email,
          });
          links.push({ id: claim, email: row });
        }
        await this.unitOfWork.flush();
        if (links.length) await this.reminders.linkSentEmails(links.map((l) => ({ id: l.id, email_id: l.email.id })));
        return links.length;
      }),
    );
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
        // The duties other than the Duty Manager's on those dates, reminded in the same emails.
        const others = await this.reminders.dutiesOn(dates, 'day-before', false);
        const onDuty = new Set([...candidates, ...others].map((c) => `${c.staff_id}:${c.date}`));
        run.onDuty = onDuty.size;
        const fresh = candidates.filter((c) => !c.reminded);
        const freshOthers = others.filter((o) => !o.reminded);
        if (!fresh.length && !freshOthers.length) {
          run.alreadyReminded = run.onDuty;
          return run;
        }

        run.queued = await this.queueReminders(trigger, fresh, others);
        run.alreadyReminded = Math.max(0, run.onDuty - run.queued);
        return run;
      }),
    );
  }

  /**
   * Claims the reminders of `people` and queues an email for each claim this pass won, linking the
   * claim to its email; returns how many it queued (a claim someone else holds is not queued).
   */
  private async queueReminders(trigger: 'schedule' | 'test', people: ReminderCandidate[], others: DutyOccurrence[]): Promise<number> {
    const organizationId = TenantContext.require();
    const template = withDefaults(await this.settings.savedEmailTemplate()) ?? { ...DEFAULT_EMAIL_TEMPLATE };
    const rotaUrl = await this.rotaUrl();
    const stamp = this.clock.now();
    const claims = people.length
      ? await this.reminders.claim(
          trigger,
          people.map((p) => ({ staff_id: p.staff_id, date: p.date })),
        )
      : [];
    const claimed = new Map(claims.map((c) => [`${c.staff_id}:${c.date}`, c]));
    // Each person's other duties by day, and the reminders of them this pass wins.
    const othersOf = new Map<string, DutyOccurrence[]>();
    for (const o of others) othersOf.set(`${o.staff_id}:${o.date}`, [...(othersOf.get(`${o.staff_id}:${o.date}`) ?? []), o]);
    const freshOthers = others.filter((o) => !o.reminded);
    const otherClaims = freshOthers.length ? await this.reminders.claimSent('day-before', freshOthers) : [];
    const otherClaimed = new Map(otherClaims.map((c) => [`${c.staff_id}:${c.duty_id}:${c.date}`, c.id]));
    const otherLinks: { id: string; email: OutboxEmail }[] = [];
    const linkOthers = (day: string, email: OutboxEmail) => {
      for (const o of othersOf.get(day) ?? []) {
        const id = otherClaimed.get(`${o.staff_id}:${o.duty_id}:${o.date}`);
        if (id) {
          otherLinks.push({ id, email });
          otherClaimed.delete(`${o.staff_id}:${o.duty_id}:${o.date}`);
        }
      }
    };
    const zone = await this.organizationClock.zone();
    // Each other duty's event, as the feeds and My Rota's export write it (timed ones in UTC).
    const postEvents = (duties: DutyOccurrence[]) =>
      duties.map((o) =>
        dutyCalendarAttachment({
          post: {
            id: o.duty_id,
            name: o.duty_name,
            place: o.place,
            instructions: o.description,
            startTime: o.start_time,
            endTime: o.end_time,
            timeZone: zone,
          },
          organizationId,
          staffId: o.staff_id,
          staffName: o.name,
          date: o.date,
          description: dutyLine(toNamed(o)),
          stamp,
          sequence: 0,
        }),
      );
    const links: { claim: string; email: OutboxEmail }[] = [];
    for (const person of people) {
      const claim = claimed.get(`${person.staff_id}:${person.date}`);
      if (!claim) continue;
      const date = describeDate(person.date);
      const day = `${person.staff_id}:${person.date}`;
      // With other duties that day, the Duty Manager's reminder lists each of them with its time and place.
      const otherDuties = othersOf.get(day) ?? [];
      const duties = otherDuties.length
        ? [dutyLine({ name: DUTY_MANAGER, place: null, startTime: null, endTime: null }), ...otherDuties.map((o) => dutyLine(toNamed(o)))]
        : undefined;
      const email = renderReminder(template, { staffName: person.name, date, colleagues: person.colleagues ?? [], rotaUrl, duties });
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
          ...postEvents(otherDuties),
        ],
      });
      links.push({ claim: claim.id, email: row });
      linkOthers(day, row);
    }
    // The other duties' reminders still to send: one email per person and day, listing them.
    const left = new Map<string, DutyOccurrence[]>();
    for (const o of freshOthers) {
      if (!otherClaimed.has(`${o.staff_id}:${o.duty_id}:${o.date}`)) continue;
      left.set(`${o.staff_id}:${o.date}`, [...(left.get(`${o.staff_id}:${o.date}`) ?? []), o]);
    }
    let queued = links.length;
    for (const [day, duties] of left) {
      const first = duties[0]!;
      const row = this.outbox.enqueue({
        kind: 'duty-reminder',
        containsAccessLink: false,
        to: first.email,
        dedupeKey: `duty-reminder-other:${organizationId}:${first.staff_id}:${first.date}:${duties.map((d) => d.duty_id).join(',')}`,
        ...dutiesReminderEmail({ staffName: first.name, date: describeDate(first.date), duties: duties.map(toNamed), rotaUrl }),
        attachments: postEvents(duties),
      });
      linkOthers(day, row);
      queued += 1;
    }
    // The emails' ids, for the claims to point at.
    await this.unitOfWork.flush();
    if (links.length) await this.reminders.linkEmails(links.map((l) => ({ id: l.claim, email_id: l.email.id })));
    if (otherLinks.length) await this.reminders.linkSentEmails(otherLinks.map((l) => ({ id: l.id, email_id: l.email.id })));
    return queued;
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
