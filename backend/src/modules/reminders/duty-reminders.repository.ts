import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { dutyManagerIdOf } from '../duties/duty-manager-sql';
import { wetPostJoin } from '../rota/wet-post';
import type { SentReminderKind } from './entities/sent-duty-reminder.entity';

/** The advisory-lock class of reminder passes; the second key is the organisation. */
const REMINDER_LOCK_CLASS = 7_201;
/** The advisory-lock class of passes of reminders before a timed duty's start. */
const START_REMINDER_LOCK_CLASS = 7_202;

/** One person's duty other than the Duty Manager's on one date, with what names it. */
export interface DutyOccurrence {
  staff_id: string;
  name: string;
  email: string;
  date: IsoDate;
  duty_id: string;
  duty_name: string;
  place: string | null;
  start_time: string | null;
  end_time: string | null;
  description: string;
  /** Whether this kind of reminder of it went out already (sent_duty_reminders). */
  reminded: boolean;
}

/** A reminder of one duty claimed by this pass. */
export interface SentReminderClaim {
  id: string;
  staff_id: string;
  duty_id: string;
  date: IsoDate;
}

/** A person on duty on a due date, with their colleagues and whether they hold a standing reminder. */
export interface ReminderCandidate {
  staff_id: string;
  name: string;
  email: string;
  date: IsoDate;
  colleagues: string[] | null;
  reminded: boolean;
}

/** A reminder claimed for a person and date; `sequence` counts the event's versions. */
export interface ReminderClaim {
  id: string;
  staff_id: string;
  date: IsoDate;
  sequence: number;
}

/** A standing reminder whose duty is gone, now cancelled as the event's next version, with its person (null once their record is gone). */
export interface CancelledReminder {
  staff_id: string;
  date: IsoDate;
  sequence: number;
  name: string | null;
  email: string | null;
}

/**
 * The one door to `duty_reminders`: the claims that make each reminder go out exactly once, and
 * the advisory lock that keeps two instances from running one organisation's pass together.
 */
@Injectable()
export class DutyRemindersRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The organisations holding standing reminders of duties from `from` on: the only ones a
   * cancellation may be owed to. One statement.
   */
  async organizationsHoldingReminders(from: IsoDate): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select o.id from organizations o
        where o.is_active and exists (select 1 from duty_reminders r
                                       where r.organization_id = o.id and r.cancelled_at is null and r.duty_date >= ?::date)`,
      [from],
    );
    return rows.map((r) => r.id);
  }

  /** Takes the organisation's reminder lock for the current transaction; false when another holds it. */
  async tryLockPass(): Promise<boolean> {
    const [lock] = await this.em.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?, hashtext(?)) as locked', [
      REMINDER_LOCK_CLASS,
      TenantContext.require(),
    ]);
    return Boolean(lock?.locked);
  }

  /** Takes the organisation's reminder lock for the current transaction, waiting for a pass that holds it. */
  async lockPass(): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [REMINDER_LOCK_CLASS, TenantContext.require()]);
  }

  /** Takes the organisation's lock of reminders before a duty's start for the current transaction; false when another holds it. */
  async tryLockStartPass(): Promise<boolean> {
    const [lock] = await this.em.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?, hashtext(?)) as locked', [
      START_REMINDER_LOCK_CLASS,
      TenantContext.require(),
    ]);
    return Boolean(lock?.locked);
  }

  /**
   * The slots on `dates` of every standing duty but the Duty Manager's, of active staff — only
   * timed ones with `timedOnly` — each with whether its `kind` of reminder went out, in one
   * statement, in time order. A duty's place is its wet-weather post on a day marked wet.
   */
  dutiesOn(dates: IsoDate[], kind: SentReminderKind, timedOnly: boolean): Promise<DutyOccurrence[]> {
    return this.em.execute<DutyOccurrence[]>(
      `select s.id as staff_id, s.name, s.email, rs.date::text as date, d.id as duty_id, d.name as duty_name,
              post.place,
              d.start_time, d.end_time, d.description,
              exists (select 1 from sent_duty_reminders r
                       where r.organization_id = rs.organization_id and r.staff_id = s.id and r.duty_id = d.id
                         and r.duty_date = rs.date and r.kind = ?) as reminded
         from rota_slots rs
         join duties d on d.id = rs.duty_id and d.organization_id = rs.organization_id and d.is_duty_manager is null and d.archived_at is null
         join staff s on s.id = rs.staff_id and s.organization_id = rs.organization_id
         ${wetPostJoin('d', 'rs')}
        where rs.organization_id = ? and rs.date = any(?::date[]) and s.is_active and (not ? or d.start_time is not null)
        order by rs.date, d.start_time nulls first, d.sort_order, d.id, s.name`,
      [kind, TenantContext.require(), `{${dates.join(',')}}`, timedOnly],
    );
  }

  /** Claims `kind` reminders of `duties` in one statement; a claim someone else holds comes back missing. */
  claimSent(kind: SentReminderKind, duties: { staff_id: string; duty_id: string; date: IsoDate }[]): Promise<SentReminderClaim[]> {
    return this.em.execute<SentReminderClaim[]>(
      `insert into sent_duty_reminders (organization_id, staff_id, duty_id, duty_date, kind)
       select ?, x.staff_id, x.duty_id, x.date, ? from jsonb_to_recordset(?::jsonb) as x(staff_id uuid, duty_id uuid, date date)
       on conflict on constraint sent_duty_reminders_once do nothing
       returning id, staff_id, duty_id, duty_date::text as date`,
      [TenantContext.require(), kind, JSON.stringify(duties.map(({ staff_id, duty_id, date }) => ({ staff_id, duty_id, date })))],
    );
  }

  /** Links each claim of a reminder of one duty to the email that carries it. */
  async linkSentEmails(links: { id: string; email_id: string }[]): Promise<void> {
    await this.em.execute(
      `update sent_duty_reminders r set email_id = x.email_id
         from jsonb_to_recordset(?::jsonb) as x(id bigint, email_id bigint) where r.organization_id = ? and r.id = x.id`,
      [JSON.stringify(links), TenantContext.require()],
    );
  }

  /**
   * The people on duty on `dates`, their colleagues and whether each holds a standing reminder, in
   * one statement: the reminders module's own answer (duty_reminders), built on the rota and staff
   * tables of the modules before it (docs/architecture.md, "One owner per table").
   */
  findCandidates(dates: IsoDate[]): Promise<ReminderCandidate[]> {
    return this.em.execute<ReminderCandidate[]>(
      `select s.id as staff_id, s.name, s.email, d.date::text as date,
              (select array_agg(o.name order by os.position)
                 from rota_slots os join staff o on o.id = os.staff_id and o.organization_id = os.organization_id
                where os.rota_day_id = d.id and os.organization_id = d.organization_id and os.duty_id = rs.duty_id and os.staff_id <> s.id) as colleagues,
              exists (select 1 from duty_reminders r
                       where r.organization_id = d.organization_id and r.staff_id = s.id and r.duty_date = d.date
                         and r.cancelled_at is null) as reminded
         from rota_slots rs
         join rota_days d on d.id = rs.rota_day_id and d.organization_id = rs.organization_id
         join duties dm on dm.id = rs.duty_id and dm.organization_id = rs.organization_id and dm.is_duty_manager
         join staff s on s.id = rs.staff_id and s.organization_id = rs.organization_id
        where d.organization_id = ? and d.date = any(?::date[]) and s.is_active
        order by d.date, rs.position`,
      [TenantContext.require(), `{${dates.join(',')}}`],
    );
  }

  /**
   * Claims the reminders of `people` in one statement; a claim someone else holds comes back
   * missing. A cancelled claim is reopened as the event's next version: the duty came back after
   * its cancellation.
   */
  claim(trigger: 'schedule' | 'test', people: { staff_id: string; date: IsoDate }[]): Promise<ReminderClaim[]> {
    return this.em.execute<ReminderClaim[]>(
      `insert into duty_reminders (organization_id, staff_id, duty_date, trigger)
       select ?, x.staff_id, x.date, ? from jsonb_to_recordset(?::jsonb) as x(staff_id uuid, date date)
       on conflict on constraint duty_reminders_once do update
          set cancelled_at = null, sequence = duty_reminders.sequence + 1, trigger = excluded.trigger, email_id = null
        where duty_reminders.cancelled_at is not null
       returning id, staff_id, duty_date::text as date, sequence`,
      [TenantContext.require(), trigger, JSON.stringify(people)],
    );
  }

  /** Links each claim to the email that carries its reminder. */
  async linkEmails(links: { id: string; email_id: string }[]): Promise<void> {
    await this.em.execute(
      `update duty_reminders r set email_id = x.email_id
         from jsonb_to_recordset(?::jsonb) as x(id bigint, email_id bigint) where r.organization_id = ? and r.id = x.id`,
      [JSON.stringify(links), TenantContext.require()],
    );
  }

  /**
   * Cancels, in one statement, every standing reminder of a duty from `today` on that its person
   * no longer has, each as its event's next version, and answers whom to tell (their name and
   * email from the staff table of the module before this one).
   */
  cancelGone(today: IsoDate): Promise<CancelledReminder[]> {
    return this.em.execute<CancelledReminder[]>(
      `with gone as (
         update duty_reminders r set cancelled_at = now(), sequence = r.sequence + 1
          where r.organization_id = ? and r.cancelled_at is null and r.duty_date >= ?::date
            and not exists (select 1 from rota_slots rs join rota_days d on d.id = rs.rota_day_id and d.organization_id = rs.organization_id
                             where rs.organization_id = r.organization_id and rs.staff_id = r.staff_id and d.date = r.duty_date
                               and rs.duty_id = ${dutyManagerIdOf('r.organization_id')})
          returning r.staff_id, r.duty_date::text as date, r.sequence)
       select g.staff_id, g.date, g.sequence, s.name, s.email
         from gone g left join staff s on s.id = g.staff_id and s.organization_id = ?`,
      [TenantContext.require(), today, TenantContext.require()],
    );
  }
}
