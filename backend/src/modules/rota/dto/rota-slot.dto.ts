import { ApiProperty } from '@nestjs/swagger';
import { PIN_REASONS, type PinReason } from '../pins';
import { RotaPersonDto } from './rota-person.dto';

export class RotaSlotDto {
  /** 1 = Duty Manager 1, … */
  position!: number;
  /** Who is on duty in this slot; null when it is empty. */
  staff!: RotaPersonDto | null;
  /**
   * Admins and managers only, on a pinned slot only (docs/product.md#pinned-duties): true. No bulk
   * tool, engine run or repair moves it until it is unpinned.
   */
  @ApiProperty({ required: false })
  pinned?: boolean;
  /** Why it is pinned: an approved swap, a cover, set by hand, an override (admins and managers, pinned slots only). */
  @ApiProperty({ required: false, enum: PIN_REASONS, enumName: 'PinReason' })
  pinnedReason?: PinReason;
  /** The slot's id, to unpin it with DELETE /api/rota/slots/{id}/pin (admins and managers, pinned slots only). */
  @ApiProperty({ required: false, format: 'uuid' })
  slotId?: string;
}
