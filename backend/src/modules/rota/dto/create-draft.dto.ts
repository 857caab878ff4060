import { IsOptional } from 'class-validator';
import { AcademicYearField } from '../../../common/validation/academic-year';
import { IsoDateField } from '../../../common/validation/iso-date';
import { AllWeekdaysField, DutyIdsField } from './planning-fields';

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
  @AllWeekdaysField()
  allWeekdays?: boolean;

  /** The duties to plan, planned together; every duty the school runs when omitted. */
  @DutyIdsField()
  dutyIds?: string[];
}
