import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';
import { MultiLine } from '../../../common/validation/multi-line';

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
