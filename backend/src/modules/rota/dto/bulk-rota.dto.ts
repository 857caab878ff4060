import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsOptional, IsUUID } from 'class-validator';
import { AcademicYearField } from '../../../common/validation/academic-year';
import { IsoDateField } from '../../../common/validation/iso-date';

export class BulkRotaDto {
  /**
   * The academic year to plan, by its first calendar year (2026 = 1 Sep 2026 – 31 Aug 2027): its
   * days from tomorrow or its 1 September, whichever is later, to `endDate` (which must fall in it)
   * or the end of its summer term. When omitted: from tomorrow to `endDate`, across academic years
   * if need be, each year's days against that year's fair shares; without `endDate` either, the
   * planning year (this one until its summer term has ended, then the next).
   */
  @AcademicYearField({ required: false })
  academicYear?: number;

  /**
   * Last day to plan (inclusive); the end of the summer term when omitted (31 August without term
   * dates, or when the summer term is over).
   */
  @IsOptional()
  @IsoDateField('endDate')
  endDate?: string;

  /**
   * Plan every weekday of a period whose academic year has no term dates yet. Without it such a
   * period is refused (`code: term_dates_missing`), so the holidays between terms don't get duties.
   */
  @IsOptional()
  @IsBoolean({ message: 'allWeekdays must be true or false' })
  allWeekdays?: boolean;

  /**
   * The duties to plan (docs/product.md#duties), planned together: every other duty's people stay
   * and count (their load, times, daily maximum and weekly cap). The Duty Manager duty alone when
   * omitted.
   */
  @ApiProperty({ required: false, type: [String], format: 'uuid', minItems: 1, maxItems: 50 })
  @IsOptional()
  @IsArray({ message: 'dutyIds must be a list of duties' })
  @ArrayMinSize(1, { message: 'Choose at least one duty to plan' })
  @ArrayMaxSize(50, { message: 'Choose at most 50 duties to plan' })
  @IsUUID('all', { each: true, message: 'Each of dutyIds must be a duty id' })
  dutyIds?: string[];
}
