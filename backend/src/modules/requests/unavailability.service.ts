import { ref } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { daysInSpan } from '../../common/clock/academic-year';
import { Clock } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import { plural } from '../../common/text/plural';
import { AuditService } from '../audit/audit.service';
import { AvailabilityRepository } from '../availability/availability.repository';
import { User } from '../auth/entities/user.entity';
import { OutboxService } from '../mail/outbox.service';
import { RotaRepository } from '../rota/rota.repository';
import { RotaService } from '../rota/rota.service';
import { Staff } from '../staff/entities/staff.entity';
import { SystemSettingsRepository } from '../settings/system-settings.repository';
import { organizationToday } from '../tenants/organization-today';
import type { CreateUnavailabilityDto, UnavailabilityDto, UnavailabilityResultDto } from './dto/requests.dto';
import { CancelRequest } from './entities/cancel-request.entity';
import { StaffUnavailability, UNAVAILABILITY_LABELS } from '../availability/entities/staff-unavailability.entity';
import { dutiesRemovedEmail, dutyAddedEmail } from './request-emails';
import { assertActsFor, loadPeople, loadPerson } from './request-people';

/** Longest period one entry may cover (about two years), so a typo can't empty a decade. */
const MAX_PERIOD_DAYS = 800;

const OWN_ONLY = 'You can only manage your own unavailability';

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
    private readonly em: EntityManager,
    private readonly rota: RotaService,
    private readonly rotaDays: RotaRepository,
    private readonly settings: SystemSettingsRepository,
    private readonly availability: AvailabilityRepository,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
  ) {}

  async list(actor: AuthUser, staffId: string): Promise<UnavailabilityDto[]> {
    const staff = await loadPerson(this.em, staffId);
    assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
    const periods = await this.availability.periodsOf(this.em, staffId);
    return periods.map(toDto);
  }

  async create(actor: AuthUser, dto: CreateUnavailabilityDto): Promise<UnavailabilityResultDto> {
    if (daysInSpan(dto.startDate, dto.endDate) > MAX_PERIOD_DAYS) throw new BadRequestException('An unavailability period can cover at most two years');
    const type = dto.type ?? 'annual_leave';
    const label = UNAVAILABILITY_LABELS[type];

    const outcome = await this.em.transactional(async (em) => {
      const staff = await loadPerson(em, dto.staffId);
      assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
      // Holding the settings row keeps bulk runs out while duties are taken off and refilled.
      await this.settings.lockShared(em);
      const overlap = await this.availability.lockOverlapping(em, staff.id, dto.startDate, dto.endDate);
      if (overlap) {
        throw new ConflictException(
          `${staff.name} is already unavailable from ${describeDate(overlap.start)} to ${describeDate(overlap.end)} ` +
            `(${UNAVAILABILITY_LABELS[overlap.type]}); change that period instead`,
        );
      }
      const period = this.availability.add(em, {
        staffId: staff.id,
        startDate: dto.startDate,
        endDate: dto.endDate,
        reason: dto.reason,
        type,
        createdBy: actor.id,
      });
      await em.flush();

      // Duties that already happened stay in the record; from today on they go.
      const today = await organizationToday(em, this.clock);
      const from = dto.startDate > today ? dto.startDate : today;
      const dutyDates = from > dto.endDate ? [] : await this.rotaDays.dutyDatesOf(em, staff.id, from, dto.endDate);
      const locked = await this.rota.lockDays(em, dutyDates);
      const removals = dutyDates.flatMap((date) => {
        const day = locked.get(date);
        return day?.slots.includes(staff.id) ? [{ day, staffId: staff.id }] : [];
      });
      const { autoFillCancellations } = await this.settings.autoApproval(em);
      const changes = await this.rota.removeFromDays(em, removals, autoFillCancellations);

      const replacements = await loadPeople(em, changes.flatMap((c) => (c.replacement ? [c.replacement] : [])));
      const now = this.clock.now();
      for (const change of changes) {
        em.create(CancelRequest, {
          staff: staff.id,
          date: change.date,
          reason: `${label}: ${dto.reason}`.slice(0, 500),
          status: 'approved',
          source: 'unavailability',
          unavailability: period.id,
          replacement: change.replacement ? ref(Staff, change.replacement) : null,
          processedAutomatically: true,
          createdBy: actor.id,
          decidedBy: ref(User, actor.id),
          decidedAt: now,
        });
        const replacement = change.replacement ? replacements.get(change.replacement) : undefined;
        if (replacement) this.outbox.enqueue(em, dutyAddedEmail(replacement, change.date, staff));
      }
      if (changes.length) {
        this.outbox.enqueue(em, dutiesRemovedEmail(staff, changes.map((c) => c.date), `${label}, ${dto.reason}`));
      }
      const refilled = changes.filter((c) => c.replacement).length;
      this.audit.record(em, actor, {
        kind: 'request',
        action: 'unavailability.added',
        entityId: period.id,
        summary:
          `${staff.name} unavailable ${dto.startDate} to ${dto.endDate} (${label})` +
          (changes.length ? `: ${plural(changes.length, 'duty', 'duties')} cancelled, ${refilled} refilled` : ''),
        after: { staffId: staff.id, startDate: dto.startDate, endDate: dto.endDate, type, reason: dto.reason, cancelled: changes },
      });
      await em.flush();
      return { period, cancelled: changes.length, refilled };
    });

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

  /** Removes a period. Duties taken off because of it are not put back: the rota has moved on. */
  async remove(actor: AuthUser, id: string): Promise<void> {
    await this.em.transactional(async (em) => {
      const period = await this.availability.period(em, id);
      if (!period) throw new NotFoundException('Unavailability period not found');
      const staff = await loadPerson(em, period.staff.id);
      assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
      this.audit.record(em, actor, {
        kind: 'request',
        action: 'unavailability.deleted',
        entityId: period.id,
        summary: `${staff.name} no longer unavailable ${period.startDate} to ${period.endDate} (${UNAVAILABILITY_LABELS[period.type]})`,
        before: { staffId: staff.id, startDate: period.startDate, endDate: period.endDate, type: period.type, reason: period.reason },
      });
      this.availability.remove(em, period);
    });
  }
}
