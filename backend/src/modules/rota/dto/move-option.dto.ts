import { ApiProperty } from '@nestjs/swagger';
import { RotaPersonDto } from './rota-person.dto';

/** A day the duty can go to (docs/product.md#editing-the-rota-directly). */
export class MoveOptionDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** Empty slots of the day: above 0, the person moves into the first one. */
  freeSlots!: number;
  /**
   * On a full day (freeSlots 0): the people on it who may take the duty left behind in exchange,
   * a trade (POST /api/rota/move with tradeWithStaffId). Empty on a day with a free slot.
   */
  tradeWith!: RotaPersonDto[];
}
