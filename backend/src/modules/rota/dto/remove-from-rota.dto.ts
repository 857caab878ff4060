import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';
import { MultiLine } from '../../../common/validation/multi-line';
import { DutyIdField } from './duty-id-field';
import { RotaSlotRefDto } from './rota-slot-ref.dto';
import { REASON_MAX } from './rota-edit-fields';

/** Takes the person in a slot off the rota. */
export class RemoveFromRotaDto extends RotaSlotRefDto {
  /** Why; told to the person and kept in their history. */
  @MultiLine()
  @Transform(trim)
  @IsString({ message: 'Please give a reason for removing this duty' })
  @MinLength(1, { message: 'Please give a reason for removing this duty' })
  @MaxLength(REASON_MAX, { message: `The reason must be at most ${REASON_MAX} characters` })
  reason!: string;

  @DutyIdField()
  dutyId?: string;
}
