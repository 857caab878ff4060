import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { REMINDER_HOURS_CHOICES, REMINDER_MINUTES_CHOICES } from '../../settings/entities/system-settings.entity';

const HOURS_MESSAGE = `Hours in advance must be one of ${REMINDER_HOURS_CHOICES.slice(0, -1).join(', ')} or ${REMINDER_HOURS_CHOICES.at(-1)}`;

const MINUTES_MESSAGE = `Minutes before a timed duty must be ${REMINDER_MINUTES_CHOICES.slice(0, -1).join(', ')} or ${REMINDER_MINUTES_CHOICES.at(-1)}, or null for no reminder on the day`;

export class EmailReminderSettingsDto {
  /** Whether the reminder service emails people before their duties. */
  @IsBoolean({ message: 'Enabled must be true or false' })
  enabled!: boolean;

  /** The reminder time, `HH:mm` (24-hour) in the organisation's zone. */
  @ApiProperty({ example: '08:30', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' })
  @IsString({ message: 'The reminder time must be written as HH:mm, such as 08:30' })
  @Matches(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { message: 'The reminder time must be written as HH:mm, such as 08:30' })
  time!: string;

  /** How many hours before the duty day's reminder time the reminder goes out. */
  @ApiProperty({ enum: REMINDER_HOURS_CHOICES, type: Number })
  @IsIn(REMINDER_HOURS_CHOICES, { message: HOURS_MESSAGE })
  hoursAdvance!: number;

  /**
   * A reminder this many minutes before each timed duty starts, besides the one before its day;
   * null: none on the day. Absent: unchanged (absent from the answer while there is none).
   */
  @ApiProperty({ enum: REMINDER_MINUTES_CHOICES, type: Number, nullable: true, required: false })
  @IsOptional()
  @IsIn(REMINDER_MINUTES_CHOICES, { message: MINUTES_MESSAGE })
  minutesBefore?: number | null;
}
