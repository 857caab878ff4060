import { ApiProperty } from '@nestjs/swagger';

export class UnfilledDayDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** People on duty that day. */
  filled!: number;
  /** Slots the day has (duty managers per day). */
  slots!: number;
}
