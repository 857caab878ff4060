import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength, registerDecorator, ValidateIf } from 'class-validator';
import { isoWeekdayOf } from '../../../common/clock/weekdays';
import { isIsoDate } from '../../../common/validation/iso-date';
import { MultiLine } from '../../../common/validation/multi-line';
import {
  INSTRUCTIONS_CONTENT_MAX,
  MIX_MODES,
  type MixMode,
  INSTRUCTIONS_TITLE_MAX,
  MAX_DUTY_MANAGERS_PER_DAY,
  MAX_FROZEN_SCHOOL_DAYS,
  MIN_DUTY_MANAGERS_PER_DAY,
  PROCEDURE_FILE_NAME_MAX,
  PROCEDURE_FILE_URL_MAX,
} from '../entities/system-settings.entity';
import { trim } from '../../../common/validation/normalize';

export const FILE_FIELDS_MESSAGE =
  'Upload the procedure document with POST /api/settings/procedure-file: its address and name are set from the upload. Send null to remove it.';

export const DUTY_MANAGERS_PER_DAY_MESSAGE = 'Duty managers per day must be between 1 and 5';
export const MIX_MODE_MESSAGE = 'Teaching and non-teaching pairing must be always, when_fair or never';
export const DEFAULT_WEEKLY_CAP_MESSAGE = 'The default weekly cap must be a whole number of duties from 1 to 5, or empty for no cap';
export const KEEP_FAIRNESS_MESSAGE = 'Keep fairness must be true (rebalance after a change) or false (only fill gaps)';
export const FROZEN_SCHOOL_DAYS_MESSAGE = `The frozen school days (left alone after today) must be a whole number from 0 to ${MAX_FROZEN_SCHOOL_DAYS}`;
export const WEEK_A_START_MESSAGE = 'Week A must start on a Monday, written as yyyy-MM-dd (or empty when the timetable has no Week A and B)';

/** A `yyyy-MM-dd` date that is a Monday. */
function IsMonday(message: string) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isMonday',
      target: target.constructor,
      propertyName,
      options: { message },
      validator: { validate: (value: unknown) => isIsoDate(value) && isoWeekdayOf(value) === 1 },
    });
}

export class UpdateSystemSettingsDto {
  /** Left out: unchanged. `null` is refused like any other value outside 1–5. */
  @ValidateIf((o: UpdateSystemSettingsDto) => o.dutyManagersPerDay !== undefined)
  @IsInt({ message: DUTY_MANAGERS_PER_DAY_MESSAGE })
  @Min(MIN_DUTY_MANAGERS_PER_DAY, { message: DUTY_MANAGERS_PER_DAY_MESSAGE })
  @Max(MAX_DUTY_MANAGERS_PER_DAY, { message: DUTY_MANAGERS_PER_DAY_MESSAGE })
  dutyManagersPerDay?: number;

  /** Left out: unchanged. */
  @ValidateIf((o: UpdateSystemSettingsDto) => o.instructionsTitle !== undefined)
  @Transform(trim)
  @IsString({ message: 'The instructions title is required' })
  @MinLength(1, { message: 'The instructions title is required' })
  @MaxLength(INSTRUCTIONS_TITLE_MAX, { message: `The instructions title must be at most ${INSTRUCTIONS_TITLE_MAX} characters` })
  instructionsTitle?: string;

  /** Plain text; left out: unchanged; empty: no instructions. */
  @MultiLine()
  @ValidateIf((o: UpdateSystemSettingsDto) => o.instructionsContent !== undefined)
  @IsString({ message: 'The instructions must be text' })
  @MaxLength(INSTRUCTIONS_CONTENT_MAX, { message: `The instructions must be at most ${INSTRUCTIONS_CONTENT_MAX.toLocaleString('en-GB')} characters` })
  instructionsContent?: string;

  /** Left out: unchanged. Changing it touches no planned duty. */
  @ApiProperty({ enum: MIX_MODES, enumName: 'MixMode', required: false })
  @ValidateIf((o: UpdateSystemSettingsDto) => o.mixMode !== undefined)
  @IsIn(MIX_MODES, { message: MIX_MODE_MESSAGE })
  mixMode?: MixMode;

  /** 1–5, or null for no cap; left out: unchanged. Setting or lowering it takes off the duties above it from today on. */
  @ApiProperty({ type: 'integer', nullable: true, required: false, minimum: 1, maximum: 5 })
  @ValidateIf((o: UpdateSystemSettingsDto) => o.defaultWeeklyCap !== undefined && o.defaultWeeklyCap !== null)
  @IsInt({ message: DEFAULT_WEEKLY_CAP_MESSAGE })
  @Min(1, { message: DEFAULT_WEEKLY_CAP_MESSAGE })
  @Max(5, { message: DEFAULT_WEEKLY_CAP_MESSAGE })
  defaultWeeklyCap?: number | null;

  /** A Monday, `yyyy-MM-dd`, that begins a Week A; null clears it; left out: unchanged. */
  @ApiProperty({ type: String, format: 'date', nullable: true, required: false, example: '2025-09-08' })
  @ValidateIf((o: UpdateSystemSettingsDto) => o.weekAStart !== undefined && o.weekAStart !== null)
  @IsMonday(WEEK_A_START_MESSAGE)
  weekAStart?: string | null;

  /** True: a repair after a change of facts rebalances with the fewest changes; false: it only fills gaps. Left out: unchanged. */
  @ValidateIf((o: UpdateSystemSettingsDto) => o.keepFairness !== undefined)
  @IsBoolean({ message: KEEP_FAIRNESS_MESSAGE })
  keepFairness?: boolean;

  /** School days after today (0–20) that no repair or rebalance moves unless a hard rule forces it. Left out: unchanged. */
  @ApiProperty({ type: 'integer', required: false, minimum: 0, maximum: MAX_FROZEN_SCHOOL_DAYS })
  @ValidateIf((o: UpdateSystemSettingsDto) => o.frozenSchoolDays !== undefined)
  @IsInt({ message: FROZEN_SCHOOL_DAYS_MESSAGE })
  @Min(0, { message: FROZEN_SCHOOL_DAYS_MESSAGE })
  @Max(MAX_FROZEN_SCHOOL_DAYS, { message: FROZEN_SCHOOL_DAYS_MESSAGE })
  frozenSchoolDays?: number;

  /** Only `null` (removes the procedure document) or the current value; set by the upload. */
  @ApiProperty({ type: String, nullable: true, required: false, maxLength: PROCEDURE_FILE_URL_MAX })
  @ValidateIf((o: UpdateSystemSettingsDto) => o.procedureFileUrl !== undefined && o.procedureFileUrl !== null)
  @IsString({ message: FILE_FIELDS_MESSAGE })
  @MaxLength(PROCEDURE_FILE_URL_MAX, { message: `The procedure file URL must be at most ${PROCEDURE_FILE_URL_MAX} characters` })
  procedureFileUrl?: string | null;

  @ApiProperty({ type: String, nullable: true, required: false, maxLength: PROCEDURE_FILE_NAME_MAX })
  @ValidateIf((o: UpdateSystemSettingsDto) => o.procedureFileName !== undefined && o.procedureFileName !== null)
  @IsString({ message: FILE_FIELDS_MESSAGE })
  @MaxLength(PROCEDURE_FILE_NAME_MAX, { message: `The procedure file name must be at most ${PROCEDURE_FILE_NAME_MAX} characters` })
  procedureFileName?: string | null;
}
