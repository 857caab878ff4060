import { ApiProperty } from '@nestjs/swagger';
import { EmailReminderSettingsDto } from './email-reminder-settings.dto';
import { NextReminderDto } from './next-reminder.dto';

export class EmailReminderSettingsResultDto extends EmailReminderSettingsDto {
  /** The organisation's time zone, in which the time is read. */
  timeZone!: string;
  /** The next reminders the service will send; null while reminders are off. */
  @ApiProperty({ type: NextReminderDto, nullable: true })
  nextReminder!: NextReminderDto | null;
}
