import { ApiProperty } from '@nestjs/swagger';

/** A person's part of one duty in the period. */
export class DutyLoadCountDto {
  @ApiProperty({ format: 'uuid' })
  dutyId!: string;
  /** Their slots of the duty, done and planned. */
  count!: number;
  /** count × the duty's weight. */
  load!: number;
}
