import { ApiProperty } from '@nestjs/swagger';
import { DutyHealthDto } from './duty-health.dto';

/** Every duty's health from today on, in the school's order (always no violations, unless something is wrong). */
export class AllDutiesHealthDto {
  /** Today, in the organisation's zone: the first day checked. */
  @ApiProperty({ format: 'date' })
  from!: string;
  /** Each duty the school has (and any paused or deleted one still holding people), with its violations. */
  @ApiProperty({ type: [DutyHealthDto] })
  duties!: DutyHealthDto[];
}
