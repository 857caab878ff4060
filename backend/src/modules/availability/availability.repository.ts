import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { preparedRead, preparedStatement } from '../../database/prepared-read';
import { TenantContext } from '../../tenancy/tenant-context';
import { RecurringUnavailability, type TimetableWeek } from './entities/recurring-unavailability.entity';
import { StaffUnavailability, UNAVAILABILITY_LABELS, type UnavailabilityType } from './entities/staff-unavailability.entity';

interface AwaySpanBase {
  staffId: string;
  start: IsoDate;
  end: IsoDate;
  /** Why, for the person's history and email: "Sick Leave: Surgery", "Weekly: Year 9 club", "Week A: Orchestra". */
  label: string;
}

/** A stored unavailability period: cancellations it causes link to it by `periodId`. */
export interface DatedAway extends AwaySpanBase {
  periodId: string;
  recurring?: undefined;
  ruleId?: undefined;
}

/**
 * One day a weekly commitment covers: `start` = `end` = that day. It has no `periodId` (the
 * cancellations' link is to dated periods only); `ruleId` names the rule.
 */
export interface RecurringAway extends AwaySpanBase {
  recurring: true;
  ruleId: string;
  periodId?: undefined;
}

/** One person away from `start` to `end`, inclusive, and why. */
export type AwayPeriod = DatedAway | RecurringAway;

/** A person on a date, as checked for being away. */
export interface StaffOnDate {
  staffId: string;
  date: IsoDate;
}

/** The first of the checked people away on their date, and why. */
export interface AwayOnDate extends StaffOnDate {
  label: string;
}

/** What an unavailability period says, as edited. */
export interface PeriodFields {
  startDate: IsoDate;
  endDate: IsoDate;
  reason: string;
  type: UnavailabilityType;
}

/** A new unavailability period. */
export interface NewPeriod extends PeriodFields {
  staffId: string;
  createdBy: string;
}

/** A new weekly commitment. */
export interface NewWeeklyRule {
  staffId: string;
  weekdays: number[];
  startDate: IsoDate;
  endDate: IsoDate;
  everyOtherWeek: boolean;
  week: TimetableWeek | null;
  /** `HH:mm` both, or both null for the whole day. */
  startTime: string | null;
  endTime: string | null;
  reason: string;
  createdBy: string;
}

/** "Weekly: Year 9 club", "Week A: Orchestra": a weekly commitment's days as the rota names them. */
export function recurringLabel(rule: { everyOtherWeek: boolean; week: TimetableWeek | null; reason: string }): string {
  return `${rule.everyOtherWeek ? `Week ${rule.week}` : 'Weekly'}: ${rule.reason}`;
}

/**
 * Whether a day `d` (a SQL date expression) is in the week of a rule `r` of
 * recurring_unavailability, given the settings row `s` (left-joined, for Week A): always for an
 * every-week rule; for a two-week rule, when `d`'s week is the rule's. Weeks alternate A, B from
 * the Monday in `s.week_a_start`, both ways; without one (never set, or cleared) a two-week rule
 * counts every week, so nobody is put on duty on a day they may be committed.
 */
const IN_RULE_WEEK = (d: string) => `(not r.every_other_week or s.week_a_start is null
        or (abs((date_trunc('week', ${d})::date - s.week_a_start) / 7) % 2 = 0) = (r.week = 'A'))`;

/**
 * AvailabilityRepository.awayBetween and timedAwayBetween: prepared reads (prepared-read.ts), read
 * by the Today board on every request and by the planner (through the ORM inside its transaction).
 */
const AWAY_BETWEEN = preparedStatement(
  'away_between',
  `select u.staff_id as "staffId", to_char(u.start_date, 'YYYY-MM-DD') as start, to_char(u.end_date, 'YYYY-MM-DD') as end,
              u.id, u.type::text as type, u.reason, null::boolean as every_other_week, null::text as week
         from staff_unavailability u where u.organization_id = ? and u.end_date >= ? and u.start_date <= ?
       union all
       select r.staff_id, to_char(g.d, 'YYYY-MM-DD'), to_char(g.d, 'YYYY-MM-DD'), r.id, null, r.reason, r.every_other_week, r.week
         from recurring_unavailability r
         left join system_settings s on s.organization_id = r.organization_id
         cross join lateral (select greatest(r.start_date, ?::date) as first, least(r.end_date, ?::date) as last) as span
         cross join lateral unnest(r.weekdays) as w(dow)
         cross join lateral generate_series(span.first + (w.dow - extract(isodow from span.first)::int + 7) % 7, span.last, interval '7 days') as g(d)
        where r.organization_id = ? and r.end_date >= ? and r.start_date <= ? and r.start_time is null
          and ${IN_RULE_WEEK('g.d::date')}`,
);
const TIMED_AWAY_BETWEEN = preparedStatement(
  'timed_away_between',
  `select r.staff_id as "staffId", to_char(g.d, 'YYYY-MM-DD') as start, to_char(g.d, 'YYYY-MM-DD') as end,
              r.start_time as "startTime", r.end_time as "endTime"
         from recurring_unavailability r
         left join system_settings s on s.organization_id = r.organization_id
         cross join lateral (select greatest(r.start_date, ?::date) as first, least(r.end_date, ?::date) as last) as span
         cross join lateral unnest(r.weekdays) as w(dow)
         cross join lateral generate_series(span.first + (w.dow - extract(isodow from span.first)::int + 7) % 7, span.last, interval '7 days') as g(d)
        where r.organization_id = ? and r.end_date >= ? and r.start_date <= ? and r.start_time is not null
          and ${IN_RULE_WEEK('g.d::date')}
        order by g.d, r.staff_id`,
);

/**
 * Who is away when: the one owner of `staff_unavailability` (dated periods) and
 * `recurring_unavailability` (weekly commitments). The rota asks it before putting anyone on a
 * day; the requests module records and removes both through it. Raw statements read the current
 * organisation from TenantContext; ORM queries get it from the tenant filter. A two-week rule's
 * weeks follow the organisation's Week A, read from the settings row in the same statement
 * (settings comes before availability in the module order).
 */
@Injectable()
export class AvailabilityRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The first of `checks` whose person is away on the date — a dated period or a weekly
   * commitment — with what to call it ("Annual Leave", "Weekly commitment"); undefined when
   * everyone is available. One statement. A commitment at a time of day is not among them: it keeps
   * its person off the duties whose times it overlaps, and the Duty Manager duty runs all day.
   */
  async firstAway(checks: StaffOnDate[]): Promise<AwayOnDate | undefined> {
    if (!checks.length) return undefined;
    const org = TenantContext.require();
    const [row] = await this.em.execute<{ staffId: string; date: IsoDate; type: UnavailabilityType | null }[]>(
      `with x as (select * from jsonb_to_recordset(?::jsonb) as c(staff_id uuid, date text))
       select u.staff_id as "staffId", x.date, u.type::text as type
         from x join staff_unavailability u on u.organization_id = ? and u.staff_id = x.staff_id and x.date::date between u.start_date and u.end_date
       union all
       select r.staff_id, x.date, null
         from x join recurring_unavailability r on r.organization_id = ? and r.staff_id = x.staff_id and x.date::date between r.start_date and r.end_date
         left join system_settings s on s.organization_id = r.organization_id
        where extract(isodow from x.date::date)::int = any(r.weekdays) and r.start_time is null and ${IN_RULE_WEEK('x.date::date')}
        limit 1`,
      [JSON.stringify(checks.map((c) => ({ staff_id: c.staffId, date: c.date }))), org, org],
    );
    return row && { staffId: row.staffId, date: row.date, label: row.type ? UNAVAILABILITY_LABELS[row.type] : 'Weekly commitment' };
  }

  /**
   * Everyone away in `from`..`to`: the dated periods that touch it, and each day in it that a
   * weekly commitment covers (one span per day, `recurring: true`). One statement; a rule's days
   * are generated a week at a time from the first date of each of its weekdays in the range.
   * Commitments at a time of day are left out, as in `firstAway`.
   */
  async awayBetween(from: IsoDate, to: IsoDate): Promise<AwayPeriod[]> {
    const org = TenantContext.require();
    const rows = await preparedRead<{
      staffId: string;
      start: IsoDate;
      end: IsoDate;
      id: string;
      type: UnavailabilityType | null;
      reason: string;
      every_other_week: boolean | null;
      week: TimetableWeek | null;
    }>(this.em, AWAY_BETWEEN, [org, from, to, from, to, org, from, to]);
    return rows.map((r): AwayPeriod =>
      r.type
        ? { staffId: r.staffId, start: r.start, end: r.end, label: `${UNAVAILABILITY_LABELS[r.type]}: ${r.reason}`, periodId: r.id }
        : { staffId: r.staffId, start: r.start, end: r.end, label: recurringLabel({ everyOtherWeek: !!r.every_other_week, week: r.week, reason: r.reason }), recurring: true, ruleId: r.id },
    );
  }

  /**
   * Each day of `from`..`to` that a weekly commitment at a time of day covers, with its times
   * (`HH:mm`): one span per person and day, as `awayBetween` gives the whole-day ones. They keep
   * their person off the duties whose times they overlap. One statement.
   */
  timedAwayBetween(from: IsoDate, to: IsoDate): Promise<{ staffId: string; start: IsoDate; end: IsoDate; startTime: string; endTime: string }[]> {
    const org = TenantContext.require();
    return preparedRead(this.em, TIMED_AWAY_BETWEEN, [from, to, org, from, to]);
  }

  /** One person's periods, earliest first. */
  periodsOf(staffId: string): Promise<StaffUnavailability[]> {
    return this.em.find(StaffUnavailability, { staff: staffId }, { orderBy: { startDate: 'asc', endDate: 'asc' } });
  }

  /** One period by id (within the organisation in context), or null. */
  period(id: string): Promise<StaffUnavailability | null> {
    return this.em.findOne(StaffUnavailability, { id });
  }

  /**
   * The person's first period overlapping `start`..`end` (other than `exceptId`, the period being
   * changed), locked until the transaction ends so two overlapping periods can't be written side
   * by side; undefined when there is none.
   */
  async lockOverlapping(
    staffId: string,
    start: IsoDate,
    end: IsoDate,
    exceptId?: string,
  ): Promise<{ start: IsoDate; end: IsoDate; type: UnavailabilityType } | undefined> {
    const [overlap] = await this.em.execute<{ start: IsoDate; end: IsoDate; type: UnavailabilityType }[]>(
      `select to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as end, type
         from staff_unavailability where organization_id = ? and staff_id = ? and start_date <= ? and end_date >= ?
          and id <> coalesce(?::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
        order by start_date limit 1 for update`,
      [TenantContext.require(), staffId, end, start, exceptId ?? null],
    );
    return overlap;
  }

  /** A period's new dates, reason and type; written when the unit of work is flushed. */
  change(period: StaffUnavailability, change: PeriodFields): void {
    period.startDate = change.startDate;
    period.endDate = change.endDate;
    period.reason = change.reason;
    period.type = change.type;
  }

  /** Adds a period; written when the unit of work is flushed. */
  add(period: NewPeriod): StaffUnavailability {
    return this.em.create(StaffUnavailability, {
      staff: period.staffId,
      startDate: period.startDate,
      endDate: period.endDate,
      reason: period.reason,
      type: period.type,
      createdBy: period.createdBy,
    });
  }

  /** Removes a period; written when the unit of work is flushed. */
  remove(period: StaffUnavailability): void {
    this.em.remove(period);
  }

  /** One person's weekly commitments, earliest first. */
  rulesOf(staffId: string): Promise<RecurringUnavailability[]> {
    return this.em.find(RecurringUnavailability, { staff: staffId }, { orderBy: { startDate: 'asc', endDate: 'asc', createdAt: 'asc' } });
  }

  /** One weekly commitment by id (within the organisation in context), or null. */
  rule(id: string): Promise<RecurringUnavailability | null> {
    return this.em.findOne(RecurringUnavailability, { id });
  }

  /** Adds a weekly commitment; written when the unit of work is flushed. */
  addRule(rule: NewWeeklyRule): RecurringUnavailability {
    return this.em.create(RecurringUnavailability, {
      staff: rule.staffId,
      weekdays: rule.weekdays,
      startDate: rule.startDate,
      endDate: rule.endDate,
      everyOtherWeek: rule.everyOtherWeek,
      week: rule.everyOtherWeek ? rule.week : null,
      startTime: rule.startTime,
      endTime: rule.endTime,
      reason: rule.reason,
      createdBy: rule.createdBy,
    });
  }

  /** Removes a weekly commitment; written when the unit of work is flushed. */
  removeRule(rule: RecurringUnavailability): void {
    this.em.remove(rule);
  }

  /** Erasure: replaces a person's names and addresses (`pattern`, whole words, any case) by their pseudonym in everyone's reasons for being away; how many rows changed. */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    return (
      (
        await this.em.execute<{ id: string }[]>(
          `update staff_unavailability set reason = regexp_replace(reason, ?, ?, 'gi') where organization_id = ? and (reason ~* ?) returning id`,
          [pattern, pseudonym, TenantContext.require(), pattern],
        )
      ).length +
      (
        await this.em.execute<{ id: string }[]>(
          `update recurring_unavailability set reason = regexp_replace(reason, ?, ?, 'gi') where organization_id = ? and (reason ~* ?) returning id`,
          [pattern, pseudonym, TenantContext.require(), pattern],
        )
      ).length
    );
  }

  /** Erasure: clears the reasons the person gave for being away (the days stay: they shaped the rota); how many rows. */
  async clearReasonsOf(staffId: string): Promise<number> {
    const organizationId = TenantContext.require();
    const one = await this.em.execute<{ id: string }[]>(
      `update staff_unavailability set reason = '' where organization_id = ? and staff_id = ? and reason <> '' returning id`,
      [organizationId, staffId],
    );
    const recurring = await this.em.execute<{ id: string }[]>(
      `update recurring_unavailability set reason = '' where organization_id = ? and staff_id = ? and reason <> '' returning id`,
      [organizationId, staffId],
    );
    return one.length + recurring.length;
  }

  /** How many unavailability entries (one-off and weekly) the person has. */
  async countOf(staffId: string): Promise<number> {
    const [row] = await this.em.execute<{ n: number }[]>(
      `select (select count(*) from staff_unavailability where organization_id = ? and staff_id = ?)
            + (select count(*) from recurring_unavailability where organization_id = ? and staff_id = ?) as n`,
      [TenantContext.require(), staffId, TenantContext.require(), staffId],
    );
    return Number(row?.n ?? 0);
  }
}
