import { ApiProperty } from '@nestjs/swagger';
import { RotaGridCellDto } from './rota-grid-cell.dto';

/** A weekday of the grid with a cell for each duty that runs on it while the school is open, or has someone on it. */
export class RotaGridDayDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** In the school's order of duties. */
  @ApiProperty({ type: [RotaGridCellDto] })
  duties!: RotaGridCellDto[];
}
