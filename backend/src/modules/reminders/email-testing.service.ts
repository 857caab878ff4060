import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { isWeekday } from '../../common/clock/academic-year';
import { Clock, type IsoDate } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import { plural } from '../../common/text/plural';
import { type Env, smtpServer } from '../../config/env';
import { SystemSettingsService } from '../settings/system-settings.service';
import type { EmailDeliveriesDto } from './dto/email-deliveries.dto';
import type { TestRemindersResultDto } from './dto/test-reminders-result.dto';
import { OutboxService } from '../mail/outbox.service';
import { RemindersService, type ReminderRun } from './reminders.service';
import { OrganizationClock } from '../tenants/organization-clock';

const REMINDERS_OFF = 'Email reminders are turned off. Turn them on in Email Reminder Settings to send reminders.';
const TEST_MODE_NOTE = 'Test mode: no mail server is configured, so the emails were simulated, not sent.';

/** Email System Testing (docs/product.md#reminders): run the reminder pass now, or for one duty date. */
@Injectable()
export class EmailTestingService {
  private readonly testMode: boolean;

  constructor(
    private readonly reminders: RemindersService,
    private readonly settings: SystemSettingsService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    config: ConfigService<Env, true>,
    private readonly organizationClock: OrganizationClock,
  ) {
    this.testMode = !smtpServer(config);
  }

  /** The pass the scheduler runs, now: the reminders due at this minute that have not gone out. */
  async runNow(): Promise<TestRemindersResultDto> {
    await this.assertEnabled();
    const dates = await this.reminders.dueDates();
    if (!dates.length) {
      return this.result({ dates, onDuty: 0, queued: 0, alreadyReminded: 0, cancelled: 0, ran: true }, 'No reminders are due at the moment.');
    }
    return this.result(await this.reminders.remind(dates, 'test'));
  }

  /** Sends the reminders for the duties on `date` now, to everyone not yet reminded for it. */
  async runForDate(date: IsoDate): Promise<TestRemindersResultDto> {
    if (date < (await this.organizationClock.today())) {
      throw new BadRequestException(`${describeDate(date)} has passed. Choose today or a later date: reminders are for duties still to come.`);
    }
    await this.assertEnabled();
    if (!isWeekday(date)) {
      return this.result({ dates: [date], onDuty: 0, queued: 0, alreadyReminded: 0, cancelled: 0, ran: true }, `${describeDate(date)} is a weekend day: there are no duties to remind.`);
    }
    return this.result(await this.reminders.remind([date], 'test'));
  }

  async deliveries(): Promise<EmailDeliveriesDto> {
    return { testMode: this.testMode, emails: await this.outbox.recent(10) };
  }

  private async assertEnabled(): Promise<void> {
    const settings = await this.settings.reminders();
    if (!settings.enabled) throw new ConflictException(REMINDERS_OFF);
  }

  private result(run: ReminderRun, empty?: string): TestRemindersResultDto {
    const days = run.dates.map(describeDate).join(' and ');
    let message: string;
    if (empty) message = empty;
    else if (run.onDuty === 0) message = `Nobody is on duty on ${days}, so there was no one to remind.`;
    else if (run.queued === 0) {
      message = `Everyone on duty on ${days} has already been reminded (${plural(run.alreadyReminded, 'person', 'people')}); each reminder goes out once.`;
    } else {
      message = `${this.testMode ? 'Simulated' : 'Sent'} ${plural(run.queued, 'reminder')} for ${days}.`;
      if (run.alreadyReminded) message += ` ${plural(run.alreadyReminded, 'person', 'people')} had already been reminded.`;
    }
    if (this.testMode && run.queued) message += ` ${TEST_MODE_NOTE}`;
    return {
      message,
      testMode: this.testMode,
      dates: run.dates,
      onDuty: run.onDuty,
      queued: run.queued,
      alreadyReminded: run.alreadyReminded,
      ranAt: this.clock.now(),
    };
  }
}
