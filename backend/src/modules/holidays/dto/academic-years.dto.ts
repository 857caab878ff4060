import { ApiProperty } from '@nestjs/swagger';
import { AcademicYearOptionDto } from './academic-year-option.dto';

/** This academic year and the next, and which one the planning screens start on. */
export class AcademicYearsDto {
  /** Today in the organisation's time zone. */
  @ApiProperty({ format: 'date' })
  today!: string;
  /** The academic year containing today (its first calendar year). */
  current!: number;
  /**
   * The year the term-date, rota-management and fairness screens start on: this one until its
   * summer term has ended (until 31 July without term dates), then the next.
   */
  planning!: number;
  /** This academic year, then the next. */
  years!: AcademicYearOptionDto[];
}
