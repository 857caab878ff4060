import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import type { RotaDayDto } from './dto/rota-day.dto';
import type { DaySlots, Slot } from './engine/rota-engine';
import type { PinReason } from './entities/rota-slot.entity';
import { DEFAULT_DUTY_MANAGERS_PER_DAY } from '../settings/entities/system-settings.entity';
import { dutyManagerIdOf } from '../duties/duty-manager-sql';
import { preparedRead, preparedStatement } from '../../database/prepared-read';
import { ROTA_DAYS, ROTA_DUTY_DAYS_SQL, type RotaDayRecord, type RotaSlotRow, toDayRecords, toRotaDays } from './rota-days';
import { jsonParam } from '../../database/json-param';
import { wetPostJoin } from './wet-post';

/** A rota day locked for the transaction, with its slots in order (`null` = empty). */
export interface LockedDay {
  id: string;
  date: IsoDate;
  slots: DaySlots;
}

/** A duty with its day: the slot's date and number (from 1). */
export interface DatedSlot extends Slot {
  date: IsoDate;
  position: number;
}

/** A slot row as the statements below select it. */
interface SlotRow {
  date: string;
  position: number;
  staff_id: string;
  override: boolean;
  pinned: boolean;
}

/**
 * SQL comparing a slot's `duty_id` with a duty: the one given, else the Duty Manager duty
 * (evaluated once per statement). Its two parameters: `dutyParams`.
 */
const DUTY_ID = `coalesce(?::uuid, ${dutyManagerIdOf('?')})`;
const dutyParams = (duty: string | undefined): [string | null, string] => [duty ?? null, TenantContext.require()];

/** A slot row as the engine's record; `pinned` only on a pinned slot (docs/product.md#pinned-duties). */
function slotOf(row: { staff_id: string; override: boolean; pinned: boolean }): Slot {
  return row.pinned ? { staffId: row.staff_id, override: row.override, pinned: true } : { staffId: row.staff_id, override: row.override };
}

/** Slot rows (in date and position order) as each date's slots. */
function daySlotsOf(rows: SlotRow[]): Record<IsoDate, DaySlots> {
  const days: Record<IsoDate, DaySlots> = {};
  for (const row of rows) {
    const slots = (days[row.date] ??= []);
    while (slots.length < row.position) slots.push(null);
    slots[row.position - 1] = slotOf(row);
  }
  return days;
}

/** One person in one slot of one duty on one day, with the day's revision and last change and what names the duty (a calendar feed's row). */
export interface DutyRow {
  day_id: string;
  date: IsoDate;
  /** `rota_days.revision`, a bigint: as text. */
  revision: string;
  updated_at: Date | string;
  position: number;
  staff_id: string;
  /** The person's name. */
  name: string;
  duty_id: string;
  is_duty_manager: boolean;
  duty_name: string;
  /** Where the duty is that day: its wet-weather post on a day marked wet. */
  place: string | null;
  /** Whether the day is marked wet and the duty has a wet-weather post, so `place` is that post. */
  wet: boolean;
  /** The duty's usual place (the same as `place` unless `wet`). */
  usual_place: string | null;
  /** `HH:mm`, both null for an all-day duty. */
  start_time: string | null;
  end_time: string | null;
  description: string;
  /** The duty's last change (its name, place, times or description). */
  duty_updated_at: Date | string;
}

/** The signed-in person's own staff record: linked to them, else linked to nobody with their email address (parameters: org, user id, email). */
const OWN_STAFF_SQL = `select id from staff
  where organization_id = ? and (user_id = ? or (user_id is null and lower(trim(email)) = lower(trim(?))))
  order by user_id is null, id limit 1`;

/** Every kind of duty of the one person `person` selects (its parameters first, then org, from, to), by date then time, all-day first. */
function dutiesOfSql(person: string): string {
  return `with me as (${person})
       select to_char(s.date, 'YYYY-MM-DD') as date, s.duty_id, coalesce(d.is_duty_manager, false) as is_duty_manager, d.name,
              post.place, post.wet, post.usual_place, d.start_time, d.end_time, d.description, s.position
         from rota_slots s
         join me on me.id = s.staff_id
         join duties d on d.id = s.duty_id and d.organization_id = s.organization_id
         ${wetPostJoin('d', 's')}
        where s.organization_id = ? and s.date between ? and ? and d.archived_at is null
        order by s.date, d.start_time nulls first, d.end_time nulls first, d.sort_order, d.created_at, d.id`;
}

/** One slot of one person, of any duty, with what names it (`allDutiesOfStaff`). */
export interface StaffDutyRow {
  date: IsoDate;
  is_duty_manager: boolean;
  name: string;
  place: string | null;
  start_time: string | null;
  end_time: string | null;
  position: number;
  pinned: boolean;
  pinned_reason: PinReason | null;
  override: boolean;
}

/** One duty of one person on one day, with what names it (`dutiesOfUserBetween`). */
export interface OwnDutyRow {
  date: IsoDate;
  duty_id: string;
  is_duty_manager: boolean;
  name: string;
  /** Where the duty is that day: its wet-weather post on a day marked wet (wet-post.ts). */
  place: string | null;
  /** Whether `place` is the duty's wet-weather post. */
  wet: boolean;
  /** The duty's usual place. */
  usual_place: string | null;
  start_time: string | null;
  end_time: string | null;
  description: string;
  position: number;
}

/**
 * The one owner of `rota_days` and `rota_slots`: every statement that writes them is here (the
 * rota service's use cases, and the settings change that removes slots above the new number,
 * call it). A rota day holds the slots of every duty on its date and exists only while somebody
 * is on one; the statements below read and write the Duty Manager duty's slots (`dutyManagerIdOf`),
 * except where they say they count every duty. Writes run inside the caller's
 * transaction, which holds the settings row (SystemSettingsRepository.lockShared/lockExclusive).
 * Triggers move a day's `updatedAt` and `revision` whenever its slots change. Every statement
 * is on the current organisation, read from TenantContext (it throws when no context is open).
 */
/** Every slot of a range with its person's name, for the all-duties grid (namedDutySlotsBetween): a prepared statement (prepared-read.ts). */
const NAMED_DUTY_SLOTS = preparedStatement(
  'named_duty_slots',
  `select s.duty_id, to_char(s.date, 'YYYY-MM-DD') as date, s.position, s.staff_id, st.name, s.id as slot_id, s.pinned, s.pinned_reason
     from rota_slots s join staff st on st.id = s.staff_id and st.organization_id = s.organization_id
    where s.organization_id = ? and s.date between ? and ?
    order by s.date, s.duty_id, s.position`,
);
/** My Rota's statements (dutiesOfUserBetween, dutiesOfStaffBetween), prepared. */
const DUTIES_OF_USER = preparedStatement('duties_of_user', dutiesOfSql(OWN_STAFF_SQL));
const DUTIES_OF_STAFF = preparedStatement('duties_of_staff', dutiesOfSql('select id from staff where organization_id = ? and id = ?'));

@Injectable()
export class RotaRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The rota days of `startDate`..`endDate` in the API's shape, one statement. Each day has as many
   * slots as the organisation's setting read with them, or as `slotsPerDay` when the caller holds
   * the settings row's lock and has read it already. With `withPins`, pinned slots say so.
   */
  async daysBetween(startDate: IsoDate, endDate: IsoDate, slotsPerDay?: number, withPins = false): Promise<RotaDayDto[]> {
    const rows = await preparedRead<RotaSlotRow>(this.em, ROTA_DAYS, [TenantContext.require(), startDate, endDate]);
    return toRotaDays(rows, slotsPerDay ?? rows[0]?.slots_per_day ?? DEFAULT_DUTY_MANAGERS_PER_DAY, withPins);
  }

  /** One duty's rota days of `startDate`..`endDate` as records (ROTA_DUTY_DAYS_SQL), one statement. */
  async dutyDaysBetween(duty: string, startDate: IsoDate, endDate: IsoDate): Promise<RotaDayRecord[]> {
    const rows = await this.em.execute<RotaSlotRow[]>(ROTA_DUTY_DAYS_SQL, [duty, TenantContext.require(), startDate, endDate]);
    return toDayRecords(rows);
  }

  /**
   * Everyone on every duty (deleted duties aside) on the days of `from`..`to`, with their names,
   * each day's revision and last change, and what names the duty: what the calendar feeds write. In
   * date order, then each day's duties as My Rota orders them (all-day first, so the Duty Manager
   * duty, then by start time and the school's order), then slot order. With `onlyDaysOf`, only the
   * duties and days that person is on (everyone on them, so colleagues show). On a day marked wet a
   * duty with a wet-weather post is there, with its usual place beside it. One statement.
   */
  dutiesBetween(from: IsoDate, to: IsoDate, onlyDaysOf?: string): Promise<DutyRow[]> {
    const org = TenantContext.require();
    const only = onlyDaysOf !== undefined;
    return this.em.execute<DutyRow[]>(
      `select d.id as day_id, d.date::text as date, d.revision::text as revision, d.updated_at,
              s.position, s.staff_id, st.name,
              du.id as duty_id, coalesce(du.is_duty_manager, false) as is_duty_manager, du.name as duty_name,
              post.place, post.wet, post.usual_place,
              du.start_time, du.end_time, du.description, du.updated_at as duty_updated_at
         from rota_days d
         join rota_slots s on s.rota_day_id = d.id and s.organization_id = d.organization_id
         join duties du on du.id = s.duty_id and du.organization_id = d.organization_id and du.archived_at is null
         join staff st on st.id = s.staff_id and st.organization_id = d.organization_id
         ${wetPostJoin('du', 'd')}
        where d.organization_id = ? and d.date between ? and ?
          ${only ? 'and exists (select 1 from rota_slots m where m.rota_day_id = d.id and m.organization_id = d.organization_id and m.duty_id = du.id and m.staff_id = ?)' : ''}
        order by d.date, du.start_time nulls first, du.end_time nulls first, du.is_duty_manager nulls last, du.sort_order, du.created_at, du.id, s.position`,
      only ? [org, from, to, onlyDaysOf] : [org, from, to],
    );
  }

  /**
   * The day (by date, created when missing, or by id) locked until the transaction ends, with
   * who is in which slot of `duty` (the Duty Manager duty when not given); undefined when there is no such day in the organisation.
   */
  async lockDay(
    target: { date: IsoDate; create: true } | { id: string },
    duty?: string,
  ): Promise<{ id: string; date: IsoDate; slots: (Slot & { position: number })[] } | undefined> {
    const org = TenantContext.require();
    const byDate = 'date' in target;
    if (byDate) {
      await this.em.execute(
        'insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, ?) on conflict (organization_id, date) do nothing',
        [org, target.date],
      );
    }
    const [day] = await this.em.execute<{ id: string; date: string }[]>(
      `select id, to_char(date, 'YYYY-MM-DD') as date from rota_days
        where organization_id = ? and ${byDate ? 'date = ?' : 'id = ?'} for update`,
      [org, byDate ? target.date : target.id],
    );
    if (!day) return undefined;
    const rows = await this.em.execute<(SlotRow & { position: number })[]>(
      `select position, staff_id, override, pinned from rota_slots where organization_id = ? and rota_day_id = ? and duty_id = ${DUTY_ID}`,
      [org, day.id, ...dutyParams(duty)],
    );
    return { id: day.id, date: day.date, slots: rows.map((row) => ({ ...slotOf(row), position: row.position })) };
  }

  /**
   * Puts people into free slots of `duty` (the Duty Manager duty when not given) on a locked day;
   * `override` marks a duty given outside the person's pattern or cap, `pin` pins it (docs/product.md#pinned-duties).
   */
  async addToDay(
    day: { id: string; date: IsoDate },
    placed: { staffId: string; position: number; override?: boolean; pin?: PinReason }[],
    duty?: string,
  ): Promise<void> {
    const org = TenantContext.require();
    await this.em.execute(
      `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id, override, pinned, pinned_reason, duty_id)
       select gen_random_uuid(), ?, ?, ?::date, x.position, x.staff_id, x.override, x.pinned_reason is not null, x.pinned_reason, ${DUTY_ID}
         from jsonb_to_recordset(?::jsonb) as x(position int, staff_id uuid, override boolean, pinned_reason text)`,
      [
        org,
        day.id,
        day.date,
        ...dutyParams(duty),
        jsonParam(placed.map((p) => ({ position: p.position, staff_id: p.staffId, override: p.override ?? false, pinned_reason: p.pin ?? null }))),
      ],
    );
  }

  /**
   * Duties of every kind per person and Monday of the week in `from`..`to` outside `exceptDays`:
   * what weekly caps count besides the days being planned or checked.
   */
  async weekCounts(from: IsoDate, to: IsoDate, exceptDays: IsoDate[]): Promise<Record<string, Record<IsoDate, number>>> {
    const rows = await this.em.execute<{ staff_id: string; week: string; n: string }[]>(
      `select staff_id, to_char(date_trunc('week', date), 'YYYY-MM-DD') as week, count(*) as n from rota_slots
        where organization_id = ? and date between ? and ? and date <> all(?::date[])
        group by staff_id, week`,
      [TenantContext.require(), from, to, `{${exceptDays.join(',')}}`],
    );
    const counts: Record<string, Record<IsoDate, number>> = {};
    for (const r of rows) (counts[r.staff_id] ??= {})[r.week] = Number(r.n);
    return counts;
  }

  /**
   * The slots of `dates`, with their rota days locked until the transaction ends, so nobody
   * else changes those days in between. Locks are taken in date order (no deadlocks between
   * two requests touching the same two days). Dates without a rota day have no entry.
   */
  async lockDays(dates: IsoDate[]): Promise<Map<IsoDate, LockedDay>> {
    const org = TenantContext.require();
    const days = new Map<IsoDate, LockedDay>();
    if (!dates.length) return days;
    const rows = await this.em.execute<{ id: string; date: string }[]>(
      `select id, to_char(date, 'YYYY-MM-DD') as date from rota_days
        where organization_id = ? and date = any(?::date[]) order by date for update`,
      [org, `{${[...new Set(dates)].join(',')}}`],
    );
    for (const row of rows) days.set(row.date, { id: row.id, date: row.date, slots: [] });
    if (!rows.length) return days;
    const slots = await this.em.execute<SlotRow[]>(
      `select to_char(date, 'YYYY-MM-DD') as date, position, staff_id, override, pinned from rota_slots
        where organization_id = ? and rota_day_id = any(?::uuid[]) and duty_id = ${dutyManagerIdOf('?')} order by date, position`,
      [org, `{${rows.map((r) => r.id).join(',')}}`, org],
    );
    for (const [date, daySlots] of Object.entries(daySlotsOf(slots))) days.get(date)!.slots = daySlots;
    return days;
  }

  /**
   * Who is in which slot of `duty` (the Duty Manager duty when not given) on each date of
   * `from`..`to` (to the end of the rota when `to` is null).
   */
  async slotsFrom(from: IsoDate, to: IsoDate | null, duty?: string): Promise<Record<IsoDate, DaySlots>> {
    const org = TenantContext.require();
    const rows = await this.em.execute<SlotRow[]>(
      `select to_char(date, 'YYYY-MM-DD') as date, position, staff_id, override, pinned from rota_slots
        where organization_id = ? and duty_id = ${DUTY_ID} and date >= ?${to ? ' and date <= ?' : ''} order by date, position`,
      to ? [org, ...dutyParams(duty), from, to] : [org, ...dutyParams(duty), from],
    );
    return daySlotsOf(rows);
  }

  /** Everyone on any duty on the dates of `from`..`to`, with their names and pins, by date, duty and slot. One statement. */
  namedDutySlotsBetween(
    from: IsoDate,
    to: IsoDate,
  ): Promise<
    {
      duty_id: string;
      date: IsoDate;
      position: number;
      staff_id: string;
      name: string;
      slot_id: string;
      pinned: boolean;
      pinned_reason: PinReason | null;
    }[]
  > {
    return preparedRead(this.em, NAMED_DUTY_SLOTS, [TenantContext.require(), from, to]);
  }

  /**
   * The duties of the signed-in person's own staff record (the one linked to `user`, else one
   * linked to nobody with their email address, as screens find it) on the dates of `from`..`to`,
   * every kind (deleted duties aside), by date, then start time (all-day first), then the school's
   * order. One statement.
   */
  dutiesOfUserBetween(user: { id: string; email: string }, from: IsoDate, to: IsoDate): Promise<OwnDutyRow[]> {
    const org = TenantContext.require();
    return preparedRead<OwnDutyRow>(this.em, DUTIES_OF_USER, [org, user.id, user.email, org, from, to]);
  }

  /** The duties of the staff member `staffId` of this organisation as `dutiesOfUserBetween` gives them (none for an unknown id). One statement. */
  dutiesOfStaffBetween(staffId: string, from: IsoDate, to: IsoDate): Promise<OwnDutyRow[]> {
    const org = TenantContext.require();
    return preparedRead<OwnDutyRow>(this.em, DUTIES_OF_STAFF, [org, staffId, org, from, to]);
  }

  /**
   * Every slot the staff record has ever held, of every duty (deleted duties too), by date then
   * time, all-day first: a person's own data (docs/security.md, "Subject access"). One statement.
   */
  allDutiesOfStaff(staffId: string): Promise<StaffDutyRow[]> {
    return this.em.execute<StaffDutyRow[]>(
      `select to_char(s.date, 'YYYY-MM-DD') as date, coalesce(d.is_duty_manager, false) as is_duty_manager, d.name, d.place,
              d.start_time, d.end_time, s.position, s.pinned, s.pinned_reason, s.override
         from rota_slots s
         join duties d on d.id = s.duty_id and d.organization_id = s.organization_id
        where s.organization_id = ? and s.staff_id = ?
        order by s.date, d.start_time nulls first, d.end_time nulls first, d.sort_order, d.created_at, d.id`,
      [TenantContext.require(), staffId],
    );
  }

  /** Every duty's slots on each date of `from`..`to` (to the end of the rota when `to` is null), per duty id then date. One statement. */
  async dutySlotsBetween(from: IsoDate, to: IsoDate | null): Promise<Record<string, Record<IsoDate, DaySlots>>> {
    const rows = await this.em.execute<(SlotRow & { duty_id: string })[]>(
      `select duty_id, to_char(date, 'YYYY-MM-DD') as date, position, staff_id, override, pinned from rota_slots
        where organization_id = ? and date >= ?${to ? ' and date <= ?' : ''} order by duty_id, date, position`,
      to ? [TenantContext.require(), from, to] : [TenantContext.require(), from],
    );
    const byDuty = new Map<string, SlotRow[]>();
    for (const row of rows) (byDuty.get(row.duty_id) ?? byDuty.set(row.duty_id, []).get(row.duty_id)!).push(row);
    return Object.fromEntries([...byDuty].map(([duty, dutyRows]) => [duty, daySlotsOf(dutyRows)]));
  }

  /**
   * Every running duty's shortfalls on the dates of `from`..`to`, other than the Duty Manager
   * duty's: each (duty, date) of a weekday the duty runs on (`duty_weekdays`) with fewer people on
   * it than it needs then, in the school's order then date order. A paused or deleted duty needs
   * nobody. Whether a date is a school day is the caller's question. One statement.
   */
  dutyShortfallsBetween(from: IsoDate, to: IsoDate): Promise<{ duty_id: string; name: string; date: IsoDate; missing: number }[]> {
    if (to < from) return Promise.resolve([]);
    return this.em.execute(
      `select d.id as duty_id, d.name, to_char(g.day, 'YYYY-MM-DD') as date, (w.people - count(s.staff_id))::int as missing
         from duties d
         join duty_weekdays w on w.duty_id = d.id and w.organization_id = d.organization_id
         join generate_series(?::date, ?::date, interval '1 day') g(day) on extract(isodow from g.day) = w.weekday
         left join rota_slots s on s.duty_id = d.id and s.organization_id = d.organization_id and s.date = g.day::date
        where d.organization_id = ? and d.is_duty_manager is null and not d.paused and d.archived_at is null
        group by d.id, d.name, d.sort_order, d.created_at, g.day, w.people
       having count(s.staff_id) < w.people
        order by d.sort_order, d.created_at, d.id, g.day`,
      [from, to, TenantContext.require()],
    );
  }

  /**
   * Who held which duty on which date in `from`..`to` outside `exceptDays`, every duty: what the
   * multi-duty plan counts as each person's load, per duty and per weekday. One statement.
   */
  heldDutiesBetween(from: IsoDate, to: IsoDate, exceptDays: IsoDate[]): Promise<{ staff_id: string; duty_id: string; date: IsoDate }[]> {
    return this.em.execute(
      `select staff_id, duty_id, to_char(date, 'YYYY-MM-DD') as date from rota_slots
        where organization_id = ? and date between ? and ? and date <> all(?::date[])`,
      [TenantContext.require(), from, to, `{${exceptDays.join(',')}}`],
    );
  }

  /**
   * The duties each person gave up on days of `from`..`to` by an approved cancellation, every duty:
   * no plan puts them back on that duty that day. It reads the requests module's table (as
   * `approvedCancellationsBetween`).
   */
  approvedDutyCancellationsBetween(from: IsoDate, to: IsoDate): Promise<{ staffId: string; date: IsoDate; dutyId: string }[]> {
    return this.em.execute(
      `select staff_id as "staffId", to_char(date, 'YYYY-MM-DD') as date, duty_id as "dutyId"
         from cancel_requests where organization_id = ? and status = 'approved' and date between ? and ?`,
      [TenantContext.require(), from, to],
    );
  }

  /**
   * Whether anything but the Duty Manager duty's own rules can hold on `from` or later: someone on
   * another duty then, or a Duty Manager duty open only to some. One statement.
   */
  async dutiesBeyondDutyManagerFrom(from: IsoDate): Promise<boolean> {
    const org = TenantContext.require();
    const [row] = await this.em.execute<{ beyond: boolean }[]>(
      `select exists (select 1 from rota_slots s join duties d on d.id = s.duty_id and d.organization_id = s.organization_id
                       where s.organization_id = ? and s.date >= ? and d.is_duty_manager is null)
              or exists (select 1 from duties dm where dm.organization_id = ? and dm.is_duty_manager and dm.eligible <> 'everyone') as beyond`,
      [org, from, org],
    );
    return row!.beyond;
  }

  /** Whether anyone is on duty on `from` or later. */
  async hasDutiesFrom(from: IsoDate): Promise<boolean> {
    const org = TenantContext.require();
    const rows = await this.em.execute<{ one: number }[]>(
      `select 1 as one from rota_slots where organization_id = ? and duty_id = ${dutyManagerIdOf('?')} and date >= ? limit 1`,
      [org, org, from],
    );
    return rows.length > 0;
  }

  /** Duties per person in `from`..`to`: those before `today` (done) and from it on (planned). */
  async dutyCounts(from: IsoDate, to: IsoDate, today: IsoDate): Promise<Map<string, { done: number; planned: number }>> {
    const rows = await this.em.execute<{ staff_id: string; done: string; planned: string }[]>(
      `select staff_id, count(*) filter (where date < ?) as done, count(*) filter (where date >= ?) as planned
         from rota_slots where organization_id = ? and duty_id = ${dutyManagerIdOf('?')} and date between ? and ? group by staff_id`,
      [today, today, TenantContext.require(), TenantContext.require(), from, to],
    );
    return new Map(rows.map((r) => [r.staff_id, { done: Number(r.done), planned: Number(r.planned) }]));
  }

  /**
   * Slots per person and duty in `from`..`to`, every duty, with how many of them fall on or before
   * `through` (held already): what the load view (DutiesFairnessService) counts. One statement.
   */
  async dutyLoadCounts(from: IsoDate, to: IsoDate, through: IsoDate): Promise<{ staffId: string; dutyId: string; count: number; done: number }[]> {
    const rows = await this.em.execute<{ staff_id: string; duty_id: string; n: string; done: string }[]>(
      `select staff_id, duty_id, count(*) as n, count(*) filter (where date <= ?) as done
         from rota_slots where organization_id = ? and date between ? and ? group by staff_id, duty_id`,
      [through, TenantContext.require(), from, to],
    );
    return rows.map((r) => ({ staffId: r.staff_id, dutyId: r.duty_id, count: Number(r.n), done: Number(r.done) }));
  }

  /** How many duties (filled slots, anyone's) `from`..`to` holds. One statement. */
  async dutyCountBetween(from: IsoDate, to: IsoDate): Promise<number> {
    if (to < from) return 0;
    const org = TenantContext.require();
    const [row] = await this.em.execute<{ n: string }[]>(
      `select count(*) as n from rota_slots where organization_id = ? and duty_id = ${dutyManagerIdOf('?')} and date between ? and ?`,
      [org, org, from, to],
    );
    return Number(row?.n ?? 0);
  }

  /** Duties in `yearStart`..`yearEnd` outside `exceptDays`, per person and ISO weekday (1 = Monday). */
  priorDuties(yearStart: IsoDate, yearEnd: IsoDate, exceptDays: IsoDate[]): Promise<{ staff_id: string; dow: number; n: string }[]> {
    const org = TenantContext.require();
    return this.em.execute<{ staff_id: string; dow: number; n: string }[]>(
      `select staff_id, extract(isodow from date)::int as dow, count(*) as n from rota_slots
        where organization_id = ? and duty_id = ${dutyManagerIdOf('?')} and date between ? and ? and date <> all(?::date[])
        group by staff_id, dow`,
      [org, org, yearStart, yearEnd, `{${exceptDays.join(',')}}`],
    );
  }

  /**
   * The days of `from`..`to` each person gave up by an approved cancellation, as one-day spans:
   * no engine run puts them back on those days. It reads the requests module's table, which comes
   * after rota (a listed exception in test/table-owners.int-spec.ts).
   */
  approvedCancellationsBetween(from: IsoDate, to: IsoDate): Promise<{ staffId: string; start: IsoDate; end: IsoDate }[]> {
    return this.em.execute<{ staffId: string; start: IsoDate; end: IsoDate }[]>(
      `select staff_id as "staffId", to_char(date, 'YYYY-MM-DD') as start, to_char(date, 'YYYY-MM-DD') as end
         from cancel_requests where organization_id = ? and duty_id = ${dutyManagerIdOf('?')} and status = 'approved' and date between ? and ?`,
      [TenantContext.require(), TenantContext.require(), from, to],
    );
  }

  /**
   * Moves a duty of `duty` (the Duty Manager duty when not given) from one person to another on a
   * day (a swap); the slot stays the same, pinned with `pin` (docs/product.md#pinned-duties), else unpinned.
   */
  async replaceOnDay(dayId: string, from: string, to: string, override = false, duty?: string, pin?: PinReason): Promise<void> {
    const org = TenantContext.require();
    await this.em.execute(
      `update rota_slots set staff_id = ?, override = ?, pinned = ?, pinned_reason = ?
        where organization_id = ? and rota_day_id = ? and staff_id = ? and duty_id = ${DUTY_ID}`,
      [to, override, pin !== undefined, pin ?? null, org, dayId, from, ...dutyParams(duty)],
    );
  }

  /** Takes people off days' slots of `duty` (the Duty Manager duty when not given). */
  async removeFromDays(removals: { dayId: string; staffId: string }[], duty?: string): Promise<void> {
    const org = TenantContext.require();
    if (!removals.length) return;
    await this.em.execute(
      `delete from rota_slots s using jsonb_to_recordset(?::jsonb) as x(day_id uuid, staff_id uuid)
        where s.organization_id = ? and s.rota_day_id = x.day_id and s.staff_id = x.staff_id and s.duty_id = ${DUTY_ID}`,
      [jsonParam(removals.map((r) => ({ day_id: r.dayId, staff_id: r.staffId }))), org, ...dutyParams(duty)],
    );
  }

  /** Puts people into slots of `duty` (the Duty Manager duty when not given) on existing days, found by date; pinned where `pin` says why. */
  async addByDate(slots: (DatedSlot & { pin?: PinReason | null })[], duty?: string): Promise<void> {
    const org = TenantContext.require();
    if (!slots.length) return;
    await this.em.execute(
      `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id, override, pinned, pinned_reason, duty_id)
       select gen_random_uuid(), ?, d.id, x.date, x.position, x.staff_id, x.override, x.pinned_reason is not null, x.pinned_reason, ${DUTY_ID}
         from jsonb_to_recordset(?::jsonb) as x(date date, position int, staff_id uuid, override boolean, pinned_reason text)
         join rota_days d on d.organization_id = ? and d.date = x.date`,
      [
        org,
        ...dutyParams(duty),
        jsonParam(
          slots.map((s) => ({ date: s.date, position: s.position, staff_id: s.staffId, override: s.override, pinned_reason: s.pin ?? null })),
        ),
        org,
      ],
    );
  }

  /** Deletes those of the days that nobody is on any more, on any duty. */
  async deleteEmptyDays(dayIds: string[]): Promise<void> {
    const org = TenantContext.require();
    if (!dayIds.length) return;
    await this.em.execute(
      `delete from rota_days d where d.organization_id = ? and d.id = any(?::uuid[])
          and not exists (select 1 from rota_slots s where s.rota_day_id = d.id and s.organization_id = d.organization_id)`,
      [org, `{${[...new Set(dayIds)].join(',')}}`],
    );
  }

  /**
   * Makes the slots of `duty` (the Duty Manager duty when not given) on the given days what `days`
   * says, in set-based statements whatever their number: a slot that stays as it is (same person in
   * the same place, same mark and pin) is left alone; the others are deleted and the new ones
   * inserted; days that end up empty of every duty are deleted, the others keep their id. Only
   * what changed is written: a repair that takes the third person off 191 days deletes 191 rows
   * instead of rewriting 573, and one that adds a fourth inserts 191.
   */
  async writeDays(days: Record<IsoDate, DaySlots>, duty?: string): Promise<void> {
    const org = TenantContext.require();
    const dates = Object.keys(days);
    if (!dates.length) return;
    const dateList = `{${dates.join(',')}}`;
    const rows = await this.em.execute<
      { id: string; date: IsoDate; position: number; staff_id: string; override: boolean; pinned_reason: PinReason | null }[]
    >(
      `select id, to_char(date, 'YYYY-MM-DD') as date, position, staff_id, override, case when pinned then pinned_reason end as pinned_reason
         from rota_slots where organization_id = ? and duty_id = ${DUTY_ID} and date = any(?::date[])`,
      [org, ...dutyParams(duty), dateList],
    );
    // A duty given by hand outside the person's pattern or cap keeps its mark, and a pinned one its
    // pin (docs/product.md#pinned-duties), when its day is rewritten with the person still on it,
    // whichever slot they end up in; a person new to the day is unpinned.
    const held = new Map(rows.map((r) => [`${r.date}|${r.staff_id}`, r]));
    const wanted = dates.flatMap((date) =>
      days[date]!.flatMap((slot, i) => {
        if (!slot) return [];
        const was = held.get(`${date}|${slot.staffId}`);
        return [{ date, position: i + 1, staffId: slot.staffId, override: slot.override || Boolean(was?.override), pin: was?.pinned_reason ?? null }];
      }),
    );
    const kept = new Set<string>();
    const added = wanted.filter((w) => {
      const was = held.get(`${w.date}|${w.staffId}`);
      const same = was && was.position === w.position && was.override === w.override && was.pinned_reason === w.pin;
      if (same) kept.add(was.id);
      return !same;
    });
    const gone = rows.filter((r) => !kept.has(r.id));
    if (gone.length) {
      await this.em.execute(`delete from rota_slots where organization_id = ? and id = any(?::uuid[])`, [
        org,
        `{${gone.map((r) => r.id).join(',')}}`,
      ]);
    }
    if (added.length) {
      await this.em.execute(
        `insert into rota_days (id, organization_id, date)
         select gen_random_uuid(), ?, d from unnest(?::date[]) as d
         on conflict (organization_id, date) do nothing`,
        [org, `{${[...new Set(added.map((a) => a.date))].join(',')}}`],
      );
      await this.addByDate(added, duty);
    }
    if (gone.length) await this.deleteEmptyDatedDays(`{${[...new Set(gone.map((r) => r.date))].join(',')}}`);
  }

  /**
   * Unpins one slot of this organisation (docs/product.md#pinned-duties): what it was (date, duty,
   * person, whether it was pinned and why); undefined when there is no such slot here.
   */
  async unpinSlot(
    id: string,
  ): Promise<{ date: IsoDate; dutyId: string; staffId: string; position: number; wasPinned: boolean; reason: PinReason | null } | undefined> {
    const org = TenantContext.require();
    const [row] = await this.em.execute<
      { date: string; duty_id: string; staff_id: string; position: number; pinned: boolean; pinned_reason: PinReason | null }[]
    >(
      `with old as (select id, pinned, pinned_reason from rota_slots where organization_id = ? and id = ? for update)
       update rota_slots s set pinned = false, pinned_reason = null from old
        where s.organization_id = ? and s.id = old.id
       returning to_char(s.date, 'YYYY-MM-DD') as date, s.duty_id, s.staff_id, s.position, old.pinned, old.pinned_reason`,
      [org, id, org],
    );
    if (!row) return undefined;
    return { date: row.date, dutyId: row.duty_id, staffId: row.staff_id, position: row.position, wasPinned: row.pinned, reason: row.pinned_reason };
  }

  /** Unpins every pinned slot of `from`..`to`, of `dutyId`'s duty only when given: how many. One statement. */
  async unpinBetween(from: IsoDate, to: IsoDate, dutyId?: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update rota_slots set pinned = false, pinned_reason = null
        where organization_id = ? and pinned and date between ? and ?${dutyId ? ' and duty_id = ?' : ''}
       returning id`,
      dutyId ? [TenantContext.require(), from, to, dutyId] : [TenantContext.require(), from, to],
    );
    return rows.length;
  }

  /** Per duty, the last date from `from` on with anyone on it (duties with nobody from `from` on left out): where each duty's planned rota ends. */
  async lastDutyDatesFrom(from: IsoDate): Promise<Map<string, IsoDate>> {
    const rows = await this.em.execute<{ duty_id: string; last: IsoDate }[]>(
      `select duty_id, to_char(max(date), 'YYYY-MM-DD') as last from rota_slots where organization_id = ? and date >= ? group by duty_id`,
      [TenantContext.require(), from],
    );
    return new Map(rows.map((r) => [r.duty_id, r.last]));
  }

  private async deleteEmptyDatedDays(dateList: string): Promise<void> {
    const org = TenantContext.require();
    await this.em.execute(
      `delete from rota_days d where d.organization_id = ? and d.date = any(?::date[])
          and not exists (select 1 from rota_slots s where s.rota_day_id = d.id and s.organization_id = d.organization_id)`,
      [org, dateList],
    );
  }

  /** Erasure: replaces a person's names and addresses (`pattern`, whole words, any case) by their pseudonym in the drafts' names; how many rows changed. */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update rota_drafts set name = regexp_replace(name, ?, ?, 'gi') where organization_id = ? and name ~* ? returning id`,
      [pattern, pseudonym, TenantContext.require(), pattern],
    );
    return rows.length;
  }

  /** How many duties (rota slots) the person has before `today` and from it on. One statement. */
  async dutyCountsOf(staffId: string, today: string): Promise<{ past: number; future: number }> {
    const [row] = await this.em.execute<{ past: number; future: number }[]>(
      `select count(*) filter (where date < ?)::int as past, count(*) filter (where date >= ?)::int as future
         from rota_slots where organization_id = ? and staff_id = ?`,
      [today, today, TenantContext.require(), staffId],
    );
    return { past: row?.past ?? 0, future: row?.future ?? 0 };
  }
}
