import { BadRequestException, Injectable } from '@nestjs/common';
import { daysInSpan } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { SchoolCalendar } from '../holidays/school-calendar';
import { OrganizationClock } from '../tenants/organization-clock';
import type { PlannedDutiesDto } from './dto/planned-duties.dto';
import type { RotaClosureDto } from './dto/rota-closure.dto';
import { RotaRepository } from './rota.repository';

/** Longest range one read covers: two years and a bit, as the rota's own read. */
const MAX_RANGE_DAYS = 800;

/**
 * What the rota's screens need besides the duties: which days are closed and why (so a day out
 * of term reads as such, not as a gap to fill), and how many planned duties a period holds (so a
 * change that closes it can say what it will take off before it is saved).
 */
@Injectable()
export class RotaCalendarService {
  constructor(
    private readonly organizationClock: OrganizationClock,
    private readonly calendar: SchoolCalendar,
    private readonly rota: RotaRepository,
  ) {}

  async closures(startDate: IsoDate, endDate: IsoDate): Promise<RotaClosureDto[]> {
    this.assertRange(startDate, endDate);
    const closures = await this.calendar.closuresBetween(startDate, endDate);
    return closures.map((c) => ({ startDate: c.start, endDate: c.end, kind: c.kind, label: c.label }));
  }

  async planned(startDate: IsoDate, endDate: IsoDate): Promise<PlannedDutiesDto> {
    this.assertRange(startDate, endDate);
    const today = await this.organizationClock.today();
    const from = startDate > today ? startDate : today;
    const days = from > endDate ? {} : await this.rota.slotsFrom(from, endDate);
    const filled = Object.values(days).map((slots) => slots.filter((slot) => slot !== null).length).filter((n) => n > 0);
    return { startDate: from, endDate, duties: filled.reduce((a, b) => a + b, 0), days: filled.length };
  }

  private assertRange(startDate: IsoDate, endDate: IsoDate): void {
    if (daysInSpan(startDate, endDate) > MAX_RANGE_DAYS) {
      throw new BadRequestException('The date range can cover at most two years; ask for a shorter period');
    }
  }
}
