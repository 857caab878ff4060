import { IsBoolean, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';

export const MAX_DUTIES_PER_DAY_MESSAGE = 'Max duties per day must be a whole number from 1 to 5';

/** How many duties one person may take on a day (docs/product.md#duties). */
export class DutyRulesDto {
  /** At most this many duties a day per person, 1–5. */
  maxDutiesPerDay!: number;
  /** Whether an all-day duty (the Duty Manager duty) counts towards that maximum. */
  allDayDutiesCount!: boolean;
}

/** The daily rules to save; a field left out is unchanged. */
export class SaveDutyRulesDto {
  @ValidateIf((o: SaveDutyRulesDto) => o.maxDutiesPerDay !== undefined)
  @IsInt({ message: MAX_DUTIES_PER_DAY_MESSAGE })
  @Min(1, { message: MAX_DUTIES_PER_DAY_MESSAGE })
  @Max(5, { message: MAX_DUTIES_PER_DAY_MESSAGE })
  maxDutiesPerDay?: number;

  @ValidateIf((o: SaveDutyRulesDto) => o.allDayDutiesCount !== undefined)
  @IsBoolean({ message: 'allDayDutiesCount must be true or false' })
  allDayDutiesCount?: boolean;
}

/** The daily rules as saved, and what saving them did to the planned rota. */
export class SavedDutyRulesDto {
  rules!: DutyRulesDto;
  /** Null unless the rules got stricter (a lower maximum, all-day duties counted). */
  rotaChange!: RotaChangeDto | null;
}
