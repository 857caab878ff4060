import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';
import { HOLIDAY_TYPES, type HolidayType } from '../entities/holiday.entity';
import { emptyToNull, trim, wholeNumberText } from '../../../common/validation/normalize';
import { MultiLine } from '../../../common/validation/multi-line';
import { type Region, REGIONS } from '../../tenants/entities/organization.entity';

const REGION_MESSAGE = `region must be one of: ${REGIONS.join(', ')}`;

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

export class HolidayRangeQueryDto {
  /** Only holidays ending on or after this date. */
  @IsOptional()
  @IsoDateField('startDate')
  startDate?: string;

  /** Only holidays starting on or before this date. */
  @IsOptional()
  @IsoDateField('endDate')
  @NotBefore('startDate', 'endDate must be on or after startDate')
  endDate?: string;
}

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

export class AddBankHolidaysResultDto {
  /** The holidays that were added. */
  added!: HolidayDto[];
  /** How many bank holidays were already covered by an existing holiday and left out. */
  skipped!: number;
  /** The academic year, e.g. "2025-2026". */
  academicYear!: string;
  /** Whose bank holidays these are (now the organisation's region). */
  @ApiProperty({ enum: REGIONS, enumName: 'Region' })
  region!: Region;
  /** What adding them did to the planned rota; null when nothing was added. */
  rotaChange!: RotaChangeDto | null;
}

/** A holiday as saved, with what saving it did to the planned rota (docs/product.md#the-rota-stays-true). */
export class SavedHolidayDto extends HolidayDto {
  rotaChange!: RotaChangeDto;
}

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

/** One bank holiday of the preview. */
export class BankHolidayPreviewDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** e.g. "Christmas Day", "Boxing Day (substitute day)". */
  name!: string;
  /** Whether a holiday of the organisation already covers the date, so adding would skip it. */
  alreadyCovered!: boolean;
}

/** What "Add bank holidays" would add for a region and academic year. */
export class BankHolidaysPreviewDto {
  @ApiProperty({ enum: REGIONS, enumName: 'Region' })
  region!: Region;
  /** The academic year, e.g. "2025-2026". */
  academicYear!: string;
  /** The region's bank holidays from 1 September to 31 August, by date. */
  holidays!: BankHolidayPreviewDto[];
}
