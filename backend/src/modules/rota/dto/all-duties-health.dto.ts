import { ApiProperty } from '@nestjs/swagger';
import { DutyHealthDto } from './duty-health.dto';
import { DutyUnfilledDto } from './duty-unfilled.dto';

/** Every duty's health from today on, in the school's order (always no violations, unless something is wrong). */
export class AllDutiesHealthDto {
  /** Today, in the organisation's zone: the first day checked. */
  @ApiProperty({ format: 'date' })
  from!: string;
  /** Each duty the school has (and any paused or deleted one still holding people), with its violations. */
  @ApiProperty({ type: [DutyHealthDto] })
  duties!: DutyHealthDto[];
  /** The academic year looked at for unfilled days, e.g. "2026-2027" (as GET /api/rota/health). */
  academicYear!: string;
  /** The first day looked at for unfilled days: tomorrow (the first day the bulk tools plan), or the year's 1 September when that is later. */
  @ApiProperty({ format: 'date' })
  unfilledFrom!: string;
  /** The last day looked at for unfilled days: the end of the year's summer term (31 August without term dates, or once it is over). */
  @ApiProperty({ format: 'date' })
  unfilledTo!: string;
  /**
   * Each running duty other than the Duty Manager duty (whose days are GET /api/rota/health's
   * `unfilledDays`) that has school days from `unfilledFrom` to `unfilledTo` with fewer people
   * than it needs that weekday, in the school's order. Paused and deleted duties need nobody.
   */
  @ApiProperty({ type: [DutyUnfilledDto] })
  unfilled!: DutyUnfilledDto[];
}
