import { ApiProperty } from '@nestjs/swagger';

/** A duty as a row of the all-duties grid: what names it, in the school's order. */
export class RotaGridDutyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  name!: string;
  /** Where the post is; null when not given. */
  @ApiProperty({ type: String, nullable: true })
  place!: string | null;
  /** `HH:mm`; null with endTime for an all-day duty. */
  @ApiProperty({ type: String, nullable: true, example: '12:15' })
  startTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '13:00' })
  endTime!: string | null;
  /** The Duty Manager duty (the spec's rota). */
  isDutyManager!: boolean;
  /** Not planned while paused; its past and present people still show. */
  paused!: boolean;
}
