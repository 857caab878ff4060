import { AcademicYearField } from '../../../common/validation/academic-year';

export class TermDatesQueryDto {
  /**
   * The academic year by its first calendar year: 2025 means 1 Sep 2025 – 31 Aug 2026. Default: the
   * planning year (this one until its summer term has ended, then the next).
   */
  @AcademicYearField({ required: false, inQuery: true })
  academicYear?: number;
}
