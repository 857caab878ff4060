import { IsoDateField } from '../../../common/validation/iso-date';
import { DutyIdField } from './duty-id-field';

export class RotaCandidatesQueryDto {
  @IsoDateField('date')
  date!: string;

  @DutyIdField()
  dutyId?: string;
}
