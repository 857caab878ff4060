import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { REMINDER_HOURS_CHOICES } from '../../settings/entities/system-settings.entity';
import { trim } from '../../../common/validation/normalize';
import { MultiLine } from '../../../common/validation/multi-line';

const HOURS_MESSAGE = `Hours in advance must be one of ${REMINDER_HOURS_CHOICES.slice(0, -1).join(', ')} or ${REMINDER_HOURS_CHOICES.at(-1)}`;

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
}

export class NextReminderDto {
  /** The duty date the next reminders are for. */
  @ApiProperty({ type: String, format: 'date' })
  dutyDate!: string;
  /** When they go out. */
  sendAt!: Date;
}

export class EmailReminderSettingsResultDto extends EmailReminderSettingsDto {
  /** The organisation's time zone, in which the time is read. */
  timeZone!: string;
  /** The next reminders the service will send; null while reminders are off. */
  @ApiProperty({ type: NextReminderDto, nullable: true })
  nextReminder!: NextReminderDto | null;
}

const LIST_ITEM_MAX = 500;

/** A list of short HTML snippets (key reminders, emergency contacts). */
function TemplateList(label: string) {
  return (target: object, property: string) => {
    IsArray({ message: `${label} must be a list of text` })(target, property);
    ArrayMaxSize(20, { message: `${label} can have at most 20 items` })(target, property);
    IsString({ each: true, message: `Each item of ${label.toLowerCase()} must be text` })(target, property);
    MaxLength(LIST_ITEM_MAX, { each: true, message: `Each item of ${label.toLowerCase()} must be at most ${LIST_ITEM_MAX} characters` })(
      target,
      property,
    );
  };
}

/**
 * The reminder email (docs/product.md#reminders). HTML is kept to strong, em, b, i, u, br, p, ul, ol, li and
 * http(s) links; `{date}` and `{staffName}` are filled in for each reminder. The HTML parts may
 * span lines (in HTML a line break is white space); the subject, a mail header, may not.
 */
export class EmailTemplateDto {
  @ApiProperty({ example: 'Duty Manager Reminder - {date}', maxLength: 200 })
  @Transform(trim)
  @IsString({ message: 'The subject is required' })
  @MinLength(1, { message: 'The subject is required' })
  @MaxLength(200, { message: 'The subject must be at most 200 characters' })
  subject!: string;

  @ApiProperty({ example: 'Dear {staffName},', maxLength: 1000 })
  @MultiLine()
  @IsString({ message: 'The greeting must be text' })
  @MaxLength(1000, { message: 'The greeting must be at most 1000 characters' })
  greeting!: string;

  @ApiProperty({ maxLength: 5000 })
  @MultiLine()
  @IsString({ message: 'The main message is required' })
  @MaxLength(5000, { message: 'The main message must be at most 5000 characters' })
  mainMessage!: string;

  @TemplateList('Key reminders')
  @MultiLine()
  keyReminders!: string[];

  @TemplateList('Emergency contacts')
  @MultiLine()
  emergencyContacts!: string[];

  @ApiProperty({ maxLength: 2000 })
  @MultiLine()
  @IsString({ message: 'The footer message must be text' })
  @MaxLength(2000, { message: 'The footer message must be at most 2000 characters' })
  footerMessage!: string;

  @ApiProperty({ maxLength: 500 })
  @MultiLine()
  @IsString({ message: 'The signature must be text' })
  @MaxLength(500, { message: 'The signature must be at most 500 characters' })
  signature!: string;
}

export class EmailTemplateResultDto extends EmailTemplateDto {
  /** True while the built-in template is in use (nothing saved yet). */
  isDefault!: boolean;
}

export class EmailPreviewDto {
  subject!: string;
  /** The email body, sanitised; show it in a sandboxed frame. */
  html!: string;
  text!: string;
  /** The sample duty the preview is for. */
  @ApiProperty({ type: String, format: 'date' })
  sampleDate!: string;
  sampleStaffName!: string;
}
