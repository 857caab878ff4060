import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { type Region, REGIONS } from '../../tenants/entities/organization.entity';
import { REGION_MESSAGE } from './holiday-fields';

export class AddBankHolidaysDto {
  /** The academic year by its first calendar year: 2025 means 1 Sep 2025 – 31 Aug 2026. Default: the current one. */
  @IsOptional()
  @IsInt({ message: 'academicYearStart must be a year such as 2025' })
  @Min(2000, { message: 'academicYearStart must be between 2000 and 2100' })
  @Max(2100, { message: 'academicYearStart must be between 2000 and 2100' })
  academicYearStart?: number;

  /**
   * Whose bank holidays to add; saved as the organisation's region when given. Default: the
   * organisation's region.
   */
  @IsOptional()
  @ApiProperty({ enum: REGIONS, enumName: 'Region', required: false })
  @IsIn(REGIONS, { message: REGION_MESSAGE })
  region?: Region;
}
