import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { academicYearOf, daysInSpan } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { DutiesService } from '../duties/duties.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { StaffDirectory } from '../staff/staff-directory.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { CreateRotaDayDto } from './dto/create-rota-day.dto';
import type { RotaCandidatesDto } from './dto/rota-candidates.dto';
import type { RotaDayDto } from './dto/rota-day.dto';
import type { UpdateRotaDayDto } from './dto/update-rota-day.dto';
import { BY_HAND_DID, DutyChangeNotices } from './duty-change-notices';
import { needOn, notRunning, type OtherDuty } from './duty-need';
import { isWeekday } from './engine/rota-engine';
import { closedBecause } from './engine/rota-rules';
import { MAX_RANGE_DAYS, toRotaDayDto } from './rota-days';
import { duplicateAssignment, slotConflict, slotsFull } from './rota-errors';
import { RotaPlanner } from './rota-planner';
import { RotaRepository } from './rota.repository';
import { RotaService } from './rota.service';
import type { PinReason } from './pins';

/**
 * The rota page's reads and assignments by hand (GET, POST and PUT /api/rota), of the Duty Manager
 * duty or, with `dutyId`, of another duty (docs/product.md#duties), and who may be put on another
 * duty (GET /api/rota/candidates with `dutyId`).
 */
@Injectable()
export class RotaAssignmentsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly settings: SystemSettingsService,
    private readonly rota: RotaRepository,
    private readonly planner: RotaPlanner,
    private readonly dutyChanges: DutyChangeNotices,
    private readonly duties: DutiesService,
    private readonly staffDirectory: StaffDirectory,
    private readonly organizationClock: OrganizationClock,
    private readonly rotaService: RotaService,
  ) {}

  /**
   * The rota days of `startDate`..`endDate`, at most two years: of the Duty Manager duty, or of
   * `dutyId`'s duty, each day with as many slots as that duty needs on its weekday (more when more
   * are filled). With `withPins` (admins and managers), a pinned slot says so (docs/product.md#pinned-duties).
   */
  async list(startDate: IsoDate, endDate: IsoDate, dutyId?: string, withPins = false): Promise<RotaDayDto[]> {
    if (daysInSpan(startDate, endDate) > MAX_RANGE_DAYS) {
      throw new BadRequestException('The date range can cover at most two years; ask for a shorter period');
    }
    const duty = await this.otherDuty(dutyId);
    if (!duty) return this.rota.daysBetween(startDate, endDate, undefined, withPins);
    return (await this.rota.dutyDaysBetween(duty.id, startDate, endDate)).map((day) => toRotaDayDto(day, needOn(duty, day.date), withPins));
  }

  /**
   * Who may be put on `dutyId`'s duty on `date` (docs/product.md#duties): active, not away then (a
   * weekly commitment at an overlapping time included), working that weekday and under their weekly
   * cap, allowed on it, on no other duty at an overlapping time and under the daily maximum; the
   * lightest weighted load of every duty this academic year first.
   */
  async candidates(date: IsoDate, dutyId: string): Promise<RotaCandidatesDto> {
    const duty = await this.duties.forRota(dutyId);
    const facts = await this.planner.facts(date, date, 1);
    const closed = closedBecause(date, facts.closures)?.reason ?? notRunning(duty, date);
    if (closed) return { date, closed, candidates: [] };
    const onDuty = new Set(((await this.rota.slotsFrom(date, date, duty.id))[date] ?? []).map((slot) => slot?.staffId));
    const away = new Set(facts.away.filter((a) => a.start <= date && date <= a.end).map((a) => a.staffId));
    const roster = (await this.staffDirectory.roster()).filter((r) => r.isActive && !onDuty.has(r.id) && !away.has(r.id));
    const refused = await this.planner.patternRefusals(date, roster);
    const notAcross = await this.planner.dutyRefusals(date, roster, duty.id);
    const { duties } = await this.duties.planningDuties();
    const weights = new Map(duties.map((d) => [d.id, d.weight]));
    const year = academicYearOf(date);
    const load = new Map<string, { weight: number; count: number }>();
    for (const row of await this.rota.heldDutiesBetween(year.startDate, year.endDate, [])) {
      const mine = load.get(row.staff_id) ?? load.set(row.staff_id, { weight: 0, count: 0 }).get(row.staff_id)!;
      // A duty no longer planned (paused, deleted) weighs as the Duty Manager duty's default.
      mine.weight += weights.get(row.duty_id) ?? 60;
      mine.count += 1;
    }
    const candidates = roster
      .filter((r) => !refused.has(r.id) && !notAcross.has(r.id))
      .map((r) => ({ person: r, load: load.get(r.id) ?? { weight: 0, count: 0 } }))
      .sort((a, b) => a.load.weight - b.load.weight || a.person.name.localeCompare(b.person.name))
      .map(({ person, load: held }) => ({
        id: person.id,
        name: person.name,
        department: person.department,
        isTeaching: person.isTeaching,
        dutiesThisYear: held.count,
      }));
    return { date, closed: null, candidates };
  }

  /**
   * POST /api/rota: puts the named people on `date`, creating its rota day when needed, pinned as
   * set by hand (docs/product.md#pinned-duties), or as `pin` says (a cover on the Today board).
   */
  create(actor: AuthUser, dto: CreateRotaDayDto, pin?: PinReason): Promise<RotaDayDto> {
    return this.assign(actor, { date: dto.date }, dto, pin);
  }

  /** PUT /api/rota/{id}: people named who are already on the day stay; the others are added. */
  update(actor: AuthUser, id: string, dto: UpdateRotaDayDto): Promise<RotaDayDto> {
    return this.assign(actor, { id }, dto);
  }

  /**
   * Assignment by hand (docs/product.md#assigning-by-hand). The rota lock (RotaService.lockForChange)
   * and the day's row are held for the whole transaction, so two people assigning the last free slot
   * at once are serialised: the second sees it taken and gets "Slots full". The database constraints
   * back this up. Then the rest of the rota is kept fair (RotaService.keepFair).
   */
  private async assign(actor: AuthUser, target: { date: IsoDate } | { id: string }, dto: UpdateRotaDayDto, pin?: PinReason): Promise<RotaDayDto> {
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
      await this.rotaService.lockForChange();
      const duty = await this.otherDuty(dto.dutyId);
      const day = await this.rota.lockDay(isCreate ? { date: target.date, create: true } : { id: target.id }, duty?.id);
      // Another organisation's day is invisible: 404, not 403.
      if (!day) throw new NotFoundException('Rota day not found');
      const closed = duty && notRunning(duty, day.date);
      if (closed) throw new ConflictException({ message: closed, code: 'duty_not_running' });
      const slotsPerDay = duty ? needOn(duty, day.date) : await this.settings.dutyManagersPerDay();

      const current = day.slots;
      const onDay = new Set(current.map((c) => c.staffId));
      // POST names only people to add; PUT repeats the people already there (docs/product.md#assigning-by-hand).
      if (isCreate && named.some((n) => onDay.has(n.staffId))) throw duplicateAssignment();
      const additions = named.filter((n) => !onDay.has(n.staffId));
      if (additions.length === 0) return this.day(day, slotsPerDay, duty);

      const confirmed = await this.planner.assertAssignable(
        day.date,
        additions.map((a) => a.staffId),
        dto.override ?? false,
        new Map(),
        duty?.id,
      );

      // A duty from today on is pinned; recording who was on a past day pins nothing (docs/product.md#pinned-duties).
      const pins = day.date >= (await this.organizationClock.today());
      const occupied = new Set(current.map((c) => c.position));
      const placed: { staffId: string; position: number; override: boolean; pin?: PinReason }[] = [];
      for (const addition of additions) {
        let position = addition.position <= slotsPerDay && !occupied.has(addition.position) ? addition.position : 0;
        for (let p = 1; !position && p <= slotsPerDay; p += 1) if (!occupied.has(p)) position = p;
        if (!position) throw slotsFull(slotsPerDay, duty?.name);
        occupied.add(position);
        const override = confirmed.includes(addition.staffId);
        placed.push({ staffId: addition.staffId, position, override, ...(pins ? { pin: pin ?? (override ? 'override' : 'hand') } : {}) });
      }
      try {
        await this.rota.addToDay(day, placed, duty?.id);
      } catch (error) {
        throw slotConflict(error, slotsPerDay, duty?.name);
      }
      const result = await this.day(day, slotsPerDay, duty);
      const names = placed.map((p) => result.slots[p.position - 1]?.staff?.name ?? p.staffId);
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.assigned',
        entityId: day.id,
        summary:
          `Assigned ${names.join(' and ')} to ${duty ? `${duty.name} on ` : ''}${describeDate(day.date)}` +
          (confirmed.length ? ' (confirmed outside their working pattern or weekly cap)' : ''),
        after: {
          date: day.date,
          assigned: placed.map(({ staffId, position, override }) => ({ staffId, position, override })),
          ...(duty ? { dutyId: duty.id } : {}),
        },
      });
      // The people put on the day are told, by email and in the app (docs/product.md#notifications).
      await this.dutyChanges.tell(
        { [day.date]: [] },
        { [day.date]: placed.map(({ staffId, override }) => ({ staffId, override })) },
        { by: actor.name, did: BY_HAND_DID },
      );
      // The rest of the rota rebalanced around it (keep fairness on); the day as it is then.
      const moved = await this.rotaService.keepFair(actor, `assigning ${names.join(' and ')} on ${describeDate(day.date)}`);
      await this.unitOfWork.flush();
      return moved ? this.day(day, slotsPerDay, duty) : result;
    });
  }

  private async day(day: { id: string; date: IsoDate }, slotsPerDay: number, duty?: OtherDuty): Promise<RotaDayDto> {
    if (!duty) return (await this.rota.daysBetween(day.date, day.date, slotsPerDay))[0]!;
    const [record] = await this.rota.dutyDaysBetween(duty.id, day.date, day.date);
    return toRotaDayDto(record ?? { id: day.id, date: day.date, slots: [] }, slotsPerDay);
  }

  /** The duty `dutyId` names when it is not the Duty Manager duty (whose reads and edits are today's); 404 when unknown. */
  private async otherDuty(dutyId: string | undefined): Promise<OtherDuty | undefined> {
    if (dutyId === undefined) return undefined;
    const duty = await this.duties.forRota(dutyId);
    return duty.isDutyManager ? undefined : duty;
  }
}
