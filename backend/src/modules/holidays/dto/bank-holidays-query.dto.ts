import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { wholeNumberText } from '../../../common/validation/normalize';
import { type Region, REGIONS } from '../../tenants/entities/organization.entity';
import { REGION_MESSAGE } from './holiday-fields';

export class BankHolidaysQueryDto {
  /** The academic year by its first calendar year: 2025 means 1 Sep 2025 – 31 Aug 2026. Default: the current one. */
  @IsOptional()
  @Transform(wholeNumberText)
  @IsInt({ message: 'academicYearStart must be a year such as 2025' })
  @Min(2000, { message: 'academicYearStart must be between 2000 and 2100' })
  @Max(2100, { message: 'academicYearStart must be between 2000 and 2100' })
  academicYearStart?: number;

  /** Whose bank holidays to list. Default: the organisation's region. */
  @IsOptional()
  @ApiProperty({ enum: REGIONS, enumName: 'Region', required: false })
  @IsIn(REGIONS, { message: REGION_MESSAGE })
  region?: Region;
}
