import { ApiProperty } from '@nestjs/swagger';

/** The duty a request or record is of, when it isn't the Duty Manager duty. */
export class RequestDutyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  /** "Lunch", as the school named it. */
  name!: string;
}
