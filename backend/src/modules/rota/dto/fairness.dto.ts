import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { AcademicYearField } from '../../../common/validation/academic-year';
import { IsoDateField } from '../../../common/validation/iso-date';

export const FAIRNESS_PERIODS = ['year', 'autumn', 'spring', 'summer'] as const;
export type FairnessPeriod = (typeof FAIRNESS_PERIODS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export class FairnessQueryDto {
  /**
   * The academic year by its first calendar year (2025 = 2025-2026); when omitted, the planning year
   * (this one until its summer term has ended, then the next).
   */
  @AcademicYearField({ required: false, inQuery: true })
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
  /** How the share was made (docs/product.md#the-fairness-view): the period's school days on their working days. */
  patternDays!: number;
  /** Of those, the days they are away (leave, unavailability, weekly commitments). */
  awayDays!: number;
  /** patternDays − awayDays: the school days of the period they can do (0 when not active). */
  availableDays!: number;
  /** Their FTE as set on their record; null when not set (then each available day counts 1). */
  fte!: number | null;
  /** What each available day counts: FTE ÷ (working days ÷ 5), or 1 without an FTE; to two decimals. */
  dayWeight!: number;
  /** availableDays × dayWeight, to two decimals; share = dutiesShared × weightedDays ÷ the team's weightedDays. */
  weightedDays!: number;
  /** The same in one sentence, e.g. "Works Mon, Wed, Fri: 114 of the 190 school days, 3 of them away: 111 available. …". */
  shareExplanation!: string;
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
  /** School days of the period: weekdays in term time that are not holidays. */
  schoolDays!: number;
  /** The duties shared out as fair shares: the sum of the active people's shares, to two decimals. */
  dutiesShared!: number;
  /** Everyone's weighted days together, to two decimals. */
  weightedDays!: number;
  /** How a share is made, in words, with the period's figures. */
  shareRule!: string;
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
