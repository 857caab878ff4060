import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { academicYearStarting, addDays, datesBetween, daysInSpan, planningPeriodOf } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { AuditService } from '../audit/audit.service';
import { describeDate, describeDateRange } from '../../common/text/dates';
import { SchoolCalendar } from '../holidays/school-calendar';
import { SystemSettingsService } from '../settings/system-settings.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { BulkRotaResultDto, CreateRotaDayDto, RotaDayDto, UpdateRotaDayDto } from './dto/rota.dto';
import { BULK_TOOL_DID, BY_HAND_DID, DutyChangeNotices } from './duty-change-notices';
import { type DaySlots, isWeekday } from './engine/rota-engine';
import { RotaPlanner } from './rota-planner';
import { duplicateAssignment, slotsFull, termDatesMissing } from './rota-errors';
import { type DutyRow, type LockedDay, RotaRepository } from './rota.repository';
import { UnitOfWork } from '../../database/unit-of-work';
import { plural } from '../../common/text/plural';

/** Longest range one rota read or bulk run may cover: two years and a bit. */
const MAX_RANGE_DAYS = 800;

type BulkTool = 'reshuffle' | 'fill' | 'clear';

export type { DutyRow, LockedDay } from './rota.repository';

const BULK_AUDIT: Record<BulkTool, { action: string; verb: string }> = {
  reshuffle: { action: 'rota.reshuffled', verb: 'Reshuffled' },
  fill: { action: 'rota.filled', verb: 'Filled' },
  clear: { action: 'rota.cleared', verb: 'Cleared' },
};

@Injectable()
export class RotaService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly organizationClock: OrganizationClock,
    private readonly settings: SystemSettingsService,
    private readonly rota: RotaRepository,
    private readonly planner: RotaPlanner,
    private readonly calendar: SchoolCalendar,
    private readonly dutyChanges: DutyChangeNotices,
  ) {}

  /** Today in the current organisation's time zone. */
  async today(): Promise<IsoDate> {
    return this.organizationClock.today();
  }

  async list(startDate: IsoDate, endDate: IsoDate): Promise<RotaDayDto[]> {
    if (daysInSpan(startDate, endDate) > MAX_RANGE_DAYS) {
      throw new BadRequestException('The date range can cover at most two years; ask for a shorter period');
    }
    return this.daysBetween(startDate, endDate);
  }

  /** The rota days of `startDate`..`endDate` in the API's shape (RotaRepository.daysBetween). */
  daysBetween(startDate: IsoDate, endDate: IsoDate): Promise<RotaDayDto[]> {
    return this.rota.daysBetween(startDate, endDate);
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

    return this.unitOfWork.transaction(async () => {
      await this.settings.lockShared();
      const slotsPerDay = await this.settings.dutyManagersPerDay();
      const day = await this.rota.lockDay(isCreate ? { date: target.date, create: true } : { id: target.id });
      // Another organisation's day is invisible: 404, not 403.
      if (!day) throw new NotFoundException('Rota day not found');

      const current = day.slots;
      const onDay = new Set(current.map((c) => c.staffId));
      // POST names only people to add; PUT repeats the people already there (docs/product.md#assigning-by-hand).
      if (isCreate && named.some((n) => onDay.has(n.staffId))) throw duplicateAssignment();
      const additions = named.filter((n) => !onDay.has(n.staffId));
      if (additions.length === 0) return this.day(day.date, slotsPerDay);

      const confirmed = await this.planner.assertAssignable(day.date, additions.map((a) => a.staffId), dto.override ?? false);

      const occupied = new Set(current.map((c) => c.position));
      const placed: { staffId: string; position: number; override: boolean }[] = [];
      for (const addition of additions) {
        let position = addition.position <= slotsPerDay && !occupied.has(addition.position) ? addition.position : 0;
        for (let p = 1; !position && p <= slotsPerDay; p += 1) if (!occupied.has(p)) position = p;
        if (!position) throw slotsFull(slotsPerDay);
        occupied.add(position);
        placed.push({ staffId: addition.staffId, position, override: confirmed.includes(addition.staffId) });
      }
      try {
        await this.rota.addToDay(day, placed);
      } catch (error) {
        throw this.slotConflict(error, slotsPerDay);
      }
      const result = await this.day(day.date, slotsPerDay);
      const names = placed.map((p) => result.slots[p.position - 1]?.staff?.name ?? p.staffId);
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.assigned',
        entityId: day.id,
        summary:
          `Assigned ${names.join(' and ')} to ${describeDate(day.date)}` +
          (confirmed.length ? ' (confirmed outside their working pattern or weekly cap)' : ''),
        after: { date: day.date, assigned: placed },
      });
      // The people put on the day are told, by email and in the app (docs/product.md#notifications).
      await this.dutyChanges.tell({ [day.date]: [] }, { [day.date]: placed.map(({ staffId, override }) => ({ staffId, override })) }, { by: actor.name, did: BY_HAND_DID });
      await this.unitOfWork.flush();
      return result;
    });
  }

  private slotConflict(error: unknown, slotsPerDay: number): unknown {
    const e = error as { constraint?: string; code?: string; message?: string };
    const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
    if (text.includes('rota_slots_day_staff_unique')) return duplicateAssignment();
    if (text.includes('rota_slots_day_position_unique') || text.includes('rota_slots_within_limit')) return slotsFull(slotsPerDay);
    return error;
  }

  private async day(date: IsoDate, slotsPerDay: number): Promise<RotaDayDto> {
    return (await this.rota.daysBetween(date, date, slotsPerDay))[0]!;
  }

  /**
   * The bulk tools (docs/product.md#bulk-tools): reshuffle and fill plan the days of `bulkPeriod`
   * with the rota engine, each academic year's days against that year's fair shares; clear removes
   * everything from today on (of one academic year when it is named). Each runs in one transaction
   * holding the settings row exclusively, so bulk runs, settings changes and hand assignments of
   * the same organisation never interleave. Planning a year without term dates needs
   * `allWeekdays`: otherwise the school holidays between terms would get duties.
   */
  async bulk(
    actor: AuthUser,
    tool: BulkTool,
    options: { endDate?: IsoDate; allWeekdays?: boolean; academicYear?: number } = {},
  ): Promise<BulkRotaResultDto> {
    return this.unitOfWork.transaction(async () => {
      await this.settings.lockExclusive();
      const slotsPerDay = await this.settings.dutyManagersPerDay();
      const today = await this.today();
      const { from, to } = await this.bulkPeriod(tool, today, options);
      if (to !== null && to < from) throw new BadRequestException(`The end date must be after today (${describeDate(today)})`);
      if (to !== null && daysInSpan(from, to) > MAX_RANGE_DAYS) {
        throw new BadRequestException('The end date can be at most two years ahead');
      }
      // Only the years the period touches: a plan of next year asks nothing of this one.
      if (tool !== 'clear' && !options.allWeekdays) {
        const missing = await this.calendar.yearsWithoutTerms(from, to!);
        if (missing.length) throw termDatesMissing(missing);
      }

      const existing = await this.rota.slotsFrom(from, to);

      const target: Record<IsoDate, DaySlots> = {};
      if (tool !== 'clear') {
        const planned = await this.planner.plan({ mode: tool, slotsPerDay, days: datesBetween(from, to!), existing }, { inWorker: true });
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
        for (let i = 0; i < Math.max(before.length, after.length); i += 1) if ((before[i]?.staffId ?? null) !== (after[i]?.staffId ?? null)) diff += 1;
        if (diff) {
          changedDays += 1;
          changedSlots += diff;
          changed[date] = after;
        }
      }
      await this.rota.writeDays(changed);
      await this.dutyChanges.tell(existing, changed, { by: actor.name, did: BULK_TOOL_DID[tool] });

      const unfilledSlots =
        tool === 'clear' ? 0 : Object.values(target).reduce((n, slots) => n + slots.filter((slot) => slot === null).length, 0);
      const lastDate = to ?? dates.at(-1) ?? from;
      const { action, verb } = BULK_AUDIT[tool];
      const message =
        tool === 'clear'
          ? `Removed ${plural(changedSlots, 'assignment')} on ${plural(changedDays, 'day')} ${to ? `from ${describeDateRange(from, to)}` : `from ${describeDate(from)} on`}.`
          : `${tool === 'fill' ? 'Filled' : 'Changed'} ${plural(changedSlots, 'slot')} on ${plural(changedDays, 'day')} from ${describeDateRange(from, lastDate)}.` +
            (unfilledSlots ? ` ${plural(unfilledSlots, 'slot')} stayed empty: nobody was available.` : '');
      this.audit.record(actor, {
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
   * The days a bulk tool works on (docs/product.md#bulk-tools), `to` null for "from today on":
   * - an `academicYear` named: its days from tomorrow (today for clear) or its 1 September, whichever
   *   is later, to `endDate`, which must fall in that year, or else to the end of its summer term
   *   (31 August without term dates, or once the summer term is over); clear: to its 31 August;
   * - else an `endDate`: from tomorrow to it, across academic years when it is in a later one;
   * - else: reshuffle and fill the planning year's days as above (this year until its summer term
   *   has ended, then next year: SchoolCalendar.planningYear); clear everything from today on.
   */
  private async bulkPeriod(
    tool: BulkTool,
    today: IsoDate,
    { endDate, academicYear }: { endDate?: IsoDate; academicYear?: number },
  ): Promise<{ from: IsoDate; to: IsoDate | null }> {
    const first = tool === 'clear' ? today : addDays(today, 1);
    if (academicYear === undefined && (tool === 'clear' || endDate)) return { from: first, to: tool === 'clear' ? null : endDate! };
    const start = academicYear ?? (await this.calendar.planningYear(today));
    const year = academicYearStarting(start);
    const period = planningPeriodOf(start, first, tool === 'clear' ? null : await this.calendar.termEnd(start));
    if (!period) throw new BadRequestException(`${year.label} is over: choose this academic year (or the next)`);
    if (endDate && (endDate < period.from || endDate > year.endDate)) {
      throw new BadRequestException(`The end date must fall within ${year.label}: ${describeDateRange(period.from, year.endDate)}`);
    }
    return { from: period.from, to: endDate ?? period.to };
  }

  /** The rota days of `dates`, locked until the transaction ends (RotaRepository.lockDays). */
  lockDays(dates: IsoDate[]): Promise<Map<IsoDate, LockedDay>> {
    return this.rota.lockDays(dates);
  }

  /** One rota day locked until the transaction ends, by date (created when missing) or id (RotaRepository.lockDay). */
  lockDay(target: { date: IsoDate; create: true } | { id: string }): ReturnType<RotaRepository['lockDay']> {
    return this.rota.lockDay(target);
  }

  /** Who is in which slot on each date of `from`..`to` (to the end of the rota when `to` is null). */
  slotsBetween(from: IsoDate, to: IsoDate | null): Promise<Record<IsoDate, DaySlots>> {
    return this.rota.slotsFrom(from, to);
  }

  /** Everyone on duty on `from`..`to` with their names and each day's revision (RotaRepository.dutiesBetween): the calendar feeds. */
  dutiesBetween(from: IsoDate, to: IsoDate, onlyDaysOf?: string): Promise<DutyRow[]> {
    return this.rota.dutiesBetween(from, to, onlyDaysOf);
  }

  /** Whether anyone is on duty on `from` or later. */
  hasDutiesFrom(from: IsoDate): Promise<boolean> {
    return this.rota.hasDutiesFrom(from);
  }

  /** Puts people into free slots of a locked day; `override` marks a duty given outside the person's pattern or cap. */
  addToDay(day: { id: string; date: IsoDate }, placed: { staffId: string; position: number; override?: boolean }[]): Promise<void> {
    return this.rota.addToDay(day, placed);
  }

  /**
   * Moves a duty from one person to another on a locked day (a swap); the slot stays the same.
   * Given the day as locked with its slots, a clash reads as the API's conflict and the slots follow.
   */
  async replaceOnDay(day: LockedDay | { id: string }, from: string, to: string, override = false): Promise<void> {
    if (!('slots' in day)) return this.rota.replaceOnDay(day.id, from, to, override);
    try {
      await this.rota.replaceOnDay(day.id, from, to, override);
    } catch (error) {
      throw this.slotConflict(error, day.slots.length);
    }
    day.slots = day.slots.map((slot) => (slot?.staffId === from ? { staffId: to, override } : slot));
  }

  /** Takes people off days, and removes those of the days nobody is on any more. */
  async takeOffDays(removals: { dayId: string; staffId: string }[]): Promise<void> {
    await this.rota.removeFromDays(removals);
    await this.rota.deleteEmptyDays(removals.map((r) => r.dayId));
  }

  /**
   * Takes people off locked days (cancellations). With `refill`, the rota engine fills exactly
   * the freed slots with the eligible people with the fewest duties this year: active, not on
   * holiday or unavailable, not already on the day, and never the person who gave it up.
   * Returns who went where. Days left with nobody on them are removed.
   */
  async removeFromDays(
    removals: { day: LockedDay; staffId: string }[],
    refill: boolean,
  ): Promise<{ date: IsoDate; position: number; removed: string; replacement: string | null }[]> {
    if (!removals.length) return [];
    await this.settings.lockShared();
    const slotsPerDay = await this.settings.dutyManagersPerDay();
    const freed = removals.map(({ day, staffId }) => {
      const index = day.slots.findIndex((slot) => slot?.staffId === staffId);
      if (index < 0) throw new Error(`${staffId} is not on ${day.date}`);
      day.slots[index] = null;
      return { day, index, staffId };
    });
    await this.rota.removeFromDays(freed.map((f) => ({ dayId: f.day.id, staffId: f.staffId })));

    let planned: Record<IsoDate, DaySlots> = {};
    if (refill) {
      const fillable: Record<IsoDate, number[]> = {};
      const existing: Record<IsoDate, DaySlots> = {};
      for (const f of freed) {
        (fillable[f.day.date] ??= []).push(f.index);
        existing[f.day.date] = f.day.slots;
      }
      planned = await this.planner.plan({
        mode: 'fill',
        slotsPerDay,
        days: Object.keys(existing),
        existing,
        fillable,
        extra: freed.map((f) => ({ staffId: f.staffId, start: f.day.date, end: f.day.date })),
      });
    }
    const result = freed.map(({ day, index, staffId }) => {
      const replacement = planned[day.date]?.[index] ?? null;
      day.slots[index] = replacement;
      return { date: day.date, position: index + 1, removed: staffId, replacement: replacement?.staffId ?? null };
    });
    await this.rota.addByDate(
      result.flatMap((r) => (r.replacement !== null ? [{ date: r.date, position: r.position, staffId: r.replacement, override: false }] : [])),
    );
    await this.rota.deleteEmptyDays(freed.map((f) => f.day.id));
    return result;
  }
}
