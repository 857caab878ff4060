import { ApiProperty } from '@nestjs/swagger';

/** The duties planned in a period from today on: what a change closing those days would take off the rota. */
export class PlannedDutiesDto {
  /** The first day counted: the later of startDate and today (past days never change). */
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** People on duty, counted once per day and person. */
  duties!: number;
  /** Days with anyone on duty. */
  days!: number;
}
