import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';

export const FAIRNESS_PERIODS = ['year', 'autumn', 'spring', 'summer'] as const;
export type FairnessPeriod = (typeof FAIRNESS_PERIODS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export class FairnessQueryDto {
  /** The academic year by its first calendar year (2025 = 2025-2026); the current one when omitted. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'academicYear must be a year such as 2025' })
  @Min(2000, { message: 'academicYear must be a year such as 2025' })
  @Max(2100, { message: 'academicYear must be a year such as 2025' })
  academicYear?: number;

  /** The whole year (default) or one term (needs the year's term dates). */
  @IsOptional()
  @ApiProperty({ enum: FAIRNESS_PERIODS, enumName: 'FairnessPeriod', required: false })
  @IsIn(FAIRNESS_PERIODS, { message: 'period must be one of: year, autumn, spring, summer' })
  period?: FairnessPeriod;
}

export class FairnessExportQueryDto extends FairnessQueryDto {
  @ApiProperty({ enum: EXPORT_FORMATS, enumName: 'ExportFormat' })
  @IsIn(EXPORT_FORMATS, { message: 'format must be csv or xlsx' })
  format!: ExportFormat;
}

export class RotaExportQueryDto {
  @IsoDateField('startDate')
  startDate!: string;

  @IsoDateField('endDate')
  endDate!: string;

  @ApiProperty({ enum: EXPORT_FORMATS, enumName: 'ExportFormat' })
  @IsIn(EXPORT_FORMATS, { message: 'format must be csv or xlsx' })
  format!: ExportFormat;
}

/** One person's load against their fair share over the period (docs/product.md#fair-share). */
export class FairnessRowDto {
  staffId!: string;
  name!: string;
  department!: string | null;
  isTeaching!: boolean;
  isActive!: boolean;
  /** Working days, ISO weekdays (1 = Monday … 5 = Friday). */
  workingDays!: number[];
  /** Duties already done in the period (before today). */
  done!: number;
  /** Duties planned in the period from today on. */
  planned!: number;
  /** Their fair share of the period's duties, to two decimals. */
  share!: number;
  /** done + planned − share, to two decimals: above their share when positive. */
  difference!: number;
}

/** The team's fairness over the period. */
export class FairnessSummaryDto {
  /** Duties done and planned in the period, by everyone. */
  totalDuties!: number;
  /** Active people counted. */
  people!: number;
  /** The average duties (done and planned) per active person. */
  averageDuties!: number;
  /** The largest |difference|. */
  largestDifference!: number;
  /** The largest difference minus the smallest. */
  spread!: number;
  /** √Σ difference²: the load-balance measure of one number for the whole team. */
  rootSumOfSquares!: number;
}

export class FairnessDto {
  /** e.g. "2025-2026". */
  academicYear!: string;
  @ApiProperty({ enum: FAIRNESS_PERIODS, enumName: 'FairnessPeriod' })
  period!: FairnessPeriod;
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Everyone for admins and managers; only the signed-in person's own line for staff. */
  rows!: FairnessRowDto[];
  summary!: FairnessSummaryDto;
}
