import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { AcademicYearField } from '../../../common/validation/academic-year';
import { FAIRNESS_PERIODS, FairnessPeriod } from './fairness-fields';

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

  /**
   * A draft (GET /api/rota/drafts) to put in place of the live rota on its period
   * (docs/product.md#drafts): admins and managers only; the academic year defaults to the draft's.
   */
  @ApiProperty({ format: 'uuid', required: false })
  @IsOptional()
  @IsUUID('all', { message: "draftId must be a draft's id" })
  draftId?: string;
}
