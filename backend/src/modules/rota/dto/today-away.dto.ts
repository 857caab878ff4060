import { ApiProperty } from '@nestjs/swagger';

/** Someone on leave or unavailable on the Today board's day (no reason or kind: the board is read by the day's duty managers too). */
export class TodayAwayDto {
  id!: string;
  name!: string;
  /** `HH:mm` of a weekly commitment at a time of day; null with endTime when away all day. */
  @ApiProperty({ type: String, nullable: true, example: '12:00' })
  startTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '13:00' })
  endTime!: string | null;
}
