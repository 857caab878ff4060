import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { IsoDate } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import { emailDocument, paragraphs } from '../../common/text/html';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { OutboxService } from '../mail/outbox.service';
import { NotificationsService } from '../notifications/notifications.service';
import { StaffDirectory } from '../staff/staff-directory.service';
import { OrganizationClock } from '../tenants/organization-clock';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import type { WetDayDto } from './dto/wet-day.dto';
import { MyDutiesService } from './my-duties.service';
import { WetDaysRepository, type WetPostRow } from './wet-days.repository';

/** The refusal of a staff member who is not on the day's Duty Manager duty (the Today board's rule). */
export const NOT_THE_DAYS_DUTY_MANAGER_WET = "Only admins, managers and the day's duty managers can mark this day wet";
export const WET_DAY_PAST = 'Only today or a later day can be marked wet or dry';

const when = (r: Pick<WetPostRow, 'start_time' | 'end_time'>) => (r.start_time ? `${r.start_time}–${r.end_time}` : 'all day');

/** "Lunch (12:30–13:10): Hall instead of Field". */
const line = (r: WetPostRow) => `${r.name} (${when(r)}): ${r.wet_place}${r.place ? ` instead of ${r.place}` : ''}`;

/** The email telling one person where their posts are on the wet day. */
export function wetDayLetter(name: string, by: string, date: IsoDate, posts: WetPostRow[], rotaUrl: string) {
  const lines = [
    `Hello ${name},`,
    `${by} marked ${describeDate(date)} a wet day, so your duty is somewhere else that day:`,
    ...posts.map(line),
    `Your duties in Duty Manager: ${rotaUrl}`,
  ];
  return { subject: `Wet day: ${describeDate(date)}`, html: emailDocument(paragraphs(lines)), text: `${lines.join('\n\n')}\n` };
}

/**
 * Wet days (docs/product.md#duties): an admin, a manager or the day's duty manager marks a day,
 * today or later, wet or dry again; on a wet day a duty with a wet-weather post is at that post
 * on the Today board and in people's days. Marking tells each person on such a duty that day
 * once: an email and a notification, recorded per person and date in `wet_day_notices`, which
 * unmarking keeps, so marking the day again tells nobody twice.
 */
@Injectable()
export class WetDaysService {
  constructor(
    private readonly clock: OrganizationClock,
    private readonly wetDays: WetDaysRepository,
    private readonly myDuties: MyDutiesService,
    private readonly unitOfWork: UnitOfWork,
    private readonly staffDirectory: StaffDirectory,
    private readonly outbox: OutboxService,
    private readonly notifications: NotificationsService,
    private readonly hosts: OrganizationHosts,
  ) {}

  /** The days of `from`..`to` marked wet. */
  wetBetween(from: IsoDate, to: IsoDate): Promise<Set<IsoDate>> {
    return this.wetDays.wetBetween(from, to);
  }

  async mark(user: AuthUser, date: IsoDate): Promise<WetDayDto> {
    await this.assertMayMark(user, date);
    return this.unitOfWork.transaction(async () => {
      await this.wetDays.mark(date, user.id);
      const rows = await this.wetDays.onWetPostsOn(date);
      const byPerson = new Map<string, WetPostRow[]>();
      for (const r of rows) byPerson.set(r.staff_id, [...(byPerson.get(r.staff_id) ?? []), r]);
      const fresh = await this.wetDays.firstTold(date, [...byPerson.keys()]);
      if (!fresh.size) return { date, wet: true, told: 0 };
      const people = await this.staffDirectory.byIds([...fresh]);
      const rotaUrl = `${await this.hosts.currentUrl()}/my-rota`;
      let told = 0;
      for (const staffId of fresh) {
        const person = people.get(staffId);
        const posts = byPerson.get(staffId);
        if (!person || !posts) continue;
        told += 1;
        this.outbox.enqueue({
          kind: 'wet-day',
          // A link to the app, which needs signing in: nothing here grants access.
          containsAccessLink: false,
          to: person.email,
          dedupeKey: `wet-day:${TenantContext.require()}:${date}:${staffId}`,
          ...wetDayLetter(person.name, user.name, date, posts, rotaUrl),
        });
        this.notifications.notify([
          {
            userId: person.userId,
            kind: 'duty_changed',
            text: `${user.name} marked ${describeDate(date)} a wet day: ${posts.map((p) => `${p.name} is at ${p.wet_place}`).join(', ')}`,
            link: '/my-rota',
            eventKey: `wet-day:${date}:${staffId}`,
          },
        ]);
      }
      return { date, wet: true, told };
    });
  }

  async unmark(user: AuthUser, date: IsoDate): Promise<WetDayDto> {
    await this.assertMayMark(user, date);
    await this.wetDays.unmark(date);
    return { date, wet: false, told: 0 };
  }

  /** Today or later; admins and managers always, staff only on a day they are on the Duty Manager duty (the Today board's rule). */
  private async assertMayMark(user: AuthUser, date: IsoDate): Promise<void> {
    if (date < (await this.clock.today())) throw new BadRequestException(WET_DAY_PAST);
    if (user.role === 'admin' || user.role === 'manager') return;
    const mine = await this.myDuties.mine(user, date, date);
    if (!mine.some((d) => d.isDutyManager)) throw new ForbiddenException(NOT_THE_DAYS_DUTY_MANAGER_WET);
  }
}
