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
import type { BulkRotaResultDto } from './dto/bulk-rota-result.dto';
import { BULK_TOOL_DID, DutyChangeNotices } from './duty-change-notices';
import type { DaySlots } from './engine/rota-engine';
import { MAX_RANGE_DAYS } from './rota-days';
import { termDatesMissing } from './rota-errors';
import { DutiesPlanner } from './duties-planner';
import { RotaPlanner } from './rota-planner';
import { pinnedOnly } from './pins';
import { RotaRepository } from './rota.repository';

type BulkTool = 'reshuffle' | 'fill' | 'clear';

const BULK_AUDIT: Record<BulkTool, { action: string; verb: string }> = {
  reshuffle: { action: 'rota.reshuffled', verb: 'Reshuffled' },
  fill: { action: 'rota.filled', verb: 'Filled' },
  clear: { action: 'rota.cleared', verb: 'Cleared' },
};

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
  ) {}

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
    options: { endDate?: IsoDate; allWeekdays?: boolean; academicYear?: number; dutyIds?: string[] } = {},
  ): Promise<BulkRotaResultDto> {
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

      const several = tool !== 'clear' ? await this.severalDuties(options.dutyIds) : undefined;
      if (several) return this.planSeveral(actor, tool as 'reshuffle' | 'fill', from, to!, several);

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
      for (const date of dates) {
        const before = existing[date] ?? [];
        const after = target[date] ?? [];
        const diff = slotsChanged(before, after);
        if (diff) {
          changedDays += 1;
          changedSlots += diff;
          changed[date] = after;
        }
      }
      await this.rota.writeDays(changed);
      await this.dutyChanges.tell(existing, changed, { by: actor.name, did: BULK_TOOL_DID[tool] });

      const unfilledSlots = tool === 'clear' ? 0 : Object.values(target).reduce((n, slots) => n + slots.filter((slot) => slot === null).length, 0);
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
   * The duties `dutyIds` names (the Duty Manager duty when not given), to plan together with the
   * multi-duty engine, and the school's daily rules; undefined for the spec's rota: the Duty Manager
   * duty, open to everyone, in a school that runs no other duty. A duty of another school or
   * unknown: 404; a paused one: 400.
   */
  private async severalDuties(dutyIds: string[] | undefined): Promise<{ dutyIds: string[]; facts: PlanningDuties } | undefined> {
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
    if (ids.length === 1 && ids[0] === dutyManager.id && facts.duties.length === 1 && dutyManager.eligible === 'everyone') return undefined;
    // In the school's order, as the engine reads them.
    return { dutyIds: facts.duties.filter((d) => ids.includes(d.id)).map((d) => d.id), facts };
  }

  /**
   * Reshuffle or fill several duties at once (docs/product.md#duties): the multi-duty engine plans
   * them together over the period, every other duty's people staying and counting; each duty's
   * changed days are written, and whoever's duties changed is told once, every duty together.
   */
  private async planSeveral(
    actor: AuthUser,
    tool: 'reshuffle' | 'fill',
    from: IsoDate,
    to: IsoDate,
    { dutyIds, facts }: { dutyIds: string[]; facts: PlanningDuties },
  ): Promise<BulkRotaResultDto> {
    const existing = await this.dutiesPlanner.existingBetween(from, to);
    const planned = await this.dutiesPlanner.plan({ mode: tool, days: datesBetween(from, to), dutyIds, existing }, facts, { inWorker: true });
    const changedDates = new Set<IsoDate>();
    let changedSlots = 0;
    let unfilledSlots = 0;
    const before: Record<IsoDate, DaySlots> = {};
    const after: Record<IsoDate, DaySlots> = {};
    for (const dutyId of dutyIds) {
      const had = existing[dutyId] ?? {};
      const target: Record<IsoDate, DaySlots> = {};
      for (const date of Object.keys(had)) target[date] = tool === 'fill' ? had[date]! : [];
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
      }
      await this.rota.writeDays(changed, dutyId);
    }
    await this.dutyChanges.tell(before, after, { by: actor.name, did: BULK_TOOL_DID[tool] });

    const names = facts.duties.filter((d) => dutyIds.includes(d.id)).map((d) => d.name);
    const { action, verb } = BULK_AUDIT[tool];
    const message =
      `${tool === 'fill' ? 'Filled' : 'Changed'} ${plural(changedSlots, 'slot')} on ${plural(changedDates.size, 'day')} from ${describeDateRange(from, to)}.` +
      (unfilledSlots ? ` ${plural(unfilledSlots, 'slot')} stayed empty: nobody was available.` : '');
    this.audit.record(actor, {
      kind: 'rota',
      action,
      entityId: `${from}..${to}`,
      summary: `${verb} the rota (${names.join(', ')}): ${message}`,
      after: { startDate: from, endDate: to, dutyIds, changedDays: changedDates.size, changedSlots, unfilledSlots },
    });
    return { startDate: from, endDate: to, changedDays: changedDates.size, changedSlots, unfilledSlots, message };
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
