import { ApiProperty } from '@nestjs/swagger';

/** The duty a request or record is of, when it isn't the Duty Manager duty. */
export class RequestDutyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  /** "Lunch", as the school named it. */
  name!: string;
  /** Where the post is; null when not given. */
  @ApiProperty({ type: String, nullable: true, required: false })
  place?: string | null;
  /** `HH:mm`; null with endTime for an all-day duty. */
  @ApiProperty({ type: String, nullable: true, required: false, example: '10:40' })
  startTime?: string | null;
  @ApiProperty({ type: String, nullable: true, required: false, example: '11:00' })
  endTime?: string | null;
}
