import { IsInt, Max, Min } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';

/** One slot of one day: the thing a direct edit acts on (docs/product.md#editing-the-rota-directly). */
export class RotaSlotRefDto {
  @IsoDateField('date')
  date!: string;

  /** Slot number, from 1 (Duty Manager 1) to the organisation's duty managers per day. */
  @IsInt({ message: 'position must be a whole number from 1 to 5' })
  @Min(1, { message: 'position must be a whole number from 1 to 5' })
  @Max(5, { message: 'position must be a whole number from 1 to 5' })
  position!: number;
}
