import { ApiProperty } from '@nestjs/swagger';
import { TodayPersonDto } from './today-person.dto';

/** One duty running on the Today board's day: what, where, when, who, and how many are still missing. */
export class TodayDutyDto {
  @ApiProperty({ format: 'uuid' })
  dutyId!: string;
  /** The Duty Manager duty. */
  isDutyManager!: boolean;
  name!: string;
  /** Where the post is; null when not given. */
  @ApiProperty({ type: String, nullable: true })
  place!: string | null;
  /** `HH:mm`; null with endTime for an all-day duty. */
  @ApiProperty({ type: String, nullable: true, example: '12:30' })
  startTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '13:10' })
  endTime!: string | null;
  /** What the post involves; null when it has none. */
  @ApiProperty({ type: String, nullable: true })
  description!: string | null;
  /** People the duty needs that day. */
  needed!: number;
  /** Places still open that day: needed less the people on it, never below 0. */
  missing!: number;
  /** Who is on it, in slot order. */
  @ApiProperty({ type: [TodayPersonDto] })
  people!: TodayPersonDto[];
}
