import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';

export const WEEKDAY_MESSAGE = 'Each weekday must be 1 (Monday) to 5 (Friday)';
export const PEOPLE_MESSAGE = 'People per day must be a whole number from 1 to 10';

/** One weekday a duty runs on, and how many people it needs that day. */
export class DutyWeekdayDto {
  /** ISO weekday: 1 = Monday … 5 = Friday. */
  @ApiProperty({ minimum: 1, maximum: 5 })
  @IsInt({ message: WEEKDAY_MESSAGE })
  @Min(1, { message: WEEKDAY_MESSAGE })
  @Max(5, { message: WEEKDAY_MESSAGE })
  weekday!: number;
  /** How many people the duty needs that day. */
  @ApiProperty({ minimum: 1, maximum: 10 })
  @IsInt({ message: PEOPLE_MESSAGE })
  @Min(1, { message: PEOPLE_MESSAGE })
  @Max(10, { message: PEOPLE_MESSAGE })
  people!: number;
}
