import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { daysInSpan } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import type { CreateRotaDayDto } from './dto/create-rota-day.dto';
import type { RotaDayDto } from './dto/rota-day.dto';
import type { UpdateRotaDayDto } from './dto/update-rota-day.dto';
import { BY_HAND_DID, DutyChangeNotices } from './duty-change-notices';
import { isWeekday } from './engine/rota-engine';
import { MAX_RANGE_DAYS } from './rota-days';
import { duplicateAssignment, slotConflict, slotsFull } from './rota-errors';
import { RotaPlanner } from './rota-planner';
import { RotaRepository } from './rota.repository';

/** The rota page's reads and assignments by hand (GET, POST and PUT /api/rota). */
@Injectable()
export class RotaAssignmentsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly settings: SystemSettingsService,
    private readonly rota: RotaRepository,
    private readonly planner: RotaPlanner,
    private readonly dutyChanges: DutyChangeNotices,
  ) {}

  /** The rota days of `startDate`..`endDate`, at most two years. */
  async list(startDate: IsoDate, endDate: IsoDate): Promise<RotaDayDto[]> {
    if (daysInSpan(startDate, endDate) > MAX_RANGE_DAYS) {
      throw new BadRequestException('The date range can cover at most two years; ask for a shorter period');
    }
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
        throw slotConflict(error, slotsPerDay);
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

  private async day(date: IsoDate, slotsPerDay: number): Promise<RotaDayDto> {
    return (await this.rota.daysBetween(date, date, slotsPerDay))[0]!;
  }
}
