import { ApiProperty } from '@nestjs/swagger';
import { UNAVAILABILITY_TYPES, type UnavailabilityType } from '../../availability/entities/staff-unavailability.entity';

export class UnavailabilityDto {
  id!: string;
  staffId!: string;
  @ApiProperty({ format: 'date' })
  startDate!: string;
  /** Last day (inclusive). */
  @ApiProperty({ format: 'date' })
  endDate!: string;
  reason!: string;
  @ApiProperty({ enum: UNAVAILABILITY_TYPES, enumName: 'UnavailabilityType' })
  type!: UnavailabilityType;
  createdAt!: string;
}
