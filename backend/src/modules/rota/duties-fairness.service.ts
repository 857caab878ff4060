import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/roles';
import { addDays } from '../../common/clock/academic-year';
import { DutiesService } from '../duties/duties.service';
import type { DutyDto } from '../duties/dto/duty.dto';
import { SchoolCalendar } from '../holidays/school-calendar';
import { academicYearLabel } from '../holidays/term-dates';
import { StaffDirectory } from '../staff/staff-directory.service';
import { StaffGroupsService } from '../staff/staff-groups.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { DutyLoadDto } from './dto/duty-load.dto';
import type { DutyLoadRowDto } from './dto/duty-load-row.dto';
import type { ExportFormat, FairnessPeriod } from './dto/fairness-fields';
import { DutiesPlanner, engineDutyOf } from './duties-planner';
import { dutyFairShares } from './engine/duty-shares';
import type { EngineDuty } from './engine/duties-types';
import type { EngineStaff } from './engine/rota-engine';
import { type ExportFile, FairnessService } from './fairness.service';
import { RotaPlanner } from './rota-planner';
import { RotaRepository } from './rota.repository';
import type { RotaSlotsSource } from './rota-slots-source';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The load view (docs/product.md#duties): each active person's weighted load over every duty the
 * school runs — Σ weight of their slots done and planned in the year or a term — against their fair
 * share of that load as the multi-duty engine makes it (dutyFairShares: the period's load shared by
 * availability and who may take what), with their count and load per duty and the team's largest
 * gap and per-duty spread. Exports it as CSV or XLSX. Staff see their own row and the team's figures.
 */
@Injectable()
export class DutiesFairnessService {
  constructor(
    private readonly organizationClock: OrganizationClock,
    private readonly calendar: SchoolCalendar,
    private readonly fairness: FairnessService,
    private readonly duties: DutiesService,
    private readonly groups: StaffGroupsService,
    private readonly dutiesPlanner: DutiesPlanner,
    private readonly planner: RotaPlanner,
    private readonly rota: RotaRepository,
    private readonly staffDirectory: StaffDirectory,
  ) {}

  /** With `slots`, a draft's in place of the live rota on its period (docs/product.md#drafts). */
  async load(actor: AuthUser, query: { academicYear?: number; period?: FairnessPeriod }, slots: RotaSlotsSource = this.rota): Promise<DutyLoadDto> {
    const today = await this.organizationClock.today();
    const year = query.academicYear ?? (await this.calendar.planningYear(today));
    const period = query.period ?? 'year';
    const { startDate, endDate } = await this.fairness.bounds(year, period);

    const listed = await this.duties.list();
    const facts = await this.dutiesPlanner.planningDuties();
    const staff = await this.planner.staffFacts();
    const counts = await slots.dutyLoadCounts(startDate, endDate, today);
    // The duties shown: the active ones, and the paused ones that have slots in the period.
    const columns = listed.filter((d) => !d.paused || counts.some((c) => c.dutyId === d.id));
    const weights = new Map(columns.map((d) => [d.id, d.weight]));
    const shown = counts.filter((c) => weights.has(c.dutyId));
    const active = new Set(staff.filter((s) => s.isActive).map((s) => s.id));

    // The share as the engine plans it (DutiesPlanner.planYear): the load held up to today, then
    // what the running duties need from tomorrow on, less what people no longer active hold.
    const { schoolDays } = await this.planner.fairSharePeriod(startDate, endDate);
    const unavailability = await this.dutiesPlanner.awayBetween(startDate, endDate);
    const doneBefore = shown.reduce((n, c) => n + c.done * weights.get(c.dutyId)!, 0);
    const doneByInactive = shown.filter((c) => !active.has(c.staffId)).reduce((n, c) => n + c.count * weights.get(c.dutyId)!, 0);
    const engineDuties = facts.duties.map((d) => engineDutyOf(d, staff));
    const shares = dutyFairShares(staff, engineDuties, { schoolDays, unavailability, from: addDays(today, 1), doneBefore }, doneByInactive);

    const held = new Map<string, number>();
    for (const c of shown) held.set(`${c.staffId}|${c.dutyId}`, c.count);
    const names = new Map((await this.staffDirectory.roster()).map((r) => [r.id, r.name]));
    const all: DutyLoadRowDto[] = staff
      .filter((s) => s.isActive)
      .map((s) => {
        const perDuty = columns.map((d) => {
          const count = held.get(`${s.id}|${d.id}`) ?? 0;
          return { dutyId: d.id, count, load: count * d.weight };
        });
        const load = perDuty.reduce((n, p) => n + p.load, 0);
        const target = shares.target.get(s.id) ?? 0;
        return { staffId: s.id, name: names.get(s.id) ?? 'Unknown', load, target: round1(target), difference: round1(load - target), perDuty };
      })
      .sort((a, b) => b.difference - a.difference || a.name.localeCompare(b.name));

    const allowed = await this.allowedOn(columns, staff, engineDuties);
    const summary = {
      largestGap: round1(Math.max(0, ...all.map((r) => Math.abs(r.load - (shares.target.get(r.staffId) ?? 0))))),
      perDuty: columns.map((d, i) => {
        const mine = all.filter((r) => allowed.get(d.id)!(r.staffId)).map((r) => r.perDuty[i]!.count);
        return { dutyId: d.id, min: mine.length ? Math.min(...mine) : 0, max: mine.length ? Math.max(...mine) : 0 };
      }),
    };
    // Staff see their own row against the team (as the Duty Manager fairness view).
    const manages = hasPermission(actor.role, 'rota.manage');
    const own = manages ? undefined : await this.staffDirectory.ofUser(actor.id);
    const rows = manages ? all : all.filter((r) => r.staffId === own?.id);
    return {
      academicYear: academicYearLabel(year),
      period,
      startDate,
      endDate,
      duties: columns.map((d) => ({ id: d.id, name: d.name, weight: d.weight })),
      rows,
      summary,
    };
  }

  async exportLoad(
    actor: AuthUser,
    query: { academicYear?: number; period?: FairnessPeriod; format: ExportFormat },
    slots: RotaSlotsSource = this.rota,
  ): Promise<ExportFile> {
    const view = await this.load(actor, query, slots);
    const header = ['Name', ...view.duties.map((d) => d.name), 'Load', 'Fair share', 'Difference'];
    const rows = view.rows.map((r) => [r.name, ...r.perDuty.map((p) => p.count), r.load, r.target, r.difference]);
    const summary = [
      [],
      ['From', { date: view.startDate }],
      ['To', { date: view.endDate }],
      ['Largest gap (minutes)', view.summary.largestGap],
      ...view.duties.map((d, i) => [`${d.name}: fewest–most`, `${view.summary.perDuty[i]!.min}–${view.summary.perDuty[i]!.max}`]),
    ];
    const name = `duty-load-${view.academicYear}-${view.period}`;
    return this.fairness.file(query.format, name, `Duty load ${view.academicYear} ${view.period}`, header, [...rows, ...summary]);
  }

  /** Who may take each duty, among the staff: its eligibility (a paused duty's listed groups read from the groups). */
  private async allowedOn(
    duties: DutyDto[],
    staff: readonly EngineStaff[],
    engineDuties: EngineDuty[],
  ): Promise<Map<string, (staffId: string) => boolean>> {
    const planning = new Map(engineDuties.map((d) => [d.id, d]));
    const members = duties.some((d) => d.paused && d.eligible === 'listed')
      ? new Map((await this.groups.list()).map((g) => [g.id, g.members]))
      : null;
    const teaching = new Set(staff.filter((s) => s.isTeaching).map((s) => s.id));
    return new Map(
      duties.map((d) => {
        const engine = planning.get(d.id);
        if (engine) return [d.id, (id: string) => engine.eligible === null || engine.eligible.has(id)];
        if (d.eligible === 'teaching') return [d.id, (id: string) => teaching.has(id)];
        if (d.eligible === 'non_teaching') return [d.id, (id: string) => !teaching.has(id)];
        if (d.eligible === 'listed') {
          const ids = new Set([...d.staffIds, ...d.groupIds.flatMap((g) => (members?.get(g) ?? []).map((m) => m.id))]);
          return [d.id, (id: string) => ids.has(id)];
        }
        return [d.id, () => true];
      }),
    );
  }
}
