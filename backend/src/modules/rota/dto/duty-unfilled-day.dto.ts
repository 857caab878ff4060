import { ApiProperty } from '@nestjs/swagger';

/** A school day on which a duty has fewer people than it needs that weekday. */
export class DutyUnfilledDayDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** People still needed that day (its need that weekday less those on it). */
  missing!: number;
}
