import { RotaRangeQueryDto } from './rota-range-query.dto';
import { DutyIdField } from './duty-id-field';

/** A range of the rota, of one duty: the Duty Manager duty unless `dutyId` names another. */
export class RotaQueryDto extends RotaRangeQueryDto {
  @DutyIdField()
  dutyId?: string;
}
