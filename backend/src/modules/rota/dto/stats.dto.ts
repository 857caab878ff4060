import { ApiProperty } from '@nestjs/swagger';

export class ActiveStaffCountDto {
  name!: string;
  /** Duties (days) this month. */
  count!: number;
}

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

export class StaffDutyStatisticsDto {
  staffId!: string;
  name!: string;
  /** Admins, managers and the person themselves only (docs/product.md#what-people-see-of-each-other). */
  department?: string | null;
  isTeaching!: boolean;
  isActive!: boolean;
  total!: number;
  monday!: number;
  tuesday!: number;
  wednesday!: number;
  thursday!: number;
  friday!: number;
}

export class DutyStatisticsDto {
  /** e.g. "2025-2026". */
  academicYear!: string;
  /** 1 September. */
  @ApiProperty({ format: 'date' })
  startDate!: string;
  /** 31 July. */
  @ApiProperty({ format: 'date' })
  endDate!: string;
  totalDuties!: number;
  /** Duties per listed staff member, unrounded. */
  averagePerStaff!: number;
  highest!: number;
  lowest!: number;
  /** Active staff, and inactive staff with duties in the period; most duties first. */
  staff!: StaffDutyStatisticsDto[];
}
