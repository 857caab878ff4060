import { ApiProperty } from '@nestjs/swagger';
import { HOLIDAY_TYPES, type HolidayType } from '../entities/holiday.entity';

export class HolidayDto {
  id!: string;
  name!: string;
  @ApiProperty({ enum: HOLIDAY_TYPES, enumName: 'HolidayType' })
  type!: HolidayType;
  /** First day, `yyyy-MM-dd`. */
  @ApiProperty({ format: 'date' })
  startDate!: string;
  /** Last day (inclusive), `yyyy-MM-dd`; equals startDate for a single day. */
  @ApiProperty({ format: 'date' })
  endDate!: string;
  description?: string | null;
}
