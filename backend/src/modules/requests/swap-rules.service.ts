import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { describeDate } from '../../common/text/dates';
import { AvailabilityService } from '../availability/availability.service';
import { DutiesService } from '../duties/duties.service';
import { type LockedDay, notRunning, type OtherDuty, RotaService } from '../rota/rota.service';
import { StaffDirectory } from '../staff/staff-directory.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { SwapRequest } from './entities/swap-request.entity';
import { loadPeople, type Person } from './request-people';
import { dutyDay, type SwapDuty, type SwapPlan } from './swap-plan';
import { swapDutiesOf } from './swap-request-view';
import { SwapRequestsRepository } from './swap-requests.repository';

/**
 * The rules every step of a swap checks (docs/product.md#swap-requests), shared by making,
 * answering and deciding one: who may take a duty, and whether the swap still holds on the locked
 * rota days, because the rota may have changed since the last step.
 */
@Injectable()
export class SwapRulesService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly requests: SwapRequestsRepository,
    private readonly rota: RotaService,
    private readonly availability: AvailabilityService,
    private readonly organizationClock: OrganizationClock,
    private readonly duties: DutiesService,
  ) {}

  /**
   * The duty a request names (`dutyId`): null for the Duty Manager duty or none given (its
   * requests read as before); 404 when unknown or another organisation's.
   */
  async dutyOf(dutyId: string | undefined): Promise<OtherDuty | null> {
    if (dutyId === undefined) return null;
    const duty = await this.duties.forRota(dutyId);
    return duty.isDutyManager ? null : duty;
  }

  /** The id a request stores for `duty` (null: the Duty Manager duty's). */
  async dutyIdOf(duty: SwapDuty | null): Promise<string> {
    return duty?.id ?? (await this.duties.dutyManagerId());
  }

  /** The request, held until the transaction ends (deciders and colleagues queue on it); 404 when unknown. */
  async lockOrNotFound(id: string): Promise<SwapRequest> {
    const request = await this.requests.lockById(id);
    if (!request) throw new NotFoundException('Swap request not found');
    return request;
  }

  /** The request with its people. */
  async planFor(request: SwapRequest): Promise<SwapPlan> {
    const people = await loadPeople(this.staffDirectory, [request.requester.id, ...(request.target ? [request.target.id] : [])]);
    const row = await this.requests.rowById(request.id);
    return {
      ...(row ? swapDutiesOf(row) : { duty: null, swapDuty: null }),
      id: request.id,
      requester: people.get(request.requester.id)!,
      target: request.target ? people.get(request.target.id)! : null,
      originalDate: request.originalDate,
      swapDate: request.swapDate,
      reason: request.reason,
    };
  }

  /**
   * The colleagues who could cover `requester` on `duty` (null: the Duty Manager duty) on `date`:
   * active, not the requester, not on that duty that day, not away, working that weekday, under
   * their weekly cap, and by the rules across duties allowed on it and free at its time.
   */
  async eligibleFor(requester: Person, date: string, duty: OtherDuty | null = null): Promise<Person[]> {
    const people = [...(await this.staffDirectory.activePeople()).values()].filter((p) => p.id !== requester.id);
    const [day] = duty ? await this.rota.dutyDayOn(duty, date) : await this.rota.daysBetween(date, date);
    const onDay = new Set((day?.slots ?? []).map((s) => s.staff?.id).filter(Boolean));
    const away = new Set((await this.availability.awayBetween(date, date)).map((a) => a.staffId));
    const refused = await this.rota.patternRefusals(date, people);
    const notAcross = await this.rota.dutyRefusals(date, people, duty?.id);
    return people.filter((p) => !onDay.has(p.id) && !away.has(p.id) && !refused.has(p.id) && !notAcross.has(p.id));
  }

  /**
   * Locks the days involved and checks every rule against them (409 with the reason when one
   * fails). Without a target (an open request) only the requester's side is checked. Returns the
   * locked days for DecideSwapRequestService.recordDecision.
   */
  async lockAndCheck(plan: SwapPlan): Promise<Map<string, LockedDay>> {
    const { requester, target, originalDate, swapDate } = plan;
    const trade = swapDate !== originalDate;
    const today = await this.organizationClock.today();
    for (const date of trade ? [originalDate, swapDate] : [originalDate]) {
      if (date < today) throw new BadRequestException(`${describeDate(date)} has passed: only duties from today on can be swapped`);
    }
    await this.rota.lockForChange();
    const days = await this.rota.lockDays([originalDate, swapDate]);
    // Another duty's slots, read under the day's lock (a trade's two days are different days).
    const sides: [string, SwapDuty | null][] = trade
      ? [
          [originalDate, plan.duty],
          [swapDate, plan.swapDuty],
        ]
      : [[originalDate, plan.duty]];
    for (const [date, duty] of sides) {
      const day = days.get(date);
      if (duty && day) days.set(date, { ...day, slots: (await this.rota.lockDay({ id: day.id }, duty.id))?.slots ?? [] });
    }
    const on = (person: Person, date: string) => days.get(date)?.slots.some((slot) => slot?.staffId === person.id) ?? false;
    const original = dutyDay(originalDate, plan.duty);
    const swapped = dutyDay(swapDate, plan.swapDuty);

    if (!on(requester, originalDate)) throw new ConflictException(`${requester.name} is not on duty on ${original}`);
    if (!target) return days;
    if (!target.isActive) throw new ConflictException(`${target.name} is inactive and can't take over a duty`);
    if (on(target, originalDate)) throw new ConflictException(`${target.name} is already on duty on ${original}`);
    if (trade) {
      if (!on(target, swapDate)) throw new ConflictException(`${target.name} is not on duty on ${swapped}`);
      if (!requester.isActive) throw new ConflictException(`${requester.name} is inactive and can't take over a duty`);
      if (on(requester, swapDate)) throw new ConflictException(`${requester.name} is already on duty on ${swapped}`);
    }
    // A paused or deleted duty, or one no longer running that weekday, takes nobody new.
    for (const [date, duty] of sides) {
      const closed = duty && notRunning(await this.duties.forRota(duty.id), date);
      if (closed) throw new ConflictException({ message: closed, code: 'duty_not_running' });
    }
    const away = await this.availability.firstAway([
      { staffId: target.id, date: originalDate },
      ...(trade ? [{ staffId: requester.id, date: swapDate }] : []),
    ]);
    if (away) {
      const who = away.staffId === target.id ? target : requester;
      throw new ConflictException(`${who.name} is unavailable on ${describeDate(away.date)} (${away.label})`);
    }
    // Nobody is swapped onto a weekday they don't work, or above their weekly cap (the duty a trade
    // takes away from them that week doesn't count).
    const targetRefusal = (await this.rota.patternRefusals(originalDate, [target], trade ? new Map([[target.id, swapDate]]) : undefined)).get(
      target.id,
    );
    if (targetRefusal) throw new ConflictException(targetRefusal);
    if (trade) {
      const requesterRefusal = (await this.rota.patternRefusals(swapDate, [requester], new Map([[requester.id, originalDate]]))).get(requester.id);
      if (requesterRefusal) throw new ConflictException(requesterRefusal);
    }
    // Each duty's own rules and those across duties: allowed on it, free at its time, within the
    // daily maximum (RotaService.dutyRefusals), for each person on the duty they go to.
    for (const [date, duty, person] of trade
      ? ([
          [originalDate, plan.duty, target],
          [swapDate, plan.swapDuty, requester],
        ] as const)
      : ([[originalDate, plan.duty, target]] as const)) {
      const refusal = (await this.rota.dutyRefusals(date, [person], duty?.id)).get(person.id);
      if (refusal) throw new ConflictException(refusal);
    }
    return days;
  }
}
