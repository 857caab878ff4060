import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  registerDecorator,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MultiLine } from '../../../common/validation/multi-line';
import { trim } from '../../../common/validation/normalize';
import { AfterTime, TimeOfDayField } from '../../../common/validation/time-of-day';
import { DUTY_ELIGIBILITY, type DutyEligibility } from '../entities/duty.entity';
import { DutyWeekdayDto } from './duty-weekday.dto';

export const DUTY_NAME_MAX = 100;
export const DUTY_PLACE_MAX = 100;
export const DUTY_DESCRIPTION_MAX = 2000;
export const MAX_LISTED_GROUPS = 100;
export const MAX_LISTED_STAFF = 1000;
export const NAME_MESSAGE = 'Duty name is required';
export const START_TIME_MESSAGE = 'Give the start time as HH:mm, such as 12:30, or leave both times out for an all-day duty';
export const END_TIME_MESSAGE = 'Give the end time as HH:mm, such as 13:00, or leave both times out for an all-day duty';
export const WEEKDAYS_MESSAGE = 'Give the weekdays the duty runs on (1 to 5 of them, Monday to Friday), each once, with the people it needs';
export const ELIGIBLE_MESSAGE = 'Who may take the duty (eligible) must be everyone, teaching, non_teaching or listed';
export const WEIGHT_MESSAGE = 'The weight must be a whole number from 1 to 600 (minutes)';

/** A list of weekdays with each weekday at most once. */
function DistinctWeekdays(message: string) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'distinctWeekdays',
      target: target.constructor,
      propertyName,
      options: { message },
      validator: {
        validate: (value: unknown) => {
          if (!Array.isArray(value)) return true;
          const days = value.map((item: unknown) => (item && typeof item === 'object' ? (item as { weekday?: unknown }).weekday : undefined));
          return new Set(days).size === days.length;
        },
      },
    });
}

const given = (v: unknown) => v !== undefined && v !== null;

/** A duty the school defines (docs/product.md#duties). */
export class CreateDutyDto {
  /** e.g. "Lunch — Field"; unique among the school's duties, whatever its case. */
  @Transform(trim)
  @IsString({ message: NAME_MESSAGE })
  @MinLength(1, { message: NAME_MESSAGE })
  @MaxLength(DUTY_NAME_MAX, { message: `Duty name must be at most ${DUTY_NAME_MAX} characters` })
  name!: string;

  /** Where the post is: "Main gate", "Field". Left out or null: no place. */
  @ApiProperty({ type: String, required: false, nullable: true })
  @ValidateIf((_o: unknown, v: unknown) => given(v))
  @Transform(trim)
  @IsString({ message: 'The place must be text' })
  @MaxLength(DUTY_PLACE_MAX, { message: `The place must be at most ${DUTY_PLACE_MAX} characters` })
  place?: string | null;

  /**
   * Where the post moves on a wet day (docs/product.md#duties): "Hall" for a duty on the field.
   * Left out or null: none, the post stays where it is whatever the weather.
   */
  @ApiProperty({ type: String, required: false, nullable: true })
  @ValidateIf((_o: unknown, v: unknown) => given(v))
  @Transform(trim)
  @IsString({ message: 'The wet-weather place must be text' })
  @MaxLength(DUTY_PLACE_MAX, { message: `The wet-weather place must be at most ${DUTY_PLACE_MAX} characters` })
  wetPlace?: string | null;

  /** What the post involves, shown to whoever is on it (several lines). */
  @MultiLine()
  @ValidateIf((_o: unknown, v: unknown) => v !== undefined)
  @IsString({ message: 'The description must be text' })
  @MaxLength(DUTY_DESCRIPTION_MAX, { message: `The description must be at most ${DUTY_DESCRIPTION_MAX.toLocaleString('en-GB')} characters` })
  description?: string;

  /** From this time of day (`HH:mm`), with `endTime`; both left out: an all-day duty. */
  @TimeOfDayField('endTime', START_TIME_MESSAGE, '12:30')
  startTime?: string | null;

  /** Until this time of day (`HH:mm`), after `startTime`. */
  @TimeOfDayField('startTime', END_TIME_MESSAGE, '13:00')
  @AfterTime('startTime', 'The end time must be after the start time')
  endTime?: string | null;

  /** The weekdays it runs on, each once, with the people it needs that day (1–10). */
  @ApiProperty({ type: [DutyWeekdayDto] })
  @IsArray({ message: WEEKDAYS_MESSAGE })
  @ArrayMinSize(1, { message: WEEKDAYS_MESSAGE })
  @ArrayMaxSize(5, { message: WEEKDAYS_MESSAGE })
  @DistinctWeekdays(WEEKDAYS_MESSAGE)
  @ValidateNested({ each: true })
  @Type(() => DutyWeekdayDto)
  weekdays!: DutyWeekdayDto[];

  /** Who may take it; `listed`: the staff groups and people below. Left out: everyone. */
  @ApiProperty({ enum: DUTY_ELIGIBILITY, enumName: 'DutyEligibility', required: false })
  @ValidateIf((_o: unknown, v: unknown) => v !== undefined)
  @IsIn(DUTY_ELIGIBILITY, { message: ELIGIBLE_MESSAGE })
  eligible?: DutyEligibility;

  /** With `listed`: the staff groups whose members may take it. */
  @ApiProperty({ type: [String], format: 'uuid', required: false })
  @ValidateIf((_o: unknown, v: unknown) => v !== undefined)
  @IsArray({ message: "Staff groups (groupIds) must be a list of staff groups' ids" })
  @ArrayMaxSize(MAX_LISTED_GROUPS, { message: `A duty lists at most ${MAX_LISTED_GROUPS} staff groups` })
  @IsUUID('4', { each: true, message: "Each of the staff groups (groupIds) must be a staff group's id" })
  groupIds?: string[];

  /** With `listed`: the people who may take it. */
  @ApiProperty({ type: [String], format: 'uuid', required: false })
  @ValidateIf((_o: unknown, v: unknown) => v !== undefined)
  @IsArray({ message: "People (staffIds) must be a list of staff members' ids" })
  @ArrayMaxSize(MAX_LISTED_STAFF, { message: `A duty lists at most ${MAX_LISTED_STAFF} people` })
  @IsUUID('4', { each: true, message: "Each of the people (staffIds) must be a staff member's id" })
  staffIds?: string[];

  /** Its weight for fairness, 1–600; left out: its minutes (60 for an all-day duty). */
  @ApiProperty({ required: false, minimum: 1, maximum: 600 })
  @ValidateIf((_o: unknown, v: unknown) => v !== undefined)
  @IsInt({ message: WEIGHT_MESSAGE })
  @Min(1, { message: WEIGHT_MESSAGE })
  @Max(600, { message: WEIGHT_MESSAGE })
  weight?: number;

  /** Whether the teaching/non-teaching mix setting applies to its people. Left out: no. */
  @ValidateIf((_o: unknown, v: unknown) => v !== undefined)
  @IsBoolean({ message: 'pairsTeaching must be true or false' })
  pairsTeaching?: boolean;
}
