import { ApiProperty } from '@nestjs/swagger';
import { RotaSlotDto } from './rota-slot.dto';

/** One duty on one day of the grid: the people it needs that weekday and its slots. */
export class RotaGridCellDto {
  @ApiProperty({ format: 'uuid' })
  dutyId!: string;
  /** People the duty needs that day: 0 when it doesn't run that weekday, is paused, or the school is closed (a holiday, outside term). */
  needed!: number;
  /** Its slots in order: as many as it needs, more when more are filled; an empty one has `staff: null`. */
  @ApiProperty({ type: [RotaSlotDto] })
  slots!: RotaSlotDto[];
}
