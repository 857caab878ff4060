import { IsOptional } from 'class-validator';
import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';

export class HolidayRangeQueryDto {
  /** Only holidays ending on or after this date. */
  @IsOptional()
  @IsoDateField('startDate')
  startDate?: string;

  /** Only holidays starting on or before this date. */
  @IsOptional()
  @IsoDateField('endDate')
  @NotBefore('startDate', 'endDate must be on or after startDate')
  endDate?: string;
}
