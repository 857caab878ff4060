import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';

export class RotaRangeQueryDto {
  @IsoDateField('startDate')
  startDate!: string;

  @IsoDateField('endDate')
  @NotBefore('startDate', 'endDate must be on or after startDate')
  endDate!: string;
}
