import { ApiProperty } from '@nestjs/swagger';

/** A duty as a column of the load view, in the school's order. */
export class DutyLoadDutyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  name!: string;
  /** Its weight for fairness (its minutes by default): what one of its slots adds to a person's load. */
  weight!: number;
}
