import { ref } from '@mikro-orm/core';
import { DutiesService } from '../duties/duties.service';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { describeDate } from '../../common/text/dates';
import { AuditService } from '../audit/audit.service';
import { User } from '../auth/entities/user.entity';
import { RequestMessenger } from './request-messenger';
import { type LockedDay, type OtherDuty, RotaService } from '../rota/rota.service';
import { Staff } from '../staff/entities/staff.entity';
import { SystemSettingsService } from '../settings/system-settings.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { CancelRequestResultDto } from './dto/cancel-request-result.dto';
import type { CancelRequestDto } from './dto/cancel-request.dto';
import type { CreateCancelRequestDto } from './dto/create-cancel-request.dto';
import type { CancelRequest } from './entities/cancel-request.entity';
import type { Decision } from './entities/request-status';
import { cancelDecidedEmail, dutyAddedEmail } from './request-emails';
import { assertActsFor, loadPeople, loadPerson, type Person } from './request-people';
import { type CancelRow, CancelRequestsRepository } from './cancel-requests.repository';
import { alreadyDecided, listViewer, toIsoTimestamp } from './request-rules';
import { StaffDirectory } from '../staff/staff-directory.service';
import { dutyDay } from './swap-plan';

export function toCancelDto(row: CancelRow): CancelRequestDto {
  return {
    id: row.id,
    staffId: row.staff_id,
    staff: row.staff_name === null ? null : { id: row.staff_id, name: row.staff_name },
    date: row.date,
    reason: row.reason,
    status: row.status,
    source: row.source,
    processedAutomatically: row.processed_automatically,
    replacement: row.replacement_id && row.replacement_name !== null ? { id: row.replacement_id, name: row.replacement_name } : null,
    decidedBy: row.decided_by_id && row.decided_by_name !== null ? { id: row.decided_by_id, name: row.decided_by_name } : null,
    decidedAt: toIsoTimestamp(row.decided_at),
    createdAt: toIsoTimestamp(row.created_at)!,
    updatedAt: toIsoTimestamp(row.updated_at)!,
    // Another duty's record names it; the Duty Manager duty's reads as the spec has it.
    ...(row.duty_id && row.duty_name !== null
      ? { duty: { id: row.duty_id, name: row.duty_name, place: row.duty_place, startTime: row.duty_start_time, endTime: row.duty_end_time } }
      : {}),
  };
}

/**
 * Cancel requests: approval takes the person off the day and, with auto-fill on, the rota
 * engine puts the eligible person with the fewest duties this year in the freed slot.
 */
@Injectable()
export class CancelRequestsService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: CancelRequestsRepository,
    private readonly rota: RotaService,
    private readonly settings: SystemSettingsService,
    private readonly audit: AuditService,
    private readonly messenger: RequestMessenger,
    private readonly clock: Clock,
    private readonly organizationClock: OrganizationClock,
    private readonly duties: DutiesService,
  ) {}

  /**
   * Deciders and managers see every request; staff their own. The decided ones people asked for
   * and the ones the app recorded (rota changes and edits, unavailability) are limited separately:
   * a term's rota changes never push a person's request out of the list.
   */
  async list(actor: AuthUser): Promise<CancelRequestDto[]> {
    const rows = await this.requests.seenBy(listViewer(actor));
    return rows.map(toCancelDto);
  }

  async create(actor: AuthUser, dto: CreateCancelRequestDto): Promise<CancelRequestResultDto> {
    const result = await this.unitOfWork.transaction(async () => {
      const staff = await loadPerson(this.staffDirectory, dto.staffId);
      assertActsFor(actor, staff, 'requests.decide', 'You can only ask to cancel your own duties');
      const today = await this.organizationClock.today();
      if (dto.date < today) throw new BadRequestException(`${describeDate(dto.date)} has passed: only duties from today on can be cancelled`);
      const duty = await this.otherDuty(dto.dutyId);
      await this.rota.lockForChange();
      const day = await this.lockDay(dto.date, duty);
      if (!day?.slots.some((slot) => slot?.staffId === staff.id)) {
        throw new ConflictException(`${staff.name} is not on ${duty?.name ?? 'duty'} on ${describeDate(dto.date)}`);
      }
      const dutyId = duty?.id ?? (await this.duties.dutyManagerId());
      if (await this.requests.hasPendingFor(staff.id, dto.date, dutyId)) {
        throw new ConflictException(`A cancel request for ${staff.name}'s duty on ${dutyDay(dto.date, duty)} is already pending`);
      }

      const request = this.requests.addRequest({ duty: dutyId, staff: staff.id, date: dto.date, reason: dto.reason, createdBy: actor.id });
      await this.unitOfWork.flush();
      this.audit.record(actor, {
        kind: 'request',
        action: 'cancel.requested',
        entityId: request.id,
        summary: `Cancel: ${staff.name} on ${dutyDay(dto.date, duty)}: requested`,
        after: { staffId: staff.id, date: dto.date, reason: dto.reason, ...(duty ? { dutyId: duty.id } : {}) },
      });
      const auto = await this.settings.autoApproval();
      let replacement: Person | null = null;
      if (auto.cancellations) {
        replacement = await this.recordDecision(actor, request, staff, { status: 'approved', day, refill: auto.autoFillCancellations, duty }, true);
      }
      await this.unitOfWork.flush();
      return { id: request.id, automatic: auto.cancellations, replacement, duty };
    });
    const request = await this.viewById(result.id);
    const day = dutyDay(request.date, result.duty);
    return {
      request,
      processedAutomatically: result.automatic,
      replacement: result.replacement && { id: result.replacement.id, name: result.replacement.name },
      message: result.automatic
        ? `The request was processed automatically: ${request.staff?.name ?? 'the staff member'} is no longer on duty on ${day}` +
          (result.replacement ? ` and ${result.replacement.name} takes the duty.` : '.')
        : 'Cancel request created. It is pending approval.',
    };
  }

  /** PATCH {status}: approve (the person must still be on that duty) or reject, exactly once. */
  async decide(actor: AuthUser, id: string, decision: Decision): Promise<CancelRequestResultDto> {
    const decided = await this.unitOfWork.transaction(async () => {
      const request = await this.requests.lockById(id);
      if (!request) throw new NotFoundException('Cancel request not found');
      if (request.status !== 'pending') throw alreadyDecided('cancel', request.status);
      const staff = await loadPerson(this.staffDirectory, request.staff.id);
      const duty = await this.otherDuty(request.duty.id);
      if (decision === 'rejected')
        return { replacement: await this.recordDecision(actor, request, staff, { status: 'rejected', duty }, false), duty };
      const today = await this.organizationClock.today();
      if (request.date < today) {
        throw new ConflictException(`${describeDate(request.date)} has passed: the duty can no longer be cancelled, only the request rejected`);
      }
      await this.rota.lockForChange();
      const day = await this.lockDay(request.date, duty);
      if (!day?.slots.some((slot) => slot?.staffId === staff.id)) {
        throw new ConflictException(`${staff.name} is no longer on ${duty?.name ?? 'duty'} on ${describeDate(request.date)}`);
      }
      const { autoFillCancellations } = await this.settings.autoApproval();
      return {
        replacement: await this.recordDecision(actor, request, staff, { status: 'approved', day, refill: autoFillCancellations, duty }, false),
        duty,
      };
    });
    const { replacement, duty } = decided;
    const request = await this.viewById(id);
    const day = dutyDay(request.date, duty);
    return {
      request,
      processedAutomatically: false,
      replacement: replacement && { id: replacement.id, name: replacement.name },
      message:
        decision === 'approved'
          ? 'The duty has been cancelled and the staff member has been removed from the rota' +
            (replacement ? `; ${replacement.name} takes the duty on ${day}.` : '.')
          : `The request was rejected: ${request.staff?.name ?? 'the staff member'} stays on duty on ${day}.`,
    };
  }

  /**
   * Records the decision; an approval takes the person off the day (locked by the caller, who
   * checked they are on it) and refills the slot when `refill`. Returns the replacement, if any.
   * Another duty's slot is freed without a refill: its people are found on its rota.
   */
  private async recordDecision(
    actor: AuthUser,
    request: CancelRequest,
    staff: Person,
    decision: ({ status: 'approved'; day: LockedDay; refill: boolean } | { status: 'rejected' }) & { duty: OtherDuty | null },
    automatically: boolean,
  ): Promise<Person | null> {
    let replacement: Person | null = null;
    const { duty } = decision;
    if (decision.status === 'approved' && duty) {
      await this.rota.takeOffDays([{ dayId: decision.day.id, staffId: staff.id }], duty.id);
    } else if (decision.status === 'approved') {
      const { day, refill } = decision;
      const [change] = await this.rota.removeFromDays([{ day, staffId: staff.id }], refill);
      if (change?.replacement) {
        replacement = (await loadPeople(this.staffDirectory, [change.replacement])).get(change.replacement)!;
        request.replacement = ref(Staff, replacement.id);
        this.messenger.send(dutyAddedEmail(replacement, request.date, staff));
      }
    }
    const approved = decision.status === 'approved';
    request.status = decision.status;
    request.processedAutomatically = automatically;
    request.decidedBy = automatically ? null : ref(User, actor.id);
    request.decidedAt = this.clock.now();
    this.audit.record(automatically ? undefined : actor, {
      kind: 'request',
      action: `cancel.${decision.status}`,
      entityId: request.id,
      summary:
        `Cancel: ${staff.name} on ${dutyDay(request.date, duty)}: ${decision.status}${automatically ? ' automatically' : ''}` +
        (replacement ? `; ${replacement.name} takes the duty` : approved && decision.refill && !duty ? '; nobody was free to take the duty' : ''),
      before: { status: 'pending' },
      after: { status: decision.status, processedAutomatically: automatically, replacementId: replacement?.id ?? null },
    });
    this.messenger.send(cancelDecidedEmail({ staff, date: request.date, duty }, approved, automatically));
    if (approved) await this.rota.keepFair(automatically ? undefined : actor, `cancelling ${staff.name}'s duty on ${dutyDay(request.date, duty)}`);
    return replacement;
  }

  /** The duty `dutyId` names when it is not the Duty Manager duty (null for that one or none); 404 when unknown or another organisation's. */
  private async otherDuty(dutyId: string | undefined): Promise<OtherDuty | null> {
    if (dutyId === undefined) return null;
    const duty = await this.duties.forRota(dutyId);
    return duty.isDutyManager ? null : duty;
  }

  /** The rota day of `date` locked until the transaction ends, with the slots of `duty` (the Duty Manager duty's when null). */
  private async lockDay(date: string, duty: OtherDuty | null): Promise<LockedDay | undefined> {
    const day = (await this.rota.lockDays([date])).get(date);
    if (!day || !duty) return day;
    return { ...day, slots: (await this.rota.lockDay({ id: day.id }, duty.id))?.slots ?? [] };
  }

  private async viewById(id: string): Promise<CancelRequestDto> {
    return toCancelDto((await this.requests.rowById(id))!);
  }
}
