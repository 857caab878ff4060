import { ApiProperty } from '@nestjs/swagger';
import { StaffDutyStatisticsDto } from './staff-duty-statistics.dto';

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
