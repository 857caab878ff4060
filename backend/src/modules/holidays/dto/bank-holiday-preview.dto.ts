import { ApiProperty } from '@nestjs/swagger';

/** One bank holiday of the preview. */
export class BankHolidayPreviewDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** e.g. "Christmas Day", "Boxing Day (substitute day)". */
  name!: string;
  /** Whether a holiday of the organisation already covers the date, so adding would skip it. */
  alreadyCovered!: boolean;
}
