import { ApiProperty } from '@nestjs/swagger';
import { CLOSURE_KINDS, type ClosureKind } from '../../holidays/term-dates';

/**
 * Days nobody is on duty, from startDate to endDate (docs/product.md#the-rota): a holiday, or
 * outside term time in an academic year that has term dates.
 */
export class RotaClosureDto {
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** `holiday`: a row of the holidays list; `out_of_term`: before, between or after the terms, or a half term. */
  @ApiProperty({ enum: CLOSURE_KINDS, enumName: 'ClosureKind' })
  kind!: ClosureKind;
  /** For people to read: "Christmas holiday", "Autumn half term", or a holiday's name and type ("Christmas Day, Bank Holiday"). */
  label!: string;
}
