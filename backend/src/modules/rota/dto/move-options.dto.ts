import { ApiProperty } from '@nestjs/swagger';
import { RotaPersonDto } from './rota-person.dto';
import { MoveOptionDto } from './move-option.dto';

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
