import { ApiProperty } from '@nestjs/swagger';

export class AcademicYearDto {
  /** e.g. "2025-2026". */
  label!: string;
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Last day of the statistics period (31 July). */
  @ApiProperty({ format: 'date' })
  statisticsEndDate!: string;
}
