import { Injectable } from '@nestjs/common';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import { academicYearStartOf, addDays, datesBetween, mondayOf } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import type { AuthUser } from '../../common/auth/auth-user';
import { describeDateRange } from '../../common/text/dates';
import { plural } from '../../common/text/plural';
import { AuditService } from '../audit/audit.service';
import { SchoolCalendar } from '../holidays/school-calendar';
import { OrganizationClock } from '../tenants/organization-clock';
import { DutyChangeNotices } from './duty-change-notices';
import { SystemSettingsService } from '../settings/system-settings.service';
import { DutiesPlanner } from './duties-planner';
import type { RotaDayDto } from './dto/rota-day.dto';
import type { DaySlots } from './engine/rota-engine';
import type { DayVerdict, RotaFacts } from './engine/rota-rules';
import { slotConflict } from './rota-errors';
import { type DutiesCheck, DutiesRepair, type DutyRefill, type DutyRemoval } from './duties-repair';
import { type Refill, type RepairState, RotaPlanner } from './rota-planner';
import { type DutyRow, type LockedDay, RotaRepository, type StaffDutyRow } from './rota.repository';
import { needOn, type OtherDuty } from './duty-need';
import { toRotaDayDto } from './rota-days';
import type { PinReason } from './pins';

export type { DutyRow, LockedDay } from './rota.repository';
export type { OtherDuty } from './duty-need';
export { needOn, notRunning } from './duty-need';
export type { PinReason } from './pins';
export type { Refill } from './rota-planner';
export type { DutiesCheck, DutyRefill, DutyRemoval } from './duties-repair';

/**
 * The slots a Duty Manager day's repair freed for someone else (`verdict.refillable`), as slots of
 * `dutyId` for every duty's refill, each with a person just taken off that day (never put back).
 */
export function freedSlots(verdict: DayVerdict, dutyId: string): DutyRemoval[] {
  const left = verdict.violations;
  if (!left.length) return [];
  return verdict.refillable.map((index) => {
    // Slots keep their positions: the person taken off that slot, else (moved down from above the
    // day's size) the first taken off that day.
    const { staffId, rule, reason } = left.find((v) => v.position === index + 1) ?? left[0]!;
    return { date: verdict.date, dutyId, position: index + 1, staffId, rule, reason };
  });
}

/** One slot a repair's fill or rebalance of the planned horizon gave to someone (RotaService.repairHorizon). */
export interface HorizonChange {
  date: IsoDate;
  dutyId: string;
  position: number;
  /** Who held it before: null for an empty slot filled, else the person a rebalance moved it from. */
  from: string | null;
  to: string;
}

/** What a check of the planned rota found (RotaService.checkFrom), for RotaService.repair. */
export interface RotaCheck {
  /** Every planned day that breaks a hard rule, with what it should become. */
  verdicts: DayVerdict[];
  state: RepairState | null;
}

/**
 * The rota module's door: what other modules read and change of the rota, and the rules they
 * check a change against. Its days (read, locked, edited in the caller's transaction), the hard
 * rules for a change by hand (RotaPlanner), and the repair after a fact changed. The rota's own
 * pages use RotaAssignmentsService and RotaBulkService.
 */
@Injectable()
export class RotaService {
  constructor(
    private readonly settings: SystemSettingsService,
    private readonly rota: RotaRepository,
    private readonly planner: RotaPlanner,
    private readonly dutiesRepair: DutiesRepair,
    private readonly dutiesPlanner: DutiesPlanner,
    private readonly calendar: SchoolCalendar,
    private readonly organizationClock: OrganizationClock,
    private readonly notices: DutyChangeNotices,
    private readonly audit: AuditService,
  ) {}

  /** How many duties the person has before today (kept, for history and fairness) and from today on (given up if they are still active). */
  async dutyCountsOf(staffId: string): Promise<{ past: number; future: number }> {
    return this.rota.dutyCountsOf(staffId, await this.organizationClock.today());
  }

  /** Erasure (docs/security.md#retention-and-erasure): the person's names and addresses become their pseudonym in drafts' names; how many rows changed. */
  scrubErased(person: ErasedPerson): Promise<number> {
    return this.rota.scrub(person.pattern, person.pseudonym);
  }

  /** The rota days of `startDate`..`endDate` in the API's shape (RotaRepository.daysBetween). */
  daysBetween(startDate: IsoDate, endDate: IsoDate): Promise<RotaDayDto[]> {
    return this.rota.daysBetween(startDate, endDate);
  }

  /**
   * The facts of `from`..`to` (RotaPlanner.facts) with the slots of every whole week they touch,
   * so that weekly caps count the duties around the first and the last day: what a move or a
   * trade is checked against.
   */
  async factsOfWeeks(from: IsoDate, to: IsoDate, slotsPerDay: number): Promise<RotaFacts & { days: Record<IsoDate, DaySlots> }> {
    const facts = await this.planner.facts(from, to, slotsPerDay);
    const days = await this.rota.slotsFrom(mondayOf(from), addDays(mondayOf(to), 6));
    return { ...facts, days };
  }

  /** Everyone on the staff as the engine sees them: active, teaching, working days, weekly cap. */
  staffFacts(): ReturnType<RotaPlanner['staffFacts']> {
    return this.planner.staffFacts();
  }

  /**
   * Refuses (409) to put any of `staffIds` on `date` against a hard rule (RotaPlanner.assertAssignable),
   * of `duty`'s too when given; returns those confirmed by `override`.
   */
  assertAssignable(date: IsoDate, staffIds: string[], override = false, leaving: Map<string, IsoDate> = new Map(), duty?: string): Promise<string[]> {
    return this.planner.assertAssignable(date, staffIds, override, leaving, duty);
  }

  /** Why each of `people` may not take a duty on `date` by their own pattern (RotaPlanner.patternRefusals). */
  patternRefusals(
    date: IsoDate,
    people: { id: string; name: string }[],
    leaving: Map<string, IsoDate> = new Map(),
  ): Promise<Map<string, { message: string; code: string }>> {
    return this.planner.patternRefusals(date, people, leaving);
  }

  /** Why each of `people` may not be put on `duty` (the Duty Manager duty when not given) on `date` by the rules across duties (RotaPlanner.dutyRefusals). */
  dutyRefusals(date: IsoDate, people: { id: string; name: string }[], duty?: string): Promise<Map<string, { message: string; code: string }>> {
    return this.planner.dutyRefusals(date, people, duty);
  }

  /** Every planned day from `from` on that breaks a hard rule, its facts read once for the repair. */
  async checkFrom(from: IsoDate, slotsPerDay: number): Promise<RotaCheck> {
    const state = await this.planner.repairState(from, slotsPerDay);
    return { verdicts: state ? await this.planner.violationsIn(state) : [], state };
  }

  /** Writes what the check's verdicts say each day becomes, refilling freed slots with `refill` (RotaPlanner.repair). */
  repair(check: RotaCheck, refill: boolean): Promise<Refill[]> {
    return this.planner.repair(check.verdicts, refill, check.state ?? undefined);
  }

  /** Whether the Duty Manager duty's repair leaves its freed slots to every duty's refill (DutiesRepair.refillsDutyManagerFrom). */
  dutiesRefillDutyManagerFrom(from: IsoDate): Promise<boolean> {
    return this.dutiesRepair.refillsDutyManagerFrom(from);
  }

  /**
   * After the Duty Manager duty's repair: every duty's slots from `from` on that break a rule of
   * several duties, or of a paused or deleted duty, and the Duty Manager slots that repair `freed`
   * for this one to refill (DutiesRepair.check); null when there are none.
   */
  checkDutiesFrom(from: IsoDate, freed: DutyRemoval[] = []): Promise<DutiesCheck | null> {
    return this.dutiesRepair.check(from, freed);
  }

  /** Frees what the check found and, with `refill`, fills the freed slots of duties still running (DutiesRepair.repair). */
  repairDuties(check: DutiesCheck, refill: boolean): Promise<DutyRefill[]> {
    return this.dutiesRepair.repair(check, refill);
  }

  /**
   * After a change of facts, once what breaks a hard rule is gone (docs/product.md#the-rota-stays-true):
   * the planned horizon of each duty someone is on from tomorrow — tomorrow to the last date
   * anyone is on it (to a term's new end when that date is in the last week of a term the change
   * extended, `termsExtended`), in academic years that have term dates — planned by the multi-duty engine for
   * those duties together: mode 'rebalance' with `rebalance` (fills the empty slots, then moves
   * the fewest assignments that bring everyone back within a duty of their fair share, never a
   * pinned slot nor one on the `frozenSchoolDays` next school days), else 'fill'. Without `fill`
   * (the rebalance after a change by hand, keepFair) no empty slot is filled. A duty nobody is
   * planned on is left alone. Writes the days that changed; returns each slot given to someone.
   * Nobody is taken off a slot that isn't given to someone else.
   */
  async repairHorizon(
    today: IsoDate,
    {
      rebalance,
      fill = true,
      frozenSchoolDays,
      termsExtended = [],
      state,
    }: {
      rebalance: boolean;
      fill?: boolean;
      frozenSchoolDays: number;
      termsExtended?: readonly { oldEnd: IsoDate; newEnd: IsoDate }[];
      /** The repair's check (RotaService.checkFrom): its facts, read once, answer what they cover. */
      state?: RotaCheck['state'];
    },
  ): Promise<HorizonChange[]> {
    const from = addDays(today, 1);
    const lastOf = await this.rota.lastDutyDatesFrom(from);
    // A duty planned into the last week of a term that now ends later is planned to its new end.
    for (const [id, last] of lastOf) {
      const extended = termsExtended.find((t) => mondayOf(t.oldEnd) <= last && last <= t.oldEnd);
      if (extended) lastOf.set(id, extended.newEnd);
    }
    const facts = await this.dutiesPlanner.planningDuties();
    const dutyIds = facts.duties.filter((d) => lastOf.has(d.id)).map((d) => d.id);
    if (!dutyIds.length) return [];
    const last = dutyIds
      .map((id) => lastOf.get(id)!)
      .sort()
      .at(-1)!;
    const withoutTerms = new Set(await this.calendar.yearsWithoutTerms(from, last));
    const days = datesBetween(from, last).filter((date) => !withoutTerms.has(academicYearStartOf(date)));
    if (!days.length) return [];
    // Past a duty's own last date nothing of it is planned: nothing there to fill.
    const fillable: Record<string, Record<IsoDate, number[]>> = {};
    for (const id of dutyIds) {
      // Without `fill`, no empty slot is fillable: the rebalance only moves.
      const beyond = fill ? days.filter((date) => date > lastOf.get(id)!) : days;
      if (beyond.length) fillable[id] = Object.fromEntries(beyond.map((date) => [date, []]));
    }
    const existing = await this.dutiesPlanner.existingBetween(days[0]!, days.at(-1)!);
    const frozenThrough = rebalance ? await this.calendar.frozenThrough(today, frozenSchoolDays) : null;
    const planned = await this.dutiesPlanner.plan(
      { mode: rebalance ? 'rebalance' : 'fill', days, dutyIds, existing, fillable, frozenThrough },
      facts,
      // A small school's horizon where the request is (IN_THREAD_PLAN_LIMIT); a large one's in a worker.
      { inWorker: 'when-large', state: state ?? undefined },
    );
    const changes: HorizonChange[] = [];
    for (const dutyId of dutyIds) {
      const had = existing[dutyId] ?? {};
      const changed: Record<IsoDate, DaySlots> = {};
      for (const [date, now] of Object.entries(planned[dutyId] ?? {})) {
        const was = had[date] ?? [];
        const slots: DaySlots = [];
        let differs = false;
        for (let i = 0; i < Math.max(was.length, now.length); i += 1) {
          const before = was[i] ?? null;
          // The engine fills and moves; a slot it would leave empty keeps its person.
          const after = now[i] ?? before;
          slots.push(after);
          if ((before?.staffId ?? null) === (after?.staffId ?? null) || !after) continue;
          differs = true;
          changes.push({ date, dutyId, position: i + 1, from: before?.staffId ?? null, to: after.staffId });
        }
        if (differs) changed[date] = slots;
      }
      await this.rota.writeDays(changed, dutyId);
    }
    return changes.sort((a, b) => a.date.localeCompare(b.date) || a.position - b.position);
  }

  /**
   * Holds the organisation's rota lock for a change by hand (an assignment, an edit, a decided
   * request, a cover), until the transaction ends: exclusively when the school keeps the rota fair,
   * as the rebalance after the change (keepFair) reads and may move the whole planned horizon;
   * otherwise shared, so changes on different days run side by side.
   */
  async lockForChange(): Promise<void> {
    if ((await this.settings.repairPolicy()).keepFairness) await this.settings.lockExclusive();
    else await this.settings.lockShared();
  }

  /**
   * Keeps the rota fair after a change by hand (docs/product.md#the-rota-stays-true), in its
   * transaction, which holds the rota lock (lockForChange): with "Keep the rota fair" on, the fewest
   * moves on the planned horizon that bring everyone back within a duty of their fair share, or to
   * the best reachable (repairHorizon, filling nothing: a slot the change emptied is left to its own
   * rules), never a pinned slot nor one in the frozen school days. Each person moved gets one letter
   * and one notification — joined to any the change itself sent them (OutboxService.enqueueLetter) —
   * and the activity log says what moved. `cause` ends "… moved 2 duties to keep the rota fair
   * after": "assigning Bob Lee on Tue 3 Mar". Returns how many duties moved.
   */
  async keepFair(actor: AuthUser | undefined, cause: string): Promise<number> {
    const { keepFairness, frozenSchoolDays } = await this.settings.repairPolicy();
    if (!keepFairness) return 0;
    const moved = await this.repairHorizon(await this.organizationClock.today(), { rebalance: true, fill: false, frozenSchoolDays });
    if (!moved.length) return 0;
    const before: Record<IsoDate, DaySlots> = {};
    const after: Record<IsoDate, DaySlots> = {};
    for (const c of moved) {
      (before[c.date] ??= []).push({ staffId: c.from!, override: false });
      (after[c.date] ??= []).push({ staffId: c.to, override: false });
    }
    const did = `moved ${plural(moved.length, 'duty', 'duties')} to keep the rota fair after ${cause}`;
    await this.notices.tell(before, after, { by: actor?.name ?? 'Duty Manager', did });
    const dates = [...new Set(moved.map((c) => c.date))].sort();
    this.audit.record(actor, {
      kind: 'rota',
      action: 'rota.adjusted',
      entityId: dates.length === 1 ? dates[0]! : `${dates[0]}..${dates.at(-1)}`,
      summary: `${plural(moved.length, 'duty', 'duties')} moved on ${describeDateRange(dates[0]!, dates.at(-1)!)} to keep the rota fair after ${cause}.`,
      after: { cause, moved: moved.map((c) => ({ date: c.date, position: c.position, from: c.from, to: c.to, dutyId: c.dutyId })) },
    });
    return moved.length;
  }

  /** The rota days of `dates`, locked until the transaction ends (RotaRepository.lockDays). */
  lockDays(dates: IsoDate[]): Promise<Map<IsoDate, LockedDay>> {
    return this.rota.lockDays(dates);
  }

  /**
   * One rota day locked until the transaction ends, by date (created when missing) or id, with the
   * slots of `duty` (the Duty Manager duty when not given) (RotaRepository.lockDay).
   */
  lockDay(target: { date: IsoDate; create: true } | { id: string }, duty?: string): ReturnType<RotaRepository['lockDay']> {
    return this.rota.lockDay(target, duty);
  }

  /** `duty`'s rota day on `date` in the API's shape, with as many slots as it needs that day (more when more are filled); none when nobody is on it. */
  async dutyDayOn(duty: OtherDuty, date: IsoDate): Promise<RotaDayDto[]> {
    return (await this.rota.dutyDaysBetween(duty.id, date, date)).map((day) => toRotaDayDto(day, needOn(duty, date)));
  }

  /** Who is in which slot of `duty` (the Duty Manager duty when not given) on each date of `from`..`to` (to the end of the rota when `to` is null). */
  slotsBetween(from: IsoDate, to: IsoDate | null, duty?: string): Promise<Record<IsoDate, DaySlots>> {
    return this.rota.slotsFrom(from, to, duty);
  }

  /** Everyone on every duty on `from`..`to` with their names, each day's revision and the duty (RotaRepository.dutiesBetween): the calendar feeds. */
  dutiesBetween(from: IsoDate, to: IsoDate, onlyDaysOf?: string): Promise<DutyRow[]> {
    return this.rota.dutiesBetween(from, to, onlyDaysOf);
  }

  /** Every slot the staff record has ever held, of every duty: a person's own data (docs/security.md, "Subject access"). */
  allDutiesOf(staffId: string): Promise<StaffDutyRow[]> {
    return this.rota.allDutiesOfStaff(staffId);
  }

  /** Whether anyone is on duty on `from` or later. */
  hasDutiesFrom(from: IsoDate): Promise<boolean> {
    return this.rota.hasDutiesFrom(from);
  }

  /**
   * Puts people into free slots of `duty` (the Duty Manager duty when not given) on a locked day;
   * `override` marks a duty given outside the person's pattern or cap, `pin` pins it (docs/product.md#pinned-duties).
   */
  addToDay(
    day: { id: string; date: IsoDate },
    placed: { staffId: string; position: number; override?: boolean; pin?: PinReason }[],
    duty?: string,
  ): Promise<void> {
    return this.rota.addToDay(day, placed, duty);
  }

  /**
   * Moves a duty from one person to another on a locked day (a swap); the slot stays the same,
   * pinned with `pin` (docs/product.md#pinned-duties). Given the day as locked with its slots, a
   * clash reads as the API's conflict and the slots follow.
   */
  async replaceOnDay(day: LockedDay | { id: string }, from: string, to: string, override = false, duty?: string, pin?: PinReason): Promise<void> {
    if (!('slots' in day)) return this.rota.replaceOnDay(day.id, from, to, override, duty, pin);
    try {
      await this.rota.replaceOnDay(day.id, from, to, override, duty, pin);
    } catch (error) {
      throw slotConflict(error, day.slots.length);
    }
    day.slots = day.slots.map((slot) => (slot?.staffId === from ? { staffId: to, override, ...(pin ? { pinned: true } : {}) } : slot));
  }

  /** Takes people off days' slots of `duty` (the Duty Manager duty when not given), and removes those of the days nobody is on any more. */
  async takeOffDays(removals: { dayId: string; staffId: string }[], duty?: string): Promise<void> {
    await this.rota.removeFromDays(removals, duty);
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
