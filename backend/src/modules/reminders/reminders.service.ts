import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { Clock, type IsoDate } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import type { Env } from '../../config/env';
import { TenantContext } from '../../tenancy/tenant-context';
import { SystemSettingsRepository } from '../settings/system-settings.repository';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { organizationZone } from '../tenants/organization-today';
import type { OutboxEmail } from '../mail/entities/outbox-email.entity';
import { OutboxService } from '../mail/outbox.service';
import { dutyCalendarAttachment } from './duty-calendar';
import { dueDutyDates, type ReminderRule } from './reminder-schedule';
import { DEFAULT_EMAIL_TEMPLATE, renderReminder, withDefaults } from './reminder-template';

/** The advisory-lock class of reminder passes; the second key is the organisation. */
const REMINDER_LOCK_CLASS = 7_201;
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
  /** False when another instance was running this organisation's pass (scheduled runs only). */
  ran: boolean;
}

interface Candidate {
  staff_id: string;
  name: string;
  email: string;
  date: IsoDate;
  colleagues: string[] | null;
  reminded: boolean;
}

/**
 * The scheduled reminder service (docs/product.md#reminders). Every minute it works out, per
 * organisation and in its zone, which duty dates are due and queues one email per person per
 * duty through the outbox. Exactly once, whatever the number of instances and restarts: the
 * claim row (unique per organisation, person and date) is written in the same transaction as
 * the email, and instances take a per-organisation advisory lock so they don't even race.
 */
@Injectable()
export class RemindersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RemindersService.name);
  private running?: Promise<unknown>;

  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly settings: SystemSettingsRepository,
    private readonly config: ConfigService<Env, true>,
    private readonly scheduler: SchedulerRegistry,
    private readonly hosts: OrganizationHosts,
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

  /** Every organisation with reminders on: queue the reminders due now. Returns how many. */
  async runScheduledPass(): Promise<number> {
    const now = this.clock.now();
    const organizations = await this.settings.remindersOfEveryOrganization(this.em());
    let queued = 0;
    for (const organization of organizations) {
      const rule: ReminderRule = { time: organization.time, hoursAdvance: organization.hoursAdvance, timeZone: organization.timeZone };
      const dates = dueDutyDates(now, rule);
      if (!dates.length) continue;
      try {
        // The cron serves every organisation: each one's pass runs in its own tenant context.
        queued += (await TenantContext.run(organization.organizationId, () => this.remind(dates, 'schedule'))).queued;
      } catch (err) {
        // One organisation's failure (rolled back whole) must not stop the others' reminders.
        this.logger.error(`Reminders for organisation ${organization.organizationId} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return queued;
  }

  /** The dates whose reminders are due now for the current organisation (its settings, its zone). */
  async dueDates(): Promise<IsoDate[]> {
    const em = this.em();
    const settings = await this.settings.reminders(em);
    const zone = await organizationZone(em);
    return dueDutyDates(this.clock.now(), { time: settings.time, hoursAdvance: settings.hoursAdvance, timeZone: zone });
  }

  /**
   * Queues the reminders for the current organisation's people on duty on `dates` who have not
   * had theirs. Scheduled runs skip an organisation another instance holds; test runs wait for
   * it, then see its claims.
   */
  async remind(dates: IsoDate[], trigger: 'schedule' | 'test'): Promise<ReminderRun> {
    const organizationId = TenantContext.require();
    return this.em().transactional(async (em) => {
      const run: ReminderRun = { dates, onDuty: 0, queued: 0, alreadyReminded: 0, ran: true };
      if (trigger === 'schedule') {
        const [lock] = await em.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?, hashtext(?)) as locked', [
          REMINDER_LOCK_CLASS,
          organizationId,
        ]);
        if (!lock?.locked) return { ...run, ran: false };
      } else {
        await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [REMINDER_LOCK_CLASS, organizationId]);
      }
      // The people on duty, their colleagues and whether each was reminded, in one statement: the
      // reminders module's own answer (duty_reminders), built on the rota and staff tables of the
      // modules before it (docs/architecture.md, "One owner per table").
      const candidates = await em.execute<Candidate[]>(
        `select s.id as staff_id, s.name, s.email, d.date::text as date,
                (select array_agg(o.name order by os.position)
                   from rota_slots os join staff o on o.id = os.staff_id and o.organization_id = os.organization_id
                  where os.rota_day_id = d.id and os.organization_id = d.organization_id and os.staff_id <> s.id) as colleagues,
                exists (select 1 from duty_reminders r
                         where r.organization_id = d.organization_id and r.staff_id = s.id and r.duty_date = d.date) as reminded
           from rota_slots rs
           join rota_days d on d.id = rs.rota_day_id and d.organization_id = rs.organization_id
           join staff s on s.id = rs.staff_id and s.organization_id = rs.organization_id
          where d.organization_id = ? and d.date = any(?::date[]) and s.is_active
          order by d.date, rs.position`,
        [organizationId, `{${dates.join(',')}}`],
      );
      run.onDuty = candidates.length;
      const fresh = candidates.filter((c) => !c.reminded);
      run.alreadyReminded = candidates.length - fresh.length;
      if (!fresh.length) return run;

      const template = withDefaults(await this.settings.savedEmailTemplate(em)) ?? { ...DEFAULT_EMAIL_TEMPLATE };
      const rotaUrl = `${await this.hosts.currentUrl(em)}/my-rota`;
      const stamp = this.clock.now();
      // One statement claims them all; a claim someone else holds comes back missing.
      const claims = await em.execute<{ id: string; staff_id: string; date: IsoDate }[]>(
        `insert into duty_reminders (organization_id, staff_id, duty_date, trigger)
         select ?, x.staff_id, x.date, ? from jsonb_to_recordset(?::jsonb) as x(staff_id uuid, date date)
         on conflict on constraint duty_reminders_once do nothing
         returning id, staff_id, duty_date::text as date`,
        [organizationId, trigger, JSON.stringify(fresh.map((p) => ({ staff_id: p.staff_id, date: p.date })))],
      );
      run.alreadyReminded += fresh.length - claims.length;
      const claimed = new Map(claims.map((c) => [`${c.staff_id}:${c.date}`, c.id]));
      const links: { claim: string; email: OutboxEmail }[] = [];
      for (const person of fresh) {
        const claim = claimed.get(`${person.staff_id}:${person.date}`);
        if (!claim) continue;
        const date = describeDate(person.date);
        const email = renderReminder(template, { staffName: person.name, date, colleagues: person.colleagues ?? [], rotaUrl });
        const row = this.outbox.enqueue(em, {
          kind: 'duty-reminder',
          containsAccessLink: false,
          to: person.email,
          dedupeKey: `duty-reminder:${organizationId}:${person.staff_id}:${person.date}`,
          ...email,
          attachments: [
            dutyCalendarAttachment({
              organizationId,
              staffId: person.staff_id,
              staffName: person.name,
              date: person.date,
              description: person.colleagues?.length ? `On duty with ${person.colleagues.join(', ')}` : 'Duty Manager',
              stamp,
            }),
          ],
        });
        links.push({ claim, email: row });
      }
      await em.flush();
      if (links.length) {
        await em.execute(
          `update duty_reminders r set email_id = x.email_id
             from jsonb_to_recordset(?::jsonb) as x(id bigint, email_id bigint) where r.organization_id = ? and r.id = x.id`,
          [JSON.stringify(links.map((l) => ({ id: l.claim, email_id: l.email.id }))), organizationId],
        );
      }
      run.queued = links.length;
      return run;
    });
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}
