import { ApiProperty } from '@nestjs/swagger';

/** One academic year as the planning screens offer it (docs/product.md#time-and-the-academic-year). */
export class AcademicYearOptionDto {
  /** The academic year by its first calendar year: 2026 means 1 Sep 2026 – 31 Aug 2027. */
  academicYear!: number;
  /** e.g. "2026-2027". */
  label!: string;
  /** 1 September. */
  @ApiProperty({ format: 'date' })
  startDate!: string;
  /** 31 August. */
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Whether the year's term dates are saved. */
  hasTermDates!: boolean;
  /** The last day of its summer term; null without term dates. */
  @ApiProperty({ format: 'date', nullable: true, type: String })
  summerTermEnd!: string | null;
  /**
   * The days Fill and Reshuffle plan in this year unless told another end date: from tomorrow or 1
   * September, whichever is later, to the end of the summer term (31 August without term dates, or
   * once it is over). Both null when nothing of the year is left to plan.
   */
  @ApiProperty({ format: 'date', nullable: true, type: String })
  planFrom!: string | null;
  @ApiProperty({ format: 'date', nullable: true, type: String })
  planTo!: string | null;
}
