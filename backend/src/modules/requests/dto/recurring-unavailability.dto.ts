import { ApiProperty } from '@nestjs/swagger';
import { TIMETABLE_WEEKS, type TimetableWeek } from '../../availability/entities/recurring-unavailability.entity';

export class RecurringUnavailabilityDto {
  id!: string;
  staffId!: string;
  /** The weekdays it covers, ISO: 1 = Monday … 5 = Friday, sorted. */
  @ApiProperty({ type: 'integer', isArray: true, minimum: 1, maximum: 5, example: [2] })
  weekdays!: number[];
  @ApiProperty({ format: 'date' })
  startDate!: string;
  /** Last day (inclusive). */
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Only in one week of the organisation's two-week timetable. */
  everyOtherWeek!: boolean;
  /** `A` or `B` when `everyOtherWeek`; null when every week. */
  @ApiProperty({ enum: TIMETABLE_WEEKS, enumName: 'TimetableWeek', nullable: true })
  week!: TimetableWeek | null;
  /** `HH:mm`, with `endTime`, on a commitment at a time of day; absent on one for the whole day. */
  @ApiProperty({ required: false, example: '12:30' })
  startTime?: string;
  @ApiProperty({ required: false, example: '13:10' })
  endTime?: string;
  reason!: string;
  createdAt!: string;
}
