import { IsInt, Max, Min } from 'class-validator';
import { MAX_LEAVER_RETENTION_MONTHS, MIN_LEAVER_RETENTION_MONTHS } from '../../settings/entities/system-settings.entity';

const MONTHS_MESSAGE = `The leavers' retention period must be a whole number of months from ${MIN_LEAVER_RETENTION_MONTHS} to ${MAX_LEAVER_RETENTION_MONTHS}`;

/** Changes the leavers' retention period. */
export class UpdateLeaverRetentionDto {
  /** Months after someone leaves until their personal data is anonymised: a whole number from 1 to 120. */
  @IsInt({ message: MONTHS_MESSAGE })
  @Min(MIN_LEAVER_RETENTION_MONTHS, { message: MONTHS_MESSAGE })
  @Max(MAX_LEAVER_RETENTION_MONTHS, { message: MONTHS_MESSAGE })
  leaverRetentionMonths!: number;
}
