import { ApiProperty } from '@nestjs/swagger';
import { DutyViolationDto } from './duty-violation.dto';

/** One duty's health: its assignments from today on that break a hard rule. */
export class DutyHealthDto {
  @ApiProperty({ format: 'uuid' })
  dutyId!: string;
  name!: string;
  @ApiProperty({ type: [DutyViolationDto] })
  violations!: DutyViolationDto[];
}
