import { ApiProperty } from '@nestjs/swagger';

/** How evenly one duty is shared: the fewest and most slots of it held by an active person allowed on it. */
export class DutySpreadDto {
  @ApiProperty({ format: 'uuid' })
  dutyId!: string;
  min!: number;
  max!: number;
}
