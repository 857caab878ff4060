import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { academicYearStarting, addDays } from '../../common/clock/academic-year';
import { CalendarService } from '../calendar/calendar.service';
import { SchoolCalendar } from '../holidays/school-calendar';
import { RotaService } from '../rota/rota.service';
import { StaffDirectory } from '../staff/staff-directory.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { SetupChecklistDto } from './dto/setup-checklist.dto';
import type { SetupStep } from './dto/setup-step.dto';

/** What a new organisation still has to do, each step read from its data (docs/product.md#the-first-run-checklist). */
@Injectable()
export class SetupService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly calendar: SchoolCalendar,
    private readonly rota: RotaService,
    private readonly feeds: CalendarService,
    private readonly organizationClock: OrganizationClock,
  ) {}

  async checklist(actor: AuthUser): Promise<SetupChecklistDto> {
    const today = await this.organizationClock.today();
    // The year being set up: in the summer, next year (docs/product.md#the-first-run-checklist).
    const start = await this.calendar.planningYear(today);
    const year = academicYearStarting(start);
    // One after the other: small reads on one pooled connection each, no transaction needed.
    const staff = await this.staffDirectory.counts();
    const terms = await this.calendar.termsOf(start);
    const bankHolidays = await this.calendar.hasBankHolidayBetween(year.startDate, year.endDate);
    const tomorrow = addDays(today, 1);
    const planned = await this.rota.hasDutiesFrom(tomorrow > year.startDate ? tomorrow : year.startDate);
    const feed = await this.feeds.subscription(actor);
    const done: Record<SetupStep, boolean> = {
      staff: staff.active >= 2,
      term_dates: terms.length > 0,
      bank_holidays: bankHolidays,
      fill_rota: planned,
      invite_staff: staff.invited > 0,
      calendar: feed.lastUsedAt !== null,
    };
    const steps = (Object.keys(done) as SetupStep[]).map((key) => ({ key, done: done[key] }));
    return { academicYear: start, academicYearLabel: year.label, steps, complete: steps.every((s) => s.done) };
  }
}
