import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { daysInSpan } from '../../common/clock/academic-year';
import { describeDate, describeDateRange } from '../../common/text/dates';
import { plural } from '../../common/text/plural';
import { AuditService } from '../audit/audit.service';
import { AvailabilityService } from '../availability/availability.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import type { CreateUnavailabilityDto } from './dto/create-unavailability.dto';
import type { UnavailabilityResultDto } from './dto/unavailability-result.dto';
import type { UnavailabilityDto } from './dto/unavailability.dto';
import type { UpdateUnavailabilityDto } from './dto/update-unavailability.dto';
import { StaffUnavailability, UNAVAILABILITY_LABELS } from '../availability/entities/staff-unavailability.entity';
import { assertActsFor, loadPerson } from './request-people';
import { StaffDirectory } from '../staff/staff-directory.service';

/** Longest period one entry may cover (about two years), so a typo can't empty a decade. */
export const MAX_PERIOD_DAYS = 800;

export const OWN_ONLY = 'You can only manage your own unavailability';

function toDto(u: StaffUnavailability): UnavailabilityDto {
  return {
    id: u.id,
    staffId: u.staff.id,
    startDate: u.startDate,
    endDate: u.endDate,
    reason: u.reason,
    type: u.type,
    createdAt: u.createdAt.toISOString(),
  };
}

/**
 * Unavailability periods. Adding one takes the person off every duty in it from today on
 * (kept as approved cancellations with the reason) and, with auto-fill on, gives each freed
 * slot to the least-loaded eligible person, all in one transaction.
 */
@Injectable()
export class UnavailabilityService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly factChanges: FactChangesService,
    private readonly availability: AvailabilityService,
    private readonly audit: AuditService,
  ) {}

  async list(actor: AuthUser, staffId: string): Promise<UnavailabilityDto[]> {
    const staff = await loadPerson(this.staffDirectory, staffId);
    assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
    const periods = await this.availability.periodsOf(staffId);
    return periods.map(toDto);
  }

  async create(actor: AuthUser, dto: CreateUnavailabilityDto): Promise<UnavailabilityResultDto> {
    if (daysInSpan(dto.startDate, dto.endDate) > MAX_PERIOD_DAYS)
      throw new BadRequestException('An unavailability period can cover at most two years');
    const type = dto.type ?? 'annual_leave';
    const label = UNAVAILABILITY_LABELS[type];

    // Duties from today on in the period go, kept as approved cancellations with the reason, and are
    // refilled per auto-fill; past duties stay in the record (docs/product.md#the-rota-stays-true).
    const { written, rotaChange } = await this.factChanges.change(
      actor,
      async () => {
        const staff = await loadPerson(this.staffDirectory, dto.staffId);
        assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
        const overlap = await this.availability.lockOverlapping(staff.id, dto.startDate, dto.endDate);
        if (overlap) {
          throw new ConflictException(
            `${staff.name} is already unavailable from ${describeDate(overlap.start)} to ${describeDate(overlap.end)} ` +
              `(${UNAVAILABILITY_LABELS[overlap.type]}); change that period instead`,
          );
        }
        const period = this.availability.add({
          staffId: staff.id,
          startDate: dto.startDate,
          endDate: dto.endDate,
          reason: dto.reason,
          type,
          createdBy: actor.id,
        });
        return { staff, period, cause: `${staff.name}'s ${label.toLowerCase()}` };
      },
      ({ staff, period }, rotaChange) => {
        const change = rotaChange;
        const cancelled = change.removedDuties;
        this.audit.record(actor, {
          kind: 'request',
          action: 'unavailability.added',
          entityId: period.id,
          summary:
            `${staff.name} unavailable ${describeDateRange(dto.startDate, dto.endDate)} (${label})` +
            (cancelled ? `: ${plural(cancelled, 'duty', 'duties')} cancelled, ${change.refilledDuties} refilled` : ''),
          after: { staffId: staff.id, startDate: dto.startDate, endDate: dto.endDate, type, reason: dto.reason, cancelledDates: change.dates },
        });
      },
    );
    const outcome = { period: written.period, cancelled: rotaChange.removedDuties, refilled: rotaChange.refilledDuties };

    const { cancelled, refilled } = outcome;
    return {
      unavailability: toDto(outcome.period),
      cancelledDuties: cancelled,
      refilledDuties: refilled,
      message:
        'Unavailability period added successfully.' +
        (cancelled === 0
          ? ' There were no duties in the period.'
          : ` ${plural(cancelled, 'duty assignment')} cancelled` +
            (refilled === cancelled ? ' and all refilled.' : refilled ? `, ${refilled} refilled.` : '.')),
    };
  }

  /**
   * Changes a period's dates, reason or type, through the same path as adding one: the settings
   * lock, the overlap check (with the person's other periods), then the rota check, which takes the
   * person off duties on days the period now covers (from today on) and refills them per auto-fill.
   * Days it no longer covers get no duties back, as when a period is deleted.
   */
  async update(actor: AuthUser, id: string, dto: UpdateUnavailabilityDto): Promise<UnavailabilityResultDto> {
    if (daysInSpan(dto.startDate, dto.endDate) > MAX_PERIOD_DAYS)
      throw new BadRequestException('An unavailability period can cover at most two years');

    const { written, rotaChange } = await this.factChanges.change(
      actor,
      async () => {
        const period = await this.availability.period(id);
        if (!period) throw new NotFoundException('Unavailability period not found');
        const staff = await loadPerson(this.staffDirectory, period.staff.id);
        assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
        const type = dto.type ?? period.type;
        const label = UNAVAILABILITY_LABELS[type];
        const overlap = await this.availability.lockOverlapping(staff.id, dto.startDate, dto.endDate, period.id);
        if (overlap) {
          throw new ConflictException(
            `${staff.name} is already unavailable from ${describeDate(overlap.start)} to ${describeDate(overlap.end)} ` +
              `(${UNAVAILABILITY_LABELS[overlap.type]}); change that period instead`,
          );
        }
        const before = { startDate: period.startDate, endDate: period.endDate, type: period.type, reason: period.reason };
        this.availability.change(period, { startDate: dto.startDate, endDate: dto.endDate, reason: dto.reason, type });
        return { staff, period, before, type, label, cause: `${staff.name}'s ${label.toLowerCase()}` };
      },
      ({ staff, period, before, type, label }, rotaChange) => {
        const change = rotaChange;
        const cancelled = change.removedDuties;
        this.audit.record(actor, {
          kind: 'request',
          action: 'unavailability.updated',
          entityId: period.id,
          summary:
            `${staff.name} unavailable ${describeDateRange(dto.startDate, dto.endDate)} (${label}), ` +
            `was ${describeDateRange(before.startDate, before.endDate)}` +
            (cancelled ? `: ${plural(cancelled, 'duty', 'duties')} cancelled, ${change.refilledDuties} refilled` : ''),
          before: { staffId: staff.id, ...before },
          after: { staffId: staff.id, startDate: dto.startDate, endDate: dto.endDate, type, reason: dto.reason, cancelledDates: change.dates },
        });
      },
    );
    const outcome = { period: written.period, cancelled: rotaChange.removedDuties, refilled: rotaChange.refilledDuties };

    const { cancelled, refilled } = outcome;
    return {
      unavailability: toDto(outcome.period),
      cancelledDuties: cancelled,
      refilledDuties: refilled,
      message:
        'Unavailability period updated.' +
        (cancelled === 0
          ? ''
          : ` ${plural(cancelled, 'duty assignment')} in the new dates cancelled` +
            (refilled === cancelled ? ' and all refilled.' : refilled ? `, ${refilled} refilled.` : '.')),
    };
  }

  /**
   * Removes a period. The duties taken off because of it stay with whoever has them now; the repair
   * fills the slots the person's days open and keeps the rota fair (docs/product.md#the-rota-stays-true).
   */
  async remove(actor: AuthUser, id: string): Promise<void> {
    await this.factChanges.change(actor, async () => {
      const period = await this.availability.period(id);
      if (!period) throw new NotFoundException('Unavailability period not found');
      const staff = await loadPerson(this.staffDirectory, period.staff.id);
      assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
      this.audit.record(actor, {
        kind: 'request',
        action: 'unavailability.deleted',
        entityId: period.id,
        summary: `${staff.name} no longer unavailable ${describeDateRange(period.startDate, period.endDate)} (${UNAVAILABILITY_LABELS[period.type]})`,
        before: { staffId: staff.id, startDate: period.startDate, endDate: period.endDate, type: period.type, reason: period.reason },
      });
      this.availability.remove(period);
      return { cause: `Removing ${staff.name}'s ${UNAVAILABILITY_LABELS[period.type].toLowerCase()}` };
    });
  }
}
