import { IsOptional } from 'class-validator';
import { AcademicYearField } from '../../../common/validation/academic-year';
import { IsoDateField } from '../../../common/validation/iso-date';
import { AllWeekdaysField, DutyIdsField } from './planning-fields';

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
  @AllWeekdaysField()
  allWeekdays?: boolean;

  /**
   * The duties to plan (docs/product.md#duties), planned together: every other duty's people stay
   * and count (their load, times, daily maximum and weekly cap). The Duty Manager duty alone when
   * omitted.
   */
  @DutyIdsField()
  dutyIds?: string[];
}
