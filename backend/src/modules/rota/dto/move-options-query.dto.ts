import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';
import { wholeNumberText } from '../../../common/validation/normalize';

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
