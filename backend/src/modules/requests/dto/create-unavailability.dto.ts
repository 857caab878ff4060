import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';
import { UNAVAILABILITY_TYPES, type UnavailabilityType } from '../../availability/entities/staff-unavailability.entity';
import { MultiLine } from '../../../common/validation/multi-line';
import { Reason } from './request-fields';

export class CreateUnavailabilityDto {
  @IsUUID('all', { message: 'Please choose a staff member' })
  staffId!: string;

  @IsoDateField('Start date')
  startDate!: string;

  @IsoDateField('End date')
  @NotBefore('startDate', 'End date must be after start date')
  endDate!: string;

  @Reason('Please fill in all required fields')
  @MultiLine()
  reason!: string;

  /** Default annual_leave. */
  @ApiProperty({ enum: UNAVAILABILITY_TYPES, enumName: 'UnavailabilityType', required: false })
  @IsOptional()
  @IsIn(UNAVAILABILITY_TYPES, { message: `Type must be one of: ${UNAVAILABILITY_TYPES.join(', ')}` })
  type?: UnavailabilityType;
}
