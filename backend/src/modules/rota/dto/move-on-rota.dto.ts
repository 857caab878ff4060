import { IsBoolean, IsOptional, IsUUID } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';
import { RotaSlotRefDto } from './rota-slot-ref.dto';

/**
 * Moves the person in a slot to another day: its first empty slot or, with tradeWithStaffId, the
 * slot of that person, who takes the slot left behind (a trade).
 */
export class MoveOnRotaDto extends RotaSlotRefDto {
  @IsoDateField('toDate')
  toDate!: string;

  /**
   * Trade instead: this person, on duty on toDate, takes the duty on `date` in exchange (for a day
   * with no free slot; GET /api/rota/move-options lists who may). Both must be allowed on the day
   * they go to.
   */
  @IsOptional()
  @IsUUID('4', { message: "tradeWithStaffId must be a staff member's id" })
  tradeWithStaffId?: string;

  /** Even outside the person's working pattern or above their weekly cap (see UpdateRotaDayDto.override). */
  @IsOptional()
  @IsBoolean({ message: 'override must be true or false' })
  override?: boolean;
}
