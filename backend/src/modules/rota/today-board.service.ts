import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { IsoDate } from '../../common/clock/clock';
import { AvailabilityService } from '../availability/availability.service';
import { DutiesService } from '../duties/duties.service';
import { SchoolCalendar } from '../holidays/school-calendar';
import { StaffDirectory } from '../staff/staff-directory.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { RotaDayDto } from './dto/rota-day.dto';
import type { TodayAwayDto } from './dto/today-away.dto';
import type { TodayBoardDto } from './dto/today-board.dto';
import type { TodayCandidatesDto } from './dto/today-candidates.dto';
import type { TodayCoverDto } from './dto/today-cover.dto';
import type { TodayDutyDto } from './dto/today-duty.dto';
import { closedBecause } from './engine/rota-rules';
import { MyDutiesService } from './my-duties.service';
import { RotaAssignmentsService } from './rota-assignments.service';
import { RotaGridService } from './rota-grid.service';
import { WetDaysService } from './wet-days.service';
import { postOn } from './wet-post';
import { seesPins } from './pins';

/** The refusal of a staff member who is not on the day's Duty Manager duty (not the role gate's words: they pass it). */
export const NOT_THE_DAYS_DUTY_MANAGER = "Only admins, managers and the day's duty managers can see this day's duties";

/** All-day duties first, then by start and end time; the school's order (the list's) breaks ties. */
const byTime = (a: TodayDutyDto, b: TodayDutyDto) =>
  (a.startTime ?? '').localeCompare(b.startTime ?? '') || (a.endTime ?? '').localeCompare(b.endTime ?? '');

/**
 * The Today board (docs/product.md#duties): every duty running on a day with its people and gaps,
 * who is away, and Find cover for a gap. Read by admins, managers and the day's duty managers
 * (the staff on the Duty Manager duty that day); the day's duty managers may also fill that day's
 * gaps from today on. The board is built from the all-duties grid, the candidates and the
 * assignment by hand of the rota, so it keeps their rules.
 */
@Injectable()
export class TodayBoardService {
  constructor(
    private readonly clock: OrganizationClock,
    private readonly calendar: SchoolCalendar,
    private readonly duties: DutiesService,
    private readonly grid: RotaGridService,
    private readonly myDuties: MyDutiesService,
    private readonly assignments: RotaAssignmentsService,
    private readonly availability: AvailabilityService,
    private readonly staffDirectory: StaffDirectory,
    private readonly wetDays: WetDaysService,
  ) {}

  async board(user: AuthUser, date?: IsoDate): Promise<TodayBoardDto> {
    const day = date ?? (await this.clock.today());
    await this.assertOnTheDay(user, day);
    const away = await this.awayOn(day);
    const closures = await this.calendar.committedClosuresBetween(day, day);
    const closed = closedBecause(day, closures)?.reason ?? null;
    const wet = (await this.wetDays.wetBetween(day, day)).has(day);
    if (closed) return { date: day, closed, wet, duties: [], away };
    const listed = await this.duties.list();
    const byId = new Map(listed.map((d) => [d.id, d]));
    const grid = await this.grid.grid(day, day, seesPins(user), { listed, closures });
    const cells = new Map((grid.days[0]?.duties ?? []).map((cell) => [cell.dutyId, cell]));
    const duties = grid.duties.flatMap((duty): TodayDutyDto[] => {
      const cell = cells.get(duty.id);
      const listedDuty = byId.get(duty.id);
      if (!cell || !listedDuty) return [];
      const people = cell.slots.flatMap(({ staff, position: _, ...pin }) => (staff ? [{ id: staff.id, name: staff.name, ...pin }] : []));
      return [
        {
          dutyId: duty.id,
          isDutyManager: duty.isDutyManager,
          name: duty.name,
          // On a wet day a duty with a wet-weather post is at that post (wet-post.ts).
          ...postOn(listedDuty, wet),
          startTime: duty.startTime,
          endTime: duty.endTime,
          description: listedDuty.description || null,
          needed: cell.needed,
          missing: Math.max(0, cell.needed - people.length),
          people,
        },
      ];
    });
    return { date: day, closed: null, wet, duties: duties.sort(byTime), away };
  }

  /** Who may cover `dutyId`'s gap on `date`: GET /api/rota/candidates with dutyId, without a colleague's department. */
  async candidates(user: AuthUser, date: IsoDate, dutyId: string): Promise<TodayCandidatesDto> {
    // Another organisation's duty is not found (404) whoever asks.
    await this.duties.forRota(dutyId);
    await this.assertOnTheDay(user, date);
    const found = await this.assignments.candidates(date, dutyId);
    return {
      date: found.date,
      closed: found.closed,
      candidates: found.candidates.map((c) => ({ id: c.id, name: c.name, isTeaching: c.isTeaching, dutiesThisYear: c.dutiesThisYear })),
    };
  }

  /** Puts `staffId` on `dutyId`'s first open place on `date` (today or later): POST /api/rota with dutyId, with its rules. */
  async cover(user: AuthUser, dto: TodayCoverDto): Promise<RotaDayDto> {
    if (dto.date < (await this.clock.today())) throw new BadRequestException('Cover can be found for today or a later day only');
    await this.duties.forRota(dto.dutyId);
    await this.assertOnTheDay(user, dto.date);
    return this.assignments.create(user, { date: dto.date, dutyId: dto.dutyId, slots: [dto.staffId] }, 'cover');
  }

  /** Admins and managers always; staff only on a day they are on the Duty Manager duty. */
  private async assertOnTheDay(user: AuthUser, date: IsoDate): Promise<void> {
    if (user.role === 'admin' || user.role === 'manager') return;
    const mine = await this.myDuties.mine(user, date, date);
    if (!mine.some((d) => d.isDutyManager)) throw new ForbiddenException(NOT_THE_DAYS_DUTY_MANAGER);
  }

  /**
   * Active people away on `day`, all day or at a time of day (a weekly commitment), by name; whole-day
   * absence wins. Only the names of those away are read, and nothing when nobody is.
   */
  private async awayOn(day: IsoDate): Promise<TodayAwayDto[]> {
    const [timed, allDay] = await Promise.all([this.availability.timedAwayBetween(day, day), this.availability.awayBetween(day, day)]);
    if (!timed.length && !allDay.length) return [];
    const people = await this.staffDirectory.byIds([...timed.map((a) => a.staffId), ...allDay.map((a) => a.staffId)]);
    const names = new Map<string, string>();
    for (const [id, person] of people) if (person.isActive) names.set(id, person.name);
    const away = new Map<string, TodayAwayDto>();
    for (const a of timed) {
      const name = names.get(a.staffId);
      if (name && !away.has(a.staffId)) away.set(a.staffId, { id: a.staffId, name, startTime: a.startTime, endTime: a.endTime });
    }
    for (const a of allDay) {
      const name = names.get(a.staffId);
      if (name) away.set(a.staffId, { id: a.staffId, name, startTime: null, endTime: null });
    }
    return [...away.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
