import { IsOptional } from 'class-validator';
import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';

/** The days of a draft to show (at most 93): its first 93 days when omitted. */
export class DraftDaysQueryDto {
  @IsOptional()
  @IsoDateField('from')
  from?: string;

  @IsOptional()
  @IsoDateField('to')
  @NotBefore('from', 'to must be on or after from')
  to?: string;
}
