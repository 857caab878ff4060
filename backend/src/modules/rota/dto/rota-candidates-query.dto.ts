import { IsoDateField } from '../../../common/validation/iso-date';

export class RotaCandidatesQueryDto {
  @IsoDateField('date')
  date!: string;
}
