import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { academicYearStarting, addDays, datesBetween, daysInSpan, planningPeriodOf } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { describeDate, describeDateRange } from '../../common/text/dates';
import { plural } from '../../common/text/plural';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { DutiesService } from '../duties/duties.service';
import type { PlanningDuties } from '../duties/duties.module';
import { SchoolCalendar } from '../holidays/school-calendar';
import { SystemSettingsService } from '../settings/system-settings.service';
import { OrganizationClock } from '../tenants/organization-clock';
import { StaffDirectory } from '../staff/staff-directory.service';
import type { BulkRotaResultDto } from './dto/bulk-rota-result.dto';
import { BULK_TOOL_DID, DutyChangeNotices } from './duty-change-notices';
import type { DaySlots } from './engine/rota-engine';
import { MAX_RANGE_DAYS } from './rota-days';
import { termDatesMissing } from './rota-errors';
import { DutiesPlanner } from './duties-planner';
import { RotaPlanner } from './rota-planner';
import { pinnedOnly } from './pins';
import { RotaRepository } from './rota.repository';

export type BulkTool = 'rebalance' | 'reshuffle' | 'fill' | 'clear';

const BULK_AUDIT: Record<BulkTool, { action: string; verb: string }> = {
  rebalance: { action: 'rota.rebalanced', verb: 'Rebalanced' },
  reshuffle: { action: 'rota.reshuffled', verb: 'Reshuffled' },
  fill: { action: 'rota.filled', verb: 'Filled' },
  clear: { action: 'rota.cleared', verb: 'Cleared' },
};

/** What each bulk tool did, for the letters: the spec's three, and Rebalance. */
const TOOL_DID: Record<BulkTool, string> = { ...BULK_TOOL_DID, rebalance: 'rebalanced the rota' };

/** The period and duties a bulk tool works on (BulkRotaDto, ClearRotaDto). */
export interface BulkOptions {
  endDate?: IsoDate;
  allWeekdays?: boolean;
  academicYear?: number;
  dutyIds?: string[];
}

/** One slot a bulk tool gives to someone else, fills or empties. */
export interface BulkChange {
  date: IsoDate;
  dutyId: string;
  dutyName: string;
  /** Slot number, from 1. */
  position: number;
  from: { id: string; name: string } | null;
  to: { id: string; name: string } | null;
}

/** What a bulk tool did (or, in a dry run, would do): the result, each slot changed and the people whose duties change. */
export interface BulkRun extends BulkRotaResultDto {
  changes: BulkChange[];
  /** People whose duties change (given a duty, or taken off one). */
  people: number;
  /** Rebalance only: the largest gap to fair share, in duties, before and after; null for the other tools. */
  largestGap: { before: number; after: number } | null;
}

/** Per duty id, per date: the slots before and after a tool's run (only the dates it changed). */
type DutyDiff = Record<string, Record<IsoDate, { before: DaySlots; after: DaySlots }>>;

/** How many slots of a day hold someone else (or nobody) after than before. */
function slotsChanged(before: DaySlots, after: DaySlots): number {
  let changed = 0;
  for (let i = 0; i < Math.max(before.length, after.length); i += 1) if ((before[i]?.staffId ?? null) !== (after[i]?.staffId ?? null)) changed += 1;
  return changed;
}

/** The bulk tools: Reshuffle, Fill and Clear. */
@Injectable()
export class RotaBulkService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly organizationClock: OrganizationClock,
    private readonly settings: SystemSettingsService,
    private readonly rota: RotaRepository,
    private readonly planner: RotaPlanner,
    private readonly calendar: SchoolCalendar,
    private readonly dutyChanges: DutyChangeNotices,
    private readonly duties: DutiesService,
    private readonly dutiesPlanner: DutiesPlanner,
    private readonly staffDirectory: StaffDirectory,
  ) {}

  /**
   * The bulk tools (docs/product.md#bulk-tools): rebalance, reshuffle and fill plan the days of
   * `bulkPeriod` with the rota engine, each academic year's days against that year's fair shares;
   * clear removes everything from today on (of one academic year when it is named). Rebalance keeps
   * every assignment, fills the empty slots and moves the fewest that bring everyone within one duty
   * of their fair share, never on the school's frozen days (SystemSettingsService.repairPolicy); it
   * always plans with the multi-duty engine, a school running only the Duty Manager duty included.
   * Each runs in one transaction holding the settings row exclusively, so bulk runs, settings
   * changes and hand assignments of the same organisation never interleave. Planning a year
   * without term dates needs `allWeekdays`: otherwise the school holidays between terms would get
   * duties. With `dryRun` (the preview) the same computation writes, tells and records nothing: it
   * lists what the run would change.
   */
  async bulk(actor: AuthUser, tool: BulkTool, options: BulkOptions = {}, { dryRun = false } = {}): Promise<BulkRun> {
    return this.unitOfWork.transaction(async () => {
      await this.settings.lockExclusive();
      const slotsPerDay = await this.settings.dutyManagersPerDay();
      const today = await this.organizationClock.today();
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

      const several = tool !== 'clear' ? await this.severalDuties(options.dutyIds, tool === 'rebalance') : undefined;
      if (several) return this.planSeveral(actor, tool as 'rebalance' | 'reshuffle' | 'fill', from, to!, several, dryRun, today);

      const existing = await this.rota.slotsFrom(from, to);

      const target: Record<IsoDate, DaySlots> = {};
      if (tool !== 'clear') {
        const planned = await this.planner.plan({ mode: tool, slotsPerDay, days: datesBetween(from, to!), existing }, { inWorker: true });
        for (const date of Object.keys(existing)) target[date] = tool === 'fill' ? existing[date]! : [];
        Object.assign(target, planned);
      } else for (const date of Object.keys(existing)) target[date] = pinnedOnly(existing[date]!); // Clear keeps pinned duties (docs/product.md#pinned-duties).
      const dates = [...new Set([...Object.keys(existing), ...Object.keys(target)])].sort();
      let changedDays = 0;
      let changedSlots = 0;
      const changed: Record<IsoDate, DaySlots> = {};
      const diff: Record<IsoDate, { before: DaySlots; after: DaySlots }> = {};
      for (const date of dates) {
        const before = existing[date] ?? [];
        const after = target[date] ?? [];
        const slots = slotsChanged(before, after);
        if (slots) {
          changedDays += 1;
          changedSlots += slots;
          changed[date] = after;
          diff[date] = { before, after };
        }
      }
      if (!dryRun) {
        await this.rota.writeDays(changed);
        await this.dutyChanges.tell(existing, changed, { by: actor.name, did: TOOL_DID[tool] });
      }

      const unfilledSlots = tool === 'clear' ? 0 : Object.values(target).reduce((n, slots) => n + slots.filter((slot) => slot === null).length, 0);
      const lastDate = to ?? dates.at(-1) ?? from;
      const message =
        tool === 'clear'
          ? `Removed ${plural(changedSlots, 'assignment')} on ${plural(changedDays, 'day')} ${to ? `from ${describeDateRange(from, to)}` : `from ${describeDate(from)} on`}.`
          : `${tool === 'fill' ? 'Filled' : 'Changed'} ${plural(changedSlots, 'slot')} on ${plural(changedDays, 'day')} from ${describeDateRange(from, lastDate)}.` +
            (unfilledSlots ? ` ${plural(unfilledSlots, 'slot')} stayed empty: nobody was available.` : '');
      const result = { startDate: from, endDate: lastDate, changedDays, changedSlots, unfilledSlots, message };
      const dutyManager = await this.dutyManager();
      const changes = await this.changesOf({ [dutyManager.id]: diff }, [dutyManager]);
      if (!dryRun) this.recordRun(actor, tool, result);
      return this.outcome(tool, result, changes, null, dryRun);
    });
  }

  /**
   * The Dashboard's fairness hint (docs/product.md#bulk-tools): how many people are more than one
   * duty from their fair share, and how many slots Rebalance (as Rota Management runs it: the
   * planning year, the Duty Manager duty) would change; nulls when nobody is, nothing would change
   * or the planning year can't be planned (over, or without term dates). One engine run, nothing
   * written and no lock taken.
   */
  async fairnessHint(actor: AuthUser): Promise<{ people: number | null; changes: number | null }> {
    const none = { people: null, changes: null };
    return this.unitOfWork.transaction(async () => {
      const today = await this.organizationClock.today();
      let period: { from: IsoDate; to: IsoDate | null };
      try {
        period = await this.bulkPeriod('rebalance', today, {});
      } catch (error) {
        if (error instanceof BadRequestException) return none;
        throw error;
      }
      const { from, to } = period;
      if (to === null || to < from || (await this.calendar.yearsWithoutTerms(from, to)).length) return none;
      let gaps = new Map<string, number>();
      const run = await this.planSeveral(actor, 'rebalance', from, to, (await this.severalDuties(undefined, true))!, true, today, (g) => (gaps = g));
      const people = [...gaps.values()].filter((gap) => Math.abs(gap) > 1.005).length;
      return people && run.changes.length ? { people, changes: run.changes.length } : none;
    });
  }

  /** The Duty Manager duty, the spec's rota, as the changes name it. */
  private async dutyManager(): Promise<{ id: string; name: string }> {
    const planning = (await this.dutiesPlanner.planningDuties()).duties.find((d) => d.isDutyManager);
    return planning ?? (await this.duties.list()).find((d) => d.isDutyManager)!;
  }

  /** Every slot changed, in date, duty and slot order, with the people's names. */
  private async changesOf(diff: DutyDiff, duties: { id: string; name: string }[]): Promise<BulkChange[]> {
    const rows: { date: IsoDate; dutyId: string; dutyName: string; order: number; position: number; from: string | null; to: string | null }[] = [];
    duties.forEach((duty, order) => {
      for (const [date, { before, after }] of Object.entries(diff[duty.id] ?? {})) {
        for (let i = 0; i < Math.max(before.length, after.length); i += 1) {
          const from = before[i]?.staffId ?? null;
          const to = after[i]?.staffId ?? null;
          if (from !== to) rows.push({ date, dutyId: duty.id, dutyName: duty.name, order, position: i + 1, from, to });
        }
      }
    });
    rows.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.position - b.position);
    const ids = [...new Set(rows.flatMap((r) => [r.from, r.to]).filter((id): id is string => id !== null))];
    const people = ids.length ? await this.staffDirectory.byIds(ids) : new Map<string, { name: string }>();
    const person = (id: string | null) => (id === null ? null : { id, name: people.get(id)?.name ?? 'Someone no longer on the staff' });
    return rows.map((r) => ({ date: r.date, dutyId: r.dutyId, dutyName: r.dutyName, position: r.position, from: person(r.from), to: person(r.to) }));
  }

  /** The run's result with its changes; a dry run's message says what it would do. */
  private outcome(
    tool: BulkTool,
    result: BulkRotaResultDto,
    changes: BulkChange[],
    largestGap: { before: number; after: number } | null,
    dryRun: boolean,
  ): BulkRun {
    const people = new Set(changes.flatMap((c) => [c.from?.id, c.to?.id]).filter((id) => id !== undefined)).size;
    let message = result.message;
    if (dryRun) {
      if (changes.length) message = `${plural(changes.length, 'change')} for ${plural(people, 'person', 'people')}.`;
      else if (tool === 'rebalance' && (largestGap?.before ?? 0) <= 1.005)
        message = 'Nothing to change: everyone is within one duty of their fair share.';
      else message = 'Nothing to change.';
    }
    return { ...result, message, changes, people, largestGap };
  }

  /** The audit entry of a bulk run that wrote. */
  private recordRun(
    actor: AuthUser,
    tool: BulkTool,
    result: BulkRotaResultDto,
    extra: { dutyIds?: string[]; names?: string[]; largestGap?: unknown } = {},
  ): void {
    const { action, verb } = BULK_AUDIT[tool];
    const { startDate, endDate, changedDays, changedSlots, unfilledSlots, message } = result;
    this.audit.record(actor, {
      kind: 'rota',
      action,
      entityId: `${startDate}..${endDate}`,
      summary: `${verb} the rota${extra.names ? ` (${extra.names.join(', ')})` : ''}: ${message}`,
      after: {
        startDate,
        endDate,
        ...(extra.dutyIds ? { dutyIds: extra.dutyIds } : {}),
        changedDays,
        changedSlots,
        unfilledSlots,
        ...(extra.largestGap ? { largestGap: extra.largestGap } : {}),
      },
    });
  }

  /**
   * The duties `dutyIds` names (the Duty Manager duty when not given), to plan together with the
   * multi-duty engine, and the school's daily rules; undefined for the spec's rota: the Duty Manager
   * duty, open to everyone, in a school that runs no other duty. A duty of another school or
   * unknown: 404; a paused one: 400.
   */
  private async severalDuties(dutyIds: string[] | undefined, always = false): Promise<{ dutyIds: string[]; facts: PlanningDuties } | undefined> {
    const facts = await this.dutiesPlanner.planningDuties();
    const dutyManager = facts.duties.find((d) => d.isDutyManager)!;
    const ids = dutyIds ? [...new Set(dutyIds)] : [dutyManager.id];
    const known = new Map(facts.duties.map((d) => [d.id, d]));
    for (const id of ids) {
      if (known.has(id)) continue;
      const paused = (await this.duties.list()).find((d) => d.id === id);
      if (paused) throw new BadRequestException(`'${paused.name}' is paused: resume it to plan it`);
      throw new NotFoundException('Duty not found');
    }
    // Another duty running beside it, or the duty open to some only: its plan must know them.
    if (!always && ids.length === 1 && ids[0] === dutyManager.id && facts.duties.length === 1 && dutyManager.eligible === 'everyone')
      return undefined;
    // In the school's order, as the engine reads them.
    return { dutyIds: facts.duties.filter((d) => ids.includes(d.id)).map((d) => d.id), facts };
  }

  /**
   * Rebalance, reshuffle or fill several duties at once (docs/product.md#duties): the multi-duty
   * engine plans them together over the period, every other duty's people staying and counting;
   * each duty's changed days are written, and whoever's duties changed is told once, every duty
   * together. A dry run writes, tells and records nothing.
   */
  private async planSeveral(
    actor: AuthUser,
    tool: 'rebalance' | 'reshuffle' | 'fill',
    from: IsoDate,
    to: IsoDate,
    { dutyIds, facts }: { dutyIds: string[]; facts: PlanningDuties },
    dryRun: boolean,
    today: IsoDate,
    gapsBefore?: (gaps: Map<string, number>) => void,
  ): Promise<BulkRun> {
    const existing = await this.dutiesPlanner.existingBetween(from, to);
    const frozenThrough =
      tool === 'rebalance' ? await this.calendar.frozenThrough(today, (await this.settings.repairPolicy()).frozenSchoolDays) : null;
    const {
      days: planned,
      largestGap,
      gapsBefore: gaps,
    } = await this.dutiesPlanner.planWithGaps({ mode: tool, days: datesBetween(from, to), dutyIds, existing, frozenThrough }, facts, {
      inWorker: true,
    });
    gapsBefore?.(gaps);
    const changedDates = new Set<IsoDate>();
    let changedSlots = 0;
    let unfilledSlots = 0;
    const before: Record<IsoDate, DaySlots> = {};
    const after: Record<IsoDate, DaySlots> = {};
    const dutyDiff: DutyDiff = {};
    for (const dutyId of dutyIds) {
      const had = existing[dutyId] ?? {};
      const target: Record<IsoDate, DaySlots> = {};
      for (const date of Object.keys(had)) target[date] = tool === 'reshuffle' ? [] : had[date]!;
      Object.assign(target, planned[dutyId] ?? {});
      const changed: Record<IsoDate, DaySlots> = {};
      for (const date of Object.keys(target)) {
        const was = had[date] ?? [];
        const now = target[date]!;
        unfilledSlots += now.filter((slot) => slot === null).length;
        const diff = slotsChanged(was, now);
        if (!diff) continue;
        changed[date] = now;
        changedDates.add(date);
        changedSlots += diff;
        before[date] = [...(before[date] ?? []), ...was];
        after[date] = [...(after[date] ?? []), ...now];
        (dutyDiff[dutyId] ??= {})[date] = { before: was, after: now };
      }
      if (!dryRun) await this.rota.writeDays(changed, dutyId);
    }
    if (!dryRun) await this.dutyChanges.tell(before, after, { by: actor.name, did: TOOL_DID[tool] });

    const planning = facts.duties.filter((d) => dutyIds.includes(d.id));
    const names = planning.map((d) => d.name);
    const message =
      `${tool === 'fill' ? 'Filled' : 'Changed'} ${plural(changedSlots, 'slot')} on ${plural(changedDates.size, 'day')} from ${describeDateRange(from, to)}.` +
      (unfilledSlots ? ` ${plural(unfilledSlots, 'slot')} stayed empty: nobody was available.` : '');
    const result = { startDate: from, endDate: to, changedDays: changedDates.size, changedSlots, unfilledSlots, message };
    const gap = tool === 'rebalance' ? (largestGap ?? { before: 0, after: 0 }) : null;
    const rounded = gap && { before: Math.round(gap.before * 100) / 100, after: Math.round(gap.after * 100) / 100 };
    if (!dryRun) this.recordRun(actor, tool, result, { dutyIds, names, largestGap: rounded ?? undefined });
    return this.outcome(tool, result, await this.changesOf(dutyDiff, planning), rounded, dryRun);
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
}
