import { ApiProperty } from '@nestjs/swagger';
import { RotaGridDayDto } from './rota-grid-day.dto';
import { RotaGridDutyDto } from './rota-grid-duty.dto';

/** Every duty on every weekday of a range: the all-duties grid (duties × days). */
export class RotaGridDto {
  /** The school's duties in its order. */
  @ApiProperty({ type: [RotaGridDutyDto] })
  duties!: RotaGridDutyDto[];
  /** Each weekday (Monday to Friday) of the range, in order. */
  @ApiProperty({ type: [RotaGridDayDto] })
  days!: RotaGridDayDto[];
}
