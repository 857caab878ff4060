import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { addDays, isWeekday, nextWeekday } from '../../common/clock/academic-year';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { describeDate } from '../../common/text/dates';
import { AuditService } from '../audit/audit.service';
import { dueDutyDates, reminderInstant } from './reminder-schedule';
import { DEFAULT_EMAIL_TEMPLATE, renderReminder, sanitizeTemplate, withDefaults } from './reminder-template';
import type { EmailPreviewDto } from './dto/email-preview.dto';
import type { EmailReminderSettingsDto } from './dto/email-reminder-settings.dto';
import type { EmailReminderSettingsResultDto } from './dto/email-reminder-settings-result.dto';
import type { EmailTemplateDto } from './dto/email-template.dto';
import type { EmailTemplateResultDto } from './dto/email-template-result.dto';
import type { NextReminderDto } from './dto/next-reminder.dto';
import { SystemSettingsService } from '../settings/system-settings.service';
import { OrganizationClock } from '../tenants/organization-clock';

/** Email Reminder Settings and the Email Template Editor (docs/product.md#reminders). */
@Injectable()
export class EmailSettingsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly settings: SystemSettingsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly organizationClock: OrganizationClock,
  ) {}

  async getReminders(): Promise<EmailReminderSettingsResultDto> {
    return this.describeReminders();
  }

  async saveReminders(actor: AuthUser, dto: EmailReminderSettingsDto): Promise<EmailReminderSettingsResultDto> {
    return this.unitOfWork.transaction(async () => {
      await this.settings.lockExclusive();
      const before = await this.settings.reminders();
      // Absent: the reminder before a timed duty's start stays as it was.
      const minutesBefore = dto.minutesBefore === undefined ? before.minutesBefore : dto.minutesBefore;
      const after = { enabled: dto.enabled, time: dto.time, hoursAdvance: dto.hoursAdvance, minutesBefore };
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await this.settings.saveReminders(after);
        this.audit.record(actor, {
          kind: 'settings',
          action: 'settings.email-reminders',
          entityId: TenantContext.require(),
          summary: after.enabled
            ? `Email reminders on: ${after.time}, ${after.hoursAdvance} ${after.hoursAdvance === 1 ? 'hour' : 'hours'} before the duty${
                after.minutesBefore ? `, and ${after.minutesBefore} minutes before each timed duty starts` : ''
              }`
            : 'Turned email reminders off',
          before: { ...before },
          after: { ...after },
        });
      }
      return this.describeReminders();
    });
  }

  private async describeReminders(): Promise<EmailReminderSettingsResultDto> {
    const { minutesBefore, ...settings } = await this.settings.reminders();
    const timeZone = await this.organizationClock.zone();
    // minutesBefore is left out while there is none: a school that never set it gets the answer it always had.
    return {
      ...settings,
      ...(minutesBefore === null ? {} : { minutesBefore }),
      timeZone,
      nextReminder: settings.enabled ? this.nextReminder(settings, timeZone) : null,
    };
  }

  /** The first weekday duty, from today on, whose reminder is still to come. */
  private nextReminder(settings: { time: string; hoursAdvance: number }, timeZone: string): NextReminderDto | null {
    const rule = { time: settings.time, hoursAdvance: settings.hoursAdvance, timeZone };
    const now = this.clock.now();
    const today = this.clock.today(timeZone);
    const due = new Set(dueDutyDates(now, rule));
    for (let i = 0; i < 14; i += 1) {
      const date = addDays(today, i);
      if (!isWeekday(date) || due.has(date)) continue;
      return { dutyDate: date, sendAt: reminderInstant(date, rule) };
    }
    return null;
  }

  async getTemplate(): Promise<EmailTemplateResultDto> {
    const saved = withDefaults(await this.settings.savedEmailTemplate());
    return { ...(saved ?? DEFAULT_EMAIL_TEMPLATE), isDefault: !saved };
  }

  async saveTemplate(actor: AuthUser, dto: EmailTemplateDto): Promise<EmailTemplateResultDto> {
    const clean = sanitizeTemplate(dto);
    return this.unitOfWork.transaction(async () => {
      await this.settings.lockExclusive();
      const before = withDefaults(await this.settings.savedEmailTemplate()) ?? { ...DEFAULT_EMAIL_TEMPLATE };
      await this.settings.saveEmailTemplate(clean);
      const changed = (Object.keys(clean) as (keyof typeof clean)[]).filter((k) => JSON.stringify(clean[k]) !== JSON.stringify(before[k]));
      this.audit.record(actor, {
        kind: 'settings',
        action: 'settings.email-template',
        entityId: TenantContext.require(),
        summary: changed.length ? `Updated the reminder email template (${changed.join(', ')})` : 'Saved the reminder email template unchanged',
        before: { ...before },
        after: { ...clean },
      });
      return { ...clean, isDefault: false };
    });
  }

  /** The draft rendered for a sample duty: the next weekday, for the signed-in person. */
  async preview(actor: AuthUser, dto: EmailTemplateDto): Promise<EmailPreviewDto> {
    const date = nextWeekday(await this.organizationClock.today());
    const email = renderReminder(dto, { staffName: actor.name, date: describeDate(date) });
    return { ...email, sampleDate: date, sampleStaffName: actor.name };
  }
}
