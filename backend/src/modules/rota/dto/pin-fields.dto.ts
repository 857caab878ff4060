import { ApiProperty } from '@nestjs/swagger';
import { PIN_REASONS, type PinReason } from '../pins';

/**
 * Whether a slot's person is pinned there (docs/product.md#pinned-duties), on the rota's reads:
 * for admins and managers, on pinned slots only; staff get none of these fields.
 */
export class PinFieldsDto {
  /** Admins and managers, pinned slots only: true. No bulk tool, engine run or repair moves it until it is unpinned. */
  @ApiProperty({ required: false })
  pinned?: boolean;
  /** Why it is pinned: an approved swap, a cover, set by hand, an override (admins and managers, pinned slots only). */
  @ApiProperty({ required: false, enum: PIN_REASONS, enumName: 'PinReason' })
  pinnedReason?: PinReason;
  /** The slot's id, to unpin it with DELETE /api/rota/slots/{id}/pin (admins and managers, pinned slots only). */
  @ApiProperty({ required: false, format: 'uuid' })
  slotId?: string;
}
