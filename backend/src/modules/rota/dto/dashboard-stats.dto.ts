import { ApiProperty } from '@nestjs/swagger';
import { ActiveStaffCountDto } from './active-staff-count.dto';

/** The dashboard's figures (docs/product.md#statistics-and-the-dashboard). */
export class DashboardStatsDto {
  /**
   * Empty slots on the school days (weekdays that are neither holidays nor outside term time) of
   * the week from weekStart to weekEnd; absent when nobody is on duty that week at all.
   */
  unfilled?: number;
  activeStaffCount!: number;
  pendingSwaps!: number;
  pendingCancellations!: number;
  /** Active staff with the most duties this month; absent when there are none this month. */
  mostActive?: ActiveStaffCountDto;
  /** Active staff with the fewest duties this month (0 counts too). */
  leastActive?: ActiveStaffCountDto;
  /** Duties this month per active staff member, to one decimal place. */
  averageDuties!: number;
  /** Duties (person-days) this month. */
  totalDuties!: number;
  /** The month counted, `yyyy-MM`. */
  month!: string;
  /** Monday of the week `unfilled` counts: this week, or on a Saturday or Sunday the coming one. */
  @ApiProperty({ format: 'date' })
  weekStart!: string;
  /** Friday of that week. */
  @ApiProperty({ format: 'date' })
  weekEnd!: string;
}
