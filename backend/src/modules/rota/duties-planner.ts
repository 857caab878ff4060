import * as path from 'node:path';
import { Injectable } from '@nestjs/common';
import { academicYearStarting, addDays, byAcademicYear, datesBetween, mondayOf } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { isoWeekdayOf } from '../../common/clock/weekdays';
import { WorkerPool, workerTask } from '../../common/workers/worker-pool';
import { AvailabilityService } from '../availability/availability.service';
import { DutiesService } from '../duties/duties.service';
import type { PlanningDuties } from '../duties/duties.module';
import { SchoolCalendar } from '../holidays/school-calendar';
import { type DutiesInput, planDuties, type TimedUnavailability } from './engine/duties-engine';
import { engineDutyOf, minutesOf } from './duty-engine-facts';
import { gapsToFairShare } from './fair-share-gaps';
import type { DaySlots, EngineMode } from './engine/rota-engine';
import { type AwaySpan, closedBecause } from './engine/rota-rules';
import { type RepairState, RotaPlanner } from './rota-planner';
import { RotaRepository } from './rota.repository';

/** The multi-duty engine in a worker thread, for the bulk tools' runs. */
const PLAN_DUTIES = workerTask<typeof planDuties>(path.join(__dirname, 'engine'), __filename, 'duties-engine', 'planDuties');

/**
 * Above this many person-days of planning (staff × days × duties planned) `inWorker: 'when-large'`
 * runs the engine in a worker thread; at or below it, where the request is. A 200-staff school's
 * year of one duty (64,000) rebalances in 20–40 ms of CPU once warm: less than handing the year's
 * facts to a worker and back, which at nice 10 (common/workers/worker-pool.ts) waits behind
 * everything else on a busy machine, and a pool idle for a minute starts a thread for it. A secondary
 * school's fourteen duties (over 600,000) go to the worker, as every bulk run does.
 */
export const IN_THREAD_PLAN_LIMIT = 100_000;

/** Slots per duty id, then per date. */
export type DutyDays = Record<string, Record<IsoDate, DaySlots>>;

/** What the multi-duty engine is asked to plan (DutiesPlanner.plan). */
export interface DutiesPlanRequest {
  mode: EngineMode;
  /** The days to plan; they may fall in two academic years, each planned against its own fair shares. */
  days: IsoDate[];
  /** The duties to plan; every other duty's people on those days stay and count. */
  dutyIds: readonly string[];
  /** Every duty's slots on the days to plan. */
  existing: DutyDays;
  /** Fill only: per duty and day, the slot indexes (from 0) that may be filled (a repair's freed slots). */
  fillable?: Record<string, Record<IsoDate, number[]>>;
  /** Besides approved cancellations: people who may not take a duty that day (the ones a repair just took off it). */
  blocks?: { staffId: string; date: IsoDate; dutyId: string }[];
  /** Rebalance only: the last of the school days no move may touch (SchoolCalendar.frozenThrough). */
  frozenThrough?: IsoDate | null;
}

export { engineDutyOf, minutesOf } from './duty-engine-facts';

/**
 * Plans several duties at once with the multi-duty engine (docs/product.md#duties): the duties the
 * school runs (DutiesService.planningDuties), its staff, closures, who is away (whole days, and
 * weekly commitments at a time of day, which keep their person off the duties they overlap), each
 * person's load this academic year by duty and weekday, approved cancellations (each keeps its
 * person off that duty that day) and the weekly caps over every duty. Fair shares are per
 * academic year, as RotaPlanner.plan's: days of two years are planned year by year.
 */
@Injectable()
export class DutiesPlanner {
  constructor(
    private readonly duties: DutiesService,
    private readonly rota: RotaRepository,
    private readonly planner: RotaPlanner,
    private readonly availability: AvailabilityService,
    private readonly calendar: SchoolCalendar,
    private readonly workers: WorkerPool,
  ) {}

  /** The duties a plan may name, with the school's daily rules. */
  planningDuties(): Promise<PlanningDuties> {
    return this.duties.planningDuties();
  }

  /** Every duty's slots on the days of `from`..`to`. */
  existingBetween(from: IsoDate, to: IsoDate): Promise<DutyDays> {
    return this.rota.dutySlotsBetween(from, to);
  }

  /**
   * The engine's plan of `request`. With `inWorker` true it runs in a worker thread; with
   * 'when-large', only when the run is larger than IN_THREAD_PLAN_LIMIT.
   */
  async plan(
    request: DutiesPlanRequest,
    facts: PlanningDuties,
    { inWorker = false, state }: { inWorker?: boolean | 'when-large'; state?: RepairState } = {},
  ): Promise<DutyDays> {
    // Without the gaps: measuring them re-tallies the whole year (tens of milliseconds for a
    // school of 200), which a repair, answering while its person waits, would throw away.
    return (await this.planWithGaps(request, facts, { inWorker, gaps: false, state })).days;
  }

  /**
   * `plan`, with what a rebalance reports (docs/product.md#bulk-tools): the largest gap to fair share
   * before and after (the largest of the academic years'; null unless the engine measured it) and, per
   * active person, their gap (load − target, in duties) of the existing slots over their academic year
   * (a rebalance's, unless `gaps` is false: then none).
   */
  async planWithGaps(
    request: DutiesPlanRequest,
    facts: PlanningDuties,
    { inWorker = false, gaps = true, state }: { inWorker?: boolean | 'when-large'; gaps?: boolean; state?: RepairState } = {},
  ): Promise<{ days: DutyDays; largestGap: { before: number; after: number } | null; gapsBefore: Map<string, number> }> {
    const days: DutyDays = {};
    let largestGap = null as { before: number; after: number } | null;
    const gapsBefore = new Map<string, number>();
    for (const [start, dates] of byAcademicYear(request.days)) {
      const planned = await this.planYear(request, facts, start, dates, inWorker, gaps, state);
      for (const [duty, byDate] of Object.entries(planned.days)) Object.assign((days[duty] ??= {}), byDate);
      if (planned.largestGap) {
        largestGap = {
          before: Math.max(largestGap?.before ?? 0, planned.largestGap.before),
          after: Math.max(largestGap?.after ?? 0, planned.largestGap.after),
        };
      }
      for (const [staffId, gap] of planned.gapsBefore) if (Math.abs(gap) > Math.abs(gapsBefore.get(staffId) ?? 0)) gapsBefore.set(staffId, gap);
    }
    return { days, largestGap, gapsBefore };
  }

  private async planYear(
    request: DutiesPlanRequest,
    facts: PlanningDuties,
    start: number,
    days: IsoDate[],
    inWorker: boolean | 'when-large',
    gaps: boolean,
    state?: RepairState,
  ): Promise<{ days: DutyDays; largestGap?: { before: number; after: number }; gapsBefore: Map<string, number> }> {
    const year = academicYearStarting(start);
    const first = days[0]!;
    const last = days.at(-1)!;
    // A repair's plan state (RotaPlanner.repairState, read at the start of the same repair) answers
    // the staff and the year's closures as the reads would; anything else is read. One after the
    // other: inside a transaction they share its connection.
    const known = state && state.window.from <= year.startDate && year.endDate <= state.window.to ? state : undefined;
    const staff = known ? known.staff : await this.planner.staffFacts();
    // The year's closures, once: those touching the planned days close the same days as a read of
    // first..last would (a day is closed by a closure that contains it).
    const yearClosures = known ? known.closures(year.startDate, year.endDate) : await this.calendar.closuresBetween(year.startDate, year.endDate);
    const closures = yearClosures.filter((c) => c.start <= last && c.end >= first);
    const away = await this.awayBetween(year.startDate, year.endDate);
    const blocks = await this.rota.approvedDutyCancellationsBetween(first, last);
    const held = await this.rota.heldDutiesBetween(year.startDate, year.endDate, days);
    const priorWeekCounts = await this.rota.weekCounts(mondayOf(first), addDays(mondayOf(last), 6), days);

    const weights = new Map(facts.duties.map((d) => [d.id, d.weight]));
    const priorLoad: Record<string, number> = {};
    const priorDutyCounts: Record<string, Record<string, number>> = {};
    const dutyDays = new Map<string, Set<IsoDate>>();
    let doneBefore = 0;
    for (const row of held) {
      // A duty no longer planned (paused) still weighs what it weighed; one gone weighs as the Duty Manager's.
      const weight = weights.get(row.duty_id) ?? 60;
      priorLoad[row.staff_id] = (priorLoad[row.staff_id] ?? 0) + weight;
      const counts = (priorDutyCounts[row.staff_id] ??= {});
      counts[row.duty_id] = (counts[row.duty_id] ?? 0) + 1;
      (dutyDays.get(row.staff_id) ?? dutyDays.set(row.staff_id, new Set()).get(row.staff_id)!).add(row.date);
      if (row.date < first) doneBefore += weight;
    }
    const priorWeekdayCounts: Record<string, number[]> = {};
    for (const [staffId, dates] of dutyDays) {
      const byWeekday = (priorWeekdayCounts[staffId] = [0, 0, 0, 0, 0]);
      for (const date of dates) {
        const weekday = isoWeekdayOf(date);
        if (weekday <= 5) byWeekday[weekday - 1]! += 1;
      }
    }

    const existing: DutyDays = {};
    const dayList = new Set(days);
    for (const [duty, byDate] of Object.entries(request.existing)) {
      existing[duty] = Object.fromEntries(Object.entries(byDate).filter(([date]) => dayList.has(date)));
    }
    const input: DutiesInput = {
      days,
      duties: facts.duties.map((d) => engineDutyOf(d, staff)),
      plan: request.dutyIds,
      staff,
      holidays: closures,
      unavailability: away.filter((a) => a.end >= first && a.start <= last),
      existing,
      fillable: request.fillable,
      blocks: [...blocks, ...(request.blocks ?? [])],
      maxPerDay: facts.rules.maxDutiesPerDay,
      allDayCounts: facts.rules.allDayDutiesCount,
      priorLoad,
      priorDutyCounts,
      priorWeekdayCounts,
      priorWeekCounts,
      mode: request.mode,
      ...(request.frozenThrough ? { frozenThrough: request.frozenThrough } : {}),
      mixMode: facts.rules.mixMode,
      fairShare: {
        schoolDays: datesBetween(year.startDate, year.endDate).filter((d) => !closedBecause(d, yearClosures)),
        unavailability: away,
        from: first,
        doneBefore,
      },
    };
    const large = staff.length * days.length * request.dutyIds.length > IN_THREAD_PLAN_LIMIT;
    const result = inWorker === true || (inWorker === 'when-large' && large) ? await this.workers.run(PLAN_DUTIES, input) : planDuties(input);
    return {
      days: result.days,
      largestGap: result.largestGap,
      gapsBefore: gaps && request.mode === 'rebalance' ? gapsToFairShare(input) : new Map(),
    };
  }

  /**
   * Who is away in `from`..`to`, as the engine and the rules of several duties read it: whole days
   * (with what to tell them), and the timed weekly commitments with their windows.
   */
  async awayBetween(from: IsoDate, to: IsoDate): Promise<(AwaySpan & TimedUnavailability)[]> {
    const whole = await this.availability.awayBetween(from, to);
    const timed = await this.availability.timedAwayBetween(from, to);
    return [
      ...whole,
      ...timed.map((a) => ({
        staffId: a.staffId,
        start: a.start,
        end: a.end,
        label: `Weekly commitment ${a.startTime}–${a.endTime}`,
        window: { start: minutesOf(a.startTime), end: minutesOf(a.endTime) },
      })),
    ];
  }
}
