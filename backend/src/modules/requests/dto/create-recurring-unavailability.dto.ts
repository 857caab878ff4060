import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsUUID, registerDecorator, ValidateIf, type ValidationArguments } from 'class-validator';
import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';
import { TIMETABLE_WEEKS, type TimetableWeek } from '../../availability/entities/recurring-unavailability.entity';
import { IsoWeekdaysField } from '../../../common/validation/weekdays';
import { Reason } from './request-fields';
import { AfterTime, TimeOfDayField } from '../../../common/validation/time-of-day';

export const RECURRING_WEEKDAYS_MESSAGE = 'Choose one or more weekdays, Monday to Friday (1 = Monday … 5 = Friday)';
export const WEEK_REQUIRED_MESSAGE = 'Choose Week A or Week B for a commitment every other week';
export const START_TIME_MESSAGE = 'Give the start time as HH:mm, such as 12:30, or leave both times out for the whole day';
export const END_TIME_MESSAGE = 'Give the end time as HH:mm, such as 13:10, or leave both times out for the whole day';
export const WEEK_ONLY_EVERY_OTHER_MESSAGE = 'Week A or B is only for a commitment every other week: leave week out';

export class CreateRecurringUnavailabilityDto {
  @IsUUID('all', { message: 'Please choose a staff member' })
  staffId!: string;

  /** ISO weekdays: 1 = Monday … 5 = Friday. Sorted, repeats dropped. */
  @IsoWeekdaysField(RECURRING_WEEKDAYS_MESSAGE, { minItems: 1 })
  weekdays!: number[];

  /** First day it applies. */
  @IsoDateField('Start date')
  startDate!: string;

  /** Last day it applies (inclusive), at most about two years after the start. */
  @IsoDateField('End date')
  @NotBefore('startDate', 'End date must be after start date')
  endDate!: string;

  /** Only every other week: in Week A or Week B (needs the organisation's Week A, set in the settings). Default false. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'everyOtherWeek must be true or false' })
  everyOtherWeek?: boolean;

  /** `A` or `B`, with `everyOtherWeek` only. */
  @ApiProperty({ enum: TIMETABLE_WEEKS, enumName: 'TimetableWeek', required: false, nullable: true })
  @ValidateIf((o: CreateRecurringUnavailabilityDto, v) => o.everyOtherWeek === true || (v !== undefined && v !== null))
  @IsIn(TIMETABLE_WEEKS, { message: WEEK_REQUIRED_MESSAGE })
  @IsEmptyUnlessEveryOtherWeek()
  week?: TimetableWeek | null;

  /**
   * From this time of day (`HH:mm`), with `endTime`: a commitment at a time of day (a lunchtime
   * club) keeps its person off the duties whose times it overlaps; without both, the whole day.
   */
  @TimeOfDayField('endTime', START_TIME_MESSAGE, '12:30')
  startTime?: string;

  /** Until this time of day (`HH:mm`), after `startTime`. */
  @TimeOfDayField('startTime', END_TIME_MESSAGE, '13:10')
  @AfterTime('startTime', 'The end time must be after the start time')
  endTime?: string;

  /** Why, e.g. "Year 9 football club". */
  @Reason('Please give a reason, e.g. "Year 9 football club"')
  reason!: string;
}

/** Refuses a week (A or B) on a commitment that is every week. */
function IsEmptyUnlessEveryOtherWeek() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isEmptyUnlessEveryOtherWeek',
      target: target.constructor,
      propertyName,
      options: { message: WEEK_ONLY_EVERY_OTHER_MESSAGE },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          (args.object as CreateRecurringUnavailabilityDto).everyOtherWeek === true || value === undefined || value === null,
      },
    });
}
