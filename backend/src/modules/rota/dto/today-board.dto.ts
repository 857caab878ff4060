import { ApiProperty } from '@nestjs/swagger';
import { TodayAwayDto } from './today-away.dto';
import { TodayDutyDto } from './today-duty.dto';

/** The Today board (docs/product.md#duties): every duty running on a day, its people and gaps, and who is away. */
export class TodayBoardDto {
  @ApiProperty({ format: 'date', example: '2026-11-30' })
  date!: string;
  /** Why no duty runs that day (a weekend, a holiday, outside term time), or null on a school day. */
  @ApiProperty({ type: String, nullable: true, example: 'Holiday: Christmas Day, Bank Holiday' })
  closed!: string | null;
  /** Whether the day is marked a wet day: the duties with a wet-weather post show it as their place. */
  wet!: boolean;
  /** The duties running that day in time order: all-day duties first, then by start and end time, then in the school's order. Empty on a closed day. */
  @ApiProperty({ type: [TodayDutyDto] })
  duties!: TodayDutyDto[];
  /** Active people away that day (leave, unavailability, a weekly commitment), by name. */
  @ApiProperty({ type: [TodayAwayDto] })
  away!: TodayAwayDto[];
}
