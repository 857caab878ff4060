import { ApiProperty } from '@nestjs/swagger';
import { DutyUnfilledDayDto } from './duty-unfilled-day.dto';

/** A running duty other than the Duty Manager duty, with the school days that still need someone on it. */
export class DutyUnfilledDto {
  @ApiProperty({ format: 'uuid' })
  dutyId!: string;
  dutyName!: string;
  /** In date order; never empty. */
  @ApiProperty({ type: [DutyUnfilledDayDto] })
  days!: DutyUnfilledDayDto[];
}
