import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsOptional, IsUUID } from 'class-validator';
import { AcademicYearField } from '../../../common/validation/academic-year';
import { IsoDateField } from '../../../common/validation/iso-date';

/** What to plan as a draft (docs/product.md#drafts): the same period choice as reshuffle, or a start date. */
export class CreateDraftDto {
  /**
   * The academic year to plan, by its first calendar year (2026 = 1 Sep 2026 – 31 Aug 2027): its
   * days from tomorrow or its 1 September, whichever is later, to `endDate` (which must fall in it)
   * or the end of its summer term. When omitted with no `endDate`: the planning year.
   */
  @AcademicYearField({ required: false })
  academicYear?: number;

  /** First day to plan (after today); tomorrow, or the academic year's first day, when omitted. */
  @IsOptional()
  @IsoDateField('startDate')
  startDate?: string;

  /** Last day to plan (inclusive); the end of the summer term when omitted. */
  @IsOptional()
  @IsoDateField('endDate')
  endDate?: string;

  /** Plan every weekday of a period whose academic year has no term dates yet (`code: term_dates_missing` without it). */
  @IsOptional()
  @IsBoolean({ message: 'allWeekdays must be true or false' })
  allWeekdays?: boolean;

  /** The duties to plan, planned together; every duty the school runs when omitted. */
  @ApiProperty({ required: false, type: [String], format: 'uuid', minItems: 1, maxItems: 50 })
  @IsOptional()
  @IsArray({ message: 'dutyIds must be a list of duties' })
  @ArrayMinSize(1, { message: 'Choose at least one duty to plan' })
  @ArrayMaxSize(50, { message: 'Choose at most 50 duties to plan' })
  @IsUUID('all', { each: true, message: 'Each of dutyIds must be a duty id' })
  dutyIds?: string[];
}
