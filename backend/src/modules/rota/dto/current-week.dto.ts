import { ApiProperty } from '@nestjs/swagger';
import { AcademicYearDto } from './academic-year.dto';
import { RotaDayDto } from './rota-day.dto';

/** Today in the organisation's time zone, its week and academic year, and the week's rota. */
export class CurrentWeekDto {
  @ApiProperty({ format: 'date' })
  today!: string;
  /** Monday of the week containing today. */
  @ApiProperty({ format: 'date' })
  weekStart!: string;
  /** Friday of that week. */
  @ApiProperty({ format: 'date' })
  weekEnd!: string;
  academicYear!: AcademicYearDto;
  dutyManagersPerDay!: number;
  days!: RotaDayDto[];
}
