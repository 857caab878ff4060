import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { MAX_DUTY_MANAGERS_PER_DAY, MIN_DUTY_MANAGERS_PER_DAY } from '../entities/system-settings.entity';

export const DUTY_MANAGERS_PER_DAY_MESSAGE = 'Duty managers per day must be between 1 and 5';

export class SystemSettingsDto {
  /** How many duty managers each weekday has (1–5): the number of slots of every rota day. */
  dutyManagersPerDay!: number;
}

export class UpdateSystemSettingsDto {
  /** Left out: unchanged. `null` is refused like any other value outside 1–5. */
  @ValidateIf((o: UpdateSystemSettingsDto) => o.dutyManagersPerDay !== undefined)
  @IsInt({ message: DUTY_MANAGERS_PER_DAY_MESSAGE })
  @Min(MIN_DUTY_MANAGERS_PER_DAY, { message: DUTY_MANAGERS_PER_DAY_MESSAGE })
  @Max(MAX_DUTY_MANAGERS_PER_DAY, { message: DUTY_MANAGERS_PER_DAY_MESSAGE })
  dutyManagersPerDay?: number;
}

export class SystemSettingsUpdateResultDto extends SystemSettingsDto {
  /**
   * Assignments removed because their slot no longer exists (fewer duty managers per day):
   * only days from tomorrow on; past days and today keep their record.
   */
  removedSlots!: number;
}
