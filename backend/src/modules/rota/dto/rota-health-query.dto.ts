import { AcademicYearField } from '../../../common/validation/academic-year';

export class RotaHealthQueryDto {
  /**
   * The academic year whose school days to look at for empty slots, by its first calendar year
   * (2026 = 2026-2027). Default: the planning year (this one until its summer term has ended, then
   * the next).
   */
  @AcademicYearField({ required: false, inQuery: true })
  academicYear?: number;
}
