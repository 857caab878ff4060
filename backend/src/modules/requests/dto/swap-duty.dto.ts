import { ApiProperty } from '@nestjs/swagger';

/** The duty a swap is of, when it isn't the Duty Manager duty: what messages and lists name. */
export class SwapDutyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  /** "Break", as the school named it. */
  name!: string;
  /** Where the post is; null when not given. */
  @ApiProperty({ type: String, nullable: true })
  place!: string | null;
  /** `HH:mm`; null with endTime for an all-day duty. */
  @ApiProperty({ type: String, nullable: true, example: '10:40' })
  startTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '11:00' })
  endTime!: string | null;
}
