import { ApiProperty } from '@nestjs/swagger';
import { RotaPersonDto } from './rota-person.dto';
import { RotaSlotDto } from './rota-slot.dto';

/** One weekday of the rota (docs/product.md#duty-managers-per-day) with every slot of the day. */
export class RotaDayDto {
  id!: string;
  @ApiProperty({ format: 'date' })
  date!: string;
  dutyManager1Id!: string | null;
  dutyManager2Id!: string | null;
  dutyManager1!: RotaPersonDto | null;
  dutyManager2!: RotaPersonDto | null;
  /**
   * The day's slots in order: as many as the organisation's duty managers per day, or more on a
   * past day that had more people when the setting was higher.
   */
  slots!: RotaSlotDto[];
}
