import { ApiProperty } from '@nestjs/swagger';
import { PIN_REASONS, type PinReason } from '../pins';

/** Someone on the Today board: their staff record's id and name, and (admins and managers) whether their place is pinned. */
export class TodayPersonDto {
  id!: string;
  name!: string;
  /** Admins and managers only, on a pinned place only (docs/product.md#pinned-duties): true. */
  @ApiProperty({ required: false })
  pinned?: boolean;
  /** Why it is pinned (admins and managers, pinned places only). */
  @ApiProperty({ required: false, enum: PIN_REASONS, enumName: 'PinReason' })
  pinnedReason?: PinReason;
  /** The slot's id, to unpin it with DELETE /api/rota/slots/{id}/pin (admins and managers, pinned places only). */
  @ApiProperty({ required: false, format: 'uuid' })
  slotId?: string;
}
