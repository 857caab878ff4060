import { AcademicYearField } from '../../../common/validation/academic-year';

export class TermDatesYearParamDto {
  /** The academic year by its first calendar year: 2025 means 1 Sep 2025 – 31 Aug 2026. */
  @AcademicYearField({ inQuery: true })
  academicYear!: number;
}
