import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { academicYearOf, addDays, datesBetween, daysInSpan } from '../../common/clock/academic-year';
import { Clock, type IsoDate } from '../../common/clock/clock';
import { AuditService } from '../audit/audit.service';
import { HOLIDAY_TYPE_LABELS, type HolidayType } from '../holidays/entities/holiday.entity';
import { AvailabilityRepository } from '../availability/availability.repository';
import { SystemSettingsRepository } from '../settings/system-settings.repository';
import { organizationToday } from '../tenants/organization-today';
import type { BulkRotaResultDto, CreateRotaDayDto, RotaDayDto, UpdateRotaDayDto } from './dto/rota.dto';
import { type DaySlots, type EngineMode, isWeekday, planRota, type Unavailability } from './engine/rota-engine';
import { duplicateAssignment, slotsFull } from './rota-errors';
import { ROTA_DAYS_SQL, type RotaSlotRow, toRotaDays } from './rota-days';
import { plural } from '../../common/text/plural';

/** Longest range one rota read or bulk run may cover: two years and a bit. */
const MAX_RANGE_DAYS = 800;

type BulkTool = 'reshuffle' | 'fill' | 'clear';

/** A rota day locked for the transaction, with its slots in order (`null` = empty). */
export interface LockedDay {
  id: string;
  date: IsoDate;
  slots: (string | null)[];
}

const BULK_AUDIT: Record<BulkTool, { action: string; verb: string }> = {
  reshuffle: { action: 'rota.reshuffled', verb: 'Reshuffled' },
  fill: { action: 'rota.filled', verb: 'Filled' },
  clear: { action: 'rota.cleared', verb: 'Cleared' },
};

@Injectable()
export class RotaService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly settings: SystemSettingsRepository,
    private readonly availability: AvailabilityRepository,
  ) {}

  /** Today in the organisation's time zone. */
  async today(organizationId: string, em: EntityManager = this.em): Promise<IsoDate> {
    return organizationToday(em, this.clock, organizationId);
  }

  async list(organizationId: string, startDate: IsoDate, endDate: IsoDate): Promise<RotaDayDto[]> {
    if (daysInSpan(startDate, endDate) > MAX_RANGE_DAYS) {
      throw new BadRequestException('The date range can cover at most two years; ask for a shorter period');
    }
    return this.daysBetween(this.em, organizationId, startDate, endDate);
  }

  async daysBetween(em: EntityManager, organizationId: string, startDate: IsoDate, endDate: IsoDate): Promise<RotaDayDto[]> {
    const [slotsPerDay, rows] = await Promise.all([
      this.settings.dutyManagersPerDay(em, organizationId),
      em.execute<RotaSlotRow[]>(ROTA_DAYS_SQL, [organizationId, startDate, endDate]),
    ]);
    return toRotaDays(rows, slotsPerDay);
  }

  /** POST /api/rota: puts the named people on `date`, creating its rota day when needed. */
  create(actor: AuthUser, dto: CreateRotaDayDto): Promise<RotaDayDto> {
    return this.assign(actor, { date: dto.date }, dto);
  }

  /** PUT /api/rota/{id}: people named who are already on the day stay; the others are added. */
  update(actor: AuthUser, id: string, dto: UpdateRotaDayDto): Promise<RotaDayDto> {
    return this.assign(actor, { id }, dto);
  }

  /**
   * Assignment by hand (docs/product.md#assigning-by-hand). The day's row is locked for the whole transaction and the settings
   * row is shared, so two people assigning the last free slot at once are serialised: the second
   * sees it taken and gets "Slots full". The database constraints back this up.
   */
  private async assign(actor: AuthUser, target: { date: IsoDate } | { id: string }, dto: UpdateRotaDayDto): Promise<RotaDayDto> {
    const wanted = (dto.slots ?? [dto.dutyManager1Id ?? null, dto.dutyManager2Id ?? null]).map((id, i) => ({
      staffId: id ?? null,
      position: i + 1,
    }));
    const named = wanted.filter((w): w is { staffId: string; position: number } => w.staffId !== null);
    if (new Set(named.map((n) => n.staffId)).size !== named.length) throw duplicateAssignment();
    const isCreate = 'date' in target;
    if (isCreate && named.length === 0) throw new BadRequestException('Please select a staff member to assign');
    if (isCreate && !isWeekday(target.date)) {
      throw new BadRequestException('Duties are assigned on weekdays only (Monday to Friday)');
    }

    const org = actor.organizationId;
    return this.em.transactional(async (em) => {
      const slotsPerDay = await this.settings.lockShared(em, org);
      if (isCreate) {
        await em.execute(
          'insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, ?) on conflict (organization_id, date) do nothing',
          [org, target.date],
        );
      }
      const [day] = await em.execute<{ id: string; date: string }[]>(
        `select id, to_char(date, 'YYYY-MM-DD') as date from rota_days
          where organization_id = ? and ${isCreate ? 'date = ?' : 'id = ?'} for update`,
        [org, isCreate ? target.date : target.id],
      );
      // Another organisation's day is invisible: 404, not 403.
      if (!day) throw new NotFoundException('Rota day not found');

      const current = await em.execute<{ position: number; staff_id: string }[]>(
        'select position, staff_id from rota_slots where organization_id = ? and rota_day_id = ?',
        [org, day.id],
      );
      const onDay = new Set(current.map((c) => c.staff_id));
      // POST names only people to add; PUT repeats the people already there (docs/product.md#assigning-by-hand).
      if (isCreate && named.some((n) => onDay.has(n.staffId))) throw duplicateAssignment();
      const additions = named.filter((n) => !onDay.has(n.staffId));
      if (additions.length === 0) return this.day(em, org, day.date, slotsPerDay);

      await this.checkAssignable(em, org, day.date, additions.map((a) => a.staffId));

      const occupied = new Set(current.map((c) => c.position));
      const placed: { staffId: string; position: number }[] = [];
      for (const addition of additions) {
        let position = addition.position <= slotsPerDay && !occupied.has(addition.position) ? addition.position : 0;
        for (let p = 1; !position && p <= slotsPerDay; p += 1) if (!occupied.has(p)) position = p;
        if (!position) throw slotsFull(slotsPerDay);
        occupied.add(position);
        placed.push({ staffId: addition.staffId, position });
      }
      try {
        await em.execute(
          `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id)
           select gen_random_uuid(), ?, ?, ?::date, x.position, x.staff_id
             from jsonb_to_recordset(?::jsonb) as x(position int, staff_id uuid)`,
          [org, day.id, day.date, JSON.stringify(placed.map((p) => ({ position: p.position, staff_id: p.staffId })))],
        );
      } catch (error) {
        throw this.slotConflict(error, slotsPerDay);
      }
      const result = await this.day(em, org, day.date, slotsPerDay);
      const names = placed.map((p) => result.slots[p.position - 1]?.staff?.name ?? p.staffId);
      this.audit.record(em, actor, {
        kind: 'rota',
        action: 'rota.assigned',
        entityId: day.id,
        summary: `Assigned ${names.join(' and ')} to ${day.date}`,
        after: { date: day.date, assigned: placed },
      });
      return result;
    });
  }

  /**
   * Only active staff of this organisation, on a day that is not a holiday. (Weekends are refused
   * before a day is created, and only POST creates days.)
   */
  private async checkAssignable(em: EntityManager, org: string, date: IsoDate, staffIds: string[]): Promise<void> {
    const [holiday] = await em.execute<{ name: string; type: string }[]>(
      'select name, type from holidays where organization_id = ? and ? between start_date and end_date order by start_date limit 1',
      [org, date],
    );
    if (holiday) {
      throw new ConflictException(
        `${date} is a holiday (${holiday.name}, ${HOLIDAY_TYPE_LABELS[holiday.type as HolidayType] ?? holiday.type}): nobody is on duty on holidays`,
      );
    }
    const staff = await em.execute<{ id: string; name: string; is_active: boolean }[]>(
      'select id, name, is_active from staff where organization_id = ? and id = any(?::uuid[])',
      [org, `{${staffIds.join(',')}}`],
    );
    if (staff.length !== staffIds.length) throw new NotFoundException('Staff member not found');
    const inactive = staff.find((s) => !s.is_active);
    if (inactive) throw new ConflictException(`${inactive.name} is inactive and can't be put on duty`);
    const away = await this.availability.firstAway(em, org, staffIds.map((staffId) => ({ staffId, date })));
    if (away) {
      const name = staff.find((s) => s.id === away.staffId)!.name;
      throw new ConflictException({ message: `${name} is unavailable on ${date} and can't be put on duty`, code: 'unavailable' });
    }
  }

  private slotConflict(error: unknown, slotsPerDay: number): unknown {
    const e = error as { constraint?: string; code?: string; message?: string };
    const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
    if (text.includes('rota_slots_day_staff_unique')) return duplicateAssignment();
    if (text.includes('rota_slots_day_position_unique') || text.includes('rota_slots_within_limit')) return slotsFull(slotsPerDay);
    return error;
  }

  private async day(em: EntityManager, org: string, date: IsoDate, slotsPerDay: number): Promise<RotaDayDto> {
    const rows = await em.execute<RotaSlotRow[]>(ROTA_DAYS_SQL, [org, date, date]);
    return toRotaDays(rows, slotsPerDay)[0]!;
  }

  /**
   * The bulk tools (docs/product.md#bulk-tools): reshuffle and fill plan from tomorrow to `endDate` (default
   * the end of the academic year) with the rota engine; clear removes everything from today on.
   * Each runs in one transaction holding the settings row exclusively, so bulk runs, settings
   * changes and hand assignments of the same organisation never interleave.
   */
  async bulk(actor: AuthUser, tool: BulkTool, endDate?: IsoDate): Promise<BulkRotaResultDto> {
    const org = actor.organizationId;
    return this.em.transactional(async (em) => {
      const slotsPerDay = await this.settings.lockExclusive(em, org);
      const today = await this.today(org, em);
      const year = academicYearOf(today);
      const from = tool === 'clear' ? today : addDays(today, 1);
      const to = tool === 'clear' ? null : (endDate ?? year.endDate);
      if (to !== null && to < from) throw new BadRequestException(`The end date must be after today (${today})`);
      if (to !== null && daysInSpan(from, to) > MAX_RANGE_DAYS) {
        throw new BadRequestException('The end date can be at most two years ahead');
      }

      const existingRows = await em.execute<{ date: string; position: number; staff_id: string }[]>(
        `select to_char(date, 'YYYY-MM-DD') as date, position, staff_id from rota_slots
          where organization_id = ? and date >= ?${to ? ' and date <= ?' : ''} order by date, position`,
        to ? [org, from, to] : [org, from],
      );
      const existing: Record<IsoDate, DaySlots> = {};
      for (const row of existingRows) {
        const slots = (existing[row.date] ??= []);
        while (slots.length < row.position) slots.push(null);
        slots[row.position - 1] = row.staff_id;
      }

      const target: Record<IsoDate, DaySlots> = {};
      if (tool !== 'clear') {
        const planned = await this.plan(em, org, { mode: tool, slotsPerDay, year, days: datesBetween(from, to!), existing });
        for (const date of Object.keys(existing)) target[date] = tool === 'fill' ? existing[date]! : [];
        Object.assign(target, planned);
      }
      const dates = [...new Set([...Object.keys(existing), ...Object.keys(target)])].sort();
      let changedDays = 0;
      let changedSlots = 0;
      const changed: Record<IsoDate, DaySlots> = {};
      for (const date of dates) {
        const before = existing[date] ?? [];
        const after = target[date] ?? [];
        let diff = 0;
        for (let i = 0; i < Math.max(before.length, after.length); i += 1) if ((before[i] ?? null) !== (after[i] ?? null)) diff += 1;
        if (diff) {
          changedDays += 1;
          changedSlots += diff;
          changed[date] = after;
        }
      }
      await this.writeDays(em, org, changed);

      const unfilledSlots =
        tool === 'clear' ? 0 : Object.values(target).reduce((n, slots) => n + slots.filter((s) => s === null).length, 0);
      const lastDate = to ?? dates.at(-1) ?? from;
      const { action, verb } = BULK_AUDIT[tool];
      const message =
        tool === 'clear'
          ? `Removed ${plural(changedSlots, 'assignment')} on ${plural(changedDays, 'day')} from ${from} on.`
          : `${tool === 'fill' ? 'Filled' : 'Changed'} ${plural(changedSlots, 'slot')} on ${plural(changedDays, 'day')} from ${from} to ${lastDate}.` +
            (unfilledSlots ? ` ${plural(unfilledSlots, 'slot')} stayed empty: nobody was available.` : '');
      this.audit.record(em, actor, {
        kind: 'rota',
        action,
        entityId: `${from}..${lastDate}`,
        summary: `${verb} the rota: ${message}`,
        after: { startDate: from, endDate: lastDate, changedDays, changedSlots, unfilledSlots },
      });
      return { startDate: from, endDate: lastDate, changedDays, changedSlots, unfilledSlots, message };
    });
  }

  /**
   * Loads what the engine needs for `days` and runs it: the organisation's staff, the holidays
   * and unavailability periods around those days, and each person's duties this academic year
   * on every other day. `extra` adds unavailability not stored (the person giving a duty up).
   */
  private async plan(
    em: EntityManager,
    org: string,
    request: {
      mode: EngineMode;
      slotsPerDay: number;
      year: ReturnType<typeof academicYearOf>;
      days: IsoDate[];
      existing: Record<IsoDate, DaySlots>;
      fillable?: Record<IsoDate, number[]>;
      extra?: Unavailability[];
    },
  ): Promise<Record<IsoDate, DaySlots>> {
    const { days, year } = request;
    if (!days.length) return {};
    const first = days.reduce((a, b) => (a < b ? a : b));
    const last = days.reduce((a, b) => (a > b ? a : b));
    // One after the other: they share the transaction's connection.
    const staff = await em.execute<{ id: string; is_teaching: boolean; is_active: boolean }[]>(
      'select id, is_teaching, is_active from staff where organization_id = ? order by id',
      [org],
    );
    const holidays = await em.execute<{ start: string; end: string }[]>(
      `select to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as end from holidays
        where organization_id = ? and end_date >= ? and start_date <= ?`,
      [org, first, last],
    );
    const away = await this.availability.awayBetween(em, org, first, last);
    // Someone whose cancellation of a day was approved said they can't do that day: no engine
    // run puts them back on it (a later backfill or bulk fill would otherwise pick them first,
    // having one duty fewer).
    const cancelled = await em.execute<Unavailability[]>(
      `select staff_id as "staffId", to_char(date, 'YYYY-MM-DD') as start, to_char(date, 'YYYY-MM-DD') as end
         from cancel_requests where organization_id = ? and status = 'approved' and date between ? and ?`,
      [org, first, last],
    );
    // Duties this academic year outside the planned days, per person and weekday.
    const prior = await em.execute<{ staff_id: string; dow: number; n: string }[]>(
      `select staff_id, extract(isodow from date)::int as dow, count(*) as n from rota_slots
        where organization_id = ? and date between ? and ? and date <> all(?::date[])
        group by staff_id, dow`,
      [org, year.startDate, year.endDate, `{${days.join(',')}}`],
    );
    const priorCounts: Record<string, number> = {};
    const priorWeekdayCounts: Record<string, number[]> = {};
    for (const row of prior) {
      const n = Number(row.n);
      priorCounts[row.staff_id] = (priorCounts[row.staff_id] ?? 0) + n;
      if (row.dow <= 5) (priorWeekdayCounts[row.staff_id] ??= [0, 0, 0, 0, 0])[row.dow - 1] = n;
    }
    const result = planRota({
      days,
      slotsPerDay: request.slotsPerDay,
      staff: staff.map((s) => ({ id: s.id, isTeaching: s.is_teaching, isActive: s.is_active })),
      holidays,
      unavailability: [...away, ...cancelled, ...(request.extra ?? [])],
      existing: request.existing,
      priorCounts,
      priorWeekdayCounts,
      mode: request.mode,
      fillable: request.fillable,
    });
    return result.days;
  }

  /**
   * The slots of `dates`, with their rota days locked until the transaction ends, so nobody
   * else changes those days in between. Locks are taken in date order (no deadlocks between
   * two requests touching the same two days). Dates without a rota day have no entry.
   */
  async lockDays(em: EntityManager, org: string, dates: IsoDate[]): Promise<Map<IsoDate, LockedDay>> {
    const days = new Map<IsoDate, LockedDay>();
    if (!dates.length) return days;
    const rows = await em.execute<{ id: string; date: string }[]>(
      `select id, to_char(date, 'YYYY-MM-DD') as date from rota_days
        where organization_id = ? and date = any(?::date[]) order by date for update`,
      [org, `{${[...new Set(dates)].join(',')}}`],
    );
    for (const row of rows) days.set(row.date, { id: row.id, date: row.date, slots: [] });
    if (!rows.length) return days;
    const slots = await em.execute<{ date: string; position: number; staff_id: string }[]>(
      `select to_char(date, 'YYYY-MM-DD') as date, position, staff_id from rota_slots
        where organization_id = ? and rota_day_id = any(?::uuid[]) order by date, position`,
      [org, `{${rows.map((r) => r.id).join(',')}}`],
    );
    for (const slot of slots) {
      const day = days.get(slot.date)!;
      while (day.slots.length < slot.position) day.slots.push(null);
      day.slots[slot.position - 1] = slot.staff_id;
    }
    return days;
  }

  /** Moves a duty from one person to another on a locked day (a swap); the slot stays the same. */
  async replaceOnDay(em: EntityManager, org: string, day: LockedDay, from: string, to: string): Promise<void> {
    try {
      await em.execute('update rota_slots set staff_id = ? where organization_id = ? and rota_day_id = ? and staff_id = ?', [
        to,
        org,
        day.id,
        from,
      ]);
    } catch (error) {
      throw this.slotConflict(error, day.slots.length);
    }
    day.slots = day.slots.map((id) => (id === from ? to : id));
  }

  /**
   * Takes people off locked days (cancellations). With `refill`, the rota engine fills exactly
   * the freed slots with the eligible people with the fewest duties this year: active, not on
   * holiday or unavailable, not already on the day, and never the person who gave it up.
   * Returns who went where. Days left with nobody on them are removed.
   */
  async removeFromDays(
    em: EntityManager,
    org: string,
    removals: { day: LockedDay; staffId: string }[],
    refill: boolean,
  ): Promise<{ date: IsoDate; position: number; removed: string; replacement: string | null }[]> {
    if (!removals.length) return [];
    const slotsPerDay = await this.settings.lockShared(em, org);
    const freed = removals.map(({ day, staffId }) => {
      const index = day.slots.indexOf(staffId);
      if (index < 0) throw new Error(`${staffId} is not on ${day.date}`);
      day.slots[index] = null;
      return { day, index, staffId };
    });
    await em.execute(
      `delete from rota_slots s using jsonb_to_recordset(?::jsonb) as x(day_id uuid, staff_id uuid)
        where s.organization_id = ? and s.rota_day_id = x.day_id and s.staff_id = x.staff_id`,
      [JSON.stringify(freed.map((f) => ({ day_id: f.day.id, staff_id: f.staffId }))), org],
    );

    let planned: Record<IsoDate, DaySlots> = {};
    if (refill) {
      const fillable: Record<IsoDate, number[]> = {};
      const existing: Record<IsoDate, DaySlots> = {};
      for (const f of freed) {
        (fillable[f.day.date] ??= []).push(f.index);
        existing[f.day.date] = f.day.slots;
      }
      planned = await this.plan(em, org, {
        mode: 'fill',
        slotsPerDay,
        year: academicYearOf(await this.today(org, em)),
        days: Object.keys(existing),
        existing,
        fillable,
        extra: freed.map((f) => ({ staffId: f.staffId, start: f.day.date, end: f.day.date })),
      });
    }
    const result = freed.map(({ day, index, staffId }) => {
      const replacement = planned[day.date]?.[index] ?? null;
      day.slots[index] = replacement;
      return { date: day.date, position: index + 1, removed: staffId, replacement };
    });
    const added = result.filter((r) => r.replacement !== null);
    if (added.length) {
      await em.execute(
        `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id)
         select gen_random_uuid(), ?, d.id, x.date, x.position, x.staff_id
           from jsonb_to_recordset(?::jsonb) as x(date date, position int, staff_id uuid)
           join rota_days d on d.organization_id = ? and d.date = x.date`,
        [org, JSON.stringify(added.map((a) => ({ date: a.date, position: a.position, staff_id: a.replacement }))), org],
      );
    }
    const dayIds = `{${[...new Set(freed.map((f) => f.day.id))].join(',')}}`;
    await em.execute(
      `delete from rota_days d where d.organization_id = ? and d.id = any(?::uuid[])
          and not exists (select 1 from rota_slots s where s.rota_day_id = d.id and s.organization_id = d.organization_id)`,
      [org, dayIds],
    );
    return result;
  }

  /**
   * Replaces the slots of the given days in four set-based statements, whatever their number:
   * days that end up empty are deleted, the others keep their id. (Triggers move a day's
   * `updatedAt` and `revision` whenever its slots change, whoever writes them.)
   */
  private async writeDays(em: EntityManager, org: string, days: Record<IsoDate, DaySlots>): Promise<void> {
    const dates = Object.keys(days);
    if (!dates.length) return;
    const dateList = `{${dates.join(',')}}`;
    await em.execute('delete from rota_slots where organization_id = ? and date = any(?::date[])', [org, dateList]);
    const filled = dates.filter((d) => days[d]!.some((id) => id !== null));
    if (filled.length) {
      await em.execute(
        `insert into rota_days (id, organization_id, date)
         select gen_random_uuid(), ?, d from unnest(?::date[]) as d
         on conflict (organization_id, date) do nothing`,
        [org, `{${filled.join(',')}}`],
      );
      const slots = filled.flatMap((date) =>
        days[date]!.flatMap((staffId, i) => (staffId ? [{ date, position: i + 1, staff_id: staffId }] : [])),
      );
      await em.execute(
        `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id)
         select gen_random_uuid(), ?, d.id, x.date, x.position, x.staff_id
           from jsonb_to_recordset(?::jsonb) as x(date date, position int, staff_id uuid)
           join rota_days d on d.organization_id = ? and d.date = x.date`,
        [org, JSON.stringify(slots), org],
      );
    }
    await em.execute(
      `delete from rota_days d where d.organization_id = ? and d.date = any(?::date[])
          and not exists (select 1 from rota_slots s where s.rota_day_id = d.id and s.organization_id = d.organization_id)`,
      [org, dateList],
    );
  }
}
