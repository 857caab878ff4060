import * as path from 'node:path';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { type AcademicYear, academicYearOf, academicYearStarting, addDays, byAcademicYear, datesBetween, mondayOf, weekdayIndex } from '../../common/clock/academic-year';
import { describeDate } from '../../common/text/dates';
import type { IsoDate } from '../../common/clock/clock';
import { WorkerPool, workerTask } from '../../common/workers/worker-pool';
import { AvailabilityService, type AwayPeriod } from '../availability/availability.service';
import type { Closure } from '../holidays/term-dates';
import type { MixMode } from '../settings/entities/system-settings.entity';
import { isoWeekdayOf } from '../../common/clock/weekdays';
import { SchoolCalendar } from '../holidays/school-calendar';
import { DutiesService } from '../duties/duties.service';
import { type DaySlots, type EngineMode, type EngineStaff, type FairShareYear, planRota, type Unavailability } from './engine/rota-engine';
import { checkRota, closedBecause, type DayVerdict, type RotaFacts } from './engine/rota-rules';
import { countsTowardMax, dutiesOverlap, windowsOverlap } from './engine/duties-types';
import { engineDutyOf, minutesOf } from './duty-engine-facts';
import { SystemSettingsService } from '../settings/system-settings.service';
import { StaffDirectory, type RosterEntry } from '../staff/staff-directory.service';
import { RotaRepository } from './rota.repository';
import type { RotaSlotsSource } from './rota-slots-source';

const WEEKDAY_PLURALS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays'];

/** The engine in a worker thread (common/workers/worker-pool.ts), for the bulk tools' runs. */
const PLAN_ROTA = workerTask<typeof planRota>(path.join(__dirname, 'engine'), __filename, 'rota-engine', 'planRota');

/** What the engine is asked to plan (RotaPlanner.plan). */
export interface PlanRequest {
  mode: EngineMode;
  slotsPerDay: number;
  /** The days to plan; they may fall in two academic years, each planned against its own fair shares. */
  days: IsoDate[];
  existing: Record<IsoDate, DaySlots>;
  fillable?: Record<IsoDate, number[]>;
  /** Unavailability not stored: the person giving a duty up. */
  extra?: Unavailability[];
}

/** A person put in a freed slot. */
export interface Refill {
  date: IsoDate;
  /** Slot number, from 1. */
  position: number;
  staffId: string;
}

type StaffFacts = EngineStaff & { workingDays: number[]; weeklyCap: number | null };

/**
 * What a repair of the rota (violationsIn, then repair) reads, once, into one plan state: the
 * planned days from `from` on, the staff and the rota rules, and — over the window from the start
 * of `from`'s academic year to the end of the last planned day's — the closures and who is away,
 * and the year's duties per person and weekday. Every range the check and the refill ask about is
 * answered from it, exactly as the reads it replaces would answer.
 */
export interface RepairState {
  from: IsoDate;
  slotsPerDay: number;
  days: Record<IsoDate, DaySlots>;
  staff: StaffFacts[];
  mixMode: MixMode;
  closures: (start: IsoDate, end: IsoDate) => Closure[];
  window: { from: IsoDate; to: IsoDate };
  away: AwayPeriod[];
  /** `from`'s academic year, whose duties `prior` counts. */
  year: AcademicYear;
  prior: { staff_id: string; dow: number; n: string }[];
}

/** Who of `away` is away in `from`..`to`, as AvailabilityService.awayBetween(from, to) answers. */
function awayIn(away: AwayPeriod[], from: IsoDate, to: IsoDate): AwayPeriod[] {
  return away.filter((a) => a.end >= from && a.start <= to);
}

/**
 * Loads the facts the rota depends on and applies the rota's rules to them: the engine's input
 * for planning, and the hard-rule check of days already planned (docs/product.md#the-rota-engine,
 * docs/product.md#the-rota-stays-true). Reads staff, holidays and term dates, and availability
 * through their owners' queries; writes only through RotaRepository.
 */
@Injectable()
export class RotaPlanner {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly rota: RotaRepository,
    private readonly availability: AvailabilityService,
    private readonly calendar: SchoolCalendar,
    private readonly settings: SystemSettingsService,
    private readonly workers: WorkerPool,
    private readonly duties: DutiesService,
  ) {}

  /**
   * The facts of `from`..`to`: staff with their patterns and caps, closures, who is away, this
   * year's duties per person, and the duties of `from`'s week before it. The duties are counted
   * from `slots`: the live rota, or a draft in its place (docs/product.md#drafts).
   */
  async facts(from: IsoDate, to: IsoDate, slotsPerDay: number, slots: RotaSlotsSource = this.rota): Promise<RotaFacts> {
    // One after the other: inside a transaction they share its connection.
    const staff = await this.staffFacts();
    const closures = await this.calendar.closuresBetween(from, to);
    const away = await this.availability.awayBetween(from, to);
    const year = academicYearOf(from);
    const prior = await slots.priorDuties(year.startDate, year.endDate, []);
    const counts: Record<string, number> = {};
    for (const row of prior) counts[row.staff_id] = (counts[row.staff_id] ?? 0) + Number(row.n);
    const weekCounts = from > mondayOf(from) ? await slots.weekCounts(mondayOf(from), addDays(from, -1), []) : {};
    return {
      slotsPerDay,
      staff: staff.map((s) => ({ id: s.id, isActive: s.isActive, isTeaching: s.isTeaching, workingDays: s.workingDays, weeklyCap: s.weeklyCap })),
      closures,
      away,
      counts,
      weekCounts,
    };
  }

  /**
   * Every planned day from `from` on that breaks a hard rule, with what it should become. With
   * `slots`, the days of a draft in place of the live rota's on its period (docs/product.md#drafts):
   * the same rules on the draft's assignments.
   */
  async violationsFrom(from: IsoDate, slotsPerDay: number, slots: RotaSlotsSource = this.rota): Promise<DayVerdict[]> {
    const days = await slots.slotsFrom(from, null);
    const dates = Object.keys(days).sort();
    if (!dates.length) return [];
    return checkRota(days, await this.facts(from, dates.at(-1)!, slotsPerDay, slots));
  }

  /** The plan state of a repair from `from` on (RepairState); null when nothing is planned from then. */
  async repairState(from: IsoDate, slotsPerDay: number): Promise<RepairState | null> {
    const days = await this.rota.slotsFrom(from, null);
    const dates = Object.keys(days).sort();
    if (!dates.length) return null;
    const year = academicYearOf(from);
    const window = { from: year.startDate < from ? year.startDate : from, to: academicYearOf(dates.at(-1)!).endDate };
    // One after the other: inside a transaction they share its connection.
    const roster = await this.staffDirectory.roster();
    const rules = await this.settings.rotaRules();
    const closures = await this.calendar.closuresWithin(window.from, window.to);
    const away = await this.availability.awayBetween(window.from, window.to);
    const prior = await this.rota.priorDuties(year.startDate, year.endDate, []);
    const staff = roster.map((r) => toStaffFacts(r, rules.defaultWeeklyCap));
    return { from, slotsPerDay, days, staff, mixMode: rules.mixMode, closures, window, away, year, prior };
  }

  /** Every planned day of the state that breaks a hard rule, with what it should become (as violationsFrom). */
  async violationsIn(state: RepairState): Promise<DayVerdict[]> {
    const { from } = state;
    const to = Object.keys(state.days).sort().at(-1)!;
    const counts: Record<string, number> = {};
    for (const row of state.prior) counts[row.staff_id] = (counts[row.staff_id] ?? 0) + Number(row.n);
    const weekCounts = from > mondayOf(from) ? await this.rota.weekCounts(mondayOf(from), addDays(from, -1), []) : {};
    return checkRota(state.days, {
      slotsPerDay: state.slotsPerDay,
      staff: state.staff.map((s) => ({ id: s.id, isActive: s.isActive, isTeaching: s.isTeaching, workingDays: s.workingDays, weeklyCap: s.weeklyCap })),
      closures: state.closures(from, to),
      away: awayIn(state.away, from, to),
      counts,
      weekCounts,
    });
  }

  /**
   * Refuses (409) to put any of `staffIds` on `date` when the day is closed (a holiday, outside
   * term time; a weekend is a 400) or a person is inactive or away; 404 for someone not in the
   * organisation. A weekday outside someone's working pattern, or a week already at their cap, is
   * refused too (`code: not_working_day`, `over_weekly_cap`) unless `override` confirms it; the
   * people it was confirmed for are returned, so their slots are marked and audited. A duty a
   * person is `leaving` in the same change (a move, a trade) doesn't count towards their cap.
   * The hard rules of docs/product.md#the-rota-stays-true, for a change made by hand, on `duty`
   * (the Duty Manager duty when not given) with those across duties (dutyRefusals).
   */
  async assertAssignable(
    date: IsoDate,
    staffIds: string[],
    override = false,
    leaving: Map<string, IsoDate> = new Map(),
    duty?: string,
  ): Promise<string[]> {
    const closures = await this.calendar.closuresBetween(date, date);
    const closed = closedBecause(date, closures);
    if (closed?.rule === 'weekend') throw new BadRequestException('Duties are assigned on weekdays only (Monday to Friday)');
    if (closed) {
      const closure = closures.find((c) => c.start <= date && date <= c.end && (closed.rule === 'holiday') === (c.kind === 'holiday'))!;
      throw new ConflictException(
        closure.kind === 'holiday'
          ? `${describeDate(date)} is a holiday (${closure.label}): nobody is on duty on holidays`
          : `${describeDate(date)} is outside term time (${closure.label}): nobody is on duty then`,
      );
    }
    const people = await this.staffDirectory.byIds(staffIds);
    if (people.size !== new Set(staffIds).size) throw new NotFoundException('Staff member not found');
    const staff = [...people.values()];
    const inactive = staff.find((s) => !s.isActive);
    if (inactive) throw new ConflictException(`${inactive.name} is inactive and can't be put on duty`);
    const away = await this.availability.firstAway(staffIds.map((staffId) => ({ staffId, date })));
    if (away) {
      const name = staff.find((s) => s.id === away.staffId)!.name;
      throw new ConflictException({ message: `${name} is unavailable on ${describeDate(date)} and can't be put on duty`, code: 'unavailable' });
    }
    await this.assertDutyRules(date, staff, duty);
    const refusals = await this.patternRefusals(date, staff, leaving);
    const confirmed: string[] = [];
    for (const person of staff) {
      const refusal = refusals.get(person.id);
      if (!refusal) continue;
      if (!override) throw new ConflictException(refusal);
      confirmed.push(person.id);
    }
    return confirmed;
  }

  /**
   * The rules that hold across duties (docs/product.md#duties), for a person put on `duty` (the
   * Duty Manager duty when not given) by hand: the first refusal found, `code: not_allowed` before
   * the others, else nothing. Neither can be overridden.
   */
  private async assertDutyRules(date: IsoDate, people: { id: string; name: string }[], duty?: string): Promise<void> {
    const refusals = await this.dutyRefusals(date, people, duty);
    const refusal = [...refusals.values()].find((r) => r.code === 'not_allowed') ?? [...refusals.values()][0];
    if (refusal) throw new ConflictException(refusal);
  }

  /**
   * Why each of `people` may not be put on `duty` (the Duty Manager duty when not given) on `date`
   * by the rules that hold across duties: allowed on it when it is open to some only (`code:
   * not_allowed`), no other duty held that day at an overlapping time (`overlap`), no weekly
   * commitment at an overlapping time (`unavailable`), and within the school's daily maximum with
   * the other duties held that day (`daily_max`). People with no such reason are absent. A school
   * with the Duty Manager duty alone, open to everyone, costs one read for that duty.
   */
  async dutyRefusals(date: IsoDate, people: { id: string; name: string }[], duty?: string): Promise<Map<string, { message: string; code: string }>> {
    const refusals = new Map<string, { message: string; code: string }>();
    if (!duty && !(await this.rota.dutiesBeyondDutyManagerFrom(date))) return refusals;
    const { duties, rules } = await this.duties.planningDuties();
    const target = duties.find((d) => (duty ? d.id === duty : d.isDutyManager));
    // A paused or deleted duty is refused before (RotaAssignmentsService): nobody may be put on it.
    if (!target) return refusals;
    const allowed = target.eligible === 'listed' ? new Set(target.allowedStaffIds) : undefined;
    const kinds = target.eligible === 'teaching' || target.eligible === 'non_teaching' ? await this.staffFacts() : [];
    const refuse = (id: string, message: string, code: string) => {
      if (!refusals.has(id)) refusals.set(id, { message, code });
    };
    for (const person of people) {
      const teaching = kinds.find((s) => s.id === person.id)?.isTeaching;
      const refused =
        (allowed && !allowed.has(person.id)) ||
        (target.eligible === 'teaching' && teaching === false) ||
        (target.eligible === 'non_teaching' && teaching === true);
      if (refused) refuse(person.id, `${person.name} isn't allowed on ${target.name}`, 'not_allowed');
    }
    const window = engineDutyOf(target, []).window;
    if (window) {
      for (const away of await this.availability.timedAwayBetween(date, date)) {
        const person = people.find((p) => p.id === away.staffId);
        if (person && windowsOverlap(window, { start: minutesOf(away.startTime), end: minutesOf(away.endTime) })) {
          refuse(
            person.id,
            `${person.name} has a weekly commitment ${away.startTime}–${away.endTime} on ${describeDate(date)} and can't be put on ${target.name}`,
            'unavailable',
          );
        }
      }
    }
    const held = await this.rota.dutySlotsBetween(date, date);
    const byId = new Map(duties.map((d) => [d.id, d]));
    for (const person of people) {
      const others = Object.entries(held)
        .filter(([id, byDate]) => id !== target.id && byDate[date]?.some((slot) => slot?.staffId === person.id))
        .map(([id]) => byId.get(id));
      const clash = window && others.find((other) => other && dutiesOverlap(engineDutyOf(other, []), { window }));
      if (clash) {
        refuse(person.id, `${person.name} is on ${clash.name} at an overlapping time on ${describeDate(date)}`, 'overlap');
        continue;
      }
      if (!countsTowardMax({ window }, rules.allDayDutiesCount)) continue;
      // A duty no longer planned (paused, deleted) still counts as the day's duty it was.
      const counting = others.filter((other) => !other || countsTowardMax(engineDutyOf(other, []), rules.allDayDutiesCount)).length;
      if (counting + 1 > rules.maxDutiesPerDay) {
        refuse(
          person.id,
          `${person.name} already has ${counting === 1 ? '1 duty' : `${counting} duties`} on ${describeDate(date)}: at most ${rules.maxDutiesPerDay === 1 ? '1 duty' : `${rules.maxDutiesPerDay} duties`} a day`,
          'daily_max',
        );
      }
    }
    return refusals;
  }

  /**
   * Why each of `people` may not take a duty on `date` by their own pattern: a weekday they don't
   * work (`not_working_day`), or a week already at their cap (`over_weekly_cap`; a duty they are
   * `leaving` that week, in a trade, doesn't count). People with no such reason are absent.
   */
  async patternRefusals(
    date: IsoDate,
    people: { id: string; name: string }[],
    leaving: Map<string, IsoDate> = new Map(),
  ): Promise<Map<string, { message: string; code: string }>> {
    const patterns = new Map((await this.staffFacts()).map((s) => [s.id, s]));
    const monday = mondayOf(date);
    const weeks = await this.rota.weekCounts(monday, addDays(monday, 6), []);
    const weekday = weekdayIndex(date);
    const refusals = new Map<string, { message: string; code: string }>();
    for (const person of people) {
      const facts = patterns.get(person.id);
      if (!facts) continue;
      const left = leaving.get(person.id);
      const inWeek = (weeks[person.id]?.[monday] ?? 0) - (left && mondayOf(left) === monday ? 1 : 0);
      if (!facts.workingDays.includes(weekday)) {
        refusals.set(person.id, { message: `${person.name} doesn't work on ${WEEKDAY_PLURALS[weekday]}`, code: 'not_working_day' });
      } else if (facts.weeklyCap != null && inWeek >= facts.weeklyCap) {
        refusals.set(person.id, {
          message: `${person.name} already has ${inWeek === 1 ? '1 duty' : `${inWeek} duties`} in the week of ${describeDate(monday)}, their weekly cap`,
          code: 'over_weekly_cap',
        });
      }
    }
    return refusals;
  }

  /**
   * Writes what `verdicts` say each day becomes and, with `refill`, has the engine fill the slots
   * freed by people who may no longer be there (never the people who just left). Returns who went
   * where.
   */
  async repair(verdicts: DayVerdict[], refill: boolean, state?: RepairState): Promise<Refill[]> {
    const target: Record<IsoDate, DaySlots> = {};
    for (const v of verdicts) target[v.date] = [...v.slots];
    const refills: Refill[] = [];
    const open = verdicts.filter((v) => v.refillable.length);
    if (refill && open.length) {
      const slotsPerDay = Math.max(...verdicts.map((v) => v.slots.length));
      const planned = await this.plan({
        mode: 'fill',
        slotsPerDay,
        days: open.map((v) => v.date),
        existing: Object.fromEntries(open.map((v) => [v.date, v.slots])),
        fillable: Object.fromEntries(open.map((v) => [v.date, v.refillable])),
        extra: open.flatMap((v) => v.violations.map((x) => ({ staffId: x.staffId, start: v.date, end: v.date }))),
      }, { state });
      for (const v of open) {
        for (const index of v.refillable) {
          const slot = planned[v.date]?.[index] ?? null;
          if (!slot) continue;
          target[v.date]![index] = slot;
          refills.push({ date: v.date, position: index + 1, staffId: slot.staffId });
        }
      }
    }
    await this.rota.writeDays(target);
    return refills;
  }

  /**
   * Runs the engine for `request.days`: the organisation's staff, the closed days (holidays,
   * outside term time) and who is away around those days, and each person's duties in the
   * academic year on every other day. Fair shares are per academic year
   * (docs/product.md#time-and-the-academic-year): days of two years — a summer's plan running from
   * tomorrow to the end of next year's summer term — are planned year by year, earliest first, each
   * against its own year's shares, duties and term dates. With `inWorker`, the engine runs in a
   * worker thread: a bulk run over a year of a large school is hundreds of milliseconds of CPU that
   * would otherwise hold the event loop; the small runs of everyday changes (a refill, a repair)
   * stay where they are.
   */
  async plan(request: PlanRequest, { inWorker = false, state }: { inWorker?: boolean; state?: RepairState } = {}): Promise<Record<IsoDate, DaySlots>> {
    const years = byAcademicYear(request.days);
    const result: Record<IsoDate, DaySlots> = {};
    for (const [index, [start, days]] of years.entries()) {
      // A week across 31 August belongs to both years: its days in the other year count towards
      // weekly caps as they will stand — an earlier year's as just planned, a later year's as kept
      // (fill keeps them; a reshuffle plans them afresh after this one).
      const alongside: Record<IsoDate, DaySlots> = {};
      years.forEach(([, other], i) => {
        if (i === index) return;
        for (const day of other) {
          const slots = i < index ? result[day] : request.mode === 'fill' ? request.existing[day] : undefined;
          if (slots) alongside[day] = slots;
        }
      });
      Object.assign(result, await this.planYear(request, academicYearStarting(start), days, alongside, inWorker, state));
    }
    return result;
  }

  /** One engine run over `days`, all in `year`, against that year's fair shares. */
  private async planYear(
    request: PlanRequest,
    year: AcademicYear,
    days: IsoDate[],
    alongside: Record<IsoDate, DaySlots>,
    inWorker: boolean,
    state?: RepairState,
  ): Promise<Record<IsoDate, DaySlots>> {
    const first = days[0]!;
    const last = days.at(-1)!;
    // A repair's plan state answers what it covers; anything else is read. One after the other:
    // they share the transaction's connection.
    const known = state && state.window.from <= year.startDate && year.endDate <= state.window.to ? state : undefined;
    const staff = known ? known.staff : await this.staffFacts();
    const closures = known ? known.closures(first, last) : await this.calendar.closuresBetween(first, last);
    const away = known ? awayIn(known.away, first, last) : await this.availability.awayBetween(first, last);
    // Someone whose cancellation of a day was approved said they can't do that day: no engine
    // run puts them back on it (a later backfill or bulk fill would otherwise pick them first,
    // having one duty fewer).
    const cancelled = await this.rota.approvedCancellationsBetween(first, last);
    // Duties this academic year outside the planned days, per person and weekday.
    const prior = known && known.year.startDate === year.startDate ? priorLeaving(known, days) : await this.rota.priorDuties(year.startDate, year.endDate, days);
    const priorCounts: Record<string, number> = {};
    const priorWeekdayCounts: Record<string, number[]> = {};
    for (const row of prior) {
      const n = Number(row.n);
      priorCounts[row.staff_id] = (priorCounts[row.staff_id] ?? 0) + n;
      if (row.dow <= 5) (priorWeekdayCounts[row.staff_id] ??= [0, 0, 0, 0, 0])[row.dow - 1] = n;
    }
    const mixMode = known ? known.mixMode : (await this.settings.rotaRules()).mixMode;
    const weeksFrom = mondayOf(first);
    const weeksTo = addDays(mondayOf(last), 6);
    const priorWeekCounts = await this.rota.weekCounts(weeksFrom, weeksTo, request.days);
    for (const [day, slots] of Object.entries(alongside)) {
      if (day < weeksFrom || day > weeksTo) continue;
      for (const slot of slots) {
        if (!slot) continue;
        const weeks = (priorWeekCounts[slot.staffId] ??= {});
        weeks[mondayOf(day)] = (weeks[mondayOf(day)] ?? 0) + 1;
      }
    }
    const input: Parameters<typeof planRota>[0] = {
      days,
      slotsPerDay: request.slotsPerDay,
      staff,
      holidays: closures,
      unavailability: [...away, ...cancelled, ...(request.extra ?? [])],
      existing: request.existing,
      priorCounts,
      priorWeekdayCounts,
      priorWeekCounts,
      mode: request.mode,
      mixMode,
      // Before the first planned day the year's duties are the ones held, not the slots.
      fairShare: { ...(known ? fairShareFrom(known, year) : await this.fairShareYear(year)), from: first, doneBefore: await this.rota.dutyCountBetween(year.startDate, addDays(first, -1)) },
      fillable: request.fillable,
    };
    const result = inWorker ? await this.workers.run(PLAN_ROTA, input) : planRota(input);
    return result.days;
  }

  /**
   * The academic year the fair shares are measured over (docs/product.md#fair-share): its school
   * days (weekdays that are not closed) and who is away on which of them, recurring commitments
   * included.
   */
  fairShareYear(year: AcademicYear): Promise<FairShareYear> {
    return this.fairSharePeriod(year.startDate, year.endDate);
  }

  /** The school days of `from`..`to` and who is away on them: what fair shares over that period are measured on. */
  async fairSharePeriod(from: IsoDate, to: IsoDate): Promise<FairShareYear> {
    const closures = await this.calendar.closuresBetween(from, to);
    const schoolDays = datesBetween(from, to).filter((d) => !closedBecause(d, closures));
    const unavailability = await this.availability.awayBetween(from, to);
    return { schoolDays, unavailability };
  }

  /**
   * Everyone on the staff as the engine and the rules need them: working pattern and preferences
   * as weekdays from 0 (Monday), contract fraction, and weekly cap (theirs, else the organisation's).
   */
  async staffFacts(): Promise<StaffFacts[]> {
    const roster = await this.staffDirectory.roster();
    const { defaultWeeklyCap } = await this.settings.rotaRules();
    return roster.map((s) => toStaffFacts(s, defaultWeeklyCap));
  }


}

/** A roster entry as the engine and the rules need it: weekdays from 0 (Monday), the cap theirs or the organisation's. */
function toStaffFacts(s: RosterEntry, defaultWeeklyCap: number | null): StaffFacts {
  return {
    id: s.id,
    isTeaching: s.isTeaching,
    isActive: s.isActive,
    workingDays: s.workingDays.map((d) => d - 1),
    fte: s.fte,
    weeklyCap: s.weeklyCap ?? defaultWeeklyCap,
    avoidDays: s.avoidDays.map((d) => d - 1),
  };
}

/**
 * The state's year of duties per person and weekday without those on `days` (as
 * RotaRepository.priorDuties(year, days) counts them): the planned slots of those days, as read
 * into the state, taken off; a count that reaches nothing is left out, as the query leaves it.
 */
function priorLeaving(state: RepairState, days: IsoDate[]): { staff_id: string; dow: number; n: string }[] {
  const counts = new Map(state.prior.map((r) => [`${r.staff_id}|${r.dow}`, { ...r, left: Number(r.n) }]));
  for (const day of days) {
    for (const slot of state.days[day] ?? []) {
      const row = slot && counts.get(`${slot.staffId}|${isoWeekdayOf(day)}`);
      if (row) row.left -= 1;
    }
  }
  return [...counts.values()].filter((r) => r.left > 0).map((r) => ({ staff_id: r.staff_id, dow: r.dow, n: String(r.left) }));
}

/** The fair-share year of `year` from the state (as RotaPlanner.fairShareYear reads it). */
function fairShareFrom(state: RepairState, year: AcademicYear): FairShareYear {
  const closures = state.closures(year.startDate, year.endDate);
  return {
    schoolDays: datesBetween(year.startDate, year.endDate).filter((d) => !closedBecause(d, closures)),
    unavailability: awayIn(state.away, year.startDate, year.endDate),
  };
}
