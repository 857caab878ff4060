import { Injectable } from '@nestjs/common';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import type { IsoDate } from '../../common/clock/clock';
import {
  AvailabilityRepository,
  type AwayOnDate,
  type AwayPeriod,
  type DatedAway,
  type NewPeriod,
  type NewWeeklyRule,
  type PeriodFields,
  type RecurringAway,
  type StaffOnDate,
} from './availability.repository';
import type { RecurringUnavailability } from './entities/recurring-unavailability.entity';
import type { StaffUnavailability, UnavailabilityType } from './entities/staff-unavailability.entity';

export type { AwayPeriod, DatedAway, RecurringAway };

/**
 * Who is away when, as other modules see it: the rota asks it before putting anyone on a day; the
 * requests module records and removes dated periods and weekly commitments through it. Its one
 * owner is AvailabilityRepository, which only this module calls.
 */
@Injectable()
export class AvailabilityService {
  constructor(private readonly availability: AvailabilityRepository) {}

  /**
   * Erasure (docs/security.md#retention-and-erasure): the reasons the person gave for being away
   * are cleared (the days stay), and their names and addresses in everyone else's reasons become
   * their pseudonym. Returns how many entries of theirs were cleared.
   */
  async eraseReasonsOf(person: ErasedPerson): Promise<number> {
    const cleared = await this.availability.clearReasonsOf(person.staffId);
    await this.availability.scrub(person.pattern, person.pseudonym);
    return cleared;
  }

  /** How many unavailability entries (one-off and weekly) the person has. */
  countOf(staffId: string): Promise<number> {
    return this.availability.countOf(staffId);
  }

  /**
   * The first of `checks` whose person is away on the date, with what to call it ("Annual Leave",
   * "Weekly commitment"); undefined when everyone is available. One statement.
   */
  firstAway(checks: StaffOnDate[]): Promise<AwayOnDate | undefined> {
    return this.availability.firstAway(checks);
  }

  /** Everyone away in `from`..`to`: the dated periods that touch it and each day in it a weekly commitment covers. One statement. */
  awayBetween(from: IsoDate, to: IsoDate): Promise<AwayPeriod[]> {
    return this.availability.awayBetween(from, to);
  }

  /** The days of `from`..`to` weekly commitments at a time of day cover, with their times (AvailabilityRepository.timedAwayBetween). */
  timedAwayBetween(from: IsoDate, to: IsoDate): Promise<{ staffId: string; start: IsoDate; end: IsoDate; startTime: string; endTime: string }[]> {
    return this.availability.timedAwayBetween(from, to);
  }

  /** One person's periods, earliest first. */
  periodsOf(staffId: string): Promise<StaffUnavailability[]> {
    return this.availability.periodsOf(staffId);
  }

  /** One period by id (within the organisation in context), or null. */
  period(id: string): Promise<StaffUnavailability | null> {
    return this.availability.period(id);
  }

  /**
   * The person's first period overlapping `start`..`end` (other than `exceptId`), locked until the
   * transaction ends; undefined when there is none.
   */
  lockOverlapping(
    staffId: string,
    start: IsoDate,
    end: IsoDate,
    exceptId?: string,
  ): Promise<{ start: IsoDate; end: IsoDate; type: UnavailabilityType } | undefined> {
    return this.availability.lockOverlapping(staffId, start, end, exceptId);
  }

  /** A period's new dates, reason and type; written when the unit of work is flushed. */
  change(period: StaffUnavailability, change: PeriodFields): void {
    this.availability.change(period, change);
  }

  /** Adds a period; written when the unit of work is flushed. */
  add(period: NewPeriod): StaffUnavailability {
    return this.availability.add(period);
  }

  /** Removes a period; written when the unit of work is flushed. */
  remove(period: StaffUnavailability): void {
    this.availability.remove(period);
  }

  /** One person's weekly commitments, earliest first. */
  rulesOf(staffId: string): Promise<RecurringUnavailability[]> {
    return this.availability.rulesOf(staffId);
  }

  /** One weekly commitment by id (within the organisation in context), or null. */
  rule(id: string): Promise<RecurringUnavailability | null> {
    return this.availability.rule(id);
  }

  /** Adds a weekly commitment; written when the unit of work is flushed. */
  addRule(rule: NewWeeklyRule): RecurringUnavailability {
    return this.availability.addRule(rule);
  }

  /** Removes a weekly commitment; written when the unit of work is flushed. */
  removeRule(rule: RecurringUnavailability): void {
    this.availability.removeRule(rule);
  }
}
