import { ApiProperty } from '@nestjs/swagger';

/** One weekday a duty runs on, and how many people it needs that day. */
export class DutyWeekdayDto {
  /** ISO weekday: 1 = Monday … 5 = Friday. */
  @ApiProperty({ minimum: 1, maximum: 5 })
  weekday!: number;
  /** How many people the duty needs that day. */
  @ApiProperty({ minimum: 1, maximum: 10 })
  people!: number;
}
