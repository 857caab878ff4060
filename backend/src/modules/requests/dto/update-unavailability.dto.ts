import { ApiProperty, OmitType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { UNAVAILABILITY_TYPES, type UnavailabilityType } from '../../availability/entities/staff-unavailability.entity';
import { CreateUnavailabilityDto } from './create-unavailability.dto';

/**
 * A period's new dates, reason and type (the person stays the same). Days it newly covers lose
 * their duties as when a period is added; days it no longer covers get none back.
 */
export class UpdateUnavailabilityDto extends OmitType(CreateUnavailabilityDto, ['staffId', 'type'] as const) {
  /** Unchanged when left out. */
  @ApiProperty({ enum: UNAVAILABILITY_TYPES, enumName: 'UnavailabilityType', required: false })
  @IsOptional()
  @IsIn(UNAVAILABILITY_TYPES, { message: `Type must be one of: ${UNAVAILABILITY_TYPES.join(', ')}` })
  type?: UnavailabilityType;
}
