import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';
import { HOLIDAY_TYPES, type HolidayType } from '../entities/holiday.entity';
import { emptyToNull, trim } from '../../../common/validation/normalize';
import { MultiLine } from '../../../common/validation/multi-line';

export class SaveHolidayDto {
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @MinLength(1, { message: 'Name is required' })
  @MaxLength(255, { message: 'Name must be at most 255 characters' })
  name!: string;

  @ApiProperty({ enum: HOLIDAY_TYPES, enumName: 'HolidayType' })
  @IsIn(HOLIDAY_TYPES, { message: `Type must be one of: ${HOLIDAY_TYPES.join(', ')}` })
  type!: HolidayType;

  @IsoDateField('Start date')
  startDate!: string;

  @IsoDateField('End date')
  @NotBefore('startDate', 'End date must be on or after the start date')
  endDate!: string;

  /** Optional note shown under the name. */
  @MultiLine()
  @IsOptional()
  @Transform(emptyToNull)
  @IsString({ message: 'Description must be text' })
  @MaxLength(1000, { message: 'Description must be at most 1000 characters' })
  description?: string | null;
}
