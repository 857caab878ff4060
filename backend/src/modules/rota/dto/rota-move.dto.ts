import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';
import { wholeNumberText } from '../../../common/validation/normalize';
import { RotaPersonDto } from './rota.dto';

const POSITION = 'position must be a whole number from 1 to 5';

/** The duty to move: a filled slot of a day from today on (RotaSlotRefDto, as a query). */
export class MoveOptionsQueryDto {
  @IsoDateField('date')
  date!: string;

  /** Slot number, from 1 (Duty Manager 1) to the organisation's duty managers per day. */
  @Transform(wholeNumberText)
  @IsInt({ message: POSITION })
  @Min(1, { message: POSITION })
  @Max(5, { message: POSITION })
  position!: number;
}

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

/** Where a duty can be moved: the days the person may take, from today to the end of the duty's academic year. */
export class MoveOptionsDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  position!: number;
  /** Who is on duty in the slot; null when it is empty (then there are no days either). */
  staff!: RotaPersonDto | null;
  /** The first and last day looked at. */
  @ApiProperty({ format: 'date' })
  from!: string;
  @ApiProperty({ format: 'date' })
  to!: string;
  /**
   * In date order, the school days the person may take (term time, a working day of theirs, not
   * away, not on duty already, within their weekly cap) that have a free slot, or someone on them
   * to trade with. Other days are left out.
   */
  days!: MoveOptionDto[];
}
