import { AcademicYearField } from '../../../common/validation/academic-year';

/** Which academic year a bulk tool works on (docs/product.md#bulk-tools). */
export class ClearRotaDto {
  /**
   * The academic year by its first calendar year (2026 = 1 Sep 2026 – 31 Aug 2027): only its days
   * from today (or its 1 September) on. Every day from today on when omitted.
   */
  @AcademicYearField({ required: false })
  academicYear?: number;
}
