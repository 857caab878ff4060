import { Injectable } from '@nestjs/common';
import { addDays, mondayOf } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { DutiesService } from '../duties/duties.service';
import type { PlanningDuties } from '../duties/duties.module';
import { SchoolCalendar } from '../holidays/school-calendar';
import { checkDuties, type DutyRuleBroken } from './engine/duties-rules';
import type { DaySlots } from './engine/rota-engine';
import type { RuleBroken } from './engine/rota-rules';
import { type DutyDays, DutiesPlanner, engineDutyOf } from './duties-planner';
import { RotaPlanner } from './rota-planner';
import { RotaRepository } from './rota.repository';

/** A person a repair takes off a slot of a duty other than (or beside) the Duty Manager's. */
export interface DutyRemoval {
  date: IsoDate;
  dutyId: string;
  /** Slot number, from 1. */
  position: number;
  staffId: string;
  rule: RuleBroken | DutyRuleBroken | 'duty_paused' | 'duty_deleted';
  /** Why, for the person's history and their email: "Lunch — Canteen is paused", "Overlaps Break". */
  reason: string;
  /** For `unavailable`: the stored period. */
  periodId?: string;
}

/** A person a repair puts in a slot it freed. */
export interface DutyRefill {
  date: IsoDate;
  dutyId: string;
  position: number;
  staffId: string;
}

/** What DutiesRepair.check found: the removals, and what the refill plans from. */
export interface DutiesCheck {
  removals: DutyRemoval[];
  /** Slots the Duty Manager duty's own repair freed and left for this one to refill (DutiesRepair.check's `freed`). */
  freed: DutyRemoval[];
  days: DutyDays;
  facts: PlanningDuties;
}

/** Rules after which the slot stays open for someone else; the others close it (the day, or the duty, is gone). */
const REFILLABLE = new Set<DutyRemoval['rule']>([
  'inactive',
  'unavailable',
  'not_working_day',
  'not_allowed',
  'overlap',
  'daily_max',
  'over_cap',
  'twice',
]);

/**
 * The rota stays true for every duty (docs/product.md#the-rota-stays-true): after a change of
 * facts, and after the Duty Manager duty's own repair, every slot from today on of a paused or
 * deleted duty, and every one that breaks a hard rule of several duties (checkDuties: the duty runs
 * that weekday and needs that many, the person is allowed on it, no overlap, the daily maximum,
 * the weekly cap over every duty, away — a timed commitment over the duty's times included), is
 * freed; with auto-fill, the freed slots of duties still running are refilled by the multi-duty
 * engine, never with the person just taken off. A school with no duty but the Duty Manager's
 * planned from today on costs one read and changes nothing.
 */
@Injectable()
export class DutiesRepair {
  constructor(
    private readonly duties: DutiesService,
    private readonly rota: RotaRepository,
    private readonly planner: RotaPlanner,
    private readonly dutiesPlanner: DutiesPlanner,
    private readonly calendar: SchoolCalendar,
  ) {}

  /**
   * Whether the Duty Manager duty's repair should leave its freed slots to this one: when another
   * duty is planned from `from` on, or the Duty Manager duty is not open to everyone. Its own
   * engine knows neither who may take it nor anyone's other duties that day, so its choice could
   * break a rule this repair would then undo (and report as a second removal).
   */
  refillsDutyManagerFrom(from: IsoDate): Promise<boolean> {
    return this.rota.dutiesBeyondDutyManagerFrom(from);
  }

  /**
   * What breaks a rule from `from` on, with `freed` — Duty Manager slots its own repair emptied
   * for this one to refill; null when there is nothing to free or refill, or only the Duty Manager
   * duty, open to everyone, is planned then.
   */
  async check(from: IsoDate, freed: DutyRemoval[] = []): Promise<DutiesCheck | null> {
    // The Duty Manager duty alone, open to everyone: its own repair (RotaPlanner) has checked it all.
    if (!freed.length && !(await this.rota.dutiesBeyondDutyManagerFrom(from))) return null;
    const days = await this.rota.dutySlotsBetween(from, null);
    const facts = await this.duties.planningDuties();
    const running = new Set(facts.duties.map((d) => d.id));
    const removals: DutyRemoval[] = [];

    // A paused or deleted duty's people go from today on, whatever else holds.
    const stopped = Object.keys(days).filter((id) => !running.has(id));
    if (stopped.length) {
      const listed = new Set((await this.duties.list()).map((d) => d.id));
      const names = await this.duties.namesOf(stopped);
      for (const id of stopped) {
        const paused = listed.has(id);
        const name = names.get(id) ?? 'The duty';
        for (const [date, slots] of Object.entries(days[id]!)) {
          slots.forEach((slot, index) => {
            if (!slot) return;
            removals.push({
              date,
              dutyId: id,
              position: index + 1,
              staffId: slot.staffId,
              rule: paused ? 'duty_paused' : 'duty_deleted',
              reason: paused ? `${name} is paused` : `${name} was deleted`,
            });
          });
        }
      }
    }

    const planned: DutyDays = Object.fromEntries(Object.entries(days).filter(([id]) => running.has(id)));
    const dates = Object.values(planned).flatMap((byDate) => Object.keys(byDate));
    if (dates.length) {
      const first = dates.reduce((a, b) => (a < b ? a : b));
      const last = dates.reduce((a, b) => (a > b ? a : b));
      // One after the other: inside a transaction they share its connection.
      const staff = await this.planner.staffFacts();
      const closures = await this.calendar.closuresBetween(first, last);
      const away = await this.dutiesPlanner.awayBetween(first, last);
      const weekCounts = first > mondayOf(first) ? await this.rota.weekCounts(mondayOf(first), addDays(first, -1), []) : {};
      const violations = checkDuties(planned, {
        duties: facts.duties.map((d) => ({ ...engineDutyOf(d, staff), name: d.name })),
        staff,
        closures,
        away,
        maxPerDay: facts.rules.maxDutiesPerDay,
        allDayCounts: facts.rules.allDayDutiesCount,
        weekCounts,
      });
      removals.push(...violations);
    }
    return removals.length || freed.length ? { removals, freed, days, facts } : null;
  }

  /**
   * Frees the slots of `check.removals`, and with `refill` fills those of duties still running
   * that day, and the `freed` ones, with the multi-duty engine (the removed person blocked from
   * that duty that day). Each duty's changed days are written. Returns who went where.
   */
  async repair(check: DutiesCheck, refill: boolean): Promise<DutyRefill[]> {
    const target: DutyDays = {};
    for (const r of [...check.removals, ...check.freed]) {
      const slots = ((target[r.dutyId] ??= {})[r.date] ??= [...(check.days[r.dutyId]?.[r.date] ?? [])]) as DaySlots;
      slots[r.position - 1] = null;
    }
    const refills: DutyRefill[] = [];
    const open = [...check.removals.filter((r) => REFILLABLE.has(r.rule)), ...check.freed];
    if (refill && open.length) {
      const fillable: Record<string, Record<IsoDate, number[]>> = {};
      for (const r of open) ((fillable[r.dutyId] ??= {})[r.date] ??= []).push(r.position - 1);
      const dates = [...new Set(open.map((r) => r.date))].sort();
      const existing: DutyDays = {};
      for (const [duty, byDate] of Object.entries(check.days)) {
        for (const date of dates) if (byDate[date]) (existing[duty] ??= {})[date] = target[duty]?.[date] ?? byDate[date]!;
      }
      const dutyIds = check.facts.duties.filter((d) => fillable[d.id]).map((d) => d.id);
      // Only the freed slots: a duty's other empty slots on these days (an earlier change left
      // them open) are not this repair's to fill, and what it placed there would not be written.
      for (const id of dutyIds) for (const date of dates) fillable[id]![date] ??= [];
      const planned = await this.dutiesPlanner.plan(
        { mode: 'fill', days: dates, dutyIds, existing, fillable, blocks: open.map((r) => ({ staffId: r.staffId, date: r.date, dutyId: r.dutyId })) },
        check.facts,
      );
      for (const r of open) {
        const slot = planned[r.dutyId]?.[r.date]?.[r.position - 1];
        if (!slot) continue;
        target[r.dutyId]![r.date]![r.position - 1] = slot;
        refills.push({ date: r.date, dutyId: r.dutyId, position: r.position, staffId: slot.staffId });
      }
    }
    for (const [duty, byDate] of Object.entries(target)) await this.rota.writeDays(byDate, duty);
    return refills;
  }
}
