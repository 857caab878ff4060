import { ApiProperty } from '@nestjs/swagger';
import { DutyPostDto } from './duty-post.dto';
import { TodayPersonDto } from './today-person.dto';

/** One duty running on the Today board's day: what, where, when, who, and how many are still missing. */
export class TodayDutyDto extends DutyPostDto {
  /** People the duty needs that day. */
  needed!: number;
  /** Places still open that day: needed less the people on it, never below 0. */
  missing!: number;
  /** Who is on it, in slot order. */
  @ApiProperty({ type: [TodayPersonDto] })
  people!: TodayPersonDto[];
}
