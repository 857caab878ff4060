import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { trim } from '../../../common/validation/normalize';
import { MultiLine } from '../../../common/validation/multi-line';
import { DutyIdField } from './duty-id-field';
import { RotaSlotRefDto } from './rota-slot-ref.dto';
import { REASON_MAX } from './rota-edit-fields';

/** Puts a person in a slot: into an empty one, or in place of whoever is there. */
export class ReplaceOnRotaDto extends RotaSlotRefDto {
  @IsUUID('4', { message: "staffId must be a staff member's id" })
  staffId!: string;

  /**
   * Who the client saw in the slot: a staff id, or null for an empty slot. When given and the slot
   * holds someone else by now, nothing changes and the answer is 409, so an Assign on a slot
   * someone has just filled never replaces them unseen.
   */
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsUUID('4', { message: "expectedStaffId must be a staff member's id or null" })
  expectedStaffId?: string | null;

  /** Why, when someone is replaced; told to the person taken off. */
  @MultiLine()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'The reason must be text' })
  @MaxLength(REASON_MAX, { message: `The reason must be at most ${REASON_MAX} characters` })
  reason?: string;

  /** Even outside the person's working pattern or above their weekly cap (see UpdateRotaDayDto.override). */
  @IsOptional()
  @IsBoolean({ message: 'override must be true or false' })
  override?: boolean;

  @DutyIdField()
  dutyId?: string;
}
