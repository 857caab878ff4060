import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { DutiesService } from '../duties/duties.service';
import type { AuthUser } from '../../common/auth/auth-user';
import { academicYearOf, datesBetween } from '../../common/clock/academic-year';
import { Clock, type IsoDate } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { describeDate } from '../../common/text/dates';
import { plural } from '../../common/text/plural';
import { AuditService } from '../audit/audit.service';
import { RequestMessenger } from './request-messenger';
import type { MoveOnRotaDto } from '../rota/dto/move-on-rota.dto';
import type { RemoveFromRotaDto } from '../rota/dto/remove-from-rota.dto';
import type { ReplaceOnRotaDto } from '../rota/dto/replace-on-rota.dto';
import type { RotaEditResultDto } from '../rota/dto/rota-edit-result.dto';
import type { MoveOptionsDto } from '../rota/dto/move-options.dto';
import { moveOptions } from '../rota/engine/move-options';
import { duplicateAssignment, slotsFull } from '../rota/rota-errors';
import { needOn, notRunning, type OtherDuty, RotaService } from '../rota/rota.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { OrganizationClock } from '../tenants/organization-clock';
import { CancelRequestsRepository } from './cancel-requests.repository';
import { dutiesTakenOffEmail, dutyAddedEmail, dutyAssignedEmail } from './request-emails';
import { loadPeople, loadPerson, type Person } from './request-people';
import { StaffDirectory } from '../staff/staff-directory.service';

/** What the edit's message adds when the rebalance after it moved others' duties (RotaService.keepFair). */
const keptFair = (moved: number) => (moved ? ` ${plural(moved, 'other duty', 'other duties')} moved to keep the rota fair.` : '');

/**
 * Editing the rota directly (docs/product.md#editing-the-rota-directly): admins and managers put
 * someone in a slot (in place of whoever is there), take someone off, or move them to another day.
 * Each edit runs in one transaction holding the day(s), keeps every hard rule, records a removal as
 * an approved cancellation with the reason, is audited, and emails the people affected.
 */
@Injectable()
export class RotaEditsService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly unitOfWork: UnitOfWork,
    private readonly cancelRequests: CancelRequestsRepository,
    private readonly rota: RotaService,
    private readonly settings: SystemSettingsService,
    private readonly audit: AuditService,
    private readonly messenger: RequestMessenger,
    private readonly clock: Clock,
    private readonly organizationClock: OrganizationClock,
    private readonly duties: DutiesService,
  ) {}

  /**
   * Puts a person in a slot of the Duty Manager duty or, with `dutyId`, of another duty
   * (docs/product.md#duties): into an empty one, or in place of whoever is there.
   */
  async replace(actor: AuthUser, dto: ReplaceOnRotaDto): Promise<RotaEditResultDto> {
    const duty = await this.otherDuty(dto.dutyId);
    const message = await this.unitOfWork.transaction(async () => {
      await this.prepare(dto.date, dto.position, duty);
      const person = await loadPerson(this.staffDirectory, dto.staffId);
      const day = (await this.rota.lockDay({ date: dto.date, create: true }, duty?.id))!;
      const occupant = day.slots.find((s) => s.position === dto.position)?.staffId ?? null;
      if (dto.expectedStaffId !== undefined && dto.expectedStaffId !== occupant) {
        const now = occupant ? `${(await loadPerson(this.staffDirectory, occupant)).name} is in it now` : 'it is empty now';
        throw new ConflictException({ message: `Slot ${dto.position} on ${describeDate(dto.date)} has changed: ${now}`, code: 'slot_changed' });
      }
      if (duty) this.assertRunning(duty, dto.date, dto.position, occupant);
      if (occupant === person.id) throw new ConflictException(`${person.name} is already in that slot`);
      if (day.slots.some((s) => s.staffId === person.id)) throw duplicateAssignment();
      const [confirmed] = await this.rota.assertAssignable(dto.date, [person.id], dto.override ?? false, new Map(), duty?.id);
      const override = confirmed === person.id;
      // A hand edit is pinned (docs/product.md#pinned-duties).
      const pin = override ? 'override' : 'hand';
      if (occupant) {
        await this.rota.replaceOnDay({ id: day.id }, occupant, person.id, override, duty?.id, pin);
      } else {
        await this.rota.addToDay(day, [{ staffId: person.id, position: dto.position, override, pin }], duty?.id);
      }
      const day_ = describeDate(dto.date);
      const on = duty ? `${duty.name} on ` : '';
      if (!occupant) {
        this.messenger.send(dutyAssignedEmail(person, dto.date, actor.name, duty?.name));
        this.audit.record(actor, {
          kind: 'rota',
          action: 'rota.assigned',
          entityId: day.id,
          summary: `Assigned ${person.name} to ${on}${day_}` + (override ? ' (confirmed outside their working pattern or weekly cap)' : ''),
          after: { date: dto.date, assigned: [{ staffId: person.id, position: dto.position }], ...(duty ? { dutyId: duty.id } : {}) },
        });
        const moved = await this.rota.keepFair(actor, `assigning ${person.name} on ${day_}`);
        return `${person.name} is on ${duty?.name ?? 'duty'} on ${day_}.${keptFair(moved)}`;
      }
      const previous = await loadPerson(this.staffDirectory, occupant);
      const reason = `Replaced by ${person.name}` + (dto.reason ? `: ${dto.reason}` : '');
      await this.recordRemoval(actor, previous, dto.date, reason, person.id, duty?.id);
      this.messenger.send(dutiesTakenOffEmail(previous, [{ date: dto.date, reason }], duty?.name));
      this.messenger.send(dutyAddedEmail(person, dto.date, previous, duty?.name));
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.replaced',
        entityId: day.id,
        summary:
          `Replaced ${previous.name} with ${person.name} on ${on}${day_}` +
          (dto.reason ? ` (${dto.reason})` : '') +
          (override ? ' (confirmed outside their working pattern or weekly cap)' : ''),
        before: { date: dto.date, position: dto.position, staffId: previous.id, ...(duty ? { dutyId: duty.id } : {}) },
        after: { date: dto.date, position: dto.position, staffId: person.id, reason: dto.reason ?? null },
      });
      const moved = await this.rota.keepFair(actor, `${person.name} replacing ${previous.name} on ${day_}`);
      return `${person.name} takes ${previous.name}'s ${duty ? `${duty.name} ` : ''}duty on ${day_}.${keptFair(moved)}`;
    });
    return { days: await this.daysOf([dto.date], duty), message };
  }

  /** Takes the person in a slot of the Duty Manager duty or, with `dutyId`, of another duty off it. */
  async remove(actor: AuthUser, dto: RemoveFromRotaDto): Promise<RotaEditResultDto> {
    const duty = await this.otherDuty(dto.dutyId);
    const message = await this.unitOfWork.transaction(async () => {
      await this.prepare(dto.date, dto.position, duty);
      const day = (await this.rota.lockDays([dto.date])).get(dto.date);
      // Another duty's slots of the day are read under the day's lock too.
      const slots = day && duty ? (await this.rota.lockDay({ id: day.id }, duty.id))!.slots : null;
      const occupant = (slots ? slots.find((s) => s.position === dto.position) : day?.slots[dto.position - 1])?.staffId ?? null;
      if (!day || !occupant) throw new ConflictException(`Nobody is in slot ${dto.position} on ${describeDate(dto.date)}`);
      const person = await loadPerson(this.staffDirectory, occupant);
      await this.rota.takeOffDays([{ dayId: day.id, staffId: person.id }], duty?.id);
      await this.recordRemoval(actor, person, dto.date, dto.reason, null, duty?.id);
      this.messenger.send(dutiesTakenOffEmail(person, [{ date: dto.date, reason: dto.reason }], duty?.name));
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.removed',
        entityId: day.id,
        summary: `Removed ${person.name} from ${duty ? `${duty.name} on ` : ''}${describeDate(dto.date)} (${dto.reason})`,
        before: { date: dto.date, position: dto.position, staffId: person.id, ...(duty ? { dutyId: duty.id } : {}) },
        after: { reason: dto.reason },
      });
      const moved = await this.rota.keepFair(actor, `taking ${person.name} off ${describeDate(dto.date)}`);
      return `${person.name} is no longer on ${duty?.name ?? 'duty'} on ${describeDate(dto.date)}.${keptFair(moved)}`;
    });
    return { days: await this.daysOf([dto.date], duty), message };
  }

  async move(actor: AuthUser, dto: MoveOnRotaDto): Promise<RotaEditResultDto> {
    if (dto.toDate === dto.date) throw new BadRequestException('Choose a different day to move the duty to');
    if (dto.tradeWithStaffId) return this.trade(actor, dto as MoveOnRotaDto & { tradeWithStaffId: string });
    const message = await this.unitOfWork.transaction(async () => {
      const { slotsPerDay, today } = await this.prepare(dto.date, dto.position);
      if (dto.toDate < today) throw new BadRequestException(`${describeDate(dto.toDate)} has passed: duties can be moved only to today or later`);
      // Create the target day first, then lock both in date order (RotaRepository.lockDays).
      await this.rota.lockDay({ date: dto.toDate, create: true });
      const locked = await this.rota.lockDays([dto.date, dto.toDate]);
      const from = locked.get(dto.date);
      const to = locked.get(dto.toDate)!;
      const occupant = from?.slots[dto.position - 1]?.staffId ?? null;
      if (!from || !occupant) throw new ConflictException(`Nobody is in slot ${dto.position} on ${describeDate(dto.date)}`);
      const person = await loadPerson(this.staffDirectory, occupant);
      if (to.slots.some((slot) => slot?.staffId === person.id)) throw duplicateAssignment();
      // The duty left behind no longer counts towards their weekly cap.
      const [confirmed] = await this.rota.assertAssignable(dto.toDate, [person.id], dto.override ?? false, new Map([[person.id, dto.date]]));
      let position = 0;
      for (let p = 1; !position && p <= slotsPerDay; p += 1) if (!to.slots[p - 1]) position = p;
      if (!position) throw slotsFull(slotsPerDay);
      await this.rota.takeOffDays([{ dayId: from.id, staffId: person.id }]);
      const override = confirmed === person.id;
      await this.rota.addToDay(to, [{ staffId: person.id, position, override, pin: override ? 'override' : 'hand' }]);
      const reason = `Moved to ${describeDate(dto.toDate)}`;
      await this.recordRemoval(actor, person, dto.date, reason, null);
      this.messenger.send(dutiesTakenOffEmail(person, [{ date: dto.date, reason }]));
      this.messenger.send(dutyAssignedEmail(person, dto.toDate, actor.name));
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.moved',
        entityId: from.id,
        summary:
          `Moved ${person.name} from ${describeDate(dto.date)} to ${describeDate(dto.toDate)}` +
          (confirmed === person.id ? ' (confirmed outside their working pattern or weekly cap)' : ''),
        before: { date: dto.date, position: dto.position, staffId: person.id },
        after: { date: dto.toDate, position, staffId: person.id },
      });
      const moved = await this.rota.keepFair(actor, `moving ${person.name}'s duty from ${describeDate(dto.date)} to ${describeDate(dto.toDate)}`);
      return `${person.name}'s duty moved from ${describeDate(dto.date)} to ${describeDate(dto.toDate)}.${keptFair(moved)}`;
    });
    return { days: await this.daysOf([dto.date, dto.toDate].sort()), message };
  }

  /**
   * A trade (Move to another day onto a full day): the person in the slot takes
   * `tradeWithStaffId`'s slot on toDate, who takes theirs on `date`. Both days are locked, and each
   * person must be allowed on the day they go to, their weekly cap counted without the duty they
   * leave. Each keeps the day they left in their history, and both are emailed.
   */
  private async trade(actor: AuthUser, dto: MoveOnRotaDto & { tradeWithStaffId: string }): Promise<RotaEditResultDto> {
    const message = await this.unitOfWork.transaction(async () => {
      const { today } = await this.prepare(dto.date, dto.position);
      if (dto.toDate < today) throw new BadRequestException(`${describeDate(dto.toDate)} has passed: duties can be moved only to today or later`);
      const locked = await this.rota.lockDays([dto.date, dto.toDate]);
      const from = locked.get(dto.date);
      const to = locked.get(dto.toDate);
      const occupant = from?.slots[dto.position - 1]?.staffId ?? null;
      if (!from || !occupant) throw new ConflictException(`Nobody is in slot ${dto.position} on ${describeDate(dto.date)}`);
      const person = await loadPerson(this.staffDirectory, occupant);
      const partner = await loadPerson(this.staffDirectory, dto.tradeWithStaffId);
      if (partner.id === person.id) throw new BadRequestException('Choose someone else to trade with');
      if (!to?.slots.some((slot) => slot?.staffId === partner.id)) {
        throw new ConflictException({ message: `${partner.name} is not on duty on ${describeDate(dto.toDate)}`, code: 'slot_changed' });
      }
      if (to.slots.some((slot) => slot?.staffId === person.id)) throw duplicateAssignment();
      if (from.slots.some((slot) => slot?.staffId === partner.id)) throw duplicateAssignment();
      const override = dto.override ?? false;
      const [personConfirmed] = await this.rota.assertAssignable(dto.toDate, [person.id], override, new Map([[person.id, dto.date]]));
      const [partnerConfirmed] = await this.rota.assertAssignable(dto.date, [partner.id], override, new Map([[partner.id, dto.toDate]]));
      const personOverride = personConfirmed === person.id;
      const partnerOverride = partnerConfirmed === partner.id;
      await this.rota.replaceOnDay({ id: to.id }, partner.id, person.id, personOverride, undefined, personOverride ? 'override' : 'hand');
      await this.rota.replaceOnDay({ id: from.id }, person.id, partner.id, partnerOverride, undefined, partnerOverride ? 'override' : 'hand');
      const personReason = `Traded with ${partner.name} for ${describeDate(dto.toDate)}`;
      const partnerReason = `Traded with ${person.name} for ${describeDate(dto.date)}`;
      await this.recordRemoval(actor, person, dto.date, personReason, partner.id);
      await this.recordRemoval(actor, partner, dto.toDate, partnerReason, person.id);
      this.messenger.send(dutiesTakenOffEmail(person, [{ date: dto.date, reason: personReason }]));
      this.messenger.send(dutyAddedEmail(person, dto.toDate, partner));
      this.messenger.send(dutiesTakenOffEmail(partner, [{ date: dto.toDate, reason: partnerReason }]));
      this.messenger.send(dutyAddedEmail(partner, dto.date, person));
      const confirmed = personConfirmed === person.id || partnerConfirmed === partner.id;
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.traded',
        entityId: from.id,
        summary:
          `Traded ${person.name}'s duty on ${describeDate(dto.date)} with ${partner.name}'s on ${describeDate(dto.toDate)}` +
          (confirmed ? ' (confirmed outside a working pattern or weekly cap)' : ''),
        before: { [dto.date]: person.id, [dto.toDate]: partner.id },
        after: { [dto.date]: partner.id, [dto.toDate]: person.id },
      });
      const moved = await this.rota.keepFair(actor, `${person.name} and ${partner.name} trading ${describeDate(dto.date)} and ${describeDate(dto.toDate)}`);
      return `${person.name} is now on duty on ${describeDate(dto.toDate)}, and ${partner.name} on ${describeDate(dto.date)}.${keptFair(moved)}`;
    });
    return { days: await this.daysOf([dto.date, dto.toDate].sort()), message };
  }

  /**
   * Where the duty in a slot can be moved (docs/product.md#editing-the-rota-directly): from today to
   * the end of the duty's academic year, each school day the person may take with a free slot, and
   * each full one with the people there who may take the duty in exchange. None for an empty slot.
   */
  async moveOptions(date: IsoDate, position: number): Promise<MoveOptionsDto> {
    const slotsPerDay = await this.settings.dutyManagersPerDay();
    if (position > slotsPerDay) {
      throw new BadRequestException(`A day has ${slotsPerDay === 1 ? '1 slot' : `${slotsPerDay} slots`}: position must be from 1 to ${slotsPerDay}`);
    }
    const today = await this.organizationClock.today();
    if (date < today) throw new BadRequestException(`${describeDate(date)} has passed: only duties from today on can be changed`);
    const occupant = (await this.rota.slotsBetween(date, date))[date]?.[position - 1]?.staffId ?? null;
    const to = academicYearOf(date).endDate;
    // An empty slot has no duty to move (someone may have just emptied it).
    if (!occupant) return { date, position, staff: null, from: today, to, days: [] };
    const options = moveOptions(await this.rota.factsOfWeeks(today, to, slotsPerDay), occupant, date, datesBetween(today, to));
    const people = await loadPeople(this.staffDirectory, [occupant, ...options.flatMap((o) => o.tradeWith)]);
    const named = (id: string) => ({ id, name: people.get(id)?.name ?? 'Unknown' });
    return {
      date,
      position,
      staff: named(occupant),
      from: today,
      to,
      days: options.map((o) => ({
        date: o.date,
        freeSlots: o.freeSlots,
        tradeWith: o.tradeWith.map(named).sort((a, b) => a.name.localeCompare(b.name)),
      })),
    };
  }

  /**
   * Holds the rota lock (RotaService.lockForChange; bulk runs wait) and checks the day has not passed and, of the Duty
   * Manager duty, that the slot exists (another duty's slots are checked once its day is locked).
   */
  private async prepare(date: IsoDate, position: number, duty?: OtherDuty): Promise<{ slotsPerDay: number; today: IsoDate }> {
    await this.rota.lockForChange();
    const slotsPerDay = await this.settings.dutyManagersPerDay();
    if (!duty && position > slotsPerDay) {
      throw new BadRequestException(`A day has ${slotsPerDay === 1 ? '1 slot' : `${slotsPerDay} slots`}: position must be from 1 to ${slotsPerDay}`);
    }
    const today = await this.organizationClock.today();
    if (date < today) throw new BadRequestException(`${describeDate(date)} has passed: only duties from today on can be changed`);
    return { slotsPerDay, today };
  }

  /**
   * Refuses to put someone on `duty` on `date` when it doesn't run then (409, as assigning to it
   * does), or in an empty slot above the people it needs that day (400).
   */
  private assertRunning(duty: OtherDuty, date: IsoDate, position: number, occupant: string | null): void {
    const closed = notRunning(duty, date);
    if (closed) throw new ConflictException({ message: closed, code: 'duty_not_running' });
    const need = needOn(duty, date);
    if (!occupant && position > need) {
      throw new BadRequestException(`${duty.name} needs ${need === 1 ? '1 person' : `${need} people`} that day: position must be from 1 to ${need}`);
    }
  }

  /** The duty `dutyId` names when it is not the Duty Manager duty (whose edits are today's); 404 when unknown or another organisation's. */
  private async otherDuty(dutyId: string | undefined): Promise<OtherDuty | undefined> {
    if (dutyId === undefined) return undefined;
    const duty = await this.duties.forRota(dutyId);
    return duty.isDutyManager ? undefined : duty;
  }

  /** The person's history keeps why they left the day (an approved cancellation made by the editor). */
  private async recordRemoval(
    actor: AuthUser,
    person: Person,
    date: IsoDate,
    reason: string,
    replacement: string | null,
    duty?: string,
  ): Promise<void> {
    this.cancelRequests.addRotaEditRemoval({
      duty: duty ?? (await this.duties.dutyManagerId()),
      staff: person.id,
      date,
      reason,
      replacement,
      editor: actor.id,
      decidedAt: this.clock.now(),
    });
  }

  /** The days `dates` as they are now: of the Duty Manager duty, or of `duty`. */
  private async daysOf(dates: IsoDate[], duty?: OtherDuty) {
    if (duty) return this.rota.dutyDayOn(duty, dates[0]!);
    const days = await this.rota.daysBetween(dates[0]!, dates.at(-1)!);
    return days.filter((d) => dates.includes(d.date));
  }
}
