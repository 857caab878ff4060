import { BadRequestException, Injectable } from '@nestjs/common';
import { academicYearStarting, addDays, datesBetween, planningPeriodOf } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { SchoolCalendar } from '../holidays/school-calendar';
import { StaffDirectory } from '../staff/staff-directory.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { RotaCandidatesDto } from './dto/rota-candidates.dto';
import type { AllDutiesHealthDto } from './dto/all-duties-health.dto';
import type { DutyUnfilledDto } from './dto/duty-unfilled.dto';
import type { DutyViolationDto } from './dto/duty-violation.dto';
import type { RotaHealthDto } from './dto/rota-health.dto';
import { DutiesService } from '../duties/duties.service';
import { DutiesRepair } from './duties-repair';
import { closedBecause } from './engine/rota-rules';
import { RotaPlanner } from './rota-planner';
import { RotaRepository } from './rota.repository';
import type { RotaSlotsSource } from './rota-slots-source';

/**
 * Questions about the planned rota as a whole (docs/product.md#the-rota-stays-true): what breaks a
 * hard rule from today on (always nothing, unless something is wrong), which school days still
 * need someone, and who may be put on a given day.
 */
@Injectable()
export class RotaHealthService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly organizationClock: OrganizationClock,
    private readonly settings: SystemSettingsService,
    private readonly planner: RotaPlanner,
    private readonly rota: RotaRepository,
    private readonly calendar: SchoolCalendar,
    private readonly duties: DutiesService,
    private readonly dutiesRepair: DutiesRepair,
  ) {}

  /**
   * Every duty's assignments from today on that break a hard rule (docs/product.md#duties): the Duty
   * Manager duty's own (as `health`) and, across duties, what DutiesRepair would free — a paused or
   * deleted duty's people, someone not allowed, an overlap, a day over the maximum. After any change
   * of facts there are none. And the school days of one academic year (`academicYear`, or the
   * planning year) from tomorrow — the first day Fill plans — to the end of its summer term on which
   * a running duty other than the Duty Manager duty has fewer people than it needs.
   */
  async allDuties(academicYear?: number): Promise<AllDutiesHealthDto> {
    const today = await this.organizationClock.today();
    const { year, from: unfilledFrom, to: unfilledTo } = await this.unfilledPeriod(today, academicYear);
    const unfilled = await this.unfilledDuties(unfilledFrom, unfilledTo);
    const slotsPerDay = await this.settings.dutyManagersPerDay();
    const dutyManager = await this.duties.dutyManagerId();
    const own = (await this.planner.violationsFrom(today, slotsPerDay)).flatMap((v) => v.violations).map((v) => ({ ...v, dutyId: dutyManager }));
    const across = (await this.dutiesRepair.check(today))?.removals ?? [];
    const seen = new Set(own.map((v) => `${v.dutyId}|${v.date}|${v.position}`));
    const all = [...own, ...across.filter((v) => !seen.has(`${v.dutyId}|${v.date}|${v.position}`))];
    const staffNames = await this.names(all.map((v) => v.staffId));
    const listed = await this.duties.list();
    const dutyNames = await this.duties.namesOf([...new Set(all.map((v) => v.dutyId))].filter((id) => !listed.some((d) => d.id === id)));
    const order = [...listed.map((d) => ({ id: d.id, name: d.name })), ...[...dutyNames].map(([id, name]) => ({ id, name }))];
    const toDto = (v: (typeof all)[number]): DutyViolationDto => ({
      date: v.date,
      position: v.position,
      staffId: v.staffId,
      staffName: staffNames.get(v.staffId) ?? 'Unknown',
      rule: v.rule,
      reason: v.reason,
    });
    return {
      from: today,
      duties: order.map((d) => ({ dutyId: d.id, name: d.name, violations: all.filter((v) => v.dutyId === d.id).map(toDto) })),
      academicYear: year,
      unfilledFrom,
      unfilledTo,
      unfilled,
    };
  }

  /**
   * The days `academicYear` (default: the planning year) is looked at for unfilled days: from
   * tomorrow or its 1 September to the end of its summer term. A year that is over: 400, as `health`.
   */
  private async unfilledPeriod(today: IsoDate, academicYear?: number): Promise<{ year: string; from: IsoDate; to: IsoDate }> {
    const start = academicYear ?? (await this.calendar.planningYear(today));
    const year = academicYearStarting(start);
    const termEnd = await this.calendar.termEnd(start);
    const period = planningPeriodOf(start, today, termEnd);
    if (!period) throw new BadRequestException(`${year.label} is over: choose this academic year (or the next)`);
    // Today's gaps are for a hand edit: the bulk tools plan from tomorrow on.
    const tomorrow = addDays(today, 1);
    return { year: year.label, from: tomorrow > period.from ? tomorrow : period.from, to: period.to };
  }

  /** Each running duty but the Duty Manager's with the school days of `from`..`to` it is short of people on, in the school's order. */
  private async unfilledDuties(from: IsoDate, to: IsoDate): Promise<DutyUnfilledDto[]> {
    const shortfalls = await this.rota.dutyShortfallsBetween(from, to);
    if (!shortfalls.length) return [];
    const closures = await this.calendar.closuresBetween(from, to);
    const byDuty = new Map<string, DutyUnfilledDto>();
    for (const row of shortfalls) {
      if (closedBecause(row.date, closures)) continue;
      const duty = byDuty.get(row.duty_id) ?? byDuty.set(row.duty_id, { dutyId: row.duty_id, dutyName: row.name, days: [] }).get(row.duty_id)!;
      duty.days.push({ date: row.date, missing: row.missing });
    }
    return [...byDuty.values()].filter((d) => d.days.length > 0);
  }

  /**
   * Unfilled days are those of one academic year (docs/product.md#time-and-the-academic-year):
   * `academicYear`, or the planning year — in the summer, the year being planned is next year.
   * With `slots`, a draft's in place of the live rota on its period (docs/product.md#drafts): both
   * the assignments that break a hard rule and the empty days are the draft's there.
   */
  async health(academicYear?: number, slots: RotaSlotsSource = this.rota): Promise<RotaHealthDto> {
    const today = await this.organizationClock.today();
    const start = academicYear ?? (await this.calendar.planningYear(today));
    const year = academicYearStarting(start);
    const slotsPerDay = await this.settings.dutyManagersPerDay();
    const period = planningPeriodOf(start, today, await this.calendar.termEnd(start));
    if (!period) throw new BadRequestException(`${year.label} is over: choose this academic year (or the next)`);
    const { from, to } = period;

    // With a draft, its assignments are checked where they stand in it (docs/product.md#drafts).
    const verdicts = await this.planner.violationsFrom(today, slotsPerDay, slots);
    const violations = verdicts.flatMap((v) => v.violations);
    const names = await this.names(violations.map((v) => v.staffId));

    const planned = await slots.slotsFrom(from, to);
    const facts = await this.planner.facts(from, to, slotsPerDay);
    const unfilledDays = datesBetween(from, to)
      .filter((date) => !closedBecause(date, facts.closures))
      .map((date) => ({ date, filled: (planned[date] ?? []).filter((slot) => slot !== null).length, slots: slotsPerDay }))
      .filter((d) => d.filled < slotsPerDay);
    const yearsWithoutTermDates = await this.calendar.yearsWithoutTerms(from, to);

    return {
      academicYear: year.label,
      from,
      to,
      violations: violations.map((v) => ({
        date: v.date,
        position: v.position,
        staffId: v.staffId,
        staffName: names.get(v.staffId) ?? 'Unknown',
        rule: v.rule,
        reason: v.reason,
      })),
      unfilledDays,
      yearsWithoutTermDates: yearsWithoutTermDates.map((y) => `${y}-${y + 1}`),
    };
  }

  /** Who may be put on `date`: active, not away, not already on it; fewest duties this academic year first. */
  async candidates(date: string): Promise<RotaCandidatesDto> {
    const slotsPerDay = await this.settings.dutyManagersPerDay();
    const facts = await this.planner.facts(date, date, slotsPerDay);
    const closed = closedBecause(date, facts.closures)?.reason ?? null;
    if (closed) return { date, closed, candidates: [] };
    const onDay = new Set(((await this.rota.slotsFrom(date, date))[date] ?? []).map((slot) => slot?.staffId));
    const away = new Set(facts.away.filter((a) => a.start <= date && date <= a.end).map((a) => a.staffId));
    const counts = facts.counts ?? {};
    const roster = (await this.staffDirectory.roster()).filter((r) => r.isActive && !onDay.has(r.id) && !away.has(r.id));
    // Nobody on a weekday they don't work or in a week at their cap: those need a confirmation by hand.
    const refused = await this.planner.patternRefusals(date, roster);
    const candidates = roster
      .filter((r) => !refused.has(r.id))
      .map((r) => ({ id: r.id, name: r.name, department: r.department, isTeaching: r.isTeaching, dutiesThisYear: counts[r.id] ?? 0 }))
      .sort((a, b) => a.dutiesThisYear - b.dutiesThisYear || a.name.localeCompare(b.name));
    return { date, closed: null, candidates };
  }

  private async names(ids: string[]): Promise<Map<string, string>> {
    return new Map([...(await this.staffDirectory.byIds(ids)).values()].map((p) => [p.id, p.name]));
  }
}
