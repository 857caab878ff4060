import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { IsoWeekdaysField } from '../../../common/validation/weekdays';
import { MAX_FTE, MAX_WEEKLY_CAP, MIN_FTE, MIN_WEEKLY_CAP } from '../entities/staff.entity';
import { EmailField } from '../../auth/dto/fields';
import { emptyToNull, trim } from '../../../common/validation/normalize';

export const WORKING_DAYS_MESSAGE = 'Working days must be one or more of Monday to Friday (1 = Monday … 5 = Friday)';
export const AVOID_DAYS_MESSAGE = 'Days to avoid must be among Monday to Friday (1 = Monday … 5 = Friday)';
export const FTE_MESSAGE = `FTE must be a number from ${MIN_FTE} to ${MAX_FTE} with at most two decimals (e.g. 0.6), or empty for their working days ÷ 5`;
export const WEEKLY_CAP_MESSAGE = `Weekly cap must be a whole number of duties from ${MIN_WEEKLY_CAP} to ${MAX_WEEKLY_CAP}, or empty for the organisation's default`;

export class CreateStaffDto {
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @MinLength(1, { message: 'Name is required' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name!: string;

  @EmailField('Please enter a valid email address')
  email!: string;

  /** Optional, e.g. "Science". */
  @IsOptional()
  @Transform(emptyToNull)
  @IsString({ message: 'Department must be text' })
  @MaxLength(100, { message: 'Department must be at most 100 characters' })
  department?: string | null;

  /** Teaching (default) or Non-Teaching. */
  // Left out: the default (or unchanged); null is refused, the column is NOT NULL.
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'Staff type must be Teaching or Non-Teaching' })
  isTeaching?: boolean;

  /** The weekdays they work, ISO (1 = Monday … 5 = Friday); default every weekday. Sorted, repeats dropped. */
  // Left out: the default (or unchanged); null is refused, the column is NOT NULL.
  @ValidateIf((_o, v) => v !== undefined)
  @IsoWeekdaysField(WORKING_DAYS_MESSAGE, { minItems: 1 })
  workingDays?: number[];

  /**
   * Contract fraction, 0.05–1 in steps of 0.01; null or left out: their working days ÷ 5. Given
   * with `workingDays`, taken as meant even when it isn't the days ÷ 5. Left out of an edit that
   * changes the working days: an FTE that was the old days ÷ 5 becomes the new days ÷ 5, and one
   * set apart from them is refused (400: send it with the days). docs/product.md#working-patterns
   */
  @ApiProperty({ type: Number, nullable: true, required: false, minimum: MIN_FTE, maximum: MAX_FTE, example: 0.6 })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: FTE_MESSAGE })
  @Min(MIN_FTE, { message: FTE_MESSAGE })
  @Max(MAX_FTE, { message: FTE_MESSAGE })
  fte?: number | null;

  /** At most this many duties a week, 1–5; null or left out: the organisation's default. */
  @ApiProperty({ type: 'integer', nullable: true, required: false, minimum: MIN_WEEKLY_CAP, maximum: MAX_WEEKLY_CAP })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsInt({ message: WEEKLY_CAP_MESSAGE })
  @Min(MIN_WEEKLY_CAP, { message: WEEKLY_CAP_MESSAGE })
  @Max(MAX_WEEKLY_CAP, { message: WEEKLY_CAP_MESSAGE })
  weeklyCap?: number | null;

  /** Working days they would rather not do (ISO): some of `workingDays`, never all of them. Default none. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsoWeekdaysField(AVOID_DAYS_MESSAGE, { minItems: 0 })
  avoidDays?: number[];

  /** Also invite them to sign in: emails a link to choose a password (valid 7 days). */
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'invite must be true or false' })
  invite?: boolean;
}
