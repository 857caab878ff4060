import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { weekdayIndex } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import { AvailabilityService } from '../availability/availability.service';
import { mayTake } from '../rota/engine/move-options';
import { type OtherDuty, RotaService } from '../rota/rota.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { SwapOptionsDto } from './dto/swap-options.dto';
import { assertActsFor, loadPeople } from './request-people';
import { SwapRulesService } from './swap-rules.service';
import { StaffDirectory } from '../staff/staff-directory.service';

/** What the swap form offers: the requester's duties, the colleagues who can take one, and the duties a trade could give back. */
@Injectable()
export class SwapOptionsService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly rules: SwapRulesService,
    private readonly rota: RotaService,
    private readonly settings: SystemSettingsService,
    private readonly availability: AvailabilityService,
    private readonly organizationClock: OrganizationClock,
  ) {}

  /**
   * What the requester may pick: their future duties and, for `originalDate`, the colleagues who
   * can take it, each with the duties of theirs the requester could take in a trade.
   */
  async options(actor: AuthUser, requesterId: string, originalDate?: string, dutyId?: string): Promise<SwapOptionsDto> {
    const requester = (await loadPeople(this.staffDirectory, [requesterId])).get(requesterId);
    if (!requester) throw new NotFoundException('Staff member not found');
    assertActsFor(actor, requester, 'requests.decide', 'You can only ask for swaps of your own duties');
    const duty = await this.rules.dutyOf(dutyId);
    const today = await this.organizationClock.today();
    const horizon = addMonths(today, 13);
    const onDuty = await this.dutyDates(today, horizon, duty);
    const duties = onDuty(requester.id);
    if (!originalDate) return { duties, colleagues: [] };
    if (!duties.includes(originalDate)) {
      throw new BadRequestException(`${requester.name} is not on ${duty ? duty.name : 'duty'} on ${describeDate(originalDate)} (from today on)`);
    }
    const colleagues = await this.rules.eligibleFor(requester, originalDate, duty);
    const roster = new Map((await this.rota.staffFacts()).map((s) => [s.id, s]));
    const away = await this.availability.awayBetween(today, horizon);
    const requesterFacts = roster.get(requester.id);
    const requesterFree = (date: string) =>
      !duties.includes(date) &&
      (requesterFacts?.workingDays ?? [0, 1, 2, 3, 4]).includes(weekdayIndex(date)) &&
      !away.some((a) => a.staffId === requester.id && a.start <= date && date <= a.end);
    return {
      duties,
      colleagues: colleagues
        .map((c) => ({ id: c.id, name: c.name, isTeaching: roster.get(c.id)?.isTeaching ?? true, tradeDates: onDuty(c.id).filter(requesterFree) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  /** Who holds `duty` (null: the Duty Manager duty) on which dates of `from`..`to`: each person's dates, in order. */
  private async dutyDates(from: IsoDate, to: IsoDate, duty: OtherDuty | null): Promise<(staffId: string) => IsoDate[]> {
    if (!duty) {
      const days = await this.rota.daysBetween(from, to);
      return (id) => days.filter((d) => d.slots.some((s) => s.staff?.id === id)).map((d) => d.date);
    }
    const slots = Object.entries(await this.rota.slotsBetween(from, to, duty.id)).sort(([a], [b]) => a.localeCompare(b));
    return (id) => slots.filter(([, day]) => day.some((slot) => slot?.staffId === id)).map(([date]) => date);
  }

  /**
   * The requester's duties from today on that `targetId` could take in exchange for their duty on
   * `swapDate`, the requester taking that day in turn (a trade asked for from the colleague's duty
   * on the rota): both allowed on the day they go to by every hard rule, each one's weekly cap
   * counted without the duty they give up. None when the colleague is not on duty that day.
   */
  async tradeOptions(
    actor: AuthUser,
    requesterId: string,
    { targetId, swapDate, dutyId }: { targetId: string; swapDate: string; dutyId?: string },
  ): Promise<SwapOptionsDto> {
    const people = await loadPeople(this.staffDirectory, [requesterId, targetId]);
    const requester = people.get(requesterId);
    const target = people.get(targetId);
    if (!requester || !target) throw new NotFoundException('Staff member not found');
    assertActsFor(actor, requester, 'requests.decide', 'You can only ask for swaps of your own duties');
    const duty = await this.rules.dutyOf(dutyId);
    const today = await this.organizationClock.today();
    const horizon = addMonths(today, 13);
    if (swapDate < today || target.id === requester.id) return { duties: [], colleagues: [] };
    if (duty) {
      // Another duty: the requester's days on it that the colleague isn't on; the rules are checked when it is asked.
      const onDuty = await this.dutyDates(today, horizon, duty);
      const theirs = onDuty(target.id);
      const mine = onDuty(requester.id);
      if (!theirs.includes(swapDate) || mine.includes(swapDate)) return { duties: [], colleagues: [] };
      return { duties: mine.filter((date) => !theirs.includes(date)), colleagues: [] };
    }
    // Whole weeks, so that weekly caps count the duties of the week around today and the horizon.
    const facts = await this.rota.factsOfWeeks(today, horizon, await this.settings.dutyManagersPerDay());
    const holds = (date: IsoDate, staffId: string) => facts.days[date]?.some((slot) => slot?.staffId === staffId) ?? false;
    if (!holds(swapDate, target.id)) return { duties: [], colleagues: [] };
    const duties = Object.keys(facts.days)
      .filter((date) => date >= today && date <= horizon && holds(date, requester.id))
      .sort();
    return {
      duties: duties.filter((date) => mayTake(facts, target.id, date, swapDate) && mayTake(facts, requester.id, swapDate, date)),
      colleagues: [],
    };
  }
}

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}
