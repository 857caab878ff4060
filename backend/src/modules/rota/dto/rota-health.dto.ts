import { ApiProperty } from '@nestjs/swagger';
import { RotaViolationDto } from './rota-violation.dto';
import { UnfilledDayDto } from './unfilled-day.dto';

/** The rota's health from today on (docs/product.md#the-rota-stays-true). */
export class RotaHealthDto {
  /** The academic year looked at for unfilled days, e.g. "2026-2027". */
  academicYear!: string;
  /** The first day looked at for unfilled days: today, or the year's 1 September when that is later. */
  @ApiProperty({ format: 'date' })
  from!: string;
  /** The last day looked at for unfilled days: the end of the year's summer term (31 August without term dates, or once it is over). */
  @ApiProperty({ format: 'date' })
  to!: string;
  /** Assignments from today on that break a hard rule: always empty unless something is wrong. */
  violations!: RotaViolationDto[];
  /** School days from `from` to `to` with at least one empty slot. */
  unfilledDays!: UnfilledDayDto[];
  /** Academic years touching `from`..`to` with no term dates yet (e.g. "2025-2026"). */
  yearsWithoutTermDates!: string[];
}
