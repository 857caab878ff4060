import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { describeDate } from '../../common/text/dates';
import { AvailabilityService } from '../availability/availability.service';
import { type LockedDay, RotaService } from '../rota/rota.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { StaffDirectory } from '../staff/staff-directory.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { SwapRequest } from './entities/swap-request.entity';
import { loadPeople, type Person } from './request-people';
import type { SwapPlan } from './swap-plan';
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
    private readonly settings: SystemSettingsService,
    private readonly availability: AvailabilityService,
    private readonly organizationClock: OrganizationClock,
  ) {}

  /** The request, held until the transaction ends (deciders and colleagues queue on it); 404 when unknown. */
  async lockOrNotFound(id: string): Promise<SwapRequest> {
    const request = await this.requests.lockById(id);
    if (!request) throw new NotFoundException('Swap request not found');
    return request;
  }

  /** The request with its people. */
  async planFor(request: SwapRequest): Promise<SwapPlan> {
    const people = await loadPeople(this.staffDirectory, [request.requester.id, ...(request.target ? [request.target.id] : [])]);
    return {
      id: request.id,
      requester: people.get(request.requester.id)!,
      target: request.target ? people.get(request.target.id)! : null,
      originalDate: request.originalDate,
      swapDate: request.swapDate,
      reason: request.reason,
    };
  }

  /**
   * The colleagues who could cover `requester` on `date`: active, not the requester, not on duty
   * that day, not away, working that weekday and under their weekly cap.
   */
  async eligibleFor(requester: Person, date: string): Promise<Person[]> {
    const people = [...(await this.staffDirectory.activePeople()).values()].filter((p) => p.id !== requester.id);
    const [day] = await this.rota.daysBetween(date, date);
    const onDay = new Set((day?.slots ?? []).map((s) => s.staff?.id).filter(Boolean));
    const away = new Set((await this.availability.awayBetween(date, date)).map((a) => a.staffId));
    const refused = await this.rota.patternRefusals(date, people);
    return people.filter((p) => !onDay.has(p.id) && !away.has(p.id) && !refused.has(p.id));
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
    await this.settings.lockShared();
    const days = await this.rota.lockDays([originalDate, swapDate]);
    const on = (person: Person, date: string) => days.get(date)?.slots.some((slot) => slot?.staffId === person.id) ?? false;

    if (!on(requester, originalDate)) throw new ConflictException(`${requester.name} is not on duty on ${describeDate(originalDate)}`);
    if (!target) return days;
    if (!target.isActive) throw new ConflictException(`${target.name} is inactive and can't take over a duty`);
    if (on(target, originalDate)) throw new ConflictException(`${target.name} is already on duty on ${describeDate(originalDate)}`);
    if (trade) {
      if (!on(target, swapDate)) throw new ConflictException(`${target.name} is not on duty on ${describeDate(swapDate)}`);
      if (!requester.isActive) throw new ConflictException(`${requester.name} is inactive and can't take over a duty`);
      if (on(requester, swapDate)) throw new ConflictException(`${requester.name} is already on duty on ${describeDate(swapDate)}`);
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
    const targetRefusal = (await this.rota.patternRefusals(originalDate, [target], trade ? new Map([[target.id, swapDate]]) : undefined)).get(target.id);
    if (targetRefusal) throw new ConflictException(targetRefusal);
    if (trade) {
      const requesterRefusal = (await this.rota.patternRefusals(swapDate, [requester], new Map([[requester.id, originalDate]]))).get(requester.id);
      if (requesterRefusal) throw new ConflictException(requesterRefusal);
    }
    return days;
  }
}
