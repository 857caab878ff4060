import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { datesBetween, daysInSpan } from '../../common/clock/academic-year';
import { describeWeekdays, isoWeekdayOf } from '../../common/clock/weekdays';
import { describeDate, describeDateRange } from '../../common/text/dates';
import { plural } from '../../common/text/plural';
import { AuditService } from '../audit/audit.service';
import { AvailabilityService } from '../availability/availability.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import type { RecurringUnavailability } from '../availability/entities/recurring-unavailability.entity';
import { SystemSettingsService } from '../settings/system-settings.service';
import type { CreateRecurringUnavailabilityDto } from './dto/create-recurring-unavailability.dto';
import type { RecurringUnavailabilityResultDto } from './dto/recurring-unavailability-result.dto';
import type { RecurringUnavailabilityDto } from './dto/recurring-unavailability.dto';
import { assertActsFor, loadPerson } from './request-people';
import { MAX_PERIOD_DAYS, OWN_ONLY } from './unavailability.service';
import { StaffDirectory } from '../staff/staff-directory.service';

export const WEEK_A_MISSING =
  'A commitment every other week needs the date Week A starts: an admin sets it in the settings (Duty Manager Settings) first';

function toDto(r: RecurringUnavailability): RecurringUnavailabilityDto {
  return {
    id: r.id,
    staffId: r.staff.id,
    weekdays: [...r.weekdays],
    startDate: r.startDate,
    endDate: r.endDate,
    everyOtherWeek: r.everyOtherWeek,
    week: r.week ?? null,
    ...(r.startTime && r.endTime ? { startTime: r.startTime, endTime: r.endTime } : {}),
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  };
}

/** "Tuesdays", "Tuesdays in Week A", "Tuesdays 12:30–13:10": what a commitment covers, for messages and the log. */
function describeRule(r: {
  weekdays: number[];
  everyOtherWeek?: boolean;
  week?: string | null;
  startTime?: string | null;
  endTime?: string | null;
}): string {
  const time = r.startTime && r.endTime ? ` ${r.startTime}–${r.endTime}` : '';
  return `${describeWeekdays(r.weekdays)}${r.everyOtherWeek ? ` in Week ${r.week}` : ''}${time}`;
}

/**
 * Weekly commitments (docs/product.md#unavailability): a person can't be on duty on some weekdays
 * between two dates, every week or every other week (Week A or B). Adding one takes the person off
 * the duties it covers from today on (kept as approved cancellations with the reason) and, with
 * auto-fill on, gives each freed slot to the least-loaded eligible person, all in one transaction.
 * Deleting one puts nothing back. Staff manage their own; admins and managers anyone's.
 */
@Injectable()
export class RecurringUnavailabilityService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly factChanges: FactChangesService,
    private readonly settings: SystemSettingsService,
    private readonly availability: AvailabilityService,
    private readonly audit: AuditService,
  ) {}

  async list(actor: AuthUser, staffId: string): Promise<RecurringUnavailabilityDto[]> {
    const staff = await loadPerson(this.staffDirectory, staffId);
    assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
    return (await this.availability.rulesOf(staffId)).map(toDto);
  }

  async create(actor: AuthUser, dto: CreateRecurringUnavailabilityDto): Promise<RecurringUnavailabilityResultDto> {
    if (daysInSpan(dto.startDate, dto.endDate) > MAX_PERIOD_DAYS) throw new BadRequestException('A weekly commitment can cover at most two years');
    if (!datesBetween(dto.startDate, dto.endDate).some((date) => dto.weekdays.includes(isoWeekdayOf(date)))) {
      throw new BadRequestException(
        `There are no ${describeWeekdays(dto.weekdays)} from ${describeDate(dto.startDate)} to ${describeDate(dto.endDate)}`,
      );
    }
    const everyOtherWeek = dto.everyOtherWeek ?? false;
    const week = everyOtherWeek ? (dto.week ?? null) : null;
    const startTime = dto.startTime ?? null;
    const endTime = startTime ? (dto.endTime ?? null) : null;
    const what = describeRule({ weekdays: dto.weekdays, everyOtherWeek, week, startTime, endTime });

    // Duties from today on that it covers go, kept as approved cancellations with the reason, and
    // are refilled per auto-fill (docs/product.md#the-rota-stays-true).
    const { written, rotaChange } = await this.factChanges.change(
      actor,
      async () => {
        const staff = await loadPerson(this.staffDirectory, dto.staffId);
        assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
        if (everyOtherWeek && !(await this.settings.rotaRules()).weekAStart) throw new BadRequestException(WEEK_A_MISSING);
        const rule = this.availability.addRule({
          staffId: staff.id,
          weekdays: dto.weekdays,
          startDate: dto.startDate,
          endDate: dto.endDate,
          everyOtherWeek,
          week,
          startTime,
          endTime,
          reason: dto.reason,
          createdBy: actor.id,
        });
        return { staff, rule, cause: `${staff.name}'s ${everyOtherWeek ? `Week ${week}` : 'weekly'} commitment` };
      },
      ({ staff, rule }, rotaChange) => {
        const change = rotaChange;
        this.audit.record(actor, {
          kind: 'request',
          action: 'unavailability.recurring-added',
          entityId: rule.id,
          summary:
            `${staff.name} unavailable on ${what}, ${describeDateRange(dto.startDate, dto.endDate)}: ${dto.reason}` +
            (change.removedDuties ? ` (${plural(change.removedDuties, 'duty', 'duties')} cancelled, ${change.refilledDuties} refilled)` : ''),
          after: { ...toDto(rule), cancelledDates: change.dates },
        });
      },
    );
    const outcome = { rule: written.rule, cancelled: rotaChange.removedDuties, refilled: rotaChange.refilledDuties };

    const { cancelled, refilled } = outcome;
    return {
      rule: toDto(outcome.rule),
      cancelledDuties: cancelled,
      refilledDuties: refilled,
      message:
        `Weekly commitment added: unavailable on ${what}.` +
        (cancelled === 0
          ? startTime
            ? ' There were no duties at those times.'
            : ' There were no duties on those days.'
          : ` ${plural(cancelled, 'duty assignment')} cancelled` +
            (refilled === cancelled ? ' and all refilled.' : refilled ? `, ${refilled} refilled.` : '.')),
    };
  }

  /**
   * Removes a weekly commitment. The duties taken off because of it stay with whoever has them now;
   * the repair fills the slots it opens and keeps the rota fair (docs/product.md#the-rota-stays-true).
   */
  async remove(actor: AuthUser, id: string): Promise<void> {
    await this.factChanges.change(actor, async () => {
      const rule = await this.availability.rule(id);
      if (!rule) throw new NotFoundException('Weekly commitment not found');
      const staff = await loadPerson(this.staffDirectory, rule.staff.id);
      assertActsFor(actor, staff, 'unavailability.manage', OWN_ONLY);
      this.audit.record(actor, {
        kind: 'request',
        action: 'unavailability.recurring-deleted',
        entityId: rule.id,
        summary: `${staff.name} no longer unavailable on ${describeRule(rule)}, ${describeDateRange(rule.startDate, rule.endDate)}: ${rule.reason}`,
        before: toDto(rule),
      });
      this.availability.removeRule(rule);
      return { cause: `Removing ${staff.name}'s weekly commitment` };
    });
  }
}
